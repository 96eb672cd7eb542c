// Starts the wishlists service on the kit's startService (store, outbox relay, inbox,
// HTTP, shutdown order). Used by main.ts and by tests that boot the real service in-process.
import { appParts, startService, type Logger, type RunningService } from '@tripcost/shared';
import { buildApp } from './app';
import type { WishlistsConfig } from './config';
import type { WishlistStore } from './domain/wishlist-store';
import { createWishlists } from './domain/wishlists';
import { createTripsClient } from './http/trips-client';
import { startWishlistsInbox } from './jobs/inbox';
import { openEmbeddedWishlistStore } from './store/embedded';

export type RunningWishlists = RunningService;

export function startWishlists(config: WishlistsConfig, logger?: Logger): Promise<RunningWishlists> {
  return startService<WishlistStore>({
    name: 'wishlists',
    config,
    logger,
    store: {
      embedded: openEmbeddedWishlistStore,
      mongo: async (connection) => (await import('./store/mongo')).openMongoWishlistStore(connection),
    },
    wire: ({ store, outbox, ...parts }) => {
      const trips = createTripsClient({
        baseUrl: config.TRIPS_URL,
        timeoutMs: config.TRIPS_TIMEOUT_MS,
        logger: parts.logger,
      });
      const wishlists = createWishlists({ store, trips, outbox, logger: parts.logger });
      return {
        inbox: startWishlistsInbox(wishlists, {
          redisUrl: config.REDIS_URL,
          logger: parts.logger,
          prefix: config.QUEUE_PREFIX,
        }),
        app: buildApp({ ...parts, ...appParts('wishlists', config, store, parts), wishlists }),
      };
    },
  });
}
