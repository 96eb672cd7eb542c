// BinStore on MongoDB: one document per record in `trip_bin`, found by trip, purged by
// the time it was deleted. Ids and dates are the domain's strings, queried as strings
// with $eq (no casting on raw driver calls). Records are written as their JSON
// (storedRecord): the driver would store an undefined field as null.
import { fromMongo, isDuplicateKeyError } from '@tripcost/shared';
import { Schema, type Connection } from 'mongoose';
import { storedRecord, type BinRecord, type BinStore } from '../domain/bin-record';

// The domain owns the document; the schema names only what is queried on.
const binSchema = new Schema(
  {
    _id: { type: String, required: true },
    trip_id: { type: String, required: true },
    owner_id: { type: String, required: true },
    deleted_at: { type: String, required: true },
  },
  { versionKey: false, strict: false, minimize: false },
);
binSchema.index({ trip_id: 1, deleted_at: -1, _id: -1 });
binSchema.index({ deleted_at: 1 });
binSchema.index({ owner_id: 1 });

export function mongoBinStore(connection: Connection): BinStore {
  const Bin = connection.models.TripBin ?? connection.model('TripBin', binSchema, 'trip_bin');
  const records = Bin.collection;
  return {
    async add(added) {
      for (const record of added) {
        try {
          await records.insertOne(storedRecord(record) as never);
        } catch (error) {
          // Settled again after a crash (the _id is its only unique key; the error may name no
          // keyPattern): the stored record stays as it is.
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
    },
    async list(tripId) {
      const docs = await records
        .find({ trip_id: { $eq: tripId } } as never)
        .sort({ deleted_at: -1, _id: -1 }) // binNewestFirst
        .toArray();
      return docs.map((doc) => fromMongo<BinRecord>(doc));
    },
    async find(tripId, id) {
      const doc = await records.findOne({ _id: { $eq: id }, trip_id: { $eq: tripId } } as never);
      return doc ? fromMongo<BinRecord>(doc) : null;
    },
    async removeThings(tripId, thingIds) {
      await records.deleteMany({ trip_id: { $eq: tripId }, thing_id: { $in: [...thingIds] } } as never);
    },
    async removeTrip(tripId) {
      await records.deleteMany({ trip_id: { $eq: tripId } } as never);
    },
    async purgeBefore(cutoff) {
      return (await records.deleteMany({ deleted_at: { $lt: cutoff } } as never)).deletedCount;
    },
    async forgetUser(userId) {
      await records.deleteMany({
        $or: [{ owner_id: { $eq: userId } }, { 'deleted_by.user_id': { $eq: userId } }],
      } as never);
    },
  };
}
