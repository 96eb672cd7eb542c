// What other features may use from the trips feature.
export { onAnsweredTrip, patchCachedTrip, replaceCachedTrip, undoPatches, type CachePatch } from './cache';
export { refetchAfter, showSavedTrip, tripsApi } from './api';
