// The MongoDB (mongoose) adapter of NotificationStore, used when MONGO_URL is set. Ids
// are strings everywhere (schemas say `_id: String`), so a filter never compares a
// string with an ObjectId; single-document writes only (no transactions).
import { fromMongo, isDuplicateKeyError, pingMongo } from '@tripcost/shared';
import { Schema, type Connection, type Model } from 'mongoose';
import {
  isMemberKey,
  type NotificationStore,
  type StoredNotification,
  type StoredPreferences,
  type StoredVote,
  type TripMemory,
} from '../domain/notification-store';

const notificationSchema = new Schema(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    kind: { type: String, required: true },
    trip_id: { type: String, required: true },
    instance_id: { type: String, default: null },
    title: { type: String, required: true },
    body: { type: String, required: true },
    amount_body: { type: String, default: null },
    created_at: { type: String, required: true },
    deliver_at: { type: String, required: true },
    delivered: { type: Boolean, required: true },
    read: { type: Boolean, required: true },
    dedupe_key: { type: String, required: true },
  },
  { versionKey: false, collection: 'notifications' },
);
notificationSchema.index({ user_id: 1, dedupe_key: 1 }, { unique: true });
notificationSchema.index({ user_id: 1, created_at: -1, _id: -1 });
// The releases' question: what of this user is due and not yet handed to the channels.
notificationSchema.index({ user_id: 1, delivered: 1, deliver_at: 1 });

const preferencesSchema = new Schema(
  { _id: { type: String, required: true } },
  { versionKey: false, strict: false, collection: 'preferences' },
);
const tripSchema = new Schema(
  { _id: { type: String, required: true }, version: { type: Number, required: true } },
  { versionKey: false, strict: false, collection: 'trips' },
);
// A person's trips (the reminders that move with their preferences): members are the keys of `access`.
tripSchema.index({ 'access.$**': 1 });

const voteSchema = new Schema(
  {
    _id: { type: String, required: true },
    trip_id: { type: String, required: true },
    instance_id: { type: String, required: true },
    label: { type: String, required: true },
    user_id: { type: String, required: true },
    name: { type: String, required: true },
    vote: { type: String, default: null },
    at: { type: String, required: true },
  },
  { versionKey: false, collection: 'votes' },
);
voteSchema.index({ trip_id: 1, at: 1 });
voteSchema.index({ user_id: 1 });

