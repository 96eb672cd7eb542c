// One way to start a service (docs/service-kit.md "Starting a service"): the request
// Redis client, the store (MongoDB when MONGO_URL is set, else embedded) and its outbox
// relay, the revoked-users replica, then the service's own wiring (domain, inbox, app),
// the listener, one 'listening' line, and the shutdown order every service shares:
// stop taking events, let published ones leave, then close connections, the store last.
import type { RequestListener } from 'node:http';
import type { Connection } from 'mongoose';
import { verifierFromConfig, type TokenVerifierConfig } from './auth/key-settings';
import { DEFAULT_DATA_DIR } from './config';
import { createRevokedUsers, type RevokedUsers } from './auth/revoked-users';
import { createEventPublisher, type ServiceName } from './events';
import { idempotentCreates } from './http/idempotency';
import { Lifecycle, listen, type CloseHook, type RunningService } from './lifecycle';
import { createLogger, type Logger } from './logger';
import { startOutboxRelay, type OutboxRelay, type OutboxStore } from './outbox';
import { closeRedis, createRequestRedis, pingRedis, waitForRedis, type Redis } from './redis';
import { idempotencyKeyPrefix, revokedUserKeyPrefix } from './redis-keys';
import { connectMongo } from './store/mongo';

/** What a service's store gives the kit: readiness, shutdown and the outbox (ADR 0021). */
export interface ServiceStore extends OutboxStore {
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The settings startService reads (every service's config has them). */
export interface ServiceSettings {
  PORT: number;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  LOG_LEVEL?: string;
  /** Where the embedded store keeps its files (services with a store). */
  DATA_DIR?: string;
  MONGO_URL?: string;
}

interface BaseParts {
  logger: Logger;
  lifecycle: Lifecycle;
  /** The fail-fast request client (sessions, rate limits, cache, readiness). */
  redis: Redis;
  revokedUsers: RevokedUsers;
}

/** What the service's wiring receives; `store` and `outbox` only when it has a store. */
export type ServiceParts<S> = BaseParts & (S extends ServiceStore ? { store: S; outbox: OutboxRelay } : object);

export interface WiredService<X extends object> {
  app: RequestListener;
  /** The event consumer, closed first on shutdown (in-flight jobs finish before the rest closes). */
  inbox?: { close(): Promise<unknown> };
  /** Closed after the inbox, before the Redis client and the store (e.g. a blocking stream reader). */
  closers?: CloseHook[];
  /** The service's own fields of the running handle (e.g. hooks tests wait on). */
  extras?: X;
  /** More fields for the 'listening' line. */
  logFields?: Record<string, unknown>;
}

export interface StartServiceOptions<S extends ServiceStore | undefined, X extends object> {
  name: ServiceName;
  config: ServiceSettings;
  /** Default: a logger named after the service at the config's LOG_LEVEL. */
  logger?: Logger;
  host?: string;
  redis?: {
    /** Commands may take this long before they fail (default: the request client's). */
    commandTimeoutMs?: number;
    /**
     * Before wiring: 'connected' waits up to `waitMs` for Redis and serves anyway with a
     * warning (auth: only sessions need it); 'first-outcome' waits for the first
     * connection attempt to succeed or fail (integrations: the cache and rate limit
     * then work from the first request). Default: do not wait.
     */
    startup?: { wait: 'connected' | 'first-outcome'; waitMs?: number; unreachable?: string };
  };
  /** How to open the store: embedded is given DATA_DIR, mongo the connection to MONGO_URL. */
  store?: S extends ServiceStore
    ? { embedded(dataDir: string): Promise<S>; mongo(connection: Connection): Promise<S> }
    : never;
  wire(parts: ServiceParts<S>): WiredService<X> | Promise<WiredService<X>>;
}

export async function startService<S extends ServiceStore | undefined = undefined, X extends object = object>(
  options: StartServiceOptions<S, X>,
): Promise<RunningService & X> {
  const { name, config } = options;
  const logger = options.logger ?? createLogger(name, config.LOG_LEVEL);
  const redis = createRequestRedis(config.REDIS_URL, logger, options.redis?.commandTimeoutMs);
  const startup = options.redis?.startup;
  if (startup?.wait === 'connected') {
    try {
      await waitForRedis(redis, startup.waitMs ?? 5000);
    } catch (error) {
      logger.warn({ err: error }, startup.unreachable ?? 'redis not reachable at start-up');
    }
  } else if (startup?.wait === 'first-outcome') {
    await firstConnectionOutcome(redis, startup.waitMs ?? 2000);
  }

  let store: ServiceStore | undefined;
  try {
    store = await openStore(options, config, logger);
  } catch (error) {
    // A client still trying to reconnect would keep the process alive.
    redis.disconnect();
    throw error;
  }
  const publisher = store ? createEventPublisher(config.REDIS_URL, logger, config.QUEUE_PREFIX) : undefined;
  const outbox = store && publisher ? startOutboxRelay(store, publisher, logger) : undefined;
  const lifecycle = new Lifecycle();
  const revokedUsers = createRevokedUsers(redis, logger, revokedUserKeyPrefix(config.QUEUE_PREFIX));
  const parts = { logger, lifecycle, redis, revokedUsers, store, outbox } as unknown as ServiceParts<S>;
  const wired = await options.wire(parts);

  const onClose: CloseHook[] = [
    () => wired.inbox?.close(),
    ...(wired.closers ?? []),
    () => outbox?.close(),
    () => publisher?.close(),
    () => revokedUsers.close(),
    // quit() is refused at once while Redis is unreachable; closeRedis then drops the socket.
    () => closeRedis(redis),
    () => store?.close(),
  ];
  const running = await listen(wired.app, { port: config.PORT, host: options.host, lifecycle, logger, onClose });
  logger.info(
    {
      port: running.port,
      ...(options.store ? { storage: config.MONGO_URL ? 'mongo' : 'embedded' } : {}),
      ...wired.logFields,
    },
    `${name} listening`,
  );
  return { ...(wired.extras as X), url: running.url, port: running.port, stop: running.stop };
}

/**
 * What the HTTP app of a service with a store and creating routes takes from the kit, the
 * same in each (trips, wishlists): the access-token verifier, Idempotency-Key in front of
 * the creating routes (keys under the service's own prefix), and /readyz's checks of the
 * store and of Redis. Spread into the service's buildApp from its `wire`.
 */
export function appParts(
  name: ServiceName,
  config: ServiceSettings & TokenVerifierConfig,
  store: ServiceStore,
  { redis, logger }: Pick<BaseParts, 'redis' | 'logger'>,
) {
  return {
    verifier: verifierFromConfig(config, logger),
    idempotent: idempotentCreates({ redis, keyPrefix: idempotencyKeyPrefix(config.QUEUE_PREFIX, name), logger }),
    readiness: { store: () => store.ping(), redis: () => pingRedis(redis) },
  };
}

async function openStore<S extends ServiceStore | undefined, X extends object>(
  options: StartServiceOptions<S, X>,
  config: ServiceSettings,
  logger: Logger,
): Promise<ServiceStore | undefined> {
  const open = options.store as {
    embedded(dataDir: string): Promise<ServiceStore>;
    mongo(c: Connection): Promise<ServiceStore>;
  };
  if (!open) return undefined;
  // mongoose is loaded only when MongoDB is configured (store/mongo.ts says why).
  if (config.MONGO_URL) return open.mongo(await connectMongo(config.MONGO_URL, logger));
  return open.embedded(config.DATA_DIR ?? DEFAULT_DATA_DIR);
}

/**
 * The request client refuses commands until it is connected. Waits for the first
 * connection outcome only: an unreachable Redis does not delay the start beyond it.
 */
function firstConnectionOutcome(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
