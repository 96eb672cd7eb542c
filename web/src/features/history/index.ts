// Every change remembered (docs/product.md §6): the trip's Activity panel and Bin are a
// chunk of their own (components/TripActivity.tsx, loaded by the trip page with
// React.lazy); what other features use is the Undo after a deletion (undo.ts), itself
// loaded when the toast's Undo is pressed, and My Trips' bin of deleted trips.
import { lazy } from 'react';

export { undoAfterDelete, type DeletedThing } from './undo';
/** My Trips' bin of deleted trips, loaded after the page. */
export const DeletedTrips = lazy(() => import('./components/DeletedTrips'));
