// The Compare board (every window of a trip side by side, with its chart a chunk of its
// own). The board is itself a chunk: a trip page opened on Cards does not load it
// (the trip page's first-load budget, bench/web-bundle.mjs).
import { lazy } from 'react';

const loadBoard = () => import('./CompareBoard');

export const CompareBoard = lazy(() => loadBoard().then((module) => ({ default: module.CompareBoard })));

/** Starts loading the board and its chart before the trip arrives (a trip last seen as Compare). */
export function preloadCompareChart(): void {
  void loadBoard().then(
    (module) => module.preloadCompareChart(),
    () => undefined, // the Suspense boundary loads it again and shows a failure
  );
}
