// Typed changes to the trip caches, for the features whose mutations change a trip
// (instances, wishlists). The trips feature owns these endpoints, so it owns the
// patches; importing them loads the endpoints, so a patch never silently misses.
import type { AppDispatch } from '../../lib/hooks';
import type { Trip, TripSummary } from '../../lib/types';
import { tripsApi } from './api';

/** A handle to revert one patch. */
export interface CachePatch {
  undo: () => void;
}

/**
 * Applies `recipe` to the trip in the single-trip cache and `cardRecipe` (when the change
 * shows on a card) to its summary in the list cache; otherwise the card follows when
 * the server's answer is shown (showAnsweredTrip).
 */
export function patchCachedTrip(
  dispatch: AppDispatch,
  tripId: string,
  recipe: (trip: Trip) => void,
  cardRecipe?: (card: TripSummary) => void,
): CachePatch[] {
  return [
    dispatch(tripsApi.util.updateQueryData('getTrip', tripId, (draft) => void recipe(draft))),
    dispatch(
      tripsApi.util.updateQueryData('getTrips', undefined, (draft) => {
        const card = draft.find((t) => t._id === tripId);
        if (card && cardRecipe) cardRecipe(card);
      }),
    ),
  ];
}

export { onAnsweredTrip, showAnsweredTrip as replaceCachedTrip } from './api';

export function undoPatches(patches: CachePatch[]): void {
  for (const patch of patches) patch.undo();
}
