// What other features may use from the trips feature.
export { patchCachedTrip, replaceCachedTrip, undoPatches, type CachePatch } from './cache';
export { tripsApi } from './api';
