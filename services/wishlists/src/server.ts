// Starts the wishlists service: store, Redis, event publisher, inbox worker, HTTP.
// Used by main.ts and by tests that boot the real service in-process on port 0.
import {
  connectMongo,
  createEventPublisher,
  startOutboxRelay,
  createLogger,
  createRequestRedis,
  createRevokedUsers,
  revokedUserKeyPrefix,
  Lifecycle,
  listen,
  pingRedis,
  type Logger,
  type RunningService,
  closeRedis,
  verifierFromConfig,
} from '@tripcost/shared';
import { buildApp } from './app';
import type { WishlistsConfig } from './config';
import type { TripDirectory } from './domain/trip-directory';
import { createWishlists } from './domain/wishlists';
import { createTripsClient } from './http/trips-client';
import { startWishlistsInbox } from './jobs/inbox';
import { openEmbeddedWishlistStore } from './store/embedded';
import type { WishlistStore } from './store/wishlist-store';

export type RunningWishlists = RunningService;

async function openStore(config: WishlistsConfig, logger: Logger): Promise<WishlistStore> {
  if (!config.MONGO_URL) return openEmbeddedWishlistStore(config.DATA_DIR);
  const { openMongoWishlistStore } = await import('./store/mongo');
  return openMongoWishlistStore(await connectMongo(config.MONGO_URL, logger));
}

export async function startWishlists(
  config: WishlistsConfig,
  logger: Logger = createLogger('wishlists', config.LOG_LEVEL),
): Promise<RunningWishlists> {
  const store = await openStore(config, logger);
  const redis = createRequestRedis(config.REDIS_URL, logger);
  const publisher = createEventPublisher(config.REDIS_URL, logger, config.QUEUE_PREFIX);
  const relay = startOutboxRelay(store, publisher, logger);
  const trips: TripDirectory = createTripsClient({
    baseUrl: config.TRIPS_URL,
    timeoutMs: config.TRIPS_TIMEOUT_MS,
    logger,
  });
  const wishlists = createWishlists({ store, trips, outbox: relay, logger });
  const inbox = startWishlistsInbox(wishlists, { redisUrl: config.REDIS_URL, logger, prefix: config.QUEUE_PREFIX });

  const lifecycle = new Lifecycle();
  const revokedUsers = createRevokedUsers(redis, logger, revokedUserKeyPrefix(config.QUEUE_PREFIX));
  const app = buildApp({
    wishlists,
    logger,
    lifecycle,
    verifier: verifierFromConfig(config, logger),
    revokedUsers,
    readiness: { redis: () => pingRedis(redis), store: () => store.ping() },
  });
  const running = await listen(app, {
    port: config.PORT,
    lifecycle,
    logger,
    // In-flight jobs finish before the publisher, Redis and the store close.
    onClose: [
      () => inbox.close(),
      () => relay.close(),
      () => publisher.close(),
      () => revokedUsers.close(),
      () => closeRedis(redis),
      () => store.close(),
    ],
  });
  logger.info({ port: running.port, storage: config.MONGO_URL ? 'mongo' : 'embedded' }, 'wishlists listening');
  return { url: running.url, port: running.port, stop: running.stop };
}
