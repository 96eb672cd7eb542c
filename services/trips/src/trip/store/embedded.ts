// TripStore on the embedded NeDB collection (local mode). The compare-and-swap runs
// inside the collection's `exclusive` queue, so the version check and the write are
// one indivisible step, as a filtered replaceOne is on MongoDB.
import { embeddedDir, openEmbeddedCollection, versionOf, type EmbeddedCollection } from '@tripcost/shared';
import { compareTrips } from '../domain/ordering';
import type { TripRecord } from '../domain/trip';
import type { TripStore } from '../domain/trip-store';
import type { HistoryStore } from '../domain/history-record';
import { roleOf } from '../domain/members';
import { openEmbeddedHistoryStore } from './history-embedded';
import { openEmbeddedBinStore } from './bin-embedded';
import type { BinStore } from '../domain/bin-record';

/** Trips that are not deleted (tombstones wait only for their outbox). */
const LIVE = { deleted_at: { $exists: false } };

export async function openEmbeddedTripStore(dataDir: string): Promise<TripStore> {
  const collection: EmbeddedCollection<TripRecord> = await openEmbeddedCollection<TripRecord>(
    embeddedDir(dataDir, 'trips'),
    'trips',
    [{ fieldName: 'user_id' }, { fieldName: 'members.user_id' }, { fieldName: 'people.user_id' }],
  );
  // The reads and the writes are built apart only to keep each function short; both
  // work on the one collection (and its `exclusive` queue).
  const history = await openEmbeddedHistoryStore(dataDir);
  const bin = await openEmbeddedBinStore(dataDir);
  return {
    ...tripReads(collection),
    ...tripWrites(collection, history, bin),
    history,
    bin,
    ping: () => collection.ping(),
    close: async () => {
      await history.close();
      await bin.close();
      await collection.close();
    },
  };
}

type TripReads = Pick<
  TripStore,
  | 'findById'
  | 'listByUser'
  | 'listVersions'
  | 'findByIds'
  | 'findByInviteHash'
  | 'idsSharedWith'
  | 'idsNamingUser'
  | 'idsByUser'
>;
type TripWrites = Pick<
  TripStore,
  'insert' | 'replace' | 'setVote' | 'pendingEvents' | 'markSent' | 'settleHistory' | 'binnedTrips' | 'findBinned'
>;

/** The trips' reads: every one leaves tombstones out. */
function tripReads(collection: EmbeddedCollection<TripRecord>): TripReads {
  const { db } = collection;
  return {
    async findById(tripId) {
      // findOne() already hands back a deep copy.
      const trip = await db.findOneAsync({ _id: tripId });
      return trip && !trip.deleted_at ? trip : null;
    },
    async listByUser(userId, { favoritesOnly, limit, offset }) {
      // Favourites are the owner's flag; the list also holds the trips shared with the user.
      const query = favoritesOnly
        ? { user_id: userId, ...LIVE, isFavorite: true }
        : { $or: [{ user_id: userId }, { 'members.user_id': userId }], ...LIVE };
      const trips = (await db.findAsync(query)) as TripRecord[];
      // find() already hands back deep copies, so no second copy is needed here.
      return trips.sort(compareTrips).slice(offset, offset + limit);
    },
    async listVersions(userId, { favoritesOnly, limit, offset }) {
      // Read in place through the user_id index: copying every trip of the user (what
      // find() does) was most of the cost of a list whose views are already cached.
      const shared = favoritesOnly
        ? []
        : collection.peekIndexed('members.user_id', userId, (stored) =>
            stored.filter((trip) => trip.user_id !== userId),
          );
      return collection.peekIndexed('user_id', userId, (owned) =>
        [...owned, ...shared]
          .filter((trip) => !trip.deleted_at && (!favoritesOnly || trip.isFavorite === true))
          .sort(compareTrips)
          .slice(offset, offset + limit)
          .map((trip) => ({
            _id: trip._id,
            version: versionOf(trip),
            role: roleOf(trip, userId) ?? 'viewer',
            votes_version: trip.votes_version ?? 0,
          })),
      );
    },
    async findByIds(tripIds) {
      return (await db.findAsync({ _id: { $in: tripIds }, ...LIVE })) as TripRecord[];
    },
    async findByInviteHash(tokenHash) {
      return (await db.findOneAsync({ 'invites.token_hash': tokenHash, ...LIVE })) as TripRecord | null;
    },
    async idsSharedWith(userId) {
      const trips = (await db.findAsync(
        { 'members.user_id': userId, user_id: { $ne: userId }, ...LIVE },
        { _id: 1 },
      )) as Pick<TripRecord, '_id'>[];
      return trips.map((trip) => trip._id);
    },
    async idsNamingUser(userId) {
      const trips = (await db.findAsync({ 'people.user_id': userId, ...LIVE }, { _id: 1 })) as Pick<
        TripRecord,
        '_id'
      >[];
      return trips.map((trip) => trip._id);
    },
    async idsByUser(userId) {
      const trips = (await db.findAsync({ user_id: userId, ...LIVE }, { _id: 1 })) as Pick<TripRecord, '_id'>[];
      return trips.map((trip) => trip._id);
    },
  };
}

