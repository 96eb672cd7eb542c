// The embedded (NeDB) adapter of NotificationStore, used when MONGO_URL is not set: one
// datafile per collection under <DATA_DIR>/notifications. Read-modify-writes run in the
// collection's `exclusive` queue (this process owns the files alone).
import { embeddedDir, isDuplicateKeyError, openEmbeddedCollection, type EmbeddedCollection } from '@tripcost/shared';
import {
  isMemberKey,
  type NotificationStore,
  type StoredNotification,
  type StoredPreferences,
  type StoredVote,
  type TripMemory,
} from '../domain/notification-store';

/** Newest first, ties by id (ids of one millisecond are made in order). */
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

export async function openEmbeddedNotificationStore(dataDir: string): Promise<NotificationStore> {
  const dir = embeddedDir(dataDir, 'notifications');
  const notifications = await openEmbeddedCollection<StoredNotification>(dir, 'notifications', [
    { fieldName: ['user_id', 'dedupe_key'], unique: true },
    { fieldName: 'user_id' },
    { fieldName: 'trip_id' },
  ]);
  const preferences = await openEmbeddedCollection<StoredPreferences>(dir, 'preferences');
  const trips = await openEmbeddedCollection<TripMemory>(dir, 'trips');
  const votes = await openEmbeddedCollection<StoredVote>(dir, 'votes', [{ fieldName: 'trip_id' }]);
  const all = [notifications, preferences, trips, votes];

  return {
    pendingEvents: async () => [],
    markSent: async () => undefined,

    async insertOnce(notification) {
      try {
        await notifications.db.insertAsync(notification);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },

    ...readsAndMarks(notifications),

    preferencesOf: async (userId) => (await preferences.db.findOneAsync({ _id: userId })) as StoredPreferences | null,

    async savePreferences(stored) {
      await preferences.db.updateAsync({ _id: stored._id }, stored, { upsert: true });
    },

    tripMemory: async (tripId) => (await trips.db.findOneAsync({ _id: tripId })) as TripMemory | null,

    tripsOf: async (userId) =>
      isMemberKey(userId)
        ? ((await trips.db.findAsync({ [`access.${userId}`]: { $exists: true } })) as TripMemory[])
        : [],

    saveTripMemory: (memory) =>
      trips.exclusive(async () => {
        const stored = (await trips.db.findOneAsync({ _id: memory._id })) as TripMemory | null;
        if (stored && stored.version >= memory.version) return;
        await trips.db.updateAsync({ _id: memory._id }, memory, { upsert: true });
      }),

    async recordVote(vote) {
      try {
        await votes.db.insertAsync(vote);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    votesOn: async (tripId, after, upTo) =>
      (await votes.db
        .findAsync({ trip_id: tripId, at: { $gt: after, $lte: upTo } })
        .sort({ at: 1, _id: 1 })) as StoredVote[],

    async markCheapestAlerted(tripId, version, instanceId, at) {
      const { numAffected } = await trips.db.updateAsync(
        { _id: tripId, version },
        { $set: { cheapest_alerted_id: instanceId, cheapest_alerted_at: at } },
      );
      return numAffected > 0;
    },

    async forgetTrip(tripId) {
      await trips.db.removeAsync({ _id: tripId }, {});
      await votes.db.removeAsync({ trip_id: tripId }, { multi: true });
      trips.compactSoon();
      votes.compactSoon();
    },

    async forgetUser(userId) {
      const removed = await notifications.db.removeAsync({ user_id: userId }, { multi: true });
      const prefs = await preferences.db.removeAsync({ _id: userId }, {});
      const cast = await votes.db.removeAsync({ user_id: userId }, { multi: true });
      notifications.compactSoon();
      preferences.compactSoon();
      votes.compactSoon();
      return removed + prefs + cast;
    },

    ping: () => notifications.ping(),
    async close() {
      await Promise.all(all.map((collection) => collection.close()));
    },
  };
}

/** A person's list, unread count, read marks and releases. */
function readsAndMarks(
  notifications: EmbeddedCollection<StoredNotification>,
): Pick<NotificationStore, 'list' | 'unreadKinds' | 'markRead' | 'markAllRead' | 'undelivered' | 'markDelivered'> {
  return {
    async list(userId, { unread, before, limit, visibleAt }) {
      const query: Record<string, unknown> = {
        user_id: userId,
        deliver_at: { $lte: visibleAt },
        ...(unread === undefined ? {} : { read: !unread }),
      };
      if (before) {
        const cursor = await notifications.db.findOneAsync({ _id: before, user_id: userId });
        if (!cursor) return [];
        query.$or = [
          { created_at: { $lt: cursor.created_at } },
          { created_at: cursor.created_at, _id: { $lt: cursor._id } },
        ];
      }
      return (await notifications.db.findAsync(query).sort(NEWEST_FIRST).limit(limit)) as StoredNotification[];
    },

    unreadKinds: async (userId, visibleAt) =>
      (await notifications.db.findAsync(
        { user_id: userId, read: false, deliver_at: { $lte: visibleAt } },
        { trip_id: 1, kind: 1, _id: 0 },
      )) as Array<Pick<StoredNotification, 'trip_id' | 'kind'>>,

    async markRead(userId, id, visibleAt) {
      const { numAffected } = await notifications.db.updateAsync(
        { _id: id, user_id: userId, deliver_at: { $lte: visibleAt } },
        { $set: { read: true } },
      );
      return numAffected > 0;
    },

    async markAllRead(userId, visibleAt) {
      const { numAffected } = await notifications.db.updateAsync(
        { user_id: userId, read: false, deliver_at: { $lte: visibleAt } },
        { $set: { read: true } },
        { multi: true },
      );
      return numAffected;
    },

    undelivered: async (userId, at) =>
      (await notifications.db
        .findAsync({ user_id: userId, delivered: false, deliver_at: { $lte: at } })
        .sort({ deliver_at: 1, _id: 1 })) as StoredNotification[],

    async markDelivered(userId, ids) {
      await notifications.db.updateAsync(
        { user_id: userId, _id: { $in: ids } },
        { $set: { delivered: true } },
        { multi: true },
      );
    },
  };
}
