// HistoryStore on MongoDB: one document per entry in `trip_history`, found by trip and
// in the order entries were appended (seq: the trip's version, then its votes counter,
// stored as two numbers so one index serves the page and its cursor).
import { fromMongo, isDuplicateKeyError } from '@tripcost/shared';
import { Schema, type Connection } from 'mongoose';
import { storedEntry, type HistoryEntry, type HistoryFilter, type HistoryStore } from '../domain/history-record';

// The domain owns the document; the schema names only what is queried and sorted on.
const historySchema = new Schema(
  {
    _id: { type: String, required: true },
    trip_id: { type: String, required: true },
    seq_version: { type: Number, required: true },
    seq_votes: { type: Number, required: true },
  },
  { versionKey: false, strict: false, minimize: false },
);
historySchema.index({ trip_id: 1, seq_version: -1, seq_votes: -1 });

type StoredEntry = HistoryEntry & { seq_version: number; seq_votes: number; window_ids: string[] };
const entryOf = (doc: unknown): HistoryEntry => {
  const { seq_version: _version, seq_votes: _votes, window_ids: _windows, ...entry } = fromMongo<StoredEntry>(doc);
  return entry;
};
const stored = (entry: HistoryEntry): StoredEntry => ({
  ...storedEntry(entry),
  seq_version: entry.seq[0],
  seq_votes: entry.seq[1],
});
/** The filter's fields as the documents hold them: strings (user and window ids are never ObjectIds here). */
const filtered = (filter: HistoryFilter = {}) => ({
  ...(filter.actorId === undefined ? {} : { 'actor.user_id': { $eq: filter.actorId } }),
  ...(filter.windowId === undefined ? {} : { window_ids: { $eq: filter.windowId } }),
});

export function mongoHistoryStore(connection: Connection): HistoryStore {
  const History = connection.models.TripHistory ?? connection.model('TripHistory', historySchema, 'trip_history');
  return {
    async append(entries) {
      for (const entry of entries) {
        try {
          await History.collection.insertOne(stored(entry) as never);
        } catch (error) {
          // Appended again (a settle retried after a crash): the stored entry stays as it is.
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
    },
    async page(tripId, limit, before, filter) {
      const older = before
        ? { $or: [{ seq_version: { $lt: before[0] } }, { seq_version: before[0], seq_votes: { $lt: before[1] } }] }
        : {};
      const docs = await History.collection
        .find({ trip_id: { $eq: tripId }, ...filtered(filter), ...older } as never)
        .sort({ seq_version: -1, seq_votes: -1 })
        .limit(limit + 1)
        .toArray();
      const entries = docs.map(entryOf);
      return { entries: entries.slice(0, limit), more: entries.length > limit };
    },
    async rewrite(entry) {
      await History.collection.replaceOne({ _id: { $eq: entry._id } } as never, stored(entry) as never);
    },
    async removeTrip(tripId) {
      await History.collection.deleteMany({ trip_id: { $eq: tripId } } as never);
    },
    async find(tripId, entryId) {
      const doc = await History.collection.findOne({ _id: { $eq: entryId }, trip_id: { $eq: tripId } } as never);
      return doc ? entryOf(doc) : null;
    },
  };
}
