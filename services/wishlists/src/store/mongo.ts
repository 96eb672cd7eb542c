// The MongoDB (mongoose) adapter of WishlistStore, used when MONGO_URL is set.
// No transactions: each change is one single-document atomic update, and the one
// change that spans documents (moving a trip between lists) is ordered so that a
// crash half-way can only leave the trip in no list, never in two:
//   1. updateMany $pull the trip from the user's other lists;
//   2. findOneAndUpdate $push it into the target, guarded by "not already there"
//      and "not full".
// A partial unique index on trips._id also makes two concurrent moves of the same
// trip into different lists impossible: the second push fails with a duplicate key
// and is retried (pull again, push again), so the last move wins.
import { fromMongo, isDuplicateKeyError, pingMongo, type Logger } from '@tripcost/shared';
import { Schema, type Connection } from 'mongoose';
import { DuplicateListNameError, type PlaceTripOutcome, type Wishlist, type WishlistStore } from './wishlist-store';

const tripEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    image_url: { type: String, default: '' },
    location_address: { type: String, default: '' },
    trip_start: { type: String, default: null },
    trip_end: { type: String, default: null },
    total_cost: { type: Number, default: 0 },
    added_at: { type: String, required: true },
    snapshot_at: { type: String, required: true },
  },
  { _id: false },
);

// Timestamps are ISO strings, as in the embedded adapter, so both sort and compare alike.
const wishlistSchema = new Schema(
  {
    user_id: { type: String, required: true },
    email: { type: String, required: true },
    list_name: { type: String, required: true },
    name_key: { type: String, required: true },
    trips: { type: [tripEntrySchema], default: [] },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { versionKey: false, collection: 'wishlists' },
);
wishlistSchema.index({ user_id: 1, name_key: 1 }, { unique: true });
wishlistSchema.index({ user_id: 1, created_at: 1, _id: 1 });
wishlistSchema.index(
  { 'trips._id': 1 },
  { unique: true, partialFilterExpression: { 'trips._id': { $exists: true } }, name: 'trip_in_one_list' },
);

const MOVE_ATTEMPTS = 3;

export async function openMongoWishlistStore(connection: Connection, logger: Logger): Promise<WishlistStore> {
  const model = connection.model('Wishlist', wishlistSchema);
  await model.init();
  const plainList = (doc: unknown) => fromMongo<Wishlist>(doc);

  const store: WishlistStore = {
    async listByUser(userId) {
      const lists = await model.find({ user_id: userId }).sort({ created_at: 1, _id: 1 }).lean();
      return lists.map(plainList);
    },

    countByUser: (userId) => model.countDocuments({ user_id: userId }),

    async findById(wishlistId) {
      const found = await model.findById(wishlistId).lean();
      return found ? plainList(found) : null;
    },

    async create(input) {
      const now = new Date().toISOString();
      try {
        const created = await model.create({ ...input, trips: [], created_at: now, updated_at: now });
        return plainList(created.toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new DuplicateListNameError();
        throw error;
      }
    },

    async rename(userId, wishlistId, name) {
      try {
        // One atomic update; the unique (user_id, name_key) index refuses a taken name.
        const renamed = await model
          .findOneAndUpdate(
            { _id: wishlistId, user_id: userId },
            { $set: { ...name, updated_at: new Date().toISOString() } },
            { new: true },
          )
          .lean();
        return renamed ? plainList(renamed) : null;
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new DuplicateListNameError();
        throw error;
      }
    },

    async placeTrip(userId, wishlistId, entry, maxTrips): Promise<PlaceTripOutcome> {
      for (let attempt = 1; ; attempt += 1) {
        const target = await model.findOne({ _id: wishlistId, user_id: userId }).lean();
        if (!target) return { outcome: 'list-missing' };
        const current = plainList(target);
        if (current.trips.some((trip) => trip._id === entry._id))
          return { outcome: 'already-there', wishlist: current };
        if (current.trips.length >= maxTrips) return { outcome: 'list-full', wishlist: current };

        const now = new Date().toISOString();
        const holders = await model
          .find({ user_id: userId, _id: { $ne: wishlistId }, 'trips._id': entry._id }, { _id: 1 })
          .lean();
        if (holders.length > 0) {
          await model.updateMany(
            { _id: { $in: holders.map((holder) => holder._id) }, 'trips._id': entry._id },
            { $pull: { trips: { _id: entry._id } }, $set: { updated_at: now } },
          );
        }
        try {
          const updated = await model
            .findOneAndUpdate(
              {
                _id: wishlistId,
                user_id: userId,
                'trips._id': { $ne: entry._id },
                [`trips.${maxTrips - 1}`]: { $exists: false },
              },
              { $push: { trips: entry }, $set: { updated_at: now } },
              { new: true },
            )
            .lean();
          // Nothing matched: the list vanished, filled up or got the trip meanwhile;
          // the next round reads it again and answers accordingly.
          if (!updated) {
            if (attempt >= MOVE_ATTEMPTS)
              throw new Error(`could not place trip ${entry._id} after ${attempt} attempts`);
            continue;
          }
          return {
            outcome: 'added',
            wishlist: plainList(updated),
            movedFrom: holders.map((holder) => String(holder._id)),
          };
        } catch (error) {
          if (!isDuplicateKeyError(error) || attempt >= MOVE_ATTEMPTS) throw error;
          logger.info({ tripId: entry._id, wishlistId }, 'trip moved concurrently; retrying the move');
        }
      }
    },

    async removeTrip(userId, wishlistId, tripId) {
      const updated = await model
        .findOneAndUpdate(
          { _id: wishlistId, user_id: userId, 'trips._id': tripId },
          { $pull: { trips: { _id: tripId } }, $set: { updated_at: new Date().toISOString() } },
          { new: true },
        )
        .lean();
      if (updated) return { wishlist: plainList(updated), removed: true };
      const list = await model.findOne({ _id: wishlistId, user_id: userId }).lean();
      return list ? { wishlist: plainList(list), removed: false } : null;
    },

    async delete(userId, wishlistId) {
      const deleted = await model.findOneAndDelete({ _id: wishlistId, user_id: userId }).lean();
      return deleted ? plainList(deleted) : null;
    },

    async refreshTrip(preview, snapshotAt) {
      const { _id: tripId, ...fields } = preview;
      const set: Record<string, unknown> = { 'trips.$[held].snapshot_at': snapshotAt };
      for (const [field, value] of Object.entries(fields)) set[`trips.$[held].${field}`] = value;
      const result = await model.updateMany(
        { trips: { $elemMatch: { _id: tripId, snapshot_at: { $lte: snapshotAt } } } },
        { $set: set },
        { arrayFilters: [{ 'held._id': tripId, 'held.snapshot_at': { $lte: snapshotAt } }] },
      );
      return result.modifiedCount;
    },

    async removeTripEverywhere(tripId) {
      const result = await model.updateMany(
        { 'trips._id': tripId },
        { $pull: { trips: { _id: tripId } }, $set: { updated_at: new Date().toISOString() } },
      );
      return result.modifiedCount;
    },

    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
  return store;
}
