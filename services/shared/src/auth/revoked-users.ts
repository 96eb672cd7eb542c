// Users whose access tokens are refused before they expire: a deleted account's
// tokens must stop working at once, not at the end of their 15 minutes. Access
// tokens are verified offline everywhere, so the auth service writes the user id
// into Redis (`<prefix><userId>`, expiring when the last token it could have issued
// has expired) and announces it on a channel in the same MULTI.
//
// Every process keeps a replica of the list in memory, so the check on every
// request costs a map lookup, not a Redis round trip (docs/adr/0022): a subscriber
// connection receives each announcement, and whenever it (re)connects the list is
// read back in full with SCAN. The replica is trusted only while that subscriber is
// connected, has answered a ping in the last few seconds and the last full read
// succeeded; otherwise each check asks Redis for the user's key, as it used to.
//
// When Redis does not answer at all, the check fails open (docs/adr/0018): ids this
// process has already seen revoked stay refused from its memory, anything else is
// let through, and the outage is logged once. Making every request fail while
// Redis is down would turn a cache outage into a product outage.
import type { Logger } from '../logger';
import type { Redis } from '../redis';
import { DEFAULT_QUEUE_PREFIX, revokedUserKeyPrefix } from '../redis-keys';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

/** Under the default QUEUE_PREFIX; processes pass revokedUserKeyPrefix(QUEUE_PREFIX). */
export const REVOKED_USER_KEY_PREFIX = revokedUserKeyPrefix(DEFAULT_QUEUE_PREFIX);

/** Every token issued before the revocation has expired by then (plus clock skew). */
export const REVOCATION_TTL_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;

/** Revocations a replica holds; past this (never seen in practice) it asks Redis per check. */
const MAX_REMEMBERED = 100_000;
/** How often the subscriber must prove it is alive for the replica to be trusted. */
const PING_EVERY_MS = 5_000;
const RESYNC_RETRY_MS = 1_000;

export interface RevokedUsers {
  /** Refuses every token of the user from now on; throws when Redis did not take it. */
  revoke(userId: string): Promise<void>;
  /** true when the user's tokens are refused. Never throws (fails open, see above). */
  isRevoked(userId: string): Promise<boolean>;
  /**
   * Synchronous: what `isRevoked` would answer, when memory alone can say (a revocation
   * remembered, or the replica in sync); undefined when only Redis can.
   */
  revokedNow?(userId: string): boolean | undefined;
  /** Stops following announcements (closes the subscriber connection). */
  close(): Promise<void>;
}

export interface ReplicatedRevokedUsers extends RevokedUsers {
  /** True while checks are answered from memory alone (for tests and diagnostics). */
  inSync(): boolean;
}

const globEscaped = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

