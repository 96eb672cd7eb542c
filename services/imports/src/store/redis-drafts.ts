// Drafts live in Redis, each under its own key with a 24 h expiry, and each user's
// draft ids in a set (for user.deleted and the account export). Nothing of an import
// outlives its day, so the service keeps no database (deployables.json: store false).
// Redis not answering is the service being unavailable (503 {msg}), not a bug (500).
import { serviceUnavailable, type Redis } from '@tripcost/shared';
import type { Draft, DraftStore } from '../domain/imports';

export const DRAFTS_UNAVAILABLE = 'Imports are unavailable right now. Please try again in a moment.';

/** Runs one store operation; a Redis failure (down, timed out) becomes 503 drafts_unavailable. */
async function answered<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch {
    throw serviceUnavailable(DRAFTS_UNAVAILABLE, 'drafts_unavailable');
  }
}

export function redisDraftStore(redis: Redis, prefix: string): DraftStore {
  const draftKey = (id: string) => `${prefix}:imports:draft:${id}`;
  const userKey = (userId: string) => `${prefix}:imports:user:${userId}`;
  const parse = (text: string | null) => (text ? (JSON.parse(text) as Draft) : null);

  return {
    save: (draft, ttlSeconds) =>
      answered(async () => {
        const results = await redis
          .multi()
          .set(draftKey(draft._id), JSON.stringify(draft), 'EX', ttlSeconds)
          .sadd(userKey(draft.user_id), draft._id)
          .expire(userKey(draft.user_id), ttlSeconds)
          .exec();
        // A transaction Redis refused reports its errors in its results, not by throwing.
        if (!results || results.some(([error]) => error)) throw new Error('draft not saved');
      }),
    find: (draftId) => answered(async () => parse(await redis.get(draftKey(draftId)))),
    listOfUser: (userId) =>
      answered(async () => {
        const ids = await redis.smembers(userKey(userId));
        if (ids.length === 0) return [];
        const drafts = (await redis.mget(ids.map(draftKey))).map(parse);
        return drafts.filter((draft): draft is Draft => draft !== null);
      }),
    removeAllOfUser: (userId) =>
      answered(async () => {
        const ids = await redis.smembers(userKey(userId));
        if (ids.length === 0) return 0;
        const removed = await redis.del(...ids.map(draftKey));
        await redis.del(userKey(userId));
        return removed;
      }),
  };
}
