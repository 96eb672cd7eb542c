// Redis connections. Request paths use a fail-fast client (no offline queue, short
// command timeout) so a Redis outage costs milliseconds, not seconds; BullMQ
// workers need `maxRetriesPerRequest: null` and wait for Redis instead.
import type { RedisOptions as BullRedisOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger';

export type { Redis };

export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

/** A client for request paths: commands fail fast while Redis is unreachable. */
export function createRequestRedis(
  url: string,
  logger: Logger,
  commandTimeoutMs = 250,
  options: { autoPipelining?: boolean } = {},
): Redis {
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    // Batches commands issued in the same tick into one write: under load, many
    // concurrent requests' rate-limit checks cost one round trip.
    enableAutoPipelining: options.autoPipelining ?? false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  watch(client, logger, 'redis');
  return client;
}

/**
 * A client for blocking reads (XREAD BLOCK): no command timeout (a read waits as long
 * as it was asked to), and commands wait across reconnects instead of failing.
 */
export function createBlockingRedis(url: string, logger: Logger, name: string): Redis {
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    maxRetriesPerRequest: null,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  watch(client, logger, name);
  return client;
}

/** Options for BullMQ queues and workers (they must retry forever, never fail fast). */
export function bullConnectionOptions(url: string): BullRedisOptions {
  const { host, port, username, password, db, tls } = redisOptionsFromUrl(url);
  return { host, port, username, password, db, tls, maxRetriesPerRequest: null, enableReadyCheck: true };
}

function watch(client: Redis, logger: Logger, name: string) {
  let down = false;
  client.on('error', (error) => {
    if (!down) logger.warn({ err: error, connection: name }, 'redis unavailable');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info({ connection: name }, 'redis reachable again');
    down = false;
  });
}

/** Waits until the client is ready, or fails after `timeoutMs`. */
export async function waitForRedis(client: Redis, timeoutMs = 5000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
    };
    client.on('ready', onReady);
  });
}

export async function pingRedis(client: Redis): Promise<void> {
  const answer = await client.ping();
  if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`);
}

/**
 * Closes a client whatever its state: QUIT when connected (pending replies arrive
 * first), otherwise just disconnect — a fail-fast client that never connected would
 * refuse QUIT and keep reconnecting.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
