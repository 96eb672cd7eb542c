// Users whose access tokens are refused before they expire: a deleted account's
// tokens must stop working at once, not at the end of their 15 minutes. Access
// tokens are verified offline everywhere, so the auth service writes the user id
// into Redis (`<prefix><userId>`, expiring when the last token it could have issued
// has expired) and every service and the gateway look it up per request.
//
// When Redis does not answer, the check fails open (docs/adr/0018): ids this
// process has already seen revoked stay refused from its memory, anything else is
// let through, and the outage is logged once. Making every request fail while
// Redis is down would turn a cache outage into a product outage.
import type { Logger } from '../logger';
import type { Redis } from '../redis';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

export const REVOKED_USER_KEY_PREFIX = 'tripcost:revoked-user:';

/** Every token issued before the revocation has expired by then (plus clock skew). */
export const REVOCATION_TTL_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;

/** Remembered revocations per process; beyond this the oldest are dropped. */
const MAX_REMEMBERED = 10_000;

export interface RevokedUsers {
  /** Refuses every token of the user from now on; throws when Redis did not take it. */
  revoke(userId: string): Promise<void>;
  /** true when the user's tokens are refused. Never throws (fails open, see above). */
  isRevoked(userId: string): Promise<boolean>;
}

export function createRevokedUsers(redis: Redis, logger: Logger, prefix = REVOKED_USER_KEY_PREFIX): RevokedUsers {
  const remembered = new Map<string, number>(); // user id → until (ms)
  let warned = false;

  const remember = (userId: string, ttlMs: number) => {
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    remembered.set(userId, Date.now() + ttlMs);
  };
  const rememberedNow = (userId: string) => {
    const until = remembered.get(userId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    remembered.delete(userId);
    return false;
  };

  return {
    async revoke(userId) {
      await redis.set(`${prefix}${userId}`, String(Date.now()), 'EX', REVOCATION_TTL_SECONDS);
      remember(userId, REVOCATION_TTL_SECONDS * 1000);
    },

    async isRevoked(userId) {
      if (rememberedNow(userId)) return true;
      try {
        const ttlMs = await redis.pttl(`${prefix}${userId}`);
        if (warned) logger.info('revocation list reachable again');
        warned = false;
        if (ttlMs > 0) {
          remember(userId, ttlMs);
          return true;
        }
        return false;
      } catch (error) {
        if (!warned)
          logger.warn({ err: error }, 'revocation list unavailable; only revocations seen before are refused');
        warned = true;
        return false;
      }
    },
  };
}

/** For tests and tools that need no revocation: nobody is ever revoked. */
export const noRevokedUsers: RevokedUsers = {
  revoke: () => Promise.reject(new Error('revocation is not configured here')),
  isRevoked: () => Promise.resolve(false),
};
