// A fixed-window counter per subject in Redis (INCR + EXPIRE). While Redis is
// unreachable the count is kept in this process instead, so a Redis outage neither
// blocks users nor lifts the limit on calls that cost money.
import type { Logger, Redis } from '@tripcost/shared';

export interface RateLimiter {
  /** Counts one use; false when the subject is over its limit for the current window. */
  consume(subject: string): Promise<boolean>;
}

export function createRateLimiter(options: {
  redis: Redis;
  logger: Logger;
  /** Key prefix of the counters, e.g. 'tripcost:integrations:limit:fun-places'. */
  name: string;
  limit: number;
  windowSeconds: number;
}): RateLimiter {
  const { redis, logger, name, limit, windowSeconds } = options;
  let localWindow = -1;
  const localCounts = new Map<string, number>();

  const countLocally = (subject: string, window: number) => {
    if (window !== localWindow) {
      localCounts.clear();
      localWindow = window;
    }
    const count = (localCounts.get(subject) ?? 0) + 1;
    localCounts.set(subject, count);
    return count;
  };

  return {
    async consume(subject) {
      const window = Math.floor(Date.now() / 1000 / windowSeconds);
      const key = `${name}:${subject}:${window}`;
      let count: number;
      try {
        const results = await redis.multi().incr(key).expire(key, windowSeconds).exec();
        const [incrError, value] = results?.[0] ?? [new Error('no reply')];
        if (incrError) throw incrError;
        count = Number(value);
      } catch (error) {
        logger.warn({ err: error, limiter: name }, 'rate limit store unavailable; counting in this process');
        count = countLocally(subject, window);
      }
      return count <= limit;
    },
  };
}
