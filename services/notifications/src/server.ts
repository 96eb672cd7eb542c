// Starts the notifications service on the kit's startService (store, inbox, HTTP,
// shutdown order). Used by main.ts and by tests that boot the real service in-process.
import { appParts, startService, type Logger, type RunningService } from '@tripcost/shared';
import type { Queue } from 'bullmq';
import { buildApp } from './app';
import { createCalendarFeed } from './domain/calendar';
import type { ChannelStore } from './domain/channels/channel-store';
import { createChannels, type Channels } from './domain/channels/channels';
import type { Channels as ReleasedTo } from './domain/delivery';
import { createPushSender } from './providers/push-sender';
import { createWebhookSender } from './providers/webhook-sender';
import type { NotificationsConfig } from './config';
import type { NotificationStore } from './domain/notification-store';
import { createNotifications, type Notifications } from './domain/notifications';
import { startDeliveryJobs } from './jobs/deliveries';
import { startNotificationsInbox } from './jobs/inbox';
import { startReleaseJobs } from './jobs/releases';
import { startReminderJobs } from './jobs/reminders';
import { openEmbeddedChannelStore } from './store/embedded-channels';
import { openEmbeddedNotificationStore } from './store/embedded';

type Queues = { reminders: Queue; releases: Queue; deliveries: Queue };
export type RunningNotifications = RunningService & Queues;
type Store = NotificationStore & { channels: ChannelStore };

/** The alerts' store with the channels' beside it; closing it closes both. */
const withChannels = (alerts: NotificationStore, channels: ChannelStore): Store => ({
  ...alerts,
  channels,
  close: async () => (await channels.close(), await alerts.close()),
});

export function startNotifications(
  config: NotificationsConfig,
  logger?: Logger,
  options: {
    now?: () => Date;
    /** Where released alerts go instead of push and webhooks (tests of the rules); none: the real channels. */
    channels?: ReleasedTo;
  } = {},
): Promise<RunningNotifications> {
  return startService<Store, Queues>({
    name: 'notifications',
    config,
    logger,
    store: {
      embedded: async (dataDir) =>
        withChannels(await openEmbeddedNotificationStore(dataDir), await openEmbeddedChannelStore(dataDir)),
      mongo: async (connection) =>
        withChannels(
          await (await import('./store/mongo')).openMongoNotificationStore(connection),
          await (await import('./store/mongo-channels')).openMongoChannelStore(connection),
        ),
    },
    wire: ({ store, outbox: _outbox, ...parts }) => {
      const now = options.now ?? (() => new Date());
      const bus = { redisUrl: config.REDIS_URL, logger: parts.logger, prefix: config.QUEUE_PREFIX };
      const reminders = startReminderJobs(bus);
      const releases = startReleaseJobs(bus);
      const wired = wireChannels(config, store, parts.logger, now, bus);
      const alerts = createNotifications({
        store,
        logger: parts.logger,
        now,
        reminders,
        releases,
        // An alert reaches push and webhooks when it is released (quiet hours and the digest
        // delay it), queued once per channel (channels.ts); a digest is one message.
        channels: options.channels ?? {
          send: async (message) => {
            const [first] = message.stored;
            if (message.digest && first) return wired.channels().stored(first, message.stored);
            for (const notification of message.stored) await wired.channels().stored(notification);
          },
        },
        channelsSetUp: (userId) => wired.channels().setUp(userId),
      });
      const channels = wired.start(alerts);
      const calendar = createCalendarFeed({ store: store.channels, publicUrl: config.PUBLIC_BASE_URL, now });
      // The feed follows the same events as the alerts; each part is idempotent on its own.
      const notifications: Notifications = {
        ...alerts,
        async tripChanged(state, at) {
          const stored = await alerts.tripChanged(state, at);
          await calendar.tripChanged(state);
          return stored;
        },
        async tripDeleted(tripId) {
          await alerts.tripDeleted(tripId);
          await calendar.tripDeleted(tripId);
        },
        async forgetUser(userId) {
          // The calendar first: the channels' store then compacts every file they touched.
          await calendar.forgetUser(userId);
          return (await alerts.forgetUser(userId)) + (await channels.forgetUser(userId));
        },
        async exportOf(userId) {
          return { ...(await alerts.exportOf(userId)), channels: await channels.exportOf(userId) };
        },
      };
      reminders.run(notifications, now);
      releases.run(notifications, now);
      const inbox = startNotificationsInbox(notifications, bus);
      const { verifier, readiness } = appParts('notifications', config, store, parts);
      return {
        // The event inbox first, then the reminders, releases and deliveries: all finish their jobs before the store closes.
        inbox: {
          close: async () => {
            await inbox.close();
            await reminders.close();
            await releases.close();
            await wired.close();
          },
        },
        extras: { reminders: reminders.queue, releases: releases.queue, deliveries: wired.queue },
        app: buildApp({
          ...parts,
          verifier,
          readiness,
          notifications,
          channels,
          calendar,
          publicUrl: config.PUBLIC_BASE_URL,
        }),
      };
    },
  });
}

/**
 * The push and webhook channels: their senders, their delivery jobs, and the one hook —
 * every alert stored, by any rule, is queued on its reader's channels.
 */
function wireChannels(
  config: NotificationsConfig,
  store: Store,
  logger: Logger,
  now: () => Date,
  bus: { redisUrl: string; logger: Logger; prefix?: string },
) {
  const deliveries = startDeliveryJobs({
    ...bus,
    attempts: config.DELIVERY_ATTEMPTS,
    backoffMs: config.DELIVERY_BACKOFF_MS,
  });
  const policy = { allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK };
  const vapid =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT }
      : null;
  const push = vapid ? createPushSender(vapid, policy) : null;
  const webhooks = createWebhookSender(policy);
  let channels: Channels | undefined;
  return {
    queue: deliveries.queue,
    channels: () => channels!,
    start(notifications: Notifications): Channels {
      channels = createChannels({
        store,
        notifications,
        queue: deliveries,
        push,
        vapidPublicKey: vapid?.publicKey ?? null,
        webhooks,
        policy,
        publicUrl: config.PUBLIC_BASE_URL,
        failuresToSwitchOff: config.WEBHOOK_FAILURES_TO_SWITCH_OFF,
        logger,
        now,
      });
      deliveries.run(channels);
      return channels;
    },
    async close() {
      await deliveries.close();
      push?.close();
      await webhooks.close();
    },
  };
}
