// What deleting a trip says (docs/product.md §6): deleted, with Undo for 10 s, which
// brings it back from its owner's bin (the history chunk is loaded when pressed).
import type { AppDispatch } from '../../lib/hooks';
import { UNDO_TOAST_MS } from '../../lib/toast';

export function tripDeletedToast(dispatch: AppDispatch, tripId: string) {
  const undo = () =>
    void import('../../features/history').then(({ undoAfterDelete }) =>
      undoAfterDelete(dispatch, { kind: 'trip', tripId }),
    );
  return {
    type: 'success' as const,
    message: 'Trip deleted successfully',
    duration: UNDO_TOAST_MS,
    action: { label: 'Undo', run: undo },
  };
}
