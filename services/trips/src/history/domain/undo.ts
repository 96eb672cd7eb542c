// Undoing one entry: its own changes (not the sums that followed from them, which the
// write path derives again) applied backwards to the trip as it is now, written as a
// new entry that names the one it reverts. Only while every field it changed still holds
// the value it set: otherwise 409 naming the fields changed since. What you could not
// have done, you cannot undo: the role the change needs is the one the entry's fields
// need (members, invitations and hiding costs: manage; a vote: only the voter's own).
import { AppError, forbidden, notFound } from '@tripcost/shared';
import type { Action, FieldChange, HistoryEntry, TripRecord } from '../../trip';
import { applyChanges, valueAt } from './diff';
import { recordOf, shapeOf } from './shape';

export const ENTRY_NOT_FOUND = 'History entry not found.';
export const UNDO_CONFLICT = 'This change cannot be undone: what it changed has changed again since.';
export const NOTHING_TO_UNDO = 'This entry has nothing that can be undone.';
export const NOT_YOUR_VOTE = 'Only the member who voted can undo their vote.';

const MANAGED = new Set(['members', 'invites', 'hide_costs_from_viewers', 'deleted_at']);
/** Entries that are records, not changes anyone made: there is nothing to put back. */
const NOT_UNDOABLE = new Set(['create', 'history_began']);

/** The entry's own changes: what an undo puts back. */
export const ownChanges = (entry: HistoryEntry): FieldChange[] => entry.changes.filter((change) => !change.derived);

/** The role an undo of this entry needs. */
export function actionToUndo(entry: HistoryEntry, userId: string): Action {
  const roots = new Set(ownChanges(entry).map((change) => change.field.split('.')[0]));
  if ([...roots].some((root) => MANAGED.has(root))) return 'manage';
  if (roots.size === 1 && roots.has('votes')) {
    // A window's first vote adds `votes.<window>` whole: its voters are its keys.
    const votersOf = (change: FieldChange): string[] => {
      const voter = change.field.split('.')[2];
      if (voter) return [voter];
      return [change.from, change.to].flatMap((value) =>
        value && typeof value === 'object' ? Object.keys(value) : [],
      );
    };
    const voters = new Set(ownChanges(entry).flatMap(votersOf));
    if (voters.size !== 1 || !voters.has(userId)) throw forbidden(NOT_YOUR_VOTE);
    return 'vote';
  }
  return 'edit';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The trip with `entry` undone, or the 409 naming the fields changed since. */
export function applyUndo(trip: TripRecord, entry: HistoryEntry | null): TripRecord {
  if (!entry || entry.trip_id !== trip._id) throw notFound(ENTRY_NOT_FOUND);
  const changes = ownChanges(entry);
  // A trip's deletion or restore is not undone from its history: its owner's bin restores
  // it, and deleting a trip again is a deletion (which keeps it in the bin), not an undo.
  const deletion = changes.some((change) => change.field === 'deleted_at');
  if (NOT_UNDOABLE.has(entry.action) || changes.length === 0 || deletion) {
    throw new AppError(409, NOTHING_TO_UNDO, 'nothing_to_undo', undefined, { fields: [] });
  }
  const shape = shapeOf(trip);
  const changedSince = changes.filter((change) => !same(valueAt(shape, change.field), change.to));
  if (changedSince.length > 0) {
    throw new AppError(409, UNDO_CONFLICT, 'changed_since', undefined, {
      fields: changedSince.map((change) => change.field),
    });
  }
  return recordOf(applyChanges(shape, changes, 'backwards'), trip);
}
