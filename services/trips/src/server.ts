// Starts the trips service: store, event publisher, inbox worker, HTTP. Used by
// main.ts and by tests (this service's and other workspaces') that boot it in-process.
import {
  connectMongo,
  createEventPublisher,
  createLogger,
  createRequestRedis,
  createRevokedUsers,
  revokedUserKeyPrefix,
  Lifecycle,
  listen,
  pingRedis,
  startOutboxRelay,
  type Logger,
  type RunningService,
  closeRedis,
  verifierFromConfig,
} from '@tripcost/shared';
import { buildApp } from './app';
import type { TripsConfig } from './config';
import { createTripsService } from './domain/trips-service';
import { startWishlistInbox } from './jobs/wishlist-inbox';
import { openEmbeddedTripStore } from './store/embedded';
import type { TripStore } from './store/trip-store';

export interface RunningTrips extends RunningService {
  /** Resolves when every event published so far has left (or given up); tests wait on it. */
  eventsSent(): Promise<void>;
}

async function openStore(config: TripsConfig, logger: Logger): Promise<TripStore> {
  if (config.MONGO_URL) {
    // mongoose is loaded only when MongoDB is configured (shared store/mongo.ts says why).
    const { mongoTripStore } = await import('./store/mongo');
    return mongoTripStore(await connectMongo(config.MONGO_URL, logger));
  }
  return openEmbeddedTripStore(config.DATA_DIR);
}

export async function startTrips(
  config: TripsConfig,
  logger: Logger = createLogger('trips', config.LOG_LEVEL),
): Promise<RunningTrips> {
  const store = await openStore(config, logger);
  const redis = createRequestRedis(config.REDIS_URL, logger);
  const publisher = createEventPublisher(config.REDIS_URL, logger, config.QUEUE_PREFIX);
  const relay = startOutboxRelay(store, publisher, logger);
  const trips = createTripsService({ store, outbox: relay });
  const inbox = startWishlistInbox(trips, { redisUrl: config.REDIS_URL, logger, prefix: config.QUEUE_PREFIX });
  const lifecycle = new Lifecycle();
  const revokedUsers = createRevokedUsers(redis, logger, revokedUserKeyPrefix(config.QUEUE_PREFIX));
  const app = buildApp({
    logger,
    lifecycle,
    verifier: verifierFromConfig(config, logger),
    revokedUsers,
    trips,
    readiness: { store: () => store.ping(), redis: () => pingRedis(redis) },
  });
  const running = await listen(app, {
    port: config.PORT,
    lifecycle,
    logger,
    // In order: stop taking events, let published ones leave, then close connections.
    onClose: [
      () => inbox.close(),
      () => relay.close(),
      () => publisher.close(),
      () => revokedUsers.close(),
      () => closeRedis(redis),
      () => store.close(),
    ],
  });
  logger.info({ port: running.port, storage: config.MONGO_URL ? 'mongo' : 'embedded' }, 'trips service listening');
  return { url: running.url, port: running.port, stop: running.stop, eventsSent: () => relay.settled() };
}
