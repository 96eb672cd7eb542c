// BinStore on an embedded NeDB collection beside the trips (local mode).
import { embeddedDir, openEmbeddedCollection } from '@tripcost/shared';
import { binNewestFirst, storedRecord, type BinRecord, type BinStore } from '../domain/bin-record';

export async function openEmbeddedBinStore(dataDir: string): Promise<BinStore & { close(): Promise<void> }> {
  const collection = await openEmbeddedCollection<BinRecord>(embeddedDir(dataDir, 'trips'), 'bin', [
    { fieldName: 'trip_id' },
  ]);
  const { db } = collection;
  // Every removal leaves the disk too (docs/privacy.md).
  const remove = (query: object) =>
    collection.exclusive(async () => {
      const numRemoved = await db.removeAsync(query, { multi: true });
      if (numRemoved > 0) collection.compactSoon();
      return numRemoved;
    });
  return {
    add: (records) =>
      collection.exclusive(async () => {
        for (const record of records) {
          if (!(await db.findOneAsync({ _id: record._id }))) await db.insertAsync(storedRecord(record));
        }
      }),
    async list(tripId) {
      return ((await db.findAsync({ trip_id: tripId })) as BinRecord[]).sort(binNewestFirst);
    },
    async find(tripId, id) {
      return ((await db.findOneAsync({ _id: id, trip_id: tripId })) as BinRecord | null) ?? null;
    },
    removeThings: async (tripId, thingIds) => {
      await remove({ trip_id: tripId, thing_id: { $in: [...thingIds] } });
    },
    removeTrip: async (tripId) => {
      await remove({ trip_id: tripId });
    },
    purgeBefore: (cutoff) => remove({ deleted_at: { $lt: cutoff } }),
    forgetUser: async (userId) => {
      await remove({ $or: [{ owner_id: userId }, { 'deleted_by.user_id': userId }] });
    },
    close: () => collection.close(),
  };
}
