// Looks at the session keys in real Redis, to prove what revocation leaves behind.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { testRedisUrl } from '@tripcost/shared/testing';

export function createClient() {
  const redis = new Redis(testRedisUrl());
  return {
    async familyKeysOf(refreshToken: string): Promise<string[]> {
      const tokenKey = `auth:rt:${createHash('sha256').update(refreshToken).digest('hex')}`;
      const familyId = await redis.hget(tokenKey, 'familyId');
      return familyId ? [tokenKey, `auth:family:${familyId}`, `auth:family:${familyId}:tokens`] : [];
    },
    exists: (key: string) => redis.exists(key),
    quit: () => void redis.quit(),
  };
}
