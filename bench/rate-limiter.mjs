// The gateway's per-IP check, four ways, side by side in one process against the
// same Redis (auto-pipelined ioredis, as the gateway uses it), 50 checks in flight
// over 50 client IPs, all under the limit (the case of every legitimate request):
//   - hand-written Lua     the gateway's former limiter: one INCRBY/PEXPIRE script per check
//   - rlf Redis            rate-limiter-flexible RateLimiterRedis.consume: one script per check
//   - rlf Redis + block    the same with inMemoryBlockOnConsumed (only skips Redis once a key is over)
//   - shared hitNow        services/shared createRateLimiter: counted in process, synced in batches
// Run: npx tsc -b services/shared && node bench/rate-limiter.mjs [--smoke]   (needs Redis at REDIS_URL)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import shared from '@tripcost/shared';
import { isMain, median, ratio, runAlone } from './lib/table.mjs';

const { createLogger, createRateLimiter, createRequestRedis, waitForRedis, closeRedis } = shared;
const IN_FLIGHT = 50;
const LIMIT = 1_000_000_000;

const HAND_WRITTEN_LUA = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** Checks per second with IN_FLIGHT concurrent callers for `seconds`. */
async function throughput(check, seconds) {
  const ips = Array.from({ length: IN_FLIGHT }, (_, i) => `10.0.${i >> 8}.${i & 255}`);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    ips.map(async (ip) => {
      while (performance.now() < until) {
        await check(ip);
        done++;
      }
    }),
  );
  return done / seconds;
}

export async function run({ smoke, log }) {
  const seconds = smoke ? 0.5 : 2; // the full run stays within 15 minutes
  const rounds = smoke ? 1 : 5;
  const logger = createLogger('bench', 'silent');
  const redis = createRequestRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', logger, 1000, {
    autoPipelining: true,
  });
  await waitForRedis(redis);
  const prefix = `bench:rl:${randomBytes(4).toString('hex')}`;
  redis.defineCommand('benchHandWrittenHit', { numberOfKeys: 1, lua: HAND_WRITTEN_LUA });
  const rlf = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rlf`, points: LIMIT, duration: 60 });
  const rlfBlock = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:rlfb`,
    points: LIMIT,
    duration: 60,
    inMemoryBlockOnConsumed: LIMIT,
  });
  const ours = createRateLimiter({ redis, logger, name: `${prefix}:shared`, limit: LIMIT, windowMs: 60_000 });
  const variants = {
    'hand-written Lua': (ip) => redis.benchHandWrittenHit(`${prefix}:lua:${ip}`, 60_000, 1),
    'rlf Redis': (ip) => rlf.consume(ip),
    'rlf Redis + block': (ip) => rlfBlock.consume(ip),
    'shared hitNow': async (ip) => ours.hitNow(ip) > LIMIT,
  };
  const results = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  try {
    for (const check of Object.values(variants)) await throughput(check, seconds / 2); // warm up
    for (let round = 0; round < rounds; round++) {
      // Rotate the order each round so no variant always runs first (the VM's load drifts).
      const entries = Object.entries(variants);
      for (let i = 0; i < entries.length; i++) {
        const [name, check] = entries[(i + round) % entries.length];
        results[name].push(await throughput(check, seconds));
      }
      log(
        `rate limiter round ${round + 1}: ${Object.entries(results)
          .map(([name, values]) => `${name} ${Math.round(values.at(-1))}/s`)
          .join(', ')}`,
      );
    }
  } finally {
    await ours.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await closeRedis(redis);
  }
  const perSecond = Object.fromEntries(Object.entries(results).map(([name, values]) => [name, median(values)]));
  const fmt = (name) => `${name} ${Math.round(perSecond[name]).toLocaleString('en')}/s`;
  const rlfVsLua = perSecond['rlf Redis'] / perSecond['hand-written Lua'];
  const localVsRedis = perSecond['shared hitNow'] / perSecond['rlf Redis + block'];
  return [
    {
      measure: 'per-IP check, Redis per check: rate-limiter-flexible ÷ hand-written Lua',
      comparison: `${fmt('rlf Redis')} vs ${fmt('hand-written Lua')}`,
      result: ratio(rlfVsLua),
      target: '≥ 0.85× (the library is kept unless ours is clearly faster)',
      pass: smoke ? null : rlfVsLua >= 0.85,
    },
    {
      measure: 'per-IP check: in-process batched ÷ rlf in-memory block',
      comparison: `${fmt('shared hitNow')} vs ${fmt('rlf Redis + block')}`,
      result: ratio(localVsRedis),
      target: '> 1× (no Redis round trip per request)',
      pass: smoke ? null : localVsRedis > 1,
    },
  ];
}

if (isMain(import.meta.url)) await runAlone(run);
