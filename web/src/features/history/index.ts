// Every change remembered (docs/product.md §6): the trip's Activity panel and Bin are a
// chunk of their own (components/TripActivity.tsx, loaded by the trip page with
// React.lazy); what other features use is the Undo after a deletion (undo.ts), itself
// loaded when the toast's Undo is pressed.
export { undoAfterDelete, type DeletedThing } from './undo';
