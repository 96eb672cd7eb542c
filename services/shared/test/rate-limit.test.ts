import { randomBytes } from 'node:crypto';
import { closeRedis, createRateLimiter, createRequestRedis, waitForRedis, type RateLimiter, type Redis } from '../src';
import { silentLogger, testRedisUrl } from '../src/testing';

/** Polls until `check` holds, failing after the deadline (no sleeps as synchronisation). */
async function eventually(check: () => Promise<boolean> | boolean, deadlineMs = 5000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met before the deadline');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the shared rate limiter', () => {
  let redis: Redis;
  const opened: RateLimiter[] = [];
  const limiter = (limit: number, name = `test:rl:${randomBytes(4).toString('hex')}`, syncEveryMs = 20) => {
    const made = createRateLimiter({ redis, logger: silentLogger(), name, limit, windowMs: 60_000, syncEveryMs });
    opened.push(made);
    return made;
  };

  beforeAll(async () => {
    redis = createRequestRedis(testRedisUrl(), silentLogger(), 1000, { autoPipelining: true });
    await waitForRedis(redis);
  });
  afterAll(async () => {
    await Promise.all(opened.map((one) => one.close()));
    await closeRedis(redis);
  });

  it('when a key uses up its allowance in Redis, then the next use is refused and other keys are not', async () => {
    const suggestions = limiter(3);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await suggestions.consume('alice')).allowed);
    expect(answers).toEqual([true, true, true, false]);
    expect((await suggestions.consume('bob')).allowed).toBe(true);
    expect((await suggestions.peek('alice')).count).toBe(4);
    expect((await suggestions.peek('nobody')).count).toBe(0);
  });

  it('when counting in process, then the count is exact at once and reaches Redis with the next sync', async () => {
    const name = `test:rl:${randomBytes(4).toString('hex')}`;
    const perIp = limiter(5, name);
    const counts = Array.from({ length: 7 }, () => perIp.hitNow('10.0.0.1'));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await eventually(async () => Number(await redis.get(`${name}:10.0.0.1`)) === 7);
    expect(perIp.windowNow('10.0.0.1').resetMs).toBeGreaterThan(0);
  });

  it('when two replicas count the same key, then each sees the other after a sync', async () => {
    const name = `test:rl:${randomBytes(4).toString('hex')}`;
    const first = limiter(100, name);
    const second = limiter(100, name);
    for (let i = 0; i < 30; i++) first.hitNow('shared');
    for (let i = 0; i < 20; i++) second.hitNow('shared');
    // A key is synced while it is in use, so both keep counting while we wait.
    let firstOwn = 30;
    let secondOwn = 20;
    await eventually(() => {
      const seenByFirst = first.hitNow('shared') - ++firstOwn;
      const seenBySecond = second.hitNow('shared') - ++secondOwn;
      return seenByFirst >= 20 && seenBySecond >= 30;
    });
  });

  it('when Redis is unreachable, then limits still hold, counted in this process', async () => {
    const dead = createRequestRedis('redis://127.0.0.1:1', silentLogger());
    try {
      const options = { redis: dead, logger: silentLogger(), limit: 2, windowMs: 60_000, syncEveryMs: 20 };
      const exact = createRateLimiter({ ...options, name: 'test:rl:dead-exact' });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await exact.consume('alice')).allowed);
      expect(answers).toEqual([true, true, false]);
      const batched = createRateLimiter({ ...options, name: 'test:rl:dead-batched' });
      for (let i = 0; i < 3; i++) batched.hitNow('10.0.0.2');
      await new Promise((resolve) => setImmediate(resolve));
      await batched.close();
      expect(batched.hitNow('10.0.0.2', 0)).toBe(3);
      await exact.close();
    } finally {
      dead.disconnect();
    }
  });
});
