// The embedded (NeDB) adapter of WishlistStore, used when MONGO_URL is not set.
// Every read-modify-write runs inside `exclusive`, so a move between lists (pull
// from the others, push to the target) is one step for this process, which owns
// the datafile alone.
import {
  embeddedDir,
  isDuplicateKeyError,
  newId,
  openEmbeddedCollection,
  type EmbeddedCollection,
} from '@tripcost/shared';
import {
  DuplicateListNameError,
  type NewWishlist,
  type PlaceTripOutcome,
  type TripPreview,
  type Wishlist,
  type WishlistStore,
  type WishlistTripEntry,
} from './wishlist-store';

export async function openEmbeddedWishlistStore(dataDir: string): Promise<WishlistStore> {
  const collection: EmbeddedCollection<Wishlist> = await openEmbeddedCollection<Wishlist>(
    embeddedDir(dataDir, 'wishlists'),
    'wishlists',
    [{ fieldName: ['user_id', 'name_key'], unique: true }, { fieldName: 'user_id' }],
  );
  const { db, exclusive } = collection;

  const findOwned = async (userId: string, wishlistId: string) =>
    (await db.findOneAsync({ _id: wishlistId, user_id: userId })) as Wishlist | null;
  const save = async (wishlist: Wishlist) => {
    await db.updateAsync({ _id: wishlist._id }, wishlist, {});
    return wishlist;
  };
  const withoutTrip = (trips: WishlistTripEntry[], tripId: string) => trips.filter((trip) => trip._id !== tripId);

  return {
    // NeDB's find and findOne already answer with deep copies
    // (a structuredClone per list cost more than the query itself on the getlists path).
    async listByUser(userId) {
      return (await db.findAsync({ user_id: userId }).sort({ created_at: 1, _id: 1 })) as Wishlist[];
    },

    countByUser: (userId) => db.countAsync({ user_id: userId }),

    async findById(wishlistId) {
      return ((await db.findOneAsync({ _id: wishlistId })) as Wishlist | null) ?? null;
    },

    async create(input: NewWishlist) {
      const now = new Date().toISOString();
      const wishlist: Wishlist = { _id: newId(), ...input, trips: [], created_at: now, updated_at: now };
      try {
        await db.insertAsync(wishlist);
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new DuplicateListNameError();
        throw error;
      }
      return wishlist;
    },

    rename(userId, wishlistId, name) {
      return exclusive(async () => {
        const list = await findOwned(userId, wishlistId);
        if (!list) return null;
        try {
          // The unique (user_id, name_key) index refuses a name another of the user's lists has.
          return await save({ ...list, ...name, updated_at: new Date().toISOString() });
        } catch (error) {
          if (isDuplicateKeyError(error)) throw new DuplicateListNameError();
          throw error;
        }
      });
    },

    placeTrip(userId, wishlistId, entry, maxTrips): Promise<PlaceTripOutcome> {
      return exclusive(async () => {
        const target = await findOwned(userId, wishlistId);
        if (!target) return { outcome: 'list-missing' };
        if (target.trips.some((trip) => trip._id === entry._id)) {
          return { outcome: 'already-there', wishlist: target };
        }
        if (target.trips.length >= maxTrips) return { outcome: 'list-full', wishlist: target };
        const now = new Date().toISOString();
        const others = (await db.findAsync({ user_id: userId, 'trips._id': entry._id })) as Wishlist[];
        for (const other of others) {
          await save({ ...other, trips: withoutTrip(other.trips, entry._id), updated_at: now });
        }
        const wishlist = await save({ ...target, trips: [...target.trips, entry], updated_at: now });
        return { outcome: 'added', wishlist, movedFrom: others.map((other) => other._id) };
      });
    },

    removeTrip(userId, wishlistId, tripId) {
      return exclusive(async () => {
        const list = await findOwned(userId, wishlistId);
        if (!list) return null;
        if (!list.trips.some((trip) => trip._id === tripId)) return { wishlist: list, removed: false };
        const wishlist = await save({
          ...list,
          trips: withoutTrip(list.trips, tripId),
          updated_at: new Date().toISOString(),
        });
        return { wishlist, removed: true };
      });
    },

    delete(userId, wishlistId) {
      return exclusive(async () => {
        const list = await findOwned(userId, wishlistId);
        if (!list) return null;
        await db.removeAsync({ _id: wishlistId }, {});
        return list;
      });
    },

    refreshTrip(preview: TripPreview, snapshotAt) {
      return exclusive(async () => {
        const holders = (await db.findAsync({ 'trips._id': preview._id })) as Wishlist[];
        let changed = 0;
        for (const list of holders) {
          let touched = false;
          const trips = list.trips.map((trip) => {
            if (trip._id !== preview._id || trip.snapshot_at > snapshotAt) return trip;
            touched = true;
            return { ...trip, ...preview, snapshot_at: snapshotAt };
          });
          if (!touched) continue;
          await save({ ...list, trips });
          changed += 1;
        }
        return changed;
      });
    },

    removeTripEverywhere(tripId) {
      return exclusive(async () => {
        const holders = (await db.findAsync({ 'trips._id': tripId })) as Wishlist[];
        const now = new Date().toISOString();
        for (const list of holders) await save({ ...list, trips: withoutTrip(list.trips, tripId), updated_at: now });
        return holders.length;
      });
    },

    ping: () => collection.ping(),
    close: () => collection.close(),
  };
}
