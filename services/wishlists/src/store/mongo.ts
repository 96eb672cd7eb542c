// The MongoDB (mongoose) adapter of WishlistStore, used when MONGO_URL is set.
// Every change is one replaceOne filtered by id and version (atomic, no
// transactions). A partial unique index on (user_id, trips._id) refuses a second list
// of one user holding the same trip, which backs the one-list-per-trip rule across replicas (the domain
// retries the move when it fires).
import { atVersion, fromMongo, isDuplicateKeyError, pingMongo, type OutboxEvent } from '@tripcost/shared';
import { Schema, type Connection } from 'mongoose';
import { DuplicateListNameError, type Wishlist, type WishlistStore } from '../domain/wishlist-store';

const tripEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    image_url: { type: String, default: '' },
    location_address: { type: String, default: '' },
    trip_start: { type: String, default: null },
    trip_end: { type: String, default: null },
    // No default: a preview whose costs are hidden from the holder keeps no total (costs_hidden).
    total_cost: { type: Number },
    costs_hidden: { type: Boolean },
    // No default: an entry kept before currencies stays without one (read as USD).
    currency: { type: String },
    // The trip's version the preview shows, and false once the holder lost access.
    version: { type: Number },
    available: { type: Boolean },
    // Set aside while the trip is in its owner's bin (shown nowhere until restored).
    in_bin: { type: Boolean },
    added_at: { type: String, required: true },
    snapshot_at: { type: String, required: true },
  },
  { _id: false },
);

/** The one-list-per-trip index, per user; `trip_in_one_list` was global and refused members' lists. */
const TRIP_INDEX = 'trip_in_one_list_per_user';
const RETIRED_TRIP_INDEX = 'trip_in_one_list';

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
    version: { type: Number, default: 0 },
    // Unpublished events (the outbox) and the deletion mark, as the domain writes them.
    outbox: { type: [Schema.Types.Mixed], default: undefined },
    deleted_at: { type: String },
  },
  { versionKey: false, collection: 'wishlists' },
);
wishlistSchema.index({ user_id: 1, name_key: 1 }, { unique: true });
wishlistSchema.index({ user_id: 1, created_at: 1, _id: 1 });
// Per user: a shared trip may sit in the owner's list and in each member's (one list each).
wishlistSchema.index(
  { user_id: 1, 'trips._id': 1 },
  { unique: true, partialFilterExpression: { 'trips._id': { $exists: true } }, name: TRIP_INDEX },
);

/** Lists that are not deleted (tombstones wait only for their outbox). */
const LIVE = { deleted_at: { $exists: false } };

/** The name MongoDB gives the per-user list-name index (its default: fields and directions). */
const NAME_KEY_INDEX = 'user_id_1_name_key_1';

/**
 * Which unique index refused a write: the per-user list name (vs. the one-list-per-trip
 * index). MongoDB says so in `keyPattern`, but some MongoDB-compatible servers leave
 * `keyPattern` (and sometimes `keyValue`) out, so `keyValue` and then the index name in
 * the error message ("… index: user_id_1_name_key_1 dup key: …") are asked too. Missing a
 * name clash turns a rename onto a taken name into a 500 instead of the 409 "You already
 * have a list with this name.".
 */
export function isNameKeyViolation(error: unknown): boolean {
  const { keyPattern, keyValue, errmsg, message } = (error ?? {}) as {
    keyPattern?: Record<string, unknown>;
    keyValue?: Record<string, unknown>;
    errmsg?: unknown;
    message?: unknown;
  };
  if (keyPattern && typeof keyPattern === 'object') return 'name_key' in keyPattern;
  if (keyValue && typeof keyValue === 'object') return 'name_key' in keyValue;
  const text = [errmsg, message].filter((part): part is string => typeof part === 'string').join(' ');
  const index = /index:\s+(\S+)/.exec(text)?.[1];
  return index === NAME_KEY_INDEX || /\bname_key\b/.test(text.replace(/index:\s+\S+/, ''));
}

export async function openMongoWishlistStore(connection: Connection): Promise<WishlistStore> {
  const model = connection.model('Wishlist', wishlistSchema);
  // Indexes are only ever added by init(): the retired global index goes first, or it
  // would keep refusing a member's list that holds a trip its owner's list holds.
  await Promise.resolve()
    .then(() => model.collection.dropIndex(RETIRED_TRIP_INDEX))
    .catch(() => undefined); // not there (a new database, or dropped already)
  await model.init();
  const plainList = (doc: unknown) => fromMongo<Wishlist>(doc);

  const store: WishlistStore = {
    async listByUser(userId) {
      const lists = await model
        .find({ user_id: userId, ...LIVE })
        .sort({ created_at: 1, _id: 1 })
        .lean();
      return lists.map(plainList);
    },

    countByUser: (userId) => model.countDocuments({ user_id: userId, ...LIVE }),

    async findById(wishlistId) {
      const found = await model.findOne({ _id: wishlistId, ...LIVE }).lean();
      return found ? plainList(found) : null;
    },

    async create(input) {
      const now = new Date().toISOString();
      try {
        const created = await model.create({ ...input, trips: [], created_at: now, updated_at: now, version: 1 });
        return plainList(created.toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new DuplicateListNameError();
        throw error;
      }
    },

    async findHolding(tripId) {
      const lists = await model.find({ 'trips._id': tripId, ...LIVE }).lean();
      return lists.map(plainList);
    },

    async replace(next, expectedVersion) {
      try {
        const result = await model.replaceOne({ _id: next._id, ...atVersion(expectedVersion) }, next);
        return result.matchedCount === 1;
      } catch (error) {
        if (isDuplicateKeyError(error) && isNameKeyViolation(error)) throw new DuplicateListNameError();
        throw error;
      }
    },

    async pendingEvents(limit) {
      const lists = await model
        .find({ 'outbox.0': { $exists: true } }, { _id: 1, outbox: 1 })
        .limit(limit)
        .lean();
      return lists.map((list) => ({
        docId: String(list._id),
        events: (list as { outbox?: OutboxEvent[] }).outbox ?? [],
      }));
    },

    async markSent(wishlistId, eventIds) {
      // Bookkeeping, not a change of the list: the version stays.
      await model.updateOne({ _id: wishlistId }, { $pull: { outbox: { id: { $in: eventIds } } } });
      await model.deleteOne({ _id: wishlistId, deleted_at: { $exists: true }, outbox: { $size: 0 } });
    },

    async removeAllOfUser(userId) {
      const result = await model.deleteMany({ user_id: { $eq: userId } });
      return result.deletedCount;
    },

    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
  return store;
}
