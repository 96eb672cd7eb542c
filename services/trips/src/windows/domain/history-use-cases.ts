// Undoing a change from a trip's history: the history capability's rule (applyUndo)
// through the one write path, so an undo is checked, settled, versioned, announced,
// followed live and remembered (as an `undo` naming the entry) like any change.
import { AppError, notFound, versionOf, type AuthUser } from '@tripcost/shared';
import {
  actionToUndo,
  applyRestore,
  applyUndo,
  BIN_DAYS,
  binCutoff,
  CURRENCY_CHANGED,
  currencyChangedSince,
  ENTRY_NOT_FOUND,
  entryForReader,
  historyReading,
  NOT_IN_BIN,
  TRIP_NOT_IN_BIN,
  type BinAnswer,
  type HistoryEntry,
  type UndoAnswer,
} from '../../history';
import type { ChangeKind } from '../../live';
import { can, costsHiddenFor, tripRestored, withTripEvent, type SharedTripView } from '../../sharing';
import { roleOf, type TripRecord } from '../../trip';
import { purgeBinnedTrip } from './binned-trips';
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
  (ctx: TripsContext) =>
  async (user: AuthUser, tripId: string, entryId: string): Promise<UndoAnswer> => {
    // A stranger learns nothing of the trip's entries: 403/404 as for reading it, first.
    await ctx.access.tripFor(user.id, tripId, 'read');
    const entry = await ctx.store.history.find(tripId, entryId);
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    const trip = await ctx.writes.changeTrip(
      user,
      tripId,
      kindOf(entry),
      (current) => applyUndo(current, entry),
      { reverts: entryId },
      undefined,
      actionToUndo(entry, user.id),
    );
    return latestEntry(ctx, trip, user.id);
  };

/** The newest page's first entry, as the caller may read it: what a change just appended. */
async function latestEntry({ store, access }: TripsContext, trip: TripRecord, userId: string): Promise<UndoAnswer> {
  const [entry] = (await store.history.page(trip._id, 1)).entries;
  const role = roleOf(trip, userId) ?? 'viewer';
  return {
    trip: access.readView(trip, userId),
    entry: entryForReader(entry!, { costsHidden: costsHiddenFor(trip, role), manages: can(role, 'manage') }),
  };
}

/** The trip's bin, newest first, for any member (records hold no amounts: nothing to hide). */
export const tripBin =
  (ctx: TripsContext) =>
  async (user: AuthUser, tripId: string): Promise<BinAnswer> => {
    const { trip } = await ctx.access.tripFor(user.id, tripId, 'read');
    await ctx.recorder.settle(trip);
    const cutoff = binCutoff(ctx.now());
    const present = new Set(
      trip.instances.flatMap((window) => [window._id, ...(window.items ?? []).map((i) => i._id)]),
    );
    const seen = new Set<string>();
    const items = (await ctx.store.bin.list(tripId)).filter((record) => {
      // Kept until the purge job runs, but out of the bin at 30 days; the newest removal of a thing only.
      const listed = record.deleted_at >= cutoff && !present.has(record.thing_id) && !seen.has(record.thing_id);
      seen.add(record.thing_id);
      return listed;
    });
    return { items, kept_days: 30 };
  };

/**
 * Restores a window or item from the bin with its id, items, votes and dated prices, as
 * an entry of its own (`restore`); editors and owners, as deleting it needed. 409 when it
 * no longer fits the trip: its window is gone, the trip's currency changed, or the trip's
 * rules refuse it now (its dates).
 */
export const restoreFromBin =
  (ctx: TripsContext) =>
  async (user: AuthUser, tripId: string, id: string): Promise<UndoAnswer> => {
    // Deleting it needed an editor: so does bringing it back (a viewer learns nothing of the bin's ids).
    await ctx.access.tripFor(user.id, tripId, 'edit');
    const record = await ctx.store.bin.find(tripId, id);
    if (!record || record.deleted_at < binCutoff(ctx.now())) throw notFound(NOT_IN_BIN);
    const entry = await ctx.store.history.find(tripId, record.entry_id);
    if (await currencyChangedSince(ctx.store.history, tripId, record.entry_seq)) {
      throw new AppError(409, CURRENCY_CHANGED, 'currency_changed');
    }
    const restore = (current: TripRecord) => applyRestore(current, record, entry);
    const trip = await ctx.writes
      .changeTrip(user, tripId, record.kind, restore, { historyAction: 'restore' }, undefined, 'edit')
      .catch((error: AppError) => {
        // The trip's own rules refuse it as it is now: it cannot come back, and why.
        if (error?.status === 400) throw new AppError(409, error.message, 'cannot_restore');
        throw error;
      });
    return latestEntry(ctx, trip, user.id);
  };

