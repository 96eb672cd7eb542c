// HistoryStore on an embedded NeDB collection beside the trips (local mode).
import { embeddedDir, openEmbeddedCollection } from '@tripcost/shared';
import { newestFirst, seqBefore, type HistoryEntry, type HistoryStore } from '../domain/history-record';

export async function openEmbeddedHistoryStore(dataDir: string): Promise<HistoryStore & { close(): Promise<void> }> {
  const collection = await openEmbeddedCollection<HistoryEntry>(embeddedDir(dataDir, 'trips'), 'history', [
    { fieldName: 'trip_id' },
  ]);
  const { db } = collection;
  return {
    append: (entries) =>
      collection.exclusive(async () => {
        for (const entry of entries) {
          if (!(await db.findOneAsync({ _id: entry._id }))) await db.insertAsync(entry);
        }
      }),
    async page(tripId, limit, before) {
      // One trip's entries through the trip_id index; a trip's history is sorted here.
      const all = (await db.findAsync({ trip_id: tripId })) as HistoryEntry[];
      const older = all.filter((entry) => !before || seqBefore(entry.seq, before)).sort(newestFirst);
      return { entries: older.slice(0, limit), more: older.length > limit };
    },
    async find(tripId, entryId) {
      return ((await db.findOneAsync({ _id: entryId, trip_id: tripId })) as HistoryEntry | null) ?? null;
    },
    rewrite: (entry) =>
      collection.exclusive(async () => {
        await db.updateAsync({ _id: entry._id }, entry, {});
      }),
    removeTrip: (tripId) =>
      collection.exclusive(async () => {
        const numRemoved = await db.removeAsync({ trip_id: tripId }, { multi: true });
        if (numRemoved > 0) collection.compactSoon(); // gone from the disk too (docs/privacy.md)
      }),
    close: () => collection.close(),
  };
}
