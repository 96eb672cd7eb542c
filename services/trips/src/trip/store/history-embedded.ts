// HistoryStore on an embedded NeDB collection beside the trips (local mode).
import { embeddedDir, openEmbeddedCollection } from '@tripcost/shared';
import {
  newestFirst,
  seqBefore,
  storedEntry,
  type HistoryEntry,
  type HistoryFilter,
  type HistoryStore,
} from '../domain/history-record';

type StoredEntry = HistoryEntry & { window_ids?: string[] };
const entryOf = ({ window_ids: _windows, ...entry }: StoredEntry): HistoryEntry => entry;
const filtered = (filter: HistoryFilter = {}) => ({
  ...(filter.actorId === undefined ? {} : { 'actor.user_id': filter.actorId }),
  ...(filter.windowId === undefined ? {} : { window_ids: filter.windowId }),
});

export async function openEmbeddedHistoryStore(dataDir: string): Promise<HistoryStore & { close(): Promise<void> }> {
  const collection = await openEmbeddedCollection<StoredEntry>(embeddedDir(dataDir, 'trips'), 'history', [
    { fieldName: 'trip_id' },
  ]);
  const { db } = collection;
  return {
    append: (entries) =>
      collection.exclusive(async () => {
        for (const entry of entries) {
          if (!(await db.findOneAsync({ _id: entry._id }))) await db.insertAsync(storedEntry(entry));
        }
      }),
    async page(tripId, limit, before, filter) {
      // One trip's entries through the trip_id index; a trip's history is sorted here.
      const all = (await db.findAsync({ trip_id: tripId, ...filtered(filter) })) as StoredEntry[];
      const older = all.filter((entry) => !before || seqBefore(entry.seq, before)).sort(newestFirst);
      return { entries: older.slice(0, limit).map(entryOf), more: older.length > limit };
    },
    async find(tripId, entryId) {
      const found = (await db.findOneAsync({ _id: entryId, trip_id: tripId })) as StoredEntry | null;
      return found ? entryOf(found) : null;
    },
    rewrite: (entry) =>
      collection.exclusive(async () => {
        await db.updateAsync({ _id: entry._id }, storedEntry(entry), {});
      }),
    removeTrip: (tripId) =>
      collection.exclusive(async () => {
        const numRemoved = await db.removeAsync({ trip_id: tripId }, { multi: true });
        if (numRemoved > 0) collection.compactSoon(); // gone from the disk too (docs/privacy.md)
      }),
    close: () => collection.close(),
  };
}
