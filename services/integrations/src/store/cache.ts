// Cache-aside in Redis for upstream answers (docs/architecture.md §6). Per-kind TTLs with jitter
// so entries written together do not expire together; identical concurrent misses in
// this process share one load (and one Redis read); failures are remembered for a
// short while so a failing provider is not hammered; and when Redis is unreachable
// every read and write is skipped at once (the client fails fast) and the answer
// comes from upstream, with a warning in the log.
import { createHash } from 'node:crypto';
import { AppError, type Logger, type Redis } from '@tripcost/shared';

export interface CacheKind {
  /** Part of the Redis key, e.g. 'weather'. */
  name: string;
  ttlSeconds: number;
  /** Entries above this size are served but not stored. */
  maxBytes?: number;
}

export const CACHE_KINDS = {
  weather: { name: 'weather', ttlSeconds: 10 * 60 },
  /** A forecast changes a few times a day. */
  windowForecast: { name: 'window-forecast', ttlSeconds: 3600 },
  /** Ten-year means for past calendar days do not change. */
  windowTypical: { name: 'window-typical', ttlSeconds: 30 * 24 * 3600 },
  autocomplete: { name: 'autocomplete', ttlSeconds: 24 * 3600 },
  placeDetails: { name: 'place-details', ttlSeconds: 24 * 3600 },
  photo: { name: 'photo', ttlSeconds: 7 * 24 * 3600, maxBytes: 2 * 1024 * 1024 },
  suggestions: { name: 'suggestions', ttlSeconds: 7 * 24 * 3600 },
} satisfies Record<string, CacheKind>;

/** How a value is stored: JSON for answers, raw bytes with their content type for photos. */
export interface Codec<T> {
  encode(value: T): Buffer;
  decode(stored: Buffer): T;
}

export const jsonCodec = <T>(): Codec<T> => ({
  encode: (value) => Buffer.from(JSON.stringify(value)),
  decode: (stored) => JSON.parse(stored.toString('utf8')) as T,
});

export interface Binary {
  contentType: string;
  body: Buffer;
}

export const binaryCodec: Codec<Binary> = {
  // '<content type>\n<bytes>': one GET returns both, no base64 inflation.
  encode: ({ contentType, body }) => Buffer.concat([Buffer.from(`${contentType}\n`), body]),
  decode: (stored) => {
    const newline = stored.indexOf(0x0a);
    return { contentType: stored.subarray(0, newline).toString('latin1'), body: stored.subarray(newline + 1) };
  },
};

export interface Cache {
  /** The cached value, or undefined (also when Redis is down or holds a remembered failure). */
  peek<T>(kind: CacheKind, keyParts: string[], codec: Codec<T>): Promise<T | undefined>;
  /** The cached value, else `load()` once per process for concurrent callers, stored for the kind's TTL. */
  getOrLoad<T>(kind: CacheKind, keyParts: string[], codec: Codec<T>, load: () => Promise<T>): Promise<T>;
  /** Resolves when every write started so far has finished (stored or failed): tests wait on it. */
  settled(): Promise<void>;
}

export interface CacheOptions {
  redis: Redis;
  logger: Logger;
  keyPrefix?: string;
  /** How long a failed load is remembered. */
  failureTtlSeconds?: number;
  /** TTLs are shortened by up to this fraction at random. */
  ttlJitter?: number;
}

const VALUE_MARK = 0x56; // 'V'
const FAILURE_MARK = 0x45; // 'E'
/** Failures worth remembering: the provider's answer would be the same a second later. */
const REMEMBERED_FAILURES = new Set([404, 502, 503, 504]);
const REDIS_WARNING_INTERVAL_MS = 10_000;

export function createCache(options: CacheOptions): Cache {
  const { redis, logger } = options;
  const keyPrefix = options.keyPrefix ?? 'integrations:cache';
  const failureTtlSeconds = options.failureTtlSeconds ?? 30;
  const ttlJitter = options.ttlJitter ?? 0.1;
  const inFlight = new Map<string, Promise<unknown>>();
  const pendingWrites = new Set<Promise<unknown>>();
  let lastRedisWarning = 0;

  const warnRedis = (error: unknown, operation: string) => {
    const now = Date.now();
    if (now - lastRedisWarning < REDIS_WARNING_INTERVAL_MS) return;
    lastRedisWarning = now;
    logger.warn({ err: error, operation }, 'cache unavailable; answering from upstream');
  };

  const keyOf = (kind: CacheKind, keyParts: string[]) => {
    const joined = keyParts.join('|');
    // Long inputs (place ids, photo names) are hashed so keys stay short and bounded.
    const suffix = joined.length > 120 ? createHash('sha256').update(joined).digest('base64url') : joined;
    return `${keyPrefix}:${kind.name}:${suffix}`;
  };

  const read = async (key: string): Promise<Buffer | undefined> => {
    try {
      return (await redis.getBuffer(key)) ?? undefined;
    } catch (error) {
      warnRedis(error, 'read');
      return undefined;
    }
  };

  /** Writes never delay an answer: they run after it, and a failure is only logged. */
  const write = (key: string, stored: Buffer, ttlSeconds: number) => {
    const seconds = Math.max(1, Math.round(ttlSeconds * (1 - Math.random() * ttlJitter)));
    const writing = redis
      .set(key, stored, 'EX', seconds)
      .catch((error: unknown) => warnRedis(error, 'write'))
      .finally(() => pendingWrites.delete(writing));
    pendingWrites.add(writing);
  };

  return {
    async settled() {
      while (pendingWrites.size > 0) await Promise.all(pendingWrites);
    },

    async peek(kind, keyParts, codec) {
      const stored = await read(keyOf(kind, keyParts));
      if (!stored || stored[0] !== VALUE_MARK) return undefined;
      return decodeOrUndefined(codec, stored);
    },

    getOrLoad<T>(kind: CacheKind, keyParts: string[], codec: Codec<T>, load: () => Promise<T>): Promise<T> {
      const key = keyOf(kind, keyParts);
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<T>;
      const loading = (async () => {
        const stored = await read(key);
        if (stored?.[0] === VALUE_MARK) {
          const value = decodeOrUndefined(codec, stored);
          if (value !== undefined) return value;
        }
        if (stored?.[0] === FAILURE_MARK) {
          const failure = decodeOrUndefined(jsonCodec<{ status: number; msg: string; code?: string }>(), stored);
          if (failure) throw new AppError(failure.status, failure.msg, failure.code);
        }
        let value: T;
        try {
          value = await load();
        } catch (error) {
          if (error instanceof AppError && REMEMBERED_FAILURES.has(error.status)) {
            const failure = { status: error.status, msg: error.message, code: error.code };
            write(
              key,
              Buffer.concat([Buffer.of(FAILURE_MARK), Buffer.from(JSON.stringify(failure))]),
              failureTtlSeconds,
            );
          }
          throw error;
        }
        const encoded = codec.encode(value);
        if (kind.maxBytes === undefined || encoded.length <= kind.maxBytes) {
          write(key, Buffer.concat([Buffer.of(VALUE_MARK), encoded]), kind.ttlSeconds);
        }
        return value;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, loading);
      return loading;
    },
  };
}

/** A corrupt entry (an old format, a manual edit) counts as a miss, never as an error. */
function decodeOrUndefined<T>(codec: Codec<T>, stored: Buffer): T | undefined {
  try {
    return codec.decode(stored.subarray(1));
  } catch {
    return undefined;
  }
}
