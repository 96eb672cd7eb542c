// Undo after a destructive action (docs/product.md §6): the toast's Undo brings back what
// was just deleted — a window or item from its trip's bin, a trip from its owner's bin —
// or puts back a change (a cleared plan, a removed member) through the history's undo of
// its entry: the same routes as the Bin view and Activity, so the server's rules (who
// may, what still fits, what changed since) hold.
import type { AppDispatch } from '../../lib/hooks';
import { errorMessage } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { historyApi, type HistoryEntry } from './api';

/** A change just made, found in the trip's history: the newest entry of that action (about that target). */
export interface ChangeMade {
  kind: 'change';
  tripId: string;
  action: string;
  /** The entry's target (a member's user id); absent: any. */
  targetId?: string;
  /** The window the change was about: the history is read filtered by it. */
  windowId?: string;
}

export type DeletedThing =
  { kind: 'trip'; tripId: string } | { kind: 'window' | 'item'; tripId: string; id: string } | ChangeMade;

async function undoChange(dispatch: AppDispatch, change: ChangeMade): Promise<void> {
  const page = await dispatch(
    historyApi.endpoints.tripHistory.initiate(
      { tripId: change.tripId, ...(change.windowId ? { instance: change.windowId } : {}) },
      { forceRefetch: true, subscribe: false },
    ),
  ).unwrap();
  const made = (entry: HistoryEntry) =>
    entry.action === change.action && (!change.targetId || entry.target.id === change.targetId);
  const entry = page.entries.find(made);
  if (!entry) throw new Error('This change is no longer in the trip’s history.');
  await dispatch(historyApi.endpoints.undoEntry.initiate({ tripId: change.tripId, entryId: entry._id })).unwrap();
}

/** Brings back what was just deleted or changed; a toast says whether it worked. */
export async function undoAfterDelete(dispatch: AppDispatch, thing: DeletedThing): Promise<void> {
  try {
    if (thing.kind === 'trip') {
      await dispatch(historyApi.endpoints.restoreTrip.initiate(thing.tripId)).unwrap();
    } else if (thing.kind === 'change') {
      await undoChange(dispatch, thing);
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
    dispatch(showToast({ type: 'success', message: thing.kind === 'change' ? 'Undone' : 'Restored' }));
  } catch (error) {
    const message = error instanceof Error ? error.message : errorMessage(error, 'It could not be undone.');
    dispatch(showToast({ type: 'error', message }));
  }
}
