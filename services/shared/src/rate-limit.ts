// The one rate limiter: fixed windows counted in Redis, so every replica of a
// service (or of the gateway) shares one count. The Redis side is
// rate-limiter-flexible's: one Lua script per check, auto-pipelined by ioredis.
//
// Two ways to count (docs/adr/0015-one-rate-limiter.md):
// - `consume` / `peek` ask Redis on every call. For rare, exact limits (failed
//   logins, paid suggestions). While Redis is unreachable an in-process insurance
//   limiter counts instead, so an outage neither blocks users nor lifts the limit.
// - `hitNow` counts in this process and answers at once; the counts are pushed to
//   Redis in one batch every `syncEveryMs`, which brings back what the other
//   replicas counted. For limits checked on every request (the gateway's per-IP
//   limit), where a Redis round trip per request was measurably the largest cost.
//   Across N replicas a key may exceed its limit by at most what N-1 replicas see in
//   one sync interval; within one replica the limit is exact.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from './logger';
import type { Redis } from './redis';

export interface RateLimitWindow {
  /** Uses counted in the current window, including this one. */
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

export interface RateLimiterOptions {
  redis: Redis;
  logger: Logger;
  /** Key prefix in Redis, e.g. 'tripcost:rl:ip'. */
  name: string;
  /** Uses allowed per window; `consume` refuses the use after this many. */
  limit: number;
  /** Window length; whole seconds (rate-limiter-flexible keeps windows in seconds). */
  windowMs: number;
  /** Batch period of `hitNow`; default 100 ms. */
  syncEveryMs?: number;
}

export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Counts `by` uses (default 1) in Redis; `allowed` is false once the count passes the limit. */
  consume(key: string, by?: number): Promise<RateLimitWindow & { allowed: boolean }>;
  /** The key's window without counting. */
  peek(key: string): Promise<RateLimitWindow>;
  /**
   * Counts `by` uses in this process and returns the count of the current window:
   * what every replica had counted at the last sync plus what this one counted since.
   * No I/O, no allocation for a known key.
   */
  hitNow(key: string, by?: number): number;
  /** The window `hitNow` counts in (for RateLimit headers). */
  windowNow(key: string): RateLimitWindow;
  /** Stops the sync timer after pushing what is still pending. */
  close(): Promise<void>;
}

interface LocalCount {
  /** Count of the window as Redis last reported it (every replica's uses). */
  synced: number;
  /** Counted here and being pushed right now. */
  sending: number;
  /** Counted here since the last push. */
  pending: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { redis, logger, name, limit, windowMs } = options;
  const duration = Math.max(1, Math.round(windowMs / 1000));
  const store = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: name,
    points: limit,
    duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: limit, duration }),
  });
  // The batch pushes counts without an insurance limiter: if Redis is away, the
  // local count simply keeps going on its own.
  const batchStore = new RateLimiterRedis({ storeClient: redis, keyPrefix: name, points: limit, duration });
  const health = storeHealth(logger, name);
  const counts = localCounts(batchStore, health, windowMs, options.syncEveryMs ?? 100);

  return {
    limit,
    windowMs,
    async consume(key, by = 1) {
      try {
        const res = await store.consume(key, by);
        health.ok();
        return { allowed: true, count: res.consumedPoints, resetMs: res.msBeforeNext };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, count: rejection.consumedPoints, resetMs: rejection.msBeforeNext };
        }
        // Only reached when the insurance limiter itself failed: let the use through.
        health.failed(rejection);
        return { allowed: true, count: 0, resetMs: windowMs };
      }
    },
    async peek(key) {
      try {
        const res = await store.get(key);
        return res ? { count: res.consumedPoints, resetMs: Math.max(res.msBeforeNext, 0) } : { count: 0, resetMs: 0 };
      } catch (error) {
        health.failed(error);
        return { count: 0, resetMs: 0 };
      }
    },
    ...counts,
  };
}

/** One warning when the store becomes unavailable, and another only after it worked again. */
function storeHealth(logger: Logger, name: string) {
  let warned = false;
  return {
    failed(error: unknown) {
      if (!warned) logger.warn({ err: error, limiter: name }, 'rate limit store unavailable; counting in this process');
      warned = true;
    },
    ok() {
      warned = false;
    },
  };
}

/**
 * `hitNow`'s counting: in this process at once, pushed to Redis in batches every
 * `syncEveryMs` (each push answers every replica's count of the window so far).
 */
function localCounts(
  batchStore: RateLimiterRedis,
  health: ReturnType<typeof storeHealth>,
  windowMs: number,
  syncEveryMs: number,
): Pick<RateLimiter, 'hitNow' | 'windowNow' | 'close'> {
  const local = new Map<string, LocalCount>();
  let syncing: Promise<void> | undefined;

  async function sync(): Promise<void> {
    const now = Date.now();
    const pushes: Array<Promise<void>> = [];
    for (const [key, entry] of local) {
      if (entry.pending === 0) {
        // Forget idle keys once their window is over, so the map stays small.
        if (entry.sending === 0 && entry.resetAt <= now) local.delete(key);
        continue;
      }
      const points = entry.pending;
      entry.sending += points;
      entry.pending = 0;
      pushes.push(
        batchStore.penalty(key, points).then(
          (res) => {
            entry.sending -= points;
            entry.synced = res.consumedPoints;
            entry.resetAt = Date.now() + res.msBeforeNext;
            health.ok();
          },
          (error: unknown) => {
            entry.sending -= points;
            entry.synced += points;
            health.failed(error);
          },
        ),
      );
    }
    await Promise.all(pushes);
  }

  // Started by the first `hitNow`, so limiters used only through `consume` keep no timer.
  let timer: NodeJS.Timeout | undefined;
  const startSyncing = () => {
    timer = setInterval(() => {
      syncing ??= sync().finally(() => {
        syncing = undefined;
      });
    }, syncEveryMs);
    timer.unref();
  };

  const entryFor = (key: string, now: number): LocalCount => {
    let entry = local.get(key);
    if (entry === undefined) {
      entry = { synced: 0, sending: 0, pending: 0, resetAt: now + windowMs };
      local.set(key, entry);
    } else if (entry.resetAt <= now) {
      entry.synced = 0;
      entry.resetAt = now + windowMs;
    }
    return entry;
  };

  return {
    hitNow(key, by = 1) {
      if (timer === undefined) startSyncing();
      const entry = entryFor(key, Date.now());
      entry.pending += by;
      return entry.synced + entry.sending + entry.pending;
    },
    windowNow(key) {
      const now = Date.now();
      const entry = entryFor(key, now);
      return { count: entry.synced + entry.sending + entry.pending, resetMs: Math.max(entry.resetAt - now, 0) };
    },
    async close() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await syncing;
      await sync();
    },
  };
}

/** IETF draft-8 RateLimit headers, so clients can see how close they are to a limit. */
export function rateLimitHeaders(
  policy: string,
  limit: number,
  windowMs: number,
  window: RateLimitWindow,
): Record<string, string> {
  const resetSeconds = Math.ceil(window.resetMs / 1000);
  return {
    'ratelimit-policy': `"${policy}";q=${limit};w=${Math.round(windowMs / 1000)}`,
    ratelimit: `"${policy}";r=${Math.max(limit - window.count, 0)};t=${resetSeconds}`,
    'retry-after': String(resetSeconds),
  };
}
