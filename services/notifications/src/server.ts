// Starts the notifications service on the kit's startService (store, inbox, HTTP,
// shutdown order). Used by main.ts and by tests that boot the real service in-process.
import { appParts, startService, type Logger, type RunningService } from '@tripcost/shared';
import { buildApp } from './app';
import type { NotificationsConfig } from './config';
import type { NotificationStore } from './domain/notification-store';
import { createNotifications } from './domain/notifications';
import { startNotificationsInbox } from './jobs/inbox';
import { openEmbeddedNotificationStore } from './store/embedded';

export type RunningNotifications = RunningService;

export function startNotifications(
  config: NotificationsConfig,
  logger?: Logger,
  options: { now?: () => Date } = {},
): Promise<RunningNotifications> {
  return startService<NotificationStore>({
    name: 'notifications',
    config,
    logger,
    store: {
      embedded: openEmbeddedNotificationStore,
      mongo: async (connection) => (await import('./store/mongo')).openMongoNotificationStore(connection),
    },
    wire: ({ store, outbox: _outbox, ...parts }) => {
      const notifications = createNotifications({ store, logger: parts.logger, now: options.now });
      const { verifier, readiness } = appParts('notifications', config, store, parts);
      return {
        inbox: startNotificationsInbox(notifications, {
          redisUrl: config.REDIS_URL,
          logger: parts.logger,
          prefix: config.QUEUE_PREFIX,
        }),
        app: buildApp({ ...parts, verifier, readiness, notifications }),
      };
    },
  });
}
