// The push and webhook channels (issue 42, ADR 0079): setting them up, and delivering a
// stored alert on each channel its reader turned on, once it is released (quiet hours and
// the digest delay it: delivery.ts, jobs/releases.ts). Delivery is at least once: each
// alert becomes one job per channel (and per browser for push) whose id is made of the
// reader and the alert's dedupe key, so an alert stored once is queued once however often
// its event comes again, and the message carries the same id on every try. Retries and
// their backoff are BullMQ's (jobs/deliveries.ts); what a failure means is decided here.
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, newId, notFound, serviceUnavailable, type Logger } from '@tripcost/shared';
import type { NotificationStore, StoredNotification } from '../notification-store';
import { readAs, type Notifications } from '../notifications';
import { checkResolved, checkUrl, RefusedAddress, type AddressPolicy } from './address-guard';
import type { ChannelStore } from './channel-store';
import { channelMessage, digestMessage, PREFERENCES_PATH, type ChannelMessage, type DigestMessage } from './messages';
import type { PushSender, WebhookSender } from './senders';

/** A browser may hold one subscription; a person keeps at most this many (the oldest goes). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** One message to send: the alert (as stored) on one channel, to one browser for push. */
export type Delivery =
  | { channel: 'push'; id: string; endpoint: string; notification: StoredNotification; digest?: StoredNotification[] }
  | { channel: 'webhook'; id: string; notification: StoredNotification; digest?: StoredNotification[] };