/**
 * The trips' writes and their outbox (what is still to be sent, tombstones too, and
 * marking it sent); every write runs in the collection's `exclusive` queue.
 */
function tripWrites(collection: EmbeddedCollection<TripRecord>, history: HistoryStore, bin: BinStore): TripWrites {
  const { db } = collection;

  /** Runs `write` only while the stored trip still has the expected version. */
  const whenAt = (tripId: string, expectedVersion: number, votesVersion: number, write: () => Promise<unknown>) =>
    collection.exclusive(async () => {
      // Two numbers are compared, so the stored trip is read in place, not copied; every
      // write of the collection runs in `exclusive`, so what is read is what is stored.
      // A vote cast since the trip was read (votes.ts) would be lost: the change is applied again.
      const unchanged = collection.peekIndexed(
        '_id',
        tripId,
        ([stored]) =>
          stored !== undefined && versionOf(stored) === expectedVersion && (stored.votes_version ?? 0) === votesVersion,
      );
      if (!unchanged) return false;
      await write();
      return true;
    });

  /** A deleted trip goes for good, its history and bin with it, and leaves the disk too (docs/privacy.md). */
  const purge = async (tripId: string) => {
    await history.removeTrip(tripId);
    await bin.removeTrip(tripId);
    await db.removeAsync({ _id: tripId }, {});
    collection.compactSoon();
  };

  return {
    async insert(trip) {
      await collection.exclusive(() => db.insertAsync(trip));
      return trip;
    },
    replace(next, expectedVersion) {
      return whenAt(next._id, expectedVersion, next.votes_version ?? 0, () =>
        db.updateAsync({ _id: next._id }, next, {}),
      );
    },
    setVote(tripId, instanceId, userId, vote, event) {
      // Bookkeeping apart from the trip's version (votes.ts); ids are checked 24-hex, safe as keys.
      return collection.exclusive(async () => {
        const field = `votes.${instanceId}.${userId}`;
        const change = vote === null ? { $unset: { [field]: true } } : { $set: { [field]: vote } };
        const announce = event ? { $push: { outbox: event } } : {};
        const updated = await db.updateAsync(
          { _id: tripId, ...LIVE },
          { ...change, ...announce, $inc: { votes_version: 1 } },
          {},
        );
        return updated.numAffected === 1;
      });
    },
    settleHistory(tripId, entryIds) {
      return collection.exclusive(async () => {
        const stored = await db.findOneAsync({ _id: tripId });
        if (!stored?.history_pending) return;
        const settled = new Set(entryIds);
        const pending = stored.history_pending.filter((entry) => !settled.has(entry._id));
        await db.updateAsync(
          { _id: tripId },
          pending.length > 0 ? { $set: { history_pending: pending } } : { $unset: { history_pending: true } },
          {},
        );
      });
    },
    async pendingEvents(limit) {
      const trips = (await db.findAsync({ 'outbox.0': { $exists: true } }).limit(limit)) as TripRecord[];
      return trips.map((trip) => ({ docId: trip._id, events: trip.outbox ?? [] }));
    },
    markSent(tripId, eventIds) {
      // Bookkeeping, not a change of the trip: the version stays, so clients' If-Match still holds.
      return collection.exclusive(async () => {
        const stored = await db.findOneAsync({ _id: tripId });
        if (!stored) return;
        const sent = new Set(eventIds);
        const outbox = (stored.outbox ?? []).filter((event) => !sent.has(event.id));
        // A trip in its owner's bin stays until restored or purged (30 days).
        if (stored.deleted_at && !stored.in_bin && outbox.length === 0) await purge(tripId);
        else await db.updateAsync({ _id: tripId }, { $set: { outbox } }, {});
      });
    },
    async binnedTrips({ ownerId, before }) {
      const query = { in_bin: true, ...(ownerId ? { user_id: ownerId } : {}) };
      const trips = (await db.findAsync(query)) as TripRecord[];
      return trips
        .filter((trip) => !before || (trip.deleted_at ?? '') < before)
        .sort((a, b) => ((a.deleted_at ?? '') < (b.deleted_at ?? '') ? 1 : -1));
    },
    async findBinned(tripId) {
      return ((await db.findOneAsync({ _id: tripId, in_bin: true })) as TripRecord | null) ?? null;
    },
  };
}
