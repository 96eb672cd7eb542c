// TripStore on MongoDB through mongoose. A trip is one document with its windows
// embedded; every change is the domain's new document written with one replaceOne
// filtered by id and version, so it is atomic without transactions and a concurrent
// change makes it match nothing (the domain then reads again and retries).
import { atVersion, fromMongo, pingMongo } from '@tripcost/shared';
import { Schema, type Connection } from 'mongoose';
import type { TripRecord } from '../domain/trip';
import type { TripStore } from './trip-store';

// The domain owns the document's shape; the schema only names what the store
// queries and sorts on. `strict: false` keeps every field the domain writes, so a
// new field needs no change here. Ids are our own 24-hex strings and dates ISO
// strings, exactly as in the embedded store, so both adapters return identical
// documents and sort alike.
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

export function mongoTripStore(connection: Connection): TripStore {
  const Trips = connection.models.Trip ?? connection.model('Trip', tripSchema, 'trips');
  const asTrip = (doc: unknown) => (doc ? fromMongo<TripRecord>(doc) : null);

  return {
    async insert(trip) {
      await Trips.collection.insertOne(trip as never);
      return trip;
    },
    async findById(tripId) {
      return asTrip(await Trips.findById(tripId).lean());
    },
    async listByUser(userId, { favoritesOnly, limit, offset }) {
      const docs = await Trips.aggregate([
        { $match: favoritesOnly ? { user_id: userId, isFavorite: true } : { user_id: userId } },
        { $addFields: { _undated: { $cond: [{ $eq: [{ $ifNull: ['$trip_start', null] }, null] }, 1, 0] } } },
        { $sort: { _undated: 1, trip_start: 1, created_at: 1, _id: 1 } },
        { $skip: offset },
        { $limit: limit },
        { $project: { _undated: 0 } },
      ]);
      return docs.map((doc) => fromMongo<TripRecord>(doc));
    },
    async idsByUser(userId) {
      const docs = await Trips.find({ user_id: userId }, { _id: 1 }).lean();
      return docs.map((doc) => String(doc._id));
    },
    async replace(next, expectedVersion) {
      // The driver's own replaceOne: the document is written exactly as the domain made it.
      const result = await Trips.collection.replaceOne(
        { _id: next._id as never, ...atVersion(expectedVersion) },
        next as never,
      );
      return result.matchedCount === 1;
    },
    async remove(tripId, expectedVersion) {
      const result = await Trips.collection.deleteOne({ _id: tripId as never, ...atVersion(expectedVersion) });
      return result.deletedCount === 1;
    },
    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
}