export interface DeliveryQueue {
  /** Adds the deliveries; one already queued under its id is left as it is. */
  add(deliveries: Delivery[]): Promise<void>;
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Channels {
  /**
   * An alert was released: queue it on the reader's channels. With `digest` (the day's
   * alerts of one reader, `notification` the first), one message holds them all.
   */
  stored(notification: StoredNotification, digest?: StoredNotification[]): Promise<void>;
  /** Sends one delivery; throws to be tried again. `lastTry`: no retry follows a failure. */
  deliver(delivery: Delivery, lastTry: boolean): Promise<'sent' | 'skipped' | 'dropped'>;
  pushKey(): string;
  subscribePush(userId: string, input: PushSubscriptionInput): Promise<void>;
  unsubscribePush(userId: string, endpoint: string): Promise<void>;
  setWebhook(userId: string, url: string): Promise<{ url: string; secret: string }>;
  removeWebhook(userId: string): Promise<void>;
  /** Which channels have something to send to (preferences may turn only those on). */
  setUp(userId: string): Promise<{ push: boolean; webhook: boolean }>;
  forgetUser(userId: string): Promise<number>;
  /** What is kept of the user's channels, for the account export (no keys or secrets: those are credentials). */
  exportOf(userId: string): Promise<ChannelsExport>;
}

export interface ChannelsExport {
  push_subscriptions: Array<{ endpoint: string; created_at: string }>;
  webhook: { url: string; created_at: string; switched_off_at: string | null } | null;
  calendar_feed: { created_at: string } | null;
}

/** A stable id for an alert's messages: the same reader and state always give the same one. */
export const deliveryId = (notification: StoredNotification, ...more: string[]): string =>
  createHash('sha256')
    .update([notification.user_id, notification.dedupe_key, ...more].join('\n'))
    .digest('hex')
    .slice(0, 32);

export const PUSH_NOT_CONFIGURED = 'Web Push is not available on this server.';
export const NO_SUCH_SUBSCRIPTION = 'This browser is not subscribed to push alerts.';
export const NO_WEBHOOK = 'No webhook is set up on this account.';

export interface ChannelDeps {
  store: NotificationStore & { channels: ChannelStore };
  notifications: Notifications;
  queue: DeliveryQueue;
  push: PushSender | null;
  vapidPublicKey: string | null;
  webhooks: WebhookSender;
  policy: AddressPolicy;
  publicUrl: string;
  failuresToSwitchOff: number;
  logger: Logger;
  now?: () => Date;
}

export function createChannels(deps: ChannelDeps): Channels {
  return { ...deliveries(deps), ...setUps(deps) };
}

/** Queueing a stored alert on the reader's channels, and sending one delivery. */
function deliveries(deps: ChannelDeps): Pick<Channels, 'stored' | 'deliver'> {
  const { store, notifications, logger } = deps;
  const channels = store.channels;
  const now = deps.now ?? (() => new Date());

  async function switchOffWebhook(notification: StoredNotification): Promise<void> {
    const webhook = await channels.webhookOf(notification.user_id);
    if (!webhook || webhook.switched_off_at) return;
    await channels.saveWebhook({ ...webhook, switched_off_at: now().toISOString() });
    await notifications.changePreferences(notification.user_id, { channels: { webhook: false } });
    // Told in-app: the notice goes through the store like any alert.
    await store.insertOnce({
      _id: newId(),
      user_id: notification.user_id,
      kind: 'channel',
      trip_id: notification.trip_id,
      instance_id: null,
      title: 'Your webhook was switched off',
      body: `Your webhook stopped answering, so TripCost stopped sending to it. Set it up again in your notification preferences (${PREFERENCES_PATH}).`,
      amount_body: null,
      created_at: now().toISOString(),
      read: false,
      dedupe_key: `channel:webhook-off:${webhook.created_at}`,
      // Shown in-app at once; not released to the channels (the webhook is what is off).
      deliver_at: now().toISOString(),
      delivered: true,
    });
    logger.info({ userId: notification.user_id }, 'webhook switched off after repeated failures');
  }

  async function sendPush(delivery: Extract<Delivery, { channel: 'push' }>, message: ChannelMessage | DigestMessage) {
    const userId = delivery.notification.user_id;
    const subscription = (await channels.pushSubscriptionsOf(userId)).find((kept) => kept._id === delivery.endpoint);
    if (!subscription || !deps.push) return 'skipped';
    const outcome = await deps.push.send(subscription, message);
    if (outcome.ok) return 'sent';
    if (!outcome.gone) throw new Error(`push not delivered: ${outcome.reason}`);
    await channels.removePushSubscription(userId, subscription._id);
    if ((await channels.pushSubscriptionsOf(userId)).length === 0)
      await notifications.changePreferences(userId, { channels: { push: false } });
    logger.info({ userId }, 'push subscription gone: dropped');
    return 'dropped';
  }

  async function sendWebhook(
    notification: StoredNotification,
    message: ChannelMessage | DigestMessage,
    lastTry: boolean,
  ) {
    const webhook = await channels.webhookOf(notification.user_id);
    if (!webhook || webhook.switched_off_at) return 'skipped';
    const outcome = await deps.webhooks.send(webhook.url, webhook.secret, message.id, message);
    if (outcome.ok) {
      if (webhook.failures > 0) await channels.saveWebhook({ ...webhook, failures: 0 });
      return 'sent';
    }
    if (lastTry) {
      const failures = webhook.failures + 1;
      await channels.saveWebhook({ ...webhook, failures });
      if (failures >= deps.failuresToSwitchOff) await switchOffWebhook(notification);
    }
    throw new Error(`webhook not delivered: ${outcome.reason}`);
  }

  return {
    async stored(notification, digest) {
      const preferences = await notifications.preferences(notification.user_id);
      // A digest's deliveries are named by every alert in it (the same day's digest is queued once).
      const folded = digest ? ['digest', ...digest.map((alert) => alert.dedupe_key)] : [];
      const queued: Delivery[] = [];
      if (preferences.channels.push && deps.push)
        for (const subscription of await channels.pushSubscriptionsOf(notification.user_id))
          queued.push({
            channel: 'push',
            id: deliveryId(notification, 'push', subscription._id, ...folded),
            endpoint: subscription._id,
            notification,
            ...(digest ? { digest } : {}),
          });
      // The webhook's own notice is never sent to the webhook it is about.
      if (preferences.channels.webhook && notification.kind !== 'channel')
        queued.push({
          channel: 'webhook',
          id: deliveryId(notification, 'webhook', ...folded),
          notification,
          ...(digest ? { digest } : {}),
        });
      if (queued.length > 0) await deps.queue.add(queued);
    },

    async deliver(delivery, lastTry) {
      const { notification } = delivery;
      const preferences = await notifications.preferences(notification.user_id);
      if (!preferences.channels[delivery.channel]) return 'skipped';
      const message = await messageOf(deps, delivery);
      if (!message) return 'skipped';
      return delivery.channel === 'push' ? sendPush(delivery, message) : sendWebhook(notification, message, lastTry);
    },
  };
}

/** What a delivery says, read now as its reader may read it; null when they may see none of it. */
async function messageOf(
  deps: Pick<ChannelDeps, 'store' | 'publicUrl'>,
  delivery: Delivery,
): Promise<ChannelMessage | DigestMessage | null> {
  const { channel, notification } = delivery;
  // The id a receiver drops repeats by, the same on every try and channel: the alert's, or the digest's.
  if (delivery.digest) {
    const views = await readAs(deps.store, notification.user_id, delivery.digest);
    if (views.length === 0) return null;
    const id = deliveryId(notification, 'digest', ...delivery.digest.map((alert) => alert.dedupe_key));
    return digestMessage(id, views, channel, deps.publicUrl);
  }
  const [view] = await readAs(deps.store, notification.user_id, [notification]);
  return view ? channelMessage(deliveryId(notification), view, channel, deps.publicUrl) : null;
}

/** Setting the channels up and down (the routes), and what is kept of a person. */
function setUps(deps: ChannelDeps): Omit<Channels, 'stored' | 'deliver'> {
  const { notifications } = deps;
  const channels = deps.store.channels;
  const now = deps.now ?? (() => new Date());

  async function checkDestination(text: string): Promise<URL> {
    try {
      const url = checkUrl(text, deps.policy);
      await checkResolved(url, deps.policy);
      return url;
    } catch (error) {
      if (error instanceof RefusedAddress) throw badRequest(error.message, 'address_refused');
      throw error;
    }
  }

  return {
    pushKey() {
      if (!deps.vapidPublicKey || !deps.push) throw serviceUnavailable(PUSH_NOT_CONFIGURED, 'push_unavailable');
      return deps.vapidPublicKey;
    },

    async subscribePush(userId, input) {
      if (!deps.push) throw serviceUnavailable(PUSH_NOT_CONFIGURED, 'push_unavailable');
      await checkDestination(input.endpoint);
      const others = (await channels.pushSubscriptionsOf(userId)).filter((kept) => kept._id !== input.endpoint);
      for (const oldest of others.slice(0, Math.max(0, others.length - (MAX_PUSH_SUBSCRIPTIONS - 1))))
        await channels.removePushSubscription(userId, oldest._id);
      await channels.savePushSubscription({
        _id: input.endpoint,
        user_id: userId,
        keys: input.keys,
        created_at: now().toISOString(),
      });
      await notifications.changePreferences(userId, { channels: { push: true } });
    },

    async unsubscribePush(userId, endpoint) {
      if (!(await channels.removePushSubscription(userId, endpoint))) throw notFound(NO_SUCH_SUBSCRIPTION);
      if ((await channels.pushSubscriptionsOf(userId)).length === 0)
        await notifications.changePreferences(userId, { channels: { push: false } });
    },

    async setWebhook(userId, text) {
      const url = (await checkDestination(text)).toString();
      // Shown once, in this answer; kept as is to sign with (ADR 0079).
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      await channels.saveWebhook({
        _id: userId,
        url,
        secret,
        failures: 0,
        switched_off_at: null,
        created_at: now().toISOString(),
      });
      await notifications.changePreferences(userId, { channels: { webhook: true } });
      return { url, secret };
    },

    async removeWebhook(userId) {
      if (!(await channels.removeWebhook(userId))) throw notFound(NO_WEBHOOK);
      await notifications.changePreferences(userId, { channels: { webhook: false } });
    },

    async setUp(userId) {
      const [subscriptions, webhook] = await Promise.all([
        channels.pushSubscriptionsOf(userId),
        channels.webhookOf(userId),
      ]);
      return { push: subscriptions.length > 0 && deps.push !== null, webhook: !!webhook && !webhook.switched_off_at };
    },

    forgetUser: (userId) => channels.forgetUser(userId),

    async exportOf(userId) {
      const [subscriptions, webhook, feed] = await Promise.all([
        channels.pushSubscriptionsOf(userId),
        channels.webhookOf(userId),
        channels.calendarTokenOf(userId),
      ]);
      return {
        push_subscriptions: subscriptions.map((kept) => ({ endpoint: kept._id, created_at: kept.created_at })),
        webhook: webhook
          ? { url: webhook.url, created_at: webhook.created_at, switched_off_at: webhook.switched_off_at }
          : null,
        calendar_feed: feed ? { created_at: feed.created_at } : null,
      };
    },
  };
}
