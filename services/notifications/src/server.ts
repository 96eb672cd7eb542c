// Starts the notifications service on the kit's startService (store, inbox, HTTP,
// shutdown order). Used by main.ts and by tests that boot the real service in-process.
import { appParts, startService, type Logger, type RunningService } from '@tripcost/shared';
import { buildApp } from './app';
import type { NotificationsConfig } from './config';
import type { NotificationStore } from './domain/notification-store';
import { createNotifications } from './domain/notifications';
import type { Channels } from './domain/delivery';
import { startReleaseJobs } from './jobs/deliveries';
import { startNotificationsInbox } from './jobs/inbox';
import { startReminderJobs } from './jobs/reminders';
import { openEmbeddedNotificationStore } from './store/embedded';

type Queues = { reminders: import('bullmq').Queue; releases: import('bullmq').Queue };
export type RunningNotifications = RunningService & Queues;

export function startNotifications(
  config: NotificationsConfig,
  logger?: Logger,
  options: {
    now?: () => Date;
    /** The channels beyond in-app (delivery.ts); none: in-app only. */
    channels?: Channels;
  } = {},
): Promise<RunningNotifications> {
  return startService<NotificationStore, Queues>({
    name: 'notifications',
    config,
    logger,
    store: {
      embedded: openEmbeddedNotificationStore,
      mongo: async (connection) => (await import('./store/mongo')).openMongoNotificationStore(connection),
    },
    wire: ({ store, outbox: _outbox, ...parts }) => {
      const now = options.now ?? (() => new Date());
      const bus = { redisUrl: config.REDIS_URL, logger: parts.logger, prefix: config.QUEUE_PREFIX };
      const reminders = startReminderJobs(bus);
      const releases = startReleaseJobs(bus);
      const notifications = createNotifications({
        store,
        logger: parts.logger,
        now,
        reminders,
        releases,
        channels: options.channels,
      });
      reminders.run(notifications, now);
      releases.run(notifications, now);
      const inbox = startNotificationsInbox(notifications, bus);
      const { verifier, readiness } = appParts('notifications', config, store, parts);
      return {
        // The event inbox first, then reminders and releases: all finish their jobs before the store closes.
        inbox: { close: async () => (await inbox.close(), await reminders.close(), await releases.close()) },
        extras: { reminders: reminders.queue, releases: releases.queue },
        app: buildApp({ ...parts, verifier, readiness, notifications }),
      };
    },
  });
}
