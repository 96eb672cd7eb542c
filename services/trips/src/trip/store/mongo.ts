// TripStore on MongoDB through mongoose. A trip is one document with its windows
// embedded; every change is the domain's new document written with one replaceOne
// filtered by id and version, so it is atomic without transactions and a concurrent
// change makes it match nothing (the domain then reads again and retries).
import { atVersion, fromMongo, pingMongo } from '@tripcost/shared';
import { Schema, type Connection, type Model, type PipelineStage } from 'mongoose';
import type { TripRecord } from '../domain/trip';
import type { TripStore } from '../domain/trip-store';
import type { HistoryStore } from '../domain/history-record';
import { roleOf } from '../domain/members';
import { mongoHistoryStore } from './history-mongo';
import { mongoBinStore } from './bin-mongo';
import type { BinStore } from '../domain/bin-record';

// The domain owns the document's shape; the schema only names what the store
// queries and sorts on. `strict: false` keeps every field the domain writes, so a
// new field needs no change here. Ids are our own 24-hex strings and dates ISO
// strings, exactly as in the embedded store, so both adapters return identical
// documents and sort alike.
/** Trips that are not deleted (tombstones wait only for their outbox). */
const LIVE = { deleted_at: { $exists: false } };

const tripSchema = new Schema(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    trip_start: { type: String, default: null },
    isFavorite: { type: Boolean, default: false },
    version: { type: Number, default: 0 },
    created_at: { type: String, required: true },
  },
  { versionKey: false, strict: false, minimize: false },
);
tripSchema.index({ user_id: 1, trip_start: 1 });
// Trips shared with a user, and the trip an invitation link names. Member ids are
// stored as the 24-hex strings tokens carry (never ObjectIds), and queried as strings.
tripSchema.index({ 'members.user_id': 1 });
// The trips naming an account among their people (a deleted account becomes "A former member").
tripSchema.index({ 'people.user_id': 1 }, { sparse: true });
tripSchema.index({ 'invites.token_hash': 1 }, { sparse: true });
// Trips in their owners' bins (deleted by hand, kept 30 days): the bin's list and its purge.
tripSchema.index({ user_id: 1, deleted_at: -1 }, { name: 'in_bin', partialFilterExpression: { in_bin: true } });
// Only trips with unpublished events are in it, so the relay's poll stays cheap.
tripSchema.index(
  { _id: 1, outbox: 1 },
  { name: 'pending_outbox', partialFilterExpression: { 'outbox.0': { $exists: true } } },
);

