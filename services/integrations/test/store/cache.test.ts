import { AppError, createRequestRedis, type Redis } from '@tripcost/shared';
import { silentLogger, testRedisUrl, uniqueSuffix } from '@tripcost/shared/testing';
import { binaryCodec, createCache, jsonCodec, type CacheKind } from '../../src/store/cache';

describe('cache', () => {
  let redis: Redis;
  const kind: CacheKind = { name: 'thing', ttlSeconds: 1000, maxBytes: 64 };
  const newCache = () => {
    const keyPrefix = `test-${uniqueSuffix()}:cache`;
    return { keyPrefix, cache: createCache({ redis, logger: silentLogger(), keyPrefix }) };
  };

  beforeAll(async () => {
    redis = createRequestRedis(testRedisUrl(), silentLogger());
    await redis.ping().catch(() => new Promise((resolve) => redis.once('ready', resolve)));
  });
  afterAll(() => redis.quit());

  it('when a value is stored, then its TTL is the kind’s TTL shortened by at most 10 %', async () => {
    const { cache, keyPrefix } = newCache();
    await cache.getOrLoad(kind, ['a'], jsonCodec<number>(), async () => 1);
    await cache.settled(); // writes run after the answer
    const ttl = await redis.ttl(`${keyPrefix}:thing:a`);
    expect(ttl).toBeGreaterThanOrEqual(900);
    expect(ttl).toBeLessThanOrEqual(1000);
  });

  it('when a load fails with an upstream error, then it is remembered for about 30 s; a 400 is not', async () => {
    const { cache, keyPrefix } = newCache();
    const failing = () => Promise.reject(new AppError(504, 'slow', 'upstream_timeout'));
    await expect(cache.getOrLoad(kind, ['b'], jsonCodec<number>(), failing)).rejects.toMatchObject({ status: 504 });
    await cache.settled(); // writes run after the answer
    const ttl = await redis.ttl(`${keyPrefix}:thing:b`);
    expect(ttl).toBeGreaterThan(20);
    expect(ttl).toBeLessThanOrEqual(30);
    let loads = 0;
    await expect(cache.getOrLoad(kind, ['b'], jsonCodec<number>(), async () => ++loads)).rejects.toMatchObject({
      status: 504,
      message: 'slow',
    });
    expect(loads).toBe(0);
    await expect(
      cache.getOrLoad(kind, ['c'], jsonCodec<number>(), () => Promise.reject(new AppError(400, 'bad'))),
    ).rejects.toThrow('bad');
    await cache.settled(); // writes run after the answer
    expect(await redis.exists(`${keyPrefix}:thing:c`)).toBe(0);
  });

  it('when a request arrives after a load answered but before its value reached Redis, then it shares that load', async () => {
    // A Redis whose writes take 200 ms: the answer goes out at once, the value lands later.
    const slowWrites = new Proxy(redis, {
      get(target, name, receiver) {
        if (name !== 'set') return Reflect.get(target, name, receiver);
        const set = target.set.bind(target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => new Promise((resolve) => setTimeout(resolve, 200)).then(() => set(...args));
      },
    });
    const cache = createCache({ redis: slowWrites, logger: silentLogger(), keyPrefix: `test-${uniqueSuffix()}:cache` });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad(kind, ['f'], jsonCodec<number>(), load)).toBe(1);
    expect(await cache.getOrLoad(kind, ['f'], jsonCodec<number>(), load)).toBe(1);
    await cache.settled();
    expect(await cache.getOrLoad(kind, ['f'], jsonCodec<number>(), load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('when an entry is corrupt, then it counts as a miss and is replaced', async () => {
    const { cache, keyPrefix } = newCache();
    await redis.set(`${keyPrefix}:thing:d`, 'V{not json');
    expect(await cache.getOrLoad(kind, ['d'], jsonCodec<number>(), async () => 7)).toBe(7);
    await cache.settled(); // writes run after the answer
    expect(await cache.peek(kind, ['d'], jsonCodec<number>())).toBe(7);
  });

  it('when binary values are cached, then bytes and content type survive; oversized ones are served but not stored', async () => {
    const { cache } = newCache();
    const small = { contentType: 'image/png', body: Buffer.from([0, 10, 255, 13, 10]) };
    await cache.getOrLoad(kind, ['e'], binaryCodec, async () => small);
    await cache.settled(); // writes run after the answer
    expect(await cache.peek(kind, ['e'], binaryCodec)).toEqual(small);
    const big = { contentType: 'image/png', body: Buffer.alloc(100, 1) };
    expect(await cache.getOrLoad(kind, ['f'], binaryCodec, async () => big)).toEqual(big);
    await cache.settled(); // writes run after the answer
    expect(await cache.peek(kind, ['f'], binaryCodec)).toBeUndefined();
  });

  it('when keys are long, then they are hashed to a bounded length', async () => {
    const { cache, keyPrefix } = newCache();
    await cache.getOrLoad(kind, ['x'.repeat(5000)], jsonCodec<number>(), async () => 1);
    await cache.settled(); // writes run after the answer
    const keys = await redis.keys(`${keyPrefix}:thing:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.length).toBeLessThan(keyPrefix.length + 60);
  });
});
