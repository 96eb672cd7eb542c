// Login sessions as refresh-token families in Redis (ADR 0005). A login starts a
// family with an absolute expiry; every refresh rotates the token inside it. Only
// SHA-256 hashes of tokens are stored. Keys, all expiring with their family (`auth:` is
// the key prefix under the default QUEUE_PREFIX; another one gives `<QUEUE_PREFIX>:auth:`,
// shared/redis-keys.ts):
//   auth:rt:<tokenHash>            hash {userId, familyId, rotatedAt?, successor?}
//   auth:family:<familyId>         hash {userId, expiresAt, current}
//   auth:family:<familyId>:tokens  set of the family's token hashes
//   auth:user:<userId>:families    set of the user's family ids (expires with the newest)
// Rotation and revocation are Lua scripts, so two concurrent refreshes of one
// token can never both rotate it.
import { createHash, randomBytes } from 'node:crypto';
import {
  DAY_MS,
  DEFAULT_QUEUE_PREFIX,
  refreshSessionKeyPrefix,
  serviceUnavailable,
  type Logger,
  type Redis,
} from '@tripcost/shared';
import type { RefreshSessions } from '../domain/refresh-sessions';

const TOKEN_BYTES = 32;
/** 32 random bytes in base64url: exactly 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

// Deletes every key of a family. Expects `prefix` and `familyKey` in scope.
const REVOKE_FAMILY_LUA = `
local function revokeFamily(prefix, familyKey)
  local membersKey = familyKey .. ':tokens'
  for _, hash in ipairs(redis.call('SMEMBERS', membersKey)) do
    redis.call('DEL', prefix .. 'rt:' .. hash)
  end
  redis.call('DEL', familyKey, membersKey)
end
`;

// KEYS[1] presented token key; ARGV: now ms, grace ms, successor hash, key prefix.
const ROTATE_LUA = `${REVOKE_FAMILY_LUA}
local session = redis.call('HMGET', KEYS[1], 'userId', 'familyId', 'rotatedAt')
local userId, familyId, rotatedAt = session[1], session[2], session[3]
if not userId then return {'invalid'} end
local prefix = ARGV[4]
local familyKey = prefix .. 'family:' .. familyId
local expiresAt = redis.call('HGET', familyKey, 'expiresAt')
if not expiresAt then
  redis.call('DEL', KEYS[1])
  return {'invalid'}
end
local now = tonumber(ARGV[1])
if rotatedAt then
  if now - tonumber(rotatedAt) <= tonumber(ARGV[2]) then return {'grace', userId} end
  -- A successor that is the family's newest and was never presented: the answer that
  -- carried it was lost (the network dropped mid-refresh), so this is the same device.
  -- The unused successor is retired (presenting it later counts as reuse) and the
  -- token rotates again. Any other replay is reuse: the whole family ends.
  local successor = redis.call('HGET', KEYS[1], 'successor')
  local current = redis.call('HGET', familyKey, 'current')
  local lostKey = successor and (prefix .. 'rt:' .. successor)
  if not (successor and successor == current and redis.call('EXISTS', lostKey) == 1
      and not redis.call('HGET', lostKey, 'rotatedAt')) then
    revokeFamily(prefix, familyKey)
    return {'reused', userId}
  end
  redis.call('HSET', lostKey, 'rotatedAt', '0')
end
local successorKey = prefix .. 'rt:' .. ARGV[3]
redis.call('HSET', KEYS[1], 'rotatedAt', ARGV[1], 'successor', ARGV[3])
redis.call('HSET', successorKey, 'userId', userId, 'familyId', familyId)
redis.call('PEXPIREAT', successorKey, expiresAt)
redis.call('SADD', familyKey .. ':tokens', ARGV[3])
redis.call('HSET', familyKey, 'current', ARGV[3])
return {'rotated', userId, expiresAt}
`;

// KEYS[1] presented token key; ARGV: key prefix.
const REVOKE_LUA = `${REVOKE_FAMILY_LUA}
local familyId = redis.call('HGET', KEYS[1], 'familyId')
if not familyId then return 0 end
revokeFamily(ARGV[1], ARGV[1] .. 'family:' .. familyId)
return 1
`;

// KEYS[1] the user's family index; ARGV: key prefix.
const REVOKE_USER_LUA = `${REVOKE_FAMILY_LUA}
for _, familyId in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  revokeFamily(ARGV[1], ARGV[1] .. 'family:' .. familyId)
end
redis.call('DEL', KEYS[1])
return 1
`;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createRefreshSessions(
  redis: Redis,
  logger: Logger,
  options: { sessionDays: number; reuseGraceMs: number; now?: () => number; queuePrefix?: string },
): RefreshSessions {
  const KEY_PREFIX = refreshSessionKeyPrefix(options.queuePrefix ?? DEFAULT_QUEUE_PREFIX);
  const tokenKey = (hash: string) => `${KEY_PREFIX}rt:${hash}`;
  const familyKey = (familyId: string) => `${KEY_PREFIX}family:${familyId}`;
  const userFamiliesKey = (userId: string) => `${KEY_PREFIX}user:${userId}:families`;
  const now = options.now ?? Date.now;
  /** Sessions need Redis; when it is unreachable the caller gets 503 {msg}, not a 500. */
  const unavailableOnRedisError = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      logger.warn({ err: error }, 'refresh session store unavailable');
      throw serviceUnavailable('Sessions are unavailable right now. Please try again shortly.', 'sessions_unavailable');
    }
  };
  const lifetimeMs = options.sessionDays * DAY_MS;

  return {
    start: (userId) =>
      unavailableOnRedisError(async () => {
        const familyId = randomBytes(16).toString('hex');
        const token = newToken();
        const hash = hashRefreshToken(token);
        const expiresAt = now() + lifetimeMs;
        const family = familyKey(familyId);
        await redis
          .multi()
          .hset(family, { userId, expiresAt: String(expiresAt), current: hash })
          .hset(tokenKey(hash), { userId, familyId })
          .sadd(`${family}:tokens`, hash)
          .pexpireat(family, expiresAt)
          .pexpireat(tokenKey(hash), expiresAt)
          .pexpireat(`${family}:tokens`, expiresAt)
          // The newest family lives longest, so the index expires with it.
          .sadd(userFamiliesKey(userId), familyId)
          .pexpireat(userFamiliesKey(userId), expiresAt)
          .exec()
          .then(throwOnFailedCommand);
        return { token, expiresAt };
      }),

    rotate: (token) => {
      if (!TOKEN_SHAPE.test(token)) return Promise.resolve({ kind: 'invalid' });
      return unavailableOnRedisError(async () => {
        const successor = newToken();
        const successorHash = hashRefreshToken(successor);
        const answer = (await redis.eval(
          ROTATE_LUA,
          1,
          tokenKey(hashRefreshToken(token)),
          String(now()),
          String(options.reuseGraceMs),
          successorHash,
          KEY_PREFIX,
        )) as string[];
        const [kind, userId, expiresAt] = answer;
        switch (kind) {
          case 'rotated':
            return { kind, userId, successor: { token: successor, expiresAt: Number(expiresAt) } };
          case 'grace':
          case 'reused':
            return { kind, userId };
          default:
            return { kind: 'invalid' };
        }
      });
    },

    revoke: async (token) => {
      if (!TOKEN_SHAPE.test(token)) return;
      await unavailableOnRedisError(() => redis.eval(REVOKE_LUA, 1, tokenKey(hashRefreshToken(token)), KEY_PREFIX));
    },

    revokeAllOfUser: async (userId) => {
      await unavailableOnRedisError(() => redis.eval(REVOKE_USER_LUA, 1, userFamiliesKey(userId), KEY_PREFIX));
    },

    async ping() {
      await redis.ping();
    },
  };
}

function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

function throwOnFailedCommand(results: Array<[Error | null, unknown]> | null): void {
  if (!results) throw new Error('redis transaction aborted');
  const failed = results.find(([error]) => error);
  if (failed) throw failed[0];
}
