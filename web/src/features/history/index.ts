// Every change remembered (docs/product.md §6): the trip's Activity panel and Bin are a
// chunk of their own (components/TripActivity.tsx, loaded by the trip page with
// React.lazy). What other features use is here, and loads nothing until used: the Undo
// after a deletion (undo.ts, loaded when the toast's Undo is pressed) and My Trips' bin
// of deleted trips (loaded after the page).
import { lazy } from 'react';
import type { AppDispatch } from '../../lib/hooks';
import type { DeletedThing } from './undo';

export type { DeletedThing } from './undo';

/** Brings back what was just deleted (the toast's Undo). */
export const undoAfterDelete = (dispatch: AppDispatch, thing: DeletedThing): Promise<void> =>
  import('./undo').then((undo) => undo.undoAfterDelete(dispatch, thing));

/** My Trips' bin of deleted trips, loaded after the page. */
export const DeletedTrips = lazy(() => import('./components/DeletedTrips'));
