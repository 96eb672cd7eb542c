// How every change of a trip is remembered. The write path asks `remember` for the trip
// it is about to write: the same record carrying the change's entry in `history_pending`,
// so the change and its entry are one compare-and-swap (no transactions needed, none
// lost if the process dies right after). `settle` then copies pending entries into the
// history store before the change is answered, and any reader of a trip's history
// settles first, so an entry is readable by the time its change is answered, and one
// left pending by a crash is copied by the next write or read (copying is idempotent).
//
// A settled entry leaves `history_pending` with the trip's next write, not with a write
// of its own: a second write of the whole trip on every change cost 16 % of the edit
// path's throughput on the embedded store (bench/compare-commits.mjs, issue 38). The
// recorder remembers which entries it has settled; the next change drops those from the
// trip it writes, so a trip carries at most its last change's entries (and any a crash
// or another replica left, until settled here). Account deletion clears them at once
// (`clearSettled`): an entry may name the person.
import { versionOf } from '@tripcost/shared';
import {
  actorNameIn,
  type BinStore,
  type HistoryEntry,
  type HistoryStore,
  type TripRecord,
  type TripStore,
} from '../../trip';
import { binRecordsOf, thingsAddedBy } from './bin';
import { entryFor } from './entries';

export interface HistoryActor {
  id: string;
  name?: string;
}

/** Who is shown as having recorded the history a trip already had when history began. */
export const HISTORY_BEGAN_ACTOR = { user_id: null, name: 'TripCost' };

/** Where a change comes from, beyond who made it: a device offline, an undo. */
export interface ChangeOrigin {
  /** When a change made offline was made on the device (ISO). */
  madeAt?: string;
  /** The entry an undo reverts: the new entry is an `undo` naming it. */
  reverts?: string;
  /** The entry's action when it is not the change's kind (`restore`). */
  action?: string;
}

export interface HistoryRecorder {
  /**
   * `next` carrying the entry of the change from `before` (null: the trip is created),
   * and, for a trip stored before history, a first entry holding it as it was.
   * `next` itself when nothing but bookkeeping changed.
   */
  remember(
    before: TripRecord | null,
    next: TripRecord,
    actor: HistoryActor,
    action: string,
    at: string,
    origin?: ChangeOrigin,
  ): TripRecord;
  /** Copies the trip's pending entries into the history store, and what they removed into the bin. */
  settle(trip: SettledTrip): Promise<void>;
  /** Settles the trip's pending entries and removes them from the stored trip (account deletion). */
  clearSettled(trip: SettledTrip): Promise<void>;
  /** Appends at once the entry of a change written apart from the version (a vote). */
  appendNow(before: TripRecord, after: TripRecord, actor: HistoryActor, action: string, at: string): Promise<void>;
}

type SettledTrip = Pick<TripRecord, '_id' | 'user_id' | 'history_pending'>;

/** How many settled entry ids a recorder keeps in mind (a few per trip changed lately). */
const SETTLED_REMEMBERED = 10_000;

export function createHistoryRecorder(deps: {
  store: Pick<TripStore, 'settleHistory'>;
  history: HistoryStore;
  bin: BinStore;
}): HistoryRecorder {
  // Entry ids this process has copied into the history store, oldest first.
  const settled = new Set<string>();
  const markSettled = (id: string) => {
    settled.add(id);
    if (settled.size > SETTLED_REMEMBERED) settled.delete(settled.values().next().value!);
  };

  const actorOf = (trip: TripRecord, actor: HistoryActor) => ({
    user_id: actor.id,
    name: actorNameIn(trip, actor.id, actor.name),
  });

  function remember(
    before: TripRecord | null,
    next: TripRecord,
    actor: HistoryActor,
    action: string,
    at: string,
    origin: ChangeOrigin = {},
  ): TripRecord {
    const version = before ? versionOf(before) + 1 : versionOf(next);
    const votes = next.votes_version ?? 0;
    const context = {
      tripId: next._id,
      at,
      madeAt: origin.madeAt,
      actor: actorOf(next, actor),
      action: origin.reverts ? 'undo' : (origin.action ?? action),
      reverts: origin.reverts,
    };
    const entry = entryFor(before, next, { ...context, seq: [version, votes] });
    if (!entry) return next;
    const began =
      before && !before.history_started
        ? entryFor(null, before, {
            ...context,
            actor: HISTORY_BEGAN_ACTOR,
            action: 'history_began',
            madeAt: undefined,
            reverts: undefined,
            seq: [versionOf(before), before.votes_version ?? 0],
          })
        : null;
    // Entries already in the history store go with this write (see the top of this file).
    const unsettled = (next.history_pending ?? []).filter((pending) => !settled.has(pending._id));
    const pending = [...unsettled, ...(began ? [{ ...began, action: 'history_began' }] : []), entry];
    return { ...next, history_pending: pending, history_started: true };
  }

  async function settle(trip: SettledTrip): Promise<void> {
    const pending = (trip.history_pending ?? []).filter((entry) => !settled.has(entry._id));
    if (pending.length === 0) return;
    await deps.history.append(pending);
    // The bin follows the entries: both steps are idempotent, so a settle retried after a
    // crash (by the next write or read) fills it as the first would have.
    const back = pending.flatMap(thingsAddedBy);
    if (back.length > 0) await deps.bin.removeThings(trip._id, back);
    const binned = pending.flatMap((entry) => binRecordsOf(entry, trip.user_id));
    if (binned.length > 0) await deps.bin.add(binned);
    for (const entry of pending) markSettled(entry._id);
  }

  return {
    remember,
    settle,
    async clearSettled(trip) {
      const pending = trip.history_pending ?? [];
      if (pending.length === 0) return;
      await settle(trip);
      await deps.store.settleHistory(
        trip._id,
        pending.map((entry: HistoryEntry) => entry._id),
      );
    },
    async appendNow(before, after, actor, action, at) {
      const entry = entryFor(before, after, {
        tripId: after._id,
        at,
        actor: actorOf(after, actor),
        action,
        seq: [versionOf(after), after.votes_version ?? 0],
      });
      if (entry) await deps.history.append([entry]);
    },
  };
}