export async function openMongoNotificationStore(connection: Connection): Promise<NotificationStore> {
  const Notifications = connection.model<StoredNotification>('Notification', notificationSchema);
  const Preferences = connection.model('Preferences', preferencesSchema);
  const Trips = connection.model('TripMemory', tripSchema);
  const Votes = connection.model('Vote', voteSchema);
  // The unique (user_id, dedupe_key) index must exist before the first insert: "stored once" rests on it.
  await Promise.all([Notifications.init(), Votes.init(), Trips.init()]);

  return {
    pendingEvents: async () => [],
    markSent: async () => undefined,

    async insertOnce(notification) {
      try {
        await Notifications.create(notification);
        return true;
      } catch (error) {
        // A duplicate-key error may lack keyPattern: the (user, dedupe_key) index is the only unique one here.
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },

    ...readsAndMarks(Notifications),

    async preferencesOf(userId) {
      const found = await Preferences.findById(userId).lean();
      return found ? fromMongo<StoredPreferences>(found) : null;
    },

    async savePreferences(stored) {
      await Preferences.replaceOne({ _id: stored._id }, stored, { upsert: true });
    },

    async tripMemory(tripId) {
      const found = await Trips.findById(tripId).lean();
      return found ? fromMongo<TripMemory>(found) : null;
    },

    async tripsOf(userId) {
      if (!isMemberKey(userId)) return [];
      const found = await Trips.find({ [`access.${userId}`]: { $exists: true } }).lean();
      return found.map((doc) => fromMongo<TripMemory>(doc));
    },

    async saveTripMemory(memory) {
      try {
        // Only over an older version; no stored one inserts (a newer one makes the upsert collide, which is fine).
        await Trips.replaceOne({ _id: memory._id, version: { $lt: memory.version } }, memory, { upsert: true });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    async recordVote(vote) {
      try {
        await Votes.create(vote);
      } catch (error) {
        // The event id is the _id: a redelivered event collides, which means it is kept already.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    async votesOn(tripId, after, upTo) {
      const found = await Votes.find({ trip_id: tripId, at: { $gt: after, $lte: upTo } })
        .sort({ at: 1, _id: 1 })
        .lean();
      return found.map((doc) => fromMongo<StoredVote>(doc));
    },

    async markCheapestAlerted(tripId, version, instanceId, at) {
      const result = await Trips.updateOne(
        { _id: tripId, version },
        { $set: { cheapest_alerted_id: instanceId, cheapest_alerted_at: at } },
      );
      return result.matchedCount > 0;
    },

    async forgetTrip(tripId) {
      await Promise.all([Trips.deleteOne({ _id: tripId }), Votes.deleteMany({ trip_id: tripId })]);
    },

    async forgetUser(userId) {
      const [notifications, preferences, votes] = await Promise.all([
        Notifications.deleteMany({ user_id: userId }),
        Preferences.deleteOne({ _id: userId }),
        Votes.deleteMany({ user_id: userId }),
      ]);
      return notifications.deletedCount + preferences.deletedCount + votes.deletedCount;
    },

    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
}

/** A person's list, unread count, read marks and releases. */
function readsAndMarks(
  Notifications: Model<StoredNotification>,
): Pick<NotificationStore, 'list' | 'unreadKinds' | 'markRead' | 'markAllRead' | 'undelivered' | 'markDelivered'> {
  return {
    async list(userId, { unread, before, limit, visibleAt }) {
      const filter: Record<string, unknown> = {
        user_id: userId,
        deliver_at: { $lte: visibleAt },
        ...(unread === undefined ? {} : { read: !unread }),
      };
      if (before) {
        const cursor = await Notifications.findOne({ _id: before, user_id: userId }).lean();
        if (!cursor) return [];
        filter.$or = [
          { created_at: { $lt: cursor.created_at } },
          { created_at: cursor.created_at, _id: { $lt: cursor._id } },
        ];
      }
      const found = await Notifications.find(filter).sort({ created_at: -1, _id: -1 }).limit(limit).lean();
      return found.map((doc) => fromMongo<StoredNotification>(doc));
    },

    unreadKinds: async (userId, visibleAt) =>
      (
        await Notifications.find(
          { user_id: userId, read: false, deliver_at: { $lte: visibleAt } },
          { trip_id: 1, kind: 1, _id: 0 },
        ).lean()
      ).map((doc) => ({ trip_id: doc.trip_id, kind: doc.kind as StoredNotification['kind'] })),

    async markRead(userId, id, visibleAt) {
      const result = await Notifications.updateOne(
        { _id: id, user_id: userId, deliver_at: { $lte: visibleAt } },
        { $set: { read: true } },
      );
      return result.matchedCount > 0;
    },

    async markAllRead(userId, visibleAt) {
      const result = await Notifications.updateMany(
        { user_id: userId, read: false, deliver_at: { $lte: visibleAt } },
        { $set: { read: true } },
      );
      return result.modifiedCount;
    },

    async undelivered(userId, at) {
      const found = await Notifications.find({ user_id: userId, delivered: false, deliver_at: { $lte: at } })
        .sort({ deliver_at: 1, _id: 1 })
        .lean();
      return found.map((doc) => fromMongo<StoredNotification>(doc));
    },

    async markDelivered(userId, ids) {
      await Notifications.updateMany({ user_id: userId, _id: { $in: ids } }, { $set: { delivered: true } });
    },
  };
}
