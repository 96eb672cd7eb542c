// The Compare feature's public API: the board, rendered at once when its chunk is here
// and through React.lazy otherwise (BoardLoader.tsx says why), and its preload.
export { CompareBoard, preloadCompareChart } from './BoardLoader';
