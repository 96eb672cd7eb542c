// Starts the trips service on the kit's startService (store, outbox relay, inbox, HTTP,
// shutdown order). Used by main.ts and by tests (this service's and other workspaces')
// that boot it in-process.
import {
  appParts,
  collectAfterBursts,
  createBlockingRedis,
  createRateLimiter,
  startService,
  type Logger,
  type RunningService,
} from '@tripcost/shared';
import { buildApp } from './app';
import { createRatesClient } from './currency/http/rates-client';
import { guessLimit } from './sharing/http/guess-limit';
import type { TripsConfig } from './config';
import { createTripsService } from './windows/domain/trips-service';
import type { TripStore } from './trip/domain/trip-store';
import { startWishlistInbox } from './windows/jobs/wishlist-inbox';
import { startBinPurge } from './windows/jobs/bin-purge';
import { openEmbeddedTripStore } from './trip/store/embedded';
import { redisChangeLog } from './live/store/change-log';
import { redisStreamCounts } from './live/store/live-streams';

export interface RunningTrips extends RunningService {
  /** Resolves when every event published so far has left (or given up); tests wait on it. */
  eventsSent(): Promise<void>;
  /** The live-update streams this process serves now; tests wait for it to fall. */
  liveFollowers(): number;
}

export function startTrips(config: TripsConfig, logger?: Logger): Promise<RunningTrips> {
  return startService<TripStore, Pick<RunningTrips, 'eventsSent' | 'liveFollowers'>>({
    name: 'trips',
    config,
    logger,
    store: {
      embedded: openEmbeddedTripStore,
      mongo: async (connection) => (await import('./trip/store/mongo')).mongoTripStore(connection),
    },
    wire: ({ store, outbox, ...parts }) => {
      const rates = createRatesClient({
        baseUrl: config.INTEGRATIONS_URL,
        timeoutMs: config.INTEGRATIONS_TIMEOUT_MS,
        logger: parts.logger,
      });
      const trips = createTripsService({
        store,
        outbox,
        rates,
        publicBaseUrl: config.PUBLIC_BASE_URL.replace(/\/+$/, ''),
        // Live updates: appends on the request client, every follower's reads on one blocking connection.
        changes: redisChangeLog({
          redis: parts.redis,
          reader: createBlockingRedis(config.REDIS_URL, parts.logger, 'live-updates'),
          prefix: config.QUEUE_PREFIX,
        }),
        // Open streams per user, counted in Redis so every replica sees the same numbers.
        streams: redisStreamCounts({ redis: parts.redis, prefix: config.QUEUE_PREFIX }),
        logger: parts.logger,
      });
      // One per process: live streams that end together leave garbage a quiet heap would
      // keep (docs/adr/0060-collect-after-bursts.md).
      const streamEnds = collectAfterBursts();
      const binPurge = startBinPurge(trips, { intervalMs: config.BIN_PURGE_INTERVAL_MS, logger: parts.logger });
      return {
        inbox: startWishlistInbox(trips, {
          redisUrl: config.REDIS_URL,
          logger: parts.logger,
          prefix: config.QUEUE_PREFIX,
        }),
        app: buildApp({
          ...parts,
          ...appParts('trips', config, store, parts),
          trips,
          guesses: guessLimit(
            createRateLimiter({
              redis: parts.redis,
              logger: parts.logger,
              name: `${config.QUEUE_PREFIX}:trips:limit:invite-guesses`,
              limit: config.INVITE_GUESSES_PER_15_MIN,
              windowMs: 15 * 60_000,
            }),
          ),
          heartbeatMs: config.LIVE_HEARTBEAT_MS,
          streamEnds,
        }),
        closers: [() => trips.closeLiveUpdates(), () => streamEnds.stop(), () => binPurge.stop()],
        extras: { eventsSent: () => outbox.settled(), liveFollowers: () => trips.liveFollowers() },
      };
    },
  });
}