/** A trip in its owner's bin, as the bin lists it. */
export interface BinnedTrip {
  _id: string;
  trip_location: string;
  location_address: string;
  deleted_at: string;
}

/** The caller's deleted trips still in their bin (30 days), newest first; their members no longer see them. */
export const deletedTrips =
  (ctx: TripsContext) =>
  async (user: AuthUser): Promise<{ trips: BinnedTrip[]; kept_days: number }> => {
    const cutoff = binCutoff(ctx.now());
    const binned = await ctx.store.binnedTrips({ ownerId: user.id });
    return {
      trips: binned
        .filter((trip) => (trip.deleted_at ?? '') >= cutoff)
        .map((trip) => ({
          _id: trip._id,
          trip_location: trip.trip_location,
          location_address: trip.location_address,
          deleted_at: trip.deleted_at ?? '',
        })),
      kept_days: BIN_DAYS,
    };
  };

/** How often a restore reads the binned trip again after losing its compare-and-swap. */
const RESTORE_ATTEMPTS = 3;

/**
 * Brings a deleted trip back from its owner's bin with its members, windows and history,
 * as a `restore` entry; only its owner (anyone else: 404, as for a trip they cannot see).
 * One compare-and-swap: a restore racing another answers 409. Losing it to a change of
 * the trip while binned (its favourite flag: setFavoriteInBin) reads it again and retries.
 */
export const restoreTrip =
  (ctx: TripsContext) =>
  async (user: AuthUser, tripId: string): Promise<SharedTripView> => {
    for (let attempt = 1; attempt <= RESTORE_ATTEMPTS; attempt += 1) {
      const binned = await ctx.store.findBinned(tripId);
      if (!binned || binned.user_id !== user.id || (binned.deleted_at ?? '') < binCutoff(ctx.now())) {
        if (attempt === 1) throw notFound(TRIP_NOT_IN_BIN);
        break; // restored (or purged) by the change that won: this restore collided
      }
      const at = ctx.now();
      const { deleted_at: _deleted, in_bin: _inBin, ...rest } = binned;
      const back: TripRecord = { ...rest, version: versionOf(binned) + 1, updated_at: at };
      const remembered = ctx.recorder.remember(binned, back, user, 'trip', at, { action: 'restore' });
      const next = withTripEvent(remembered, tripRestored(remembered, at, binned)!);
      if (!(await ctx.store.replace(next, versionOf(binned)))) continue;
      ctx.writes.nudgeOutbox();
      await ctx.recorder.settle(next);
      await ctx.writes.committed(next, user, 'trip');
      return ctx.access.view(next, user.id);
    }
    throw new AppError(409, 'The trip changed while it was being restored: try again.', 'conflict');
  };

/** The purge job's run: what was deleted 30 days ago leaves the bins for good (trips with their history); how many went. */
export const purgeBin = (ctx: TripsContext) => async (): Promise<number> => {
  const cutoff = binCutoff(ctx.now());
  const trips = await ctx.store.binnedTrips({ before: cutoff });
  let purged = 0;
  for (const trip of trips) if (await purgeBinnedTrip(ctx, trip)) purged += 1;
  return purged + (await ctx.store.bin.purgeBefore(cutoff));
};

/** A trip's history, undo and bin, as the trips service offers them. */
export const historyAndBin = (ctx: TripsContext) => ({
  tripHistory: historyReading({ access: ctx.access, history: ctx.store.history, recorder: ctx.recorder }),
  undoEntry: undoEntry(ctx),
  tripBin: tripBin(ctx),
  restoreFromBin: restoreFromBin(ctx),
  purgeBin: purgeBin(ctx),
  deletedTrips: deletedTrips(ctx),
  restoreTrip: restoreTrip(ctx),
});
