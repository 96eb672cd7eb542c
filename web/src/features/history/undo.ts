// Undo after a deletion (docs/product.md §6): the toast's Undo brings back what was just
// deleted — a window or item from its trip's bin, a trip from its owner's bin — through
// the same routes as the Bin view, so the server's rules (who may, what still fits) hold.
import type { AppDispatch } from '../../lib/hooks';
import { errorMessage } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { historyApi } from './api';

export type DeletedThing = { kind: 'trip'; tripId: string } | { kind: 'window' | 'item'; tripId: string; id: string };

/** Brings back what was just deleted; a toast says whether it worked. */
export async function undoAfterDelete(dispatch: AppDispatch, thing: DeletedThing): Promise<void> {
  try {
    if (thing.kind === 'trip') {
      await dispatch(historyApi.endpoints.restoreTrip.initiate(thing.tripId)).unwrap();
    } else {
      const bin = await dispatch(
        historyApi.endpoints.tripBin.initiate(thing.tripId, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      const record = bin.items.find((item) => item.thing_id === thing.id);
      if (!record) throw new Error('It is no longer in the bin.');
      await dispatch(
        historyApi.endpoints.restoreFromBin.initiate({ tripId: thing.tripId, binId: record._id }),
      ).unwrap();
    }
    dispatch(showToast({ type: 'success', message: 'Restored' }));
  } catch (error) {
    const message = error instanceof Error ? error.message : errorMessage(error, 'It could not be restored.');
    dispatch(showToast({ type: 'error', message }));
  }
}