export function mongoTripStore(connection: Connection): TripStore {
  const Trips = connection.models.Trip ?? connection.model('Trip', tripSchema, 'trips');
  const asTrip = (doc: unknown) => (doc ? fromMongo<TripRecord>(doc) : null);

  const history = mongoHistoryStore(connection);
  const bin = mongoBinStore(connection);
  return {
    history,
    bin,
    async insert(trip) {
      await Trips.collection.insertOne(trip as never);
      return trip;
    },
    async findById(tripId) {
      return asTrip(await Trips.findOne({ _id: tripId, ...LIVE }).lean());
    },
    async listByUser(userId, { favoritesOnly, limit, offset }) {
      const docs = await Trips.aggregate(listPage(userId, { favoritesOnly, limit, offset }, { _undated: 0 }));
      return docs.map((doc) => fromMongo<TripRecord>(doc));
    },
    async listVersions(userId, { favoritesOnly, limit, offset }) {
      const docs = await Trips.aggregate(
        listPage(
          userId,
          { favoritesOnly, limit, offset },
          { _id: 1, version: 1, votes_version: 1, user_id: 1, created_at: 1, members: 1 },
        ),
      );
      return docs.map(
        (
          doc: Pick<TripRecord, 'user_id' | 'created_at' | 'members' | 'votes_version'> & {
            _id: unknown;
            version?: number;
          },
        ) => ({
          _id: String(doc._id),
          version: doc.version ?? 0,
          role: roleOf(doc, userId) ?? 'viewer',
          votes_version: doc.votes_version ?? 0,
        }),
      );
    },
    async findByIds(tripIds) {
      const docs = await Trips.find({ _id: { $in: tripIds }, ...LIVE }).lean();
      return docs.map((doc) => fromMongo<TripRecord>(doc));
    },
    async findByInviteHash(tokenHash) {
      return asTrip(await Trips.findOne({ 'invites.token_hash': { $eq: tokenHash }, ...LIVE }).lean());
    },
    async idsSharedWith(userId) {
      const docs = await Trips.find(
        { 'members.user_id': { $eq: userId }, user_id: { $ne: userId }, ...LIVE },
        { _id: 1 },
      ).lean();
      return docs.map((doc) => String(doc._id));
    },
    async idsNamingUser(userId) {
      // A string: people's user ids are stored as the 24-hex strings tokens carry.
      const docs = await Trips.find({ 'people.user_id': { $eq: userId }, ...LIVE }, { _id: 1 }).lean();
      return docs.map((doc) => String(doc._id));
    },
    async idsByUser(userId) {
      const docs = await Trips.find({ user_id: userId, ...LIVE }, { _id: 1 }).lean();
      return docs.map((doc) => String(doc._id));
    },
    async replace(next, expectedVersion) {
      // The driver's own replaceOne: the document is written exactly as the domain made it.
      const result = await Trips.collection.replaceOne(
        {
          _id: next._id as never,
          ...atVersion(expectedVersion),
          // A vote cast since the trip was read (votes.ts) would be lost: then nothing matches and the change is applied again.
          votes_version: next.votes_version ? next.votes_version : { $in: [null, 0] },
        },
        next as never,
      );
      return result.matchedCount === 1;
    },
    async setVote(tripId, instanceId, userId, vote, event) {
      // Bookkeeping apart from the trip's version (votes.ts); ids are checked 24-hex strings, safe as keys.
      const field = `votes.${instanceId}.${userId}`;
      const change = vote === null ? { $unset: { [field]: '' } } : { $set: { [field]: vote } };
      const result = await Trips.collection.updateOne({ _id: tripId as never, ...LIVE }, {
        ...change,
        ...(event ? { $push: { outbox: event } } : {}),
        $inc: { votes_version: 1 },
      } as never);
      return result.matchedCount === 1;
    },
    ...bookkeeping(Trips, history, bin),
    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
}

/**
 * What is written apart from the trip's version: its pending history entries once they
 * are stored, and its outbox (what is still to be sent, a purged tombstone).
 */
function bookkeeping(
  Trips: Model<TripRecord>,
  history: HistoryStore,
  bin: BinStore,
): Pick<TripStore, 'settleHistory' | 'pendingEvents' | 'markSent' | 'binnedTrips' | 'findBinned'> {
  /** A purged trip takes its history and bin with it: those first, so a crash between leaves the tombstone to purge again. */
  const purge = async (tombstone: object, tripId: string) => {
    if (!(await Trips.collection.findOne(tombstone, { projection: { _id: 1 } }))) return;
    await history.removeTrip(tripId);
    await bin.removeTrip(tripId);
    await Trips.collection.deleteOne(tombstone);
  };
  return {
    async settleHistory(tripId, entryIds) {
      // Bookkeeping, as markSent: the version stays.
      await Trips.collection.updateOne({ _id: tripId as never }, {
        $pull: { history_pending: { _id: { $in: entryIds } } },
      } as never);
    },
    async pendingEvents(limit) {
      const docs = await Trips.find({ 'outbox.0': { $exists: true } }, { _id: 1, outbox: 1 })
        .limit(limit)
        .lean();
      return docs.map((doc) => ({ docId: String(doc._id), events: (doc as TripRecord).outbox ?? [] }));
    },
    async markSent(tripId, eventIds) {
      // Bookkeeping, not a change of the trip: the version stays, so clients' If-Match still holds.
      await Trips.collection.updateOne({ _id: tripId as never }, {
        $pull: { outbox: { id: { $in: eventIds } } },
      } as never);
      // A trip in its owner's bin stays until restored or purged (30 days).
      const sentTombstone = {
        _id: tripId as never,
        deleted_at: { $exists: true },
        in_bin: { $exists: false },
        outbox: { $size: 0 },
      };
      await purge(sentTombstone, tripId);
    },
    async binnedTrips({ ownerId, before }) {
      const docs = await Trips.collection
        .find({
          in_bin: true,
          ...(ownerId ? { user_id: { $eq: ownerId } } : {}),
          ...(before ? { deleted_at: { $lt: before } } : {}),
        } as never)
        .sort({ deleted_at: -1 })
        .toArray();
      return docs.map((doc) => fromMongo<TripRecord>(doc));
    },
    async findBinned(tripId) {
      const doc = await Trips.collection.findOne({ _id: { $eq: tripId }, in_bin: true } as never);
      return doc ? fromMongo<TripRecord>(doc) : null;
    },
  };
}

/**
 * One page of a user's live trips in the list's order (dated by start date first, undated
 * last, then by creation), with `projection` applied: the list and its versions (the
 * ETag) read the same page.
 */
function listPage(
  userId: string,
  { favoritesOnly, limit, offset }: { favoritesOnly?: boolean; limit: number; offset: number },
  projection: Record<string, 0 | 1>,
): PipelineStage[] {
  return [
    {
      $match: favoritesOnly
        ? { user_id: userId, ...LIVE, isFavorite: true }
        : { $or: [{ user_id: userId }, { 'members.user_id': userId }], ...LIVE },
    },
    { $addFields: { _undated: { $cond: [{ $eq: [{ $ifNull: ['$trip_start', null] }, null] }, 1, 0] } } },
    { $sort: { _undated: 1, trip_start: 1, created_at: 1, _id: 1 } },
    { $skip: offset },
    { $limit: limit },
    { $project: projection },
  ];
}
