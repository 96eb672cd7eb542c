// Starts the imports service on the kit's startService (no store: drafts live in
// Redis; inbox for user.deleted). Used by main.ts and by tests that boot it in-process.
import {
  createRateLimiter,
  pingRedis,
  rateLimitKey,
  startService,
  verifierFromConfig,
  type Logger,
  type RunningService,
} from '@tripcost/shared';
import { buildApp } from './app';
import type { ImportsConfig } from './config';
import { createImports, type DocumentReader } from './domain/imports';
import { IMPORT_LIMITS } from './domain/limits';
import { startImportsInbox } from './jobs/inbox';
import { createTripsClient } from './http/trips-client';
import { isolatedReader } from './providers/isolated-reader';
import { redisDraftStore } from './store/redis-drafts';

/** How long a Redis command for drafts and the per-user limit may take before it fails. */
const DRAFT_COMMAND_TIMEOUT_MS = 2000;

export type RunningImports = RunningService;

export function startImports(
  config: ImportsConfig,
  logger?: Logger,
  options: { read?: DocumentReader } = {},
): Promise<RunningImports> {
  return startService({
    name: 'imports',
    config,
    logger,
    // Drafts live in Redis: a command may wait as long as a store's would. The request
    // client's 250 ms (made for caches that fall back) failed imports with 500 on a
    // busy machine, after their documents had been read.
    redis: { commandTimeoutMs: DRAFT_COMMAND_TIMEOUT_MS },
    wire: ({ redis, ...parts }) => {
      const imports = createImports({
        store: redisDraftStore(redis, config.QUEUE_PREFIX),
        read: options.read ?? isolatedReader(),
        trips: createTripsClient({
          baseUrl: config.TRIPS_URL,
          timeoutMs: config.TRIPS_TIMEOUT_MS,
          logger: parts.logger,
        }),
      });
      const limiter = createRateLimiter({
        redis,
        logger: parts.logger,
        name: rateLimitKey(config.QUEUE_PREFIX, 'imports'),
        limit: IMPORT_LIMITS.importsPerMinute,
        windowMs: 60_000,
      });
      return {
        inbox: startImportsInbox(imports, {
          redisUrl: config.REDIS_URL,
          logger: parts.logger,
          prefix: config.QUEUE_PREFIX,
        }),
        closers: [() => limiter.close()],
        app: buildApp({
          ...parts,
          imports,
          limiter,
          verifier: verifierFromConfig(config, parts.logger),
          readiness: { redis: () => pingRedis(redis) },
        }),
      };
    },
  });
}
