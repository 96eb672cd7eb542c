// Cache-aside in Redis for upstream answers (docs/architecture.md §6). Per-kind TTLs with jitter
// so entries written together do not expire together; identical concurrent misses in
// this process share one load (and one Redis read); failures are remembered for a
// short while so a failing provider is not hammered; and when Redis is unreachable
// every read and write is skipped at once (the client fails fast) and the answer
// comes from upstream, with a warning in the log.
import { createHash } from 'node:crypto';
import { AppError, type Logger, type Redis } from '@tripcost/shared';
import {
  binaryCodec,
  CACHE_KINDS,
  jsonCodec,
  type Binary,
  type Cache,
  type CacheKind,
  type Codec,
} from '../domain/cache';

export { binaryCodec, CACHE_KINDS, jsonCodec, type Binary, type Cache, type CacheKind, type Codec };

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
    const writing = (ttlSeconds === 0 ? redis.set(key, stored) : redis.set(key, stored, 'EX', seconds))
      .catch((error: unknown) => warnRedis(error, 'write'))
      .finally(() => pendingWrites.delete(writing));
    pendingWrites.add(writing);
    return writing;
  };

  return {
    async settled() {
      while (pendingWrites.size > 0) await Promise.all(pendingWrites);
    },

    put(kind, keyParts, codec, value) {
      write(keyOf(kind, keyParts), Buffer.concat([Buffer.of(VALUE_MARK), codec.encode(value)]), kind.ttlSeconds);
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
      // What the load wrote: the load stays shared until it is in Redis, or a request
      // arriving between the answer and the write would read a miss and load again.
      let written: Promise<unknown> | undefined;
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
            written = write(
              key,
              Buffer.concat([Buffer.of(FAILURE_MARK), Buffer.from(JSON.stringify(failure))]),
              failureTtlSeconds,
            );
          }
          throw error;
        }
        const encoded = codec.encode(value);
        if (kind.maxBytes === undefined || encoded.length <= kind.maxBytes) {
          written = write(key, Buffer.concat([Buffer.of(VALUE_MARK), encoded]), kind.ttlSeconds);
        }
        return value;
      })();
      inFlight.set(key, loading);
      const forget = () => {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      };
      void loading
        .then(
          () => written,
          () => written,
        )
        .then(forget, forget);
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
