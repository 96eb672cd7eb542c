// Undoing a change from a trip's history: the history capability's rule (applyUndo)
// through the one write path, so an undo is checked, settled, versioned, announced,
// followed live and remembered (as an `undo` naming the entry) like any change.
import { notFound, type AuthUser } from '@tripcost/shared';
import {
  actionToUndo,
  applyUndo,
  ENTRY_NOT_FOUND,
  entryForReader,
  type HistoryEntry,
  type UndoAnswer,
} from '../../history';
import type { ChangeKind } from '../../live';
import { can, costsHiddenFor } from '../../sharing';
import { roleOf } from '../../trip';
import type { TripsContext } from './context';

/** What live followers are told an undo changed. */
function kindOf(entry: HistoryEntry): ChangeKind {
  if (entry.changes.every((change) => change.field.startsWith('votes.'))) return 'vote';
  const kinds: Record<HistoryEntry['target']['kind'], ChangeKind> = {
    trip: 'trip',
    window: 'window',
    item: 'item',
    member: 'members',
    invite: 'invites',
  };
  return kinds[entry.target.kind];
}

export const undoEntry =
  ({ store, access, writes }: TripsContext) =>
  async (user: AuthUser, tripId: string, entryId: string): Promise<UndoAnswer> => {
    // A stranger learns nothing of the trip's entries: 403/404 as for reading it, first.
    await access.tripFor(user.id, tripId, 'read');
    const entry = await store.history.find(tripId, entryId);
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    const trip = await writes.changeTrip(
      user,
      tripId,
      kindOf(entry),
      (current) => applyUndo(current, entry),
      { reverts: entryId },
      undefined,
      actionToUndo(entry, user.id),
    );
    const [undo] = (await store.history.page(tripId, 1)).entries;
    const role = roleOf(trip, user.id) ?? 'viewer';
    return {
      trip: access.readView(trip, user.id),
      entry: entryForReader(undo!, { costsHidden: costsHiddenFor(trip, role), manages: can(role, 'manage') }),
    };
  };
