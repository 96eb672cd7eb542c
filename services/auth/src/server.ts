// Starts the auth service: Redis for sessions, the user store (MongoDB or
// embedded), the app, and the listener. Used by main.ts and by tests in-process.
import type { KeyObject } from 'node:crypto';
import {
  connectMongo,
  createEventPublisher,
  createRevokedUsers,
  revokedUserKeyPrefix,
  keyIdOf,
  startOutboxRelay,
  createLogger,
  createRequestRedis,
  Lifecycle,
  listen,
  signAccessToken,
  waitForRedis,
  type Logger,
  type RunningService,
  closeRedis,
} from '@tripcost/shared';
import { buildApp } from './app';
import type { AuthConfig } from './config';
import { createAccounts } from './domain/accounts';
import { createPasswordHasher, OWASP_ARGON2ID } from './domain/passwords';
import { openEmbeddedUserStore } from './store/embedded';
import { createUserDataSources } from './http/user-data-sources';
import { createRefreshSessions } from './store/refresh-sessions';
import type { UserStore } from './store/user-store';

export type RunningAuth = RunningService;

export interface StartOptions {
  host?: string;
  /** How long start-up waits for Redis before serving anyway (sessions answer 503 until it is up). */
  redisWaitMs?: number;
}

/** Redis commands may take this long before a session call gives up with 503. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

export async function startAuth(
  config: AuthConfig,
  logger: Logger = createLogger('auth', config.LOG_LEVEL),
  options: StartOptions = {},
): Promise<RunningAuth> {
  const redis = createRequestRedis(config.REDIS_URL, logger, REDIS_COMMAND_TIMEOUT_MS);
  try {
    await waitForRedis(redis, options.redisWaitMs ?? 5000);
  } catch (error) {
    // Registration and profiles work without Redis; only sessions need it.
    logger.warn({ err: error }, 'redis not reachable at start-up; sessions unavailable until it is');
  }
  let users: UserStore;
  try {
    users = await openUserStore(config, logger);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const sessions = createRefreshSessions(redis, logger, {
    sessionDays: config.REFRESH_SESSION_DAYS,
    reuseGraceMs: config.REFRESH_REUSE_GRACE_MS,
    queuePrefix: config.QUEUE_PREFIX,
  });
  const revokedUsers = createRevokedUsers(redis, logger, revokedUserKeyPrefix(config.QUEUE_PREFIX));
  const publisher = createEventPublisher(config.REDIS_URL, logger, config.QUEUE_PREFIX);
  const relay = startOutboxRelay(users, publisher, logger);
  const accounts = createAccounts({
    users,
    sessions,
    passwords: createPasswordHasher({
      argon2: { ...OWASP_ARGON2ID, memoryKiB: config.PASSWORD_ARGON2_MEMORY_KIB },
      concurrency: config.PASSWORD_HASH_CONCURRENCY,
    }),
    signAccessToken: (user) => signAccessToken(config.JWT_PRIVATE_KEY, user),
    revokedUsers,
    outbox: relay,
    logger,
  });
  const lifecycle = new Lifecycle();
  const app = buildApp({
    logger,
    lifecycle,
    publicKeys: trustedKeys(config),
    accounts,
    users,
    sessions,
    cookies: { secure: config.NODE_ENV === 'production' },
    revokedUsers,
    exportSources: createUserDataSources({
      tripsUrl: config.TRIPS_URL,
      wishlistsUrl: config.WISHLISTS_URL,
      timeoutMs: config.EXPORT_TIMEOUT_MS,
      logger,
    }),
  });
  const running = await listen(app, {
    port: config.PORT,
    host: options.host,
    lifecycle,
    logger,
    // Published events leave before their connections close.
    onClose: [
      () => relay.close(),
      () => publisher.close(),
      () => users.close(),
      () => revokedUsers.close(),
      () => closeRedis(redis),
    ],
  });
  logger.info(
    {
      port: running.port,
      storage: config.MONGO_URL ? 'mongo' : 'embedded',
      signingKey: config.JWT_PRIVATE_KEY.kid,
      extraKeys: config.JWT_EXTRA_PUBLIC_KEYS.map(keyIdOf),
    },
    'auth listening',
  );
  return { url: running.url, port: running.port, stop: running.stop };
}

/** The signing key's public half, then the extra keys (each once). */
function trustedKeys(config: AuthConfig): KeyObject[] {
  const byId = new Map(
    [config.JWT_PRIVATE_KEY.publicKey, ...config.JWT_EXTRA_PUBLIC_KEYS].map((key) => [keyIdOf(key), key]),
  );
  return [...byId.values()];
}

/** QUIT needs a live connection; a client still trying to reconnect is just dropped. */
async function openUserStore(config: AuthConfig, logger: Logger): Promise<UserStore> {
  if (config.MONGO_URL) {
    // mongoose is loaded only when MongoDB is configured (shared store/mongo.ts says why).
    const { openMongoUserStore } = await import('./store/mongo');
    return openMongoUserStore(await connectMongo(config.MONGO_URL, logger));
  }
  return openEmbeddedUserStore(config.DATA_DIR);
}
