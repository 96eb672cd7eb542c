// The MongoDB (mongoose) adapter of ChannelStore. String ids everywhere (`_id: String`),
// single-document writes (no transactions).
import { fromMongo, isDuplicateKeyError } from '@tripcost/shared';
import { Schema, type Connection } from 'mongoose';
import type {
  CalendarTrip,
  ChannelStore,
  StoredCalendarToken,
  StoredPushSubscription,
  StoredWebhook,
} from '../domain/channels/channel-store';

const loose = (collection: string, extra: Record<string, unknown> = {}) =>
  new Schema({ _id: { type: String, required: true }, ...extra }, { versionKey: false, strict: false, collection });

export async function openMongoChannelStore(connection: Connection): Promise<ChannelStore> {
  const pushSchema = loose('push_subscriptions', { user_id: { type: String, required: true } });
  pushSchema.index({ user_id: 1 });
  const tokenSchema = loose('calendar_tokens', { token_hash: { type: String, required: true } });
  tokenSchema.index({ token_hash: 1 }, { unique: true });
  const calendarSchema = loose('calendar_trips', { version: { type: Number, required: true }, members: [String] });
  calendarSchema.index({ members: 1 });
  const Push = connection.model('PushSubscription', pushSchema);
  const Webhooks = connection.model('Webhook', loose('webhooks'));
  const Tokens = connection.model('CalendarToken', tokenSchema);
  const Calendar = connection.model('CalendarTrip', calendarSchema);
  await Promise.all([Push.init(), Tokens.init(), Calendar.init()]);

  const one = async <T>(found: Promise<unknown>): Promise<T | null> => {
    const doc = await found;
    return doc ? fromMongo<T>(doc as Record<string, unknown>) : null;
  };
  return {
    async pushSubscriptionsOf(userId) {
      const found = await Push.find({ user_id: userId }).sort({ created_at: 1 }).lean();
      return found.map((doc) => fromMongo<StoredPushSubscription>(doc));
    },
    async savePushSubscription(subscription) {
      await Push.replaceOne({ _id: subscription._id }, subscription, { upsert: true });
    },
    removePushSubscription: async (userId, endpoint) =>
      (await Push.deleteOne({ _id: endpoint, user_id: userId })).deletedCount > 0,
    webhookOf: (userId) => one<StoredWebhook>(Webhooks.findById(userId).lean().exec()),
    async saveWebhook(webhook) {
      await Webhooks.replaceOne({ _id: webhook._id }, webhook, { upsert: true });
    },
    removeWebhook: async (userId) => (await Webhooks.deleteOne({ _id: userId })).deletedCount > 0,
    calendarTokenOf: (userId) => one<StoredCalendarToken>(Tokens.findById(userId).lean().exec()),
    calendarTokenByHash: (hash) => one<StoredCalendarToken>(Tokens.findOne({ token_hash: hash }).lean().exec()),
    async saveCalendarToken(token) {
      await Tokens.replaceOne({ _id: token._id }, token, { upsert: true });
    },
    removeCalendarToken: async (userId) => (await Tokens.deleteOne({ _id: userId })).deletedCount > 0,
    calendarTrip: (tripId) => one<CalendarTrip>(Calendar.findById(tripId).lean().exec()),
    async saveCalendarTrip(trip) {
      try {
        // Only over an older or equal version; none stored inserts (a newer one makes the upsert collide: kept).
        await Calendar.replaceOne({ _id: trip._id, version: { $lte: trip.version } }, trip, { upsert: true });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    },
    async removeCalendarTrip(tripId) {
      await Calendar.deleteOne({ _id: tripId });
    },
    async calendarTripsOf(userId) {
      const found = await Calendar.find({ members: userId }).lean();
      return found.map((doc) => fromMongo<CalendarTrip>(doc));
    },
    async forgetUser(userId) {
      const [push, webhooks, tokens] = await Promise.all([
        Push.deleteMany({ user_id: userId }),
        Webhooks.deleteOne({ _id: userId }),
        Tokens.deleteOne({ _id: userId }),
      ]);
      return push.deletedCount + webhooks.deletedCount + tokens.deletedCount;
    },
    // The connection is the alerts store's; it closes it.
    close: async () => undefined,
  };
}
