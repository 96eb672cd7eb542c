// Starts the trips service on the kit's startService (store, outbox relay, inbox, HTTP,
// shutdown order). Used by main.ts and by tests (this service's and other workspaces')
// that boot it in-process.
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
import type { TripsConfig } from './config';
import { createTripsService } from './domain/trips-service';
import type { TripStore } from './domain/trip-store';
import { startWishlistInbox } from './jobs/wishlist-inbox';
import { openEmbeddedTripStore } from './store/embedded';

export interface RunningTrips extends RunningService {
  /** Resolves when every event published so far has left (or given up); tests wait on it. */
  eventsSent(): Promise<void>;
}

export function startTrips(
  config: TripsConfig,
  logger: Logger = createLogger('trips', config.LOG_LEVEL),
): Promise<RunningTrips> {
  return startService<TripStore, Pick<RunningTrips, 'eventsSent'>>({
    name: 'trips',
    config,
    logger,
    store: {
      embedded: () => openEmbeddedTripStore(config.DATA_DIR),
      mongo: async (connection) => (await import('./store/mongo')).mongoTripStore(connection),
    },
    wire: ({ store, outbox, redis, lifecycle, revokedUsers }) => {
      const trips = createTripsService({ store, outbox });
      return {
        inbox: startWishlistInbox(trips, { redisUrl: config.REDIS_URL, logger, prefix: config.QUEUE_PREFIX }),
        app: buildApp({
          logger,
          lifecycle,
          verifier: verifierFromConfig(config, logger),
          revokedUsers,
          trips,
          idempotent: idempotentCreates({
            redis,
            keyPrefix: idempotencyKeyPrefix(config.QUEUE_PREFIX, 'trips'),
            logger,
          }),
          readiness: { store: () => store.ping(), redis: () => pingRedis(redis) },
        }),
        extras: { eventsSent: () => outbox.settled() },
      };
    },
  });
}
