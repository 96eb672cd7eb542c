// The one home for saving (docs/architecture.md §1, ADR 0058): how a change reaches the
// server and shows. A save is sent with If-Match and a 412 merged by field (mergeSave);
// a conflict left to the traveller is handled by one hook (useSaveConflict) and shown by
// one dialog (ConflictChoice); the answer is written into every cache that shows the trip
// (tripCache), optimistic patches put back on a refusal; without a network the change is
// kept by the store's offline keeper (home.ts; the keeper and the replayer, offlineSync.ts,
// are a chunk of their own that FullApp connects); a live event says what to refetch (live).
export { senderOf, SaveHome, type BaseQuery, type OfflineKeeper, type Sender } from './home';
export {
  CONFLICT_MESSAGE,
  conflictOf,
  GONE_MESSAGE,
  KEEPS_CHANGING,
  saveMerging,
  type MergeConflict,
  type MergingSave,
} from './mergeSave';
export { createOrKeep, removeOrKeep, sendOrKeep } from './send';
export {
  cachedTrip,
  patchCachedTrip,
  refetchAfter,
  showAnswer,
  showAnsweredTrip,
  showSavedTrip,
  showTripWindow,
  showWindow,
  tripCache,
  undoPatches,
  windowPath,
  type CachePatch,
  type InstanceRef,
} from './tripCache';
export { useSaveConflict, type SaveConflict } from './useSaveConflict';
export { ConflictChoice, conflictRowOf, type ConflictChoiceValue, type ConflictRow } from './ConflictChoice';
export { effectOf, tagsOf, type Effect, type LiveEvent, type TabView, type TripChange } from './live';
