// Starts the auth service on the kit's startService: Redis for sessions (waited for, not
// required), the user store (MongoDB or embedded) and its outbox relay, the app, and the
// listener. Used by main.ts and by tests in-process.
import type { KeyObject } from 'node:crypto';
import { keyIdOf, signAccessToken, startService, type Logger, type RunningService } from '@tripcost/shared';
import { buildApp } from './app';
import type { AuthConfig } from './config';
import { createAccounts } from './domain/accounts';
import { createPasswordHasher, OWASP_ARGON2ID } from './domain/passwords';
import { openEmbeddedUserStore } from './store/embedded';
import { createUserDataSources } from './http/user-data-sources';
import { createRefreshSessions } from './store/refresh-sessions';
import type { UserStore } from './domain/user-store';

export type RunningAuth = RunningService;

export interface StartOptions {
  host?: string;
  /** How long start-up waits for Redis before serving anyway (sessions answer 503 until it is up). */
  redisWaitMs?: number;
}

/** Redis commands may take this long before a session call gives up with 503. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

export function startAuth(config: AuthConfig, logger?: Logger, options: StartOptions = {}): Promise<RunningAuth> {
  return startService<UserStore>({
    name: 'auth',
    config,
    logger,
    host: options.host,
    redis: {
      commandTimeoutMs: REDIS_COMMAND_TIMEOUT_MS,
      // Registration and profiles work without Redis; only sessions need it.
      startup: {
        wait: 'connected',
        waitMs: options.redisWaitMs ?? 5000,
        unreachable: 'redis not reachable at start-up; sessions unavailable until it is',
      },
    },
    store: {
      embedded: openEmbeddedUserStore,
      mongo: async (connection) => (await import('./store/mongo')).openMongoUserStore(connection),
    },
    wire: ({ store: users, outbox, redis, lifecycle, revokedUsers, logger }) => {
      const sessions = createRefreshSessions(redis, logger, {
        sessionDays: config.REFRESH_SESSION_DAYS,
        reuseGraceMs: config.REFRESH_REUSE_GRACE_MS,
        queuePrefix: config.QUEUE_PREFIX,
      });
      const accounts = createAccounts({
        users,
        sessions,
        passwords: createPasswordHasher({
          argon2: { ...OWASP_ARGON2ID, memoryKiB: config.PASSWORD_ARGON2_MEMORY_KIB },
          concurrency: config.PASSWORD_HASH_CONCURRENCY,
        }),
        signAccessToken: (user) => signAccessToken(config.JWT_PRIVATE_KEY, user),
        revokedUsers,
        outbox,
        logger,
      });
      return {
        app: buildApp({
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
            notificationsUrl: config.NOTIFICATIONS_URL,
            importsUrl: config.IMPORTS_URL,
            timeoutMs: config.EXPORT_TIMEOUT_MS,
            logger,
          }),
        }),
        logFields: { signingKey: config.JWT_PRIVATE_KEY.kid, extraKeys: config.JWT_EXTRA_PUBLIC_KEYS.map(keyIdOf) },
      };
    },
  });
}

/** The signing key's public half, then the extra keys (each once). */
function trustedKeys(config: AuthConfig): KeyObject[] {
  const byId = new Map(
    [config.JWT_PRIVATE_KEY.publicKey, ...config.JWT_EXTRA_PUBLIC_KEYS].map((key) => [keyIdOf(key), key]),
  );
  return [...byId.values()];
}
