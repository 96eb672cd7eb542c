// The embedded (NeDB) adapter of ChannelStore: one datafile per collection under
// <DATA_DIR>/notifications, beside the alerts' own.
import { embeddedDir, openEmbeddedCollection } from '@tripcost/shared';
import type {
  CalendarTrip,
  ChannelStore,
  StoredCalendarToken,
  StoredPushSubscription,
  StoredWebhook,
} from '../domain/channels/channel-store';

export async function openEmbeddedChannelStore(dataDir: string): Promise<ChannelStore> {
  const dir = embeddedDir(dataDir, 'notifications');
  const push = await openEmbeddedCollection<StoredPushSubscription>(dir, 'push_subscriptions', [
    { fieldName: 'user_id' },
  ]);
  const webhooks = await openEmbeddedCollection<StoredWebhook>(dir, 'webhooks');
  const tokens = await openEmbeddedCollection<StoredCalendarToken>(dir, 'calendar_tokens', [
    { fieldName: 'token_hash', unique: true },
  ]);
  const calendar = await openEmbeddedCollection<CalendarTrip>(dir, 'calendar_trips', [{ fieldName: 'members' }]);
  const all = [push, webhooks, tokens, calendar];

  return {
    pushSubscriptionsOf: async (userId) =>
      (await push.db.findAsync({ user_id: userId }).sort({ created_at: 1 })) as StoredPushSubscription[],
    async savePushSubscription(subscription) {
      await push.db.updateAsync({ _id: subscription._id }, subscription, { upsert: true });
    },
    async removePushSubscription(userId, endpoint) {
      return (await push.db.removeAsync({ _id: endpoint, user_id: userId }, {})) > 0;
    },
    webhookOf: async (userId) => (await webhooks.db.findOneAsync({ _id: userId })) as StoredWebhook | null,
    async saveWebhook(webhook) {
      await webhooks.db.updateAsync({ _id: webhook._id }, webhook, { upsert: true });
    },
    removeWebhook: async (userId) => (await webhooks.db.removeAsync({ _id: userId }, {})) > 0,
    calendarTokenOf: async (userId) => (await tokens.db.findOneAsync({ _id: userId })) as StoredCalendarToken | null,
    calendarTokenByHash: async (hash) =>
      (await tokens.db.findOneAsync({ token_hash: hash })) as StoredCalendarToken | null,
    async saveCalendarToken(token) {
      await tokens.db.updateAsync({ _id: token._id }, token, { upsert: true });
    },
    removeCalendarToken: async (userId) => (await tokens.db.removeAsync({ _id: userId }, {})) > 0,
    calendarTrip: async (tripId) => (await calendar.db.findOneAsync({ _id: tripId })) as CalendarTrip | null,
    saveCalendarTrip: (trip) =>
      calendar.exclusive(async () => {
        const stored = (await calendar.db.findOneAsync({ _id: trip._id })) as CalendarTrip | null;
        if (stored && stored.version > trip.version) return;
        await calendar.db.updateAsync({ _id: trip._id }, trip, { upsert: true });
      }),
    calendarTripsOf: async (userId) => (await calendar.db.findAsync({ members: userId })) as CalendarTrip[],
    removeCalendarTrip: (tripId) =>
      calendar.exclusive(async () => {
        await calendar.db.removeAsync({ _id: tripId }, {});
        calendar.compactSoon();
      }),
    async forgetUser(userId) {
      const removed =
        (await push.db.removeAsync({ user_id: userId }, { multi: true })) +
        (await webhooks.db.removeAsync({ _id: userId }, {})) +
        (await tokens.db.removeAsync({ _id: userId }, {}));
      // The calendar's trips too: the person left their member lists (calendar.ts), and the old lines leave the disk.
      for (const collection of [push, webhooks, tokens, calendar]) collection.compactSoon();
      return removed;
    },
    async close() {
      await Promise.all(all.map((collection) => collection.close()));
    },
  };
}
