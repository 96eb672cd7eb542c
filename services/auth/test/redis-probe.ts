// Looks at the session keys in real Redis, to prove what revocation leaves behind.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { refreshSessionKeyPrefix } from '@tripcost/shared';
import { testRedisUrl } from '@tripcost/shared/testing';

/** `queuePrefix`: the QUEUE_PREFIX auth was started with (session keys live under it). */
export function createClient(queuePrefix: string) {
  const redis = new Redis(testRedisUrl());
  const prefix = refreshSessionKeyPrefix(queuePrefix);
  return {
    prefix,
    async familyKeysOf(refreshToken: string): Promise<string[]> {
      const tokenKey = `${prefix}rt:${createHash('sha256').update(refreshToken).digest('hex')}`;
      const familyId = await redis.hget(tokenKey, 'familyId');
      return familyId ? [tokenKey, `${prefix}family:${familyId}`, `${prefix}family:${familyId}:tokens`] : [];
    },
    exists: (key: string) => redis.exists(key),
    quit: () => void redis.quit(),
  };
}
