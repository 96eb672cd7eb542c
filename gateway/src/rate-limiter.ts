// Fixed-window counters in Redis, shared by every gateway replica. One Lua call per
// check (INCR, and PEXPIRE on the first hit), auto-pipelined, so 50 concurrent
// requests cost one round trip. If Redis is unreachable the limiter fails open:
// an outage of the limiter must not become an outage of the product.
import type { Logger, Redis } from '@tripcost/shared';

const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export interface Window {
  count: number;
  resetMs: number;
}

export interface RateLimiter {
  /** Adds `by` (default 1) to the key's window; undefined when Redis did not answer. */
  hit(key: string, windowMs: number, by?: number): Promise<Window | undefined>;
  /** Reads the window without counting. */
  peek(key: string): Promise<Window | undefined>;
}

type ScriptedRedis = Redis & {
  tripcostRateHit(key: string, windowMs: number, by: number): Promise<[number, number]>;
};

export function createRateLimiter(redis: Redis, logger: Logger, prefix = 'tripcost:rl:'): RateLimiter {
  redis.defineCommand('tripcostRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const scripted = redis as ScriptedRedis;
  let warned = false;
  const failOpen = (error: unknown) => {
    if (!warned) logger.warn({ err: error }, 'rate limiter unavailable; requests are not limited');
    warned = true;
    return undefined;
  };
  return {
    async hit(key, windowMs, by = 1) {
      try {
        const [count, ttl] = await scripted.tripcostRateHit(`${prefix}${key}`, windowMs, by);
        warned = false;
        return { count, resetMs: ttl };
      } catch (error) {
        return failOpen(error);
      }
    },
    async peek(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(`${prefix}${key}`), redis.pttl(`${prefix}${key}`)]);
        return { count: Number(count ?? 0), resetMs: Math.max(ttl, 0) };
      } catch (error) {
        return failOpen(error);
      }
    },
  };
}

/** IETF draft-8 RateLimit headers, so clients can see how close they are to a limit. */
export function rateLimitHeaders(
  name: string,
  limit: number,
  windowMs: number,
  window: Window,
): Record<string, string> {
  const resetSeconds = Math.ceil(window.resetMs / 1000);
  return {
    'ratelimit-policy': `"${name}";q=${limit};w=${Math.round(windowMs / 1000)}`,
    ratelimit: `"${name}";r=${Math.max(limit - window.count, 0)};t=${resetSeconds}`,
    'retry-after': String(resetSeconds),
  };
}
