// Starts the wishlists service on the kit's startService (store, outbox relay, inbox,
// HTTP, shutdown order). Used by main.ts and by tests that boot the real service in-process.
import {
  createLogger,
  idempotencyKeyPrefix,
  idempotentCreates,
  pingRedis,
  startService,
  verifierFromConfig,
  type Logger,
  type RunningService,
} from '@tripcost/shared';
import { buildApp } from './app';
import type { WishlistsConfig } from './config';
import type { WishlistStore } from './domain/wishlist-store';
import { createWishlists } from './domain/wishlists';
import { createTripsClient } from './http/trips-client';
import { startWishlistsInbox } from './jobs/inbox';
import { openEmbeddedWishlistStore } from './store/embedded';

export type RunningWishlists = RunningService;

export function startWishlists(
  config: WishlistsConfig,
  logger: Logger = createLogger('wishlists', config.LOG_LEVEL),
): Promise<RunningWishlists> {
  return startService<WishlistStore>({
    name: 'wishlists',
    config,
    logger,
    store: {
      embedded: () => openEmbeddedWishlistStore(config.DATA_DIR),
      mongo: async (connection) => (await import('./store/mongo')).openMongoWishlistStore(connection),
    },
    wire: ({ store, outbox, redis, lifecycle, revokedUsers }) => {
      const trips = createTripsClient({ baseUrl: config.TRIPS_URL, timeoutMs: config.TRIPS_TIMEOUT_MS, logger });
      const wishlists = createWishlists({ store, trips, outbox, logger });
      return {
        inbox: startWishlistsInbox(wishlists, { redisUrl: config.REDIS_URL, logger, prefix: config.QUEUE_PREFIX }),
        app: buildApp({
          wishlists,
          logger,
          lifecycle,
          verifier: verifierFromConfig(config, logger),
          revokedUsers,
          idempotent: idempotentCreates({
            redis,
            keyPrefix: idempotencyKeyPrefix(config.QUEUE_PREFIX, 'wishlists'),
            logger,
          }),
          readiness: { redis: () => pingRedis(redis), store: () => store.ping() },
        }),
      };
    },
  });
}
