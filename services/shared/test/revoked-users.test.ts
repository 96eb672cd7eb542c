import {
  closeRedis,
  createRequestRedis,
  createRevokedUsers,
  REVOCATION_TTL_SECONDS,
  waitForRedis,
  type Redis,
} from '../src';
import { newId } from '../src/store/ids';
import { silentLogger, testRedisUrl, uniqueSuffix } from '../src/testing';

describe('revoked users (the deny-list of deleted accounts)', () => {
  let redis: Redis;
  const prefix = `test:revoked:${uniqueSuffix()}:`;

  beforeAll(async () => {
    redis = createRequestRedis(testRedisUrl(), silentLogger());
    await waitForRedis(redis);
  });
  afterAll(() => closeRedis(redis));

  it('when a user is revoked, then every process sees it and the entry expires after the longest token lifetime', async () => {
    const userId = newId();
    const writer = createRevokedUsers(redis, silentLogger(), prefix);
    const reader = createRevokedUsers(redis, silentLogger(), prefix);
    expect(await reader.isRevoked(userId)).toBe(false);
    await writer.revoke(userId);
    expect(await reader.isRevoked(userId)).toBe(true);
    expect(await reader.isRevoked(newId())).toBe(false);
    const ttl = await redis.ttl(`${prefix}${userId}`);
    expect(ttl).toBeGreaterThan(REVOCATION_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(REVOCATION_TTL_SECONDS);
  });

  it('when Redis stops answering, then revocations this process has seen still hold and unknown users pass (fail open)', async () => {
    const own = createRequestRedis(testRedisUrl(), silentLogger());
    await waitForRedis(own);
    const revoked = createRevokedUsers(own, silentLogger(), prefix);
    const seen = newId();
    await createRevokedUsers(redis, silentLogger(), prefix).revoke(seen);
    expect(await revoked.isRevoked(seen)).toBe(true);
    own.disconnect();
    expect(await revoked.isRevoked(seen)).toBe(true);
    expect(await revoked.isRevoked(newId())).toBe(false);
  });
});
