// The Compare board (every window of a trip side by side, with its chart a chunk of its
// own). The board is itself a chunk: a trip page opened on Cards does not load it
// (the trip page's first-load budget, bench/web-bundle.mjs).
//
// A board whose chunk is already here (preloaded with the trip: a trip last seen as
// Compare) renders at once, not through React.lazy: lazy suspends on its first render
// even for a loaded chunk, and React reveals a Suspense boundary no sooner than 300 ms
// after its fallback showed — the 50-window board took 372 ms from the trip's arrival
// instead of ~100 (bench/web-compare.mjs, issue 44's full run). One still loading goes
// through lazy and its fallback, as before.
import { lazy, useState, type ComponentProps } from 'react';
import type { CompareBoard as Board } from './CompareBoard';

type BoardModule = typeof import('./CompareBoard');
let loadedBoard: BoardModule | undefined;
const loadBoard = () =>
  import('./CompareBoard').then((module) => {
    loadedBoard = module;
    return module;
  });

const LazyBoard = lazy(() => loadBoard().then((module) => ({ default: module.CompareBoard })));

export function CompareBoard(props: ComponentProps<typeof Board>) {
  // Chosen once per mount: switching from the lazy one to the loaded one would remount the board.
  const [Loaded] = useState(() => loadedBoard?.CompareBoard);
  return Loaded ? <Loaded {...props} /> : <LazyBoard {...props} />;
}

/** Starts loading the board and its chart before the trip arrives (a trip last seen as Compare). */
export function preloadCompareChart(): void {
  void loadBoard().then(
    (module) => module.preloadCompareChart(),
    () => undefined, // the Suspense boundary loads it again and shows a failure
  );
}
