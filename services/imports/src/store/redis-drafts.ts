// Drafts live in Redis, each under its own key with a 24 h expiry, and each user's
// draft ids in a set (for user.deleted and the account export). Nothing of an import
// outlives its day, so the service keeps no database (deployables.json: store false).
import type { Redis } from '@tripcost/shared';
import type { Draft, DraftStore } from '../domain/imports';

export function redisDraftStore(redis: Redis, prefix: string): DraftStore {
  const draftKey = (id: string) => `${prefix}:imports:draft:${id}`;
  const userKey = (userId: string) => `${prefix}:imports:user:${userId}`;
  const parse = (text: string | null) => (text ? (JSON.parse(text) as Draft) : null);

  return {
    async save(draft, ttlSeconds) {
      await redis
        .multi()
        .set(draftKey(draft._id), JSON.stringify(draft), 'EX', ttlSeconds)
        .sadd(userKey(draft.user_id), draft._id)
        .expire(userKey(draft.user_id), ttlSeconds)
        .exec();
    },
    async find(draftId) {
      return parse(await redis.get(draftKey(draftId)));
    },
    async listOfUser(userId) {
      const ids = await redis.smembers(userKey(userId));
      if (ids.length === 0) return [];
      const drafts = (await redis.mget(ids.map(draftKey))).map(parse);
      return drafts.filter((draft): draft is Draft => draft !== null);
    },
    async removeAllOfUser(userId) {
      const ids = await redis.smembers(userKey(userId));
      if (ids.length === 0) return 0;
      const removed = await redis.del(...ids.map(draftKey));
      await redis.del(userKey(userId));
      return removed;
    },
  };
}
