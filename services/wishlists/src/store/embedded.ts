// The embedded (NeDB) adapter of WishlistStore, used when MONGO_URL is not set.
// The compare-and-swap runs inside the collection's `exclusive` queue, so the
// version check and the write are one step for this process, which owns the
// datafile alone.
import {
  embeddedDir,
  isDuplicateKeyError,
  newId,
  openEmbeddedCollection,
  versionOf,
  type EmbeddedCollection,
} from '@tripcost/shared';
import { DuplicateListNameError, type NewWishlist, type Wishlist, type WishlistStore } from '../domain/wishlist-store';

/** Lists that are not deleted (tombstones wait only for their outbox). */
const LIVE = { deleted_at: { $exists: false } };

export async function openEmbeddedWishlistStore(dataDir: string): Promise<WishlistStore> {
  const collection: EmbeddedCollection<Wishlist> = await openEmbeddedCollection<Wishlist>(
    embeddedDir(dataDir, 'wishlists'),
    'wishlists',
    [{ fieldName: ['user_id', 'name_key'], unique: true }, { fieldName: 'user_id' }],
  );
  const { db, exclusive } = collection;

  /** Runs `write` only while the stored list still has the expected version, as one step. */
  const whenAt = (wishlistId: string, expectedVersion: number, write: () => Promise<unknown>) =>
    exclusive(async () => {
      const stored = (await db.findOneAsync({ _id: wishlistId })) as Wishlist | null;
      if (!stored || versionOf(stored) !== expectedVersion) return false;
      await write();
      return true;
    });

  return {
    // NeDB's find and findOne already answer with deep copies
    // (a structuredClone per list cost more than the query itself on the getlists path).
    async listByUser(userId) {
      return (await db.findAsync({ user_id: userId, ...LIVE }).sort({ created_at: 1, _id: 1 })) as Wishlist[];
    },

    countByUser: (userId) => db.countAsync({ user_id: userId, ...LIVE }),

    async findById(wishlistId) {
      const list = (await db.findOneAsync({ _id: wishlistId })) as Wishlist | null;
      return list && !list.deleted_at ? list : null;
    },

    async create(input: NewWishlist) {
      const now = new Date().toISOString();
      const wishlist: Wishlist = { _id: newId(), ...input, trips: [], created_at: now, updated_at: now, version: 1 };
      try {
        await db.insertAsync(wishlist);
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new DuplicateListNameError();
        throw error;
      }
      return wishlist;
    },

    async findHolding(tripId) {
      return (await db.findAsync({ 'trips._id': tripId, ...LIVE })) as Wishlist[];
    },

    replace(next, expectedVersion) {
      return whenAt(next._id, expectedVersion, async () => {
        try {
          await db.updateAsync({ _id: next._id }, next, {});
        } catch (error) {
          if (isDuplicateKeyError(error)) throw new DuplicateListNameError();
          throw error;
        }
      });
    },

    async pendingEvents(limit) {
      const lists = (await db.findAsync({ 'outbox.0': { $exists: true } }).limit(limit)) as Wishlist[];
      return lists.map((list) => ({ docId: list._id, events: list.outbox ?? [] }));
    },

    markSent(wishlistId, eventIds) {
      // Bookkeeping, not a change of the list: the version stays.
      return exclusive(async () => {
        const stored = (await db.findOneAsync({ _id: wishlistId })) as Wishlist | null;
        if (!stored) return;
        const sent = new Set(eventIds);
        const outbox = (stored.outbox ?? []).filter((event) => !sent.has(event.id));
        if (stored.deleted_at && outbox.length === 0) {
          await db.removeAsync({ _id: wishlistId }, {});
          collection.compactSoon(); // a deleted list leaves the disk too (docs/privacy.md)
        } else await db.updateAsync({ _id: wishlistId }, { $set: { outbox } }, {});
      });
    },

    removeAllOfUser(userId) {
      return exclusive(async () => {
        const removed = await db.removeAsync({ user_id: userId }, { multi: true });
        // NeDB only appends deletion markers; compacting rewrites the file without the lists.
        await db.compactDatafileAsync();
        return removed;
      });
    },

    ping: () => collection.ping(),
    close: () => collection.close(),
  };
}
