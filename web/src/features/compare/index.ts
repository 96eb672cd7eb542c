// The Compare board (every window of a trip side by side, with its chart a chunk of its own).
export { CompareBoard, CompareSummary, preloadCompareChart } from './CompareBoard';