export function createRevokedUsers(
  redis: Redis,
  logger: Logger,
  prefix = REVOKED_USER_KEY_PREFIX,
): ReplicatedRevokedUsers {
  const channel = `${prefix}announced`;
  const memory = replicaMemory(logger);
  let generation = 0; // bumped on every subscriber (re)connect; a stale full read is ignored
  let warned = false;
  let closed = false;

  // Subscriber mode allows no other commands, so announcements get their own connection.
  const subscriber = redis.duplicate({
    connectionName: `${prefix}subscriber`,
    autoResubscribe: false,
    enableOfflineQueue: true,
    commandTimeout: 2_000,
  });
  subscriber.on('error', () => {
    // Reported by the request client's watcher; here it only means "not in sync".
    memory.complete = false;
  });
  subscriber.on('close', () => {
    memory.complete = false;
  });
  subscriber.on('message', (from: string, userId: string) => {
    if (from === channel) memory.remember(userId, REVOCATION_TTL_SECONDS * 1000);
  });
  subscriber.on('ready', () => {
    const current = ++generation;
    subscriber
      .subscribe(channel)
      .then(() => readAll(current))
      .catch(() => undefined); // the 'close' that follows starts over
  });

  /** Every revocation in Redis into the replica; announcements after the subscribe are caught by it. */
  async function readAll(current: number): Promise<void> {
    if (closed || current !== generation) return;
    try {
      for (const [userId, ttlMs] of await revocationsIn(redis, prefix)) memory.remember(userId, ttlMs);
      if (current === generation && subscriber.status === 'ready') memory.complete = memory.size < MAX_REMEMBERED;
    } catch {
      setTimeout(() => void readAll(current), RESYNC_RETRY_MS).unref();
    }
  }

  // A connection can die without a close (a partition): an unanswered ping ends
  // trust in the replica and forces a reconnect, which reads the list again.
  const heartbeat = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    subscriber.ping().catch(() => {
      memory.complete = false;
      subscriber.disconnect(true);
    });
  }, PING_EVERY_MS);
  heartbeat.unref();

  async function askRedis(userId: string): Promise<boolean> {
    try {
      const ttlMs = await redis.pttl(`${prefix}${userId}`);
      if (warned) logger.info('revocation list reachable again');
      warned = false;
      if (ttlMs > 0) {
        memory.remember(userId, ttlMs);
        return true;
      }
      return false;
    } catch (error) {
      if (!warned) logger.warn({ err: error }, 'revocation list unavailable; only revocations seen before are refused');
      warned = true;
      return false;
    }
  }

  return {
    async revoke(userId) {
      // One MULTI: a revocation is never stored without being announced, or the reverse.
      const results = await redis
        .multi()
        .set(`${prefix}${userId}`, String(Date.now()), 'EX', REVOCATION_TTL_SECONDS)
        .publish(channel, userId)
        .exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (!results || failed) throw failed ?? new Error('revocation was not stored');
      memory.remember(userId, REVOCATION_TTL_SECONDS * 1000);
    },

    revokedNow(userId) {
      if (memory.has(userId)) return true;
      return memory.complete ? false : undefined;
    },

    isRevoked(userId) {
      if (memory.has(userId)) return Promise.resolve(true);
      if (memory.complete) return Promise.resolve(false);
      return askRedis(userId);
    },

    inSync: () => memory.complete,

    async close() {
      closed = true;
      memory.complete = false;
      clearInterval(heartbeat);
      subscriber.disconnect();
    },
  };
}

/** The in-memory replica: revocations until they expire, and whether it holds every one Redis holds. */
function replicaMemory(logger: Logger) {
  const remembered = new Map<string, number>(); // user id → until (ms)
  const memory = {
    complete: false,
    get size() {
      return remembered.size;
    },
    remember(userId: string, ttlMs: number) {
      if (remembered.size >= MAX_REMEMBERED) {
        const now = Date.now();
        for (const [id, until] of remembered) if (until <= now) remembered.delete(id);
      }
      if (remembered.size >= MAX_REMEMBERED) {
        remembered.delete(remembered.keys().next().value as string);
        if (memory.complete) logger.warn({ max: MAX_REMEMBERED }, 'revocation replica full; asking Redis per request');
        memory.complete = false;
      }
      remembered.set(userId, Date.now() + ttlMs);
    },
    /** Whether the user is remembered as revoked now (an expired entry is forgotten). */
    has(userId: string) {
      const until = remembered.get(userId);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      remembered.delete(userId);
      return false;
    },
  };
  return memory;
}

/** Every revocation stored in Redis under `prefix`: [user id, ms left] (SCAN, then PTTL in one pipeline). */
async function revocationsIn(redis: Redis, prefix: string): Promise<Array<[string, number]>> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${globEscaped(prefix)}*`, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  const ttls = found.length > 0 ? await redis.pipeline(found.map((key) => ['pttl', key])).exec() : [];
  return found
    .map((key, i): [string, number] => [key.slice(prefix.length), Number(ttls?.[i]?.[1])])
    .filter(([, ttl]) => ttl > 0);
}

/** For tests and tools that need no revocation: nobody is ever revoked. */
export const noRevokedUsers: RevokedUsers = {
  revoke: () => Promise.reject(new Error('revocation is not configured here')),
  isRevoked: () => Promise.resolve(false),
  revokedNow: () => false,
  close: () => Promise.resolve(),
};
