// The open-stream counts port (domain/live-updates.ts) on Redis, shared by every trips
// replica: one sorted set per user, `<prefix>:trips:live-streams:<userId>`, whose
// members are `<tripId>:<streamId>` scored with the time (Redis's clock, so replicas'
// clocks do not matter) until which each is counted. Admitting drops the lapsed ones
// first — a replica that died without releasing its streams stops counting them after
// one lease — then counts and adds in one script, so two replicas admitting at the same
// moment cannot both take the last place.
import type { Redis } from '@tripcost/shared';
import type { Admission, OpenStream, StreamCounts } from '../domain/live-updates';

/** How long a stream stays counted without renewal: a dead replica's streams count no longer. */
export const STREAM_LEASE_MS = 30_000;

/** ARGV: member, its trip's prefix, per-trip limit, per-user limit, lease (ms). */
const ADMIT_LUA = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local open = redis.call('ZRANGE', KEYS[1], 0, -1)
if #open >= tonumber(ARGV[4]) then return 'user-full' end
local onTrip = 0
for _, member in ipairs(open) do
  if string.sub(member, 1, #ARGV[2]) == ARGV[2] then onTrip = onTrip + 1 end
end
if onTrip >= tonumber(ARGV[3]) then return 'trip-full' end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[5]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[5]) * 2)
return 'admitted'`;

/** ARGV: lease (ms), then members. XX: a stream released meanwhile is not brought back. */
const RENEW_LUA = `
local time = redis.call('TIME')
local expires = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', expires, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 2)
return 0`;

export function redisStreamCounts(deps: { redis: Redis; prefix: string; leaseMs?: number }): StreamCounts {
  const { redis } = deps;
  const leaseMs = deps.leaseMs ?? STREAM_LEASE_MS;
  const keyOf = (userId: string) => `${deps.prefix}:trips:live-streams:${userId}`;
  const memberOf = (stream: OpenStream) => `${stream.tripId}:${stream.id}`;

  return {
    leaseMs,

    async admit(stream, limits) {
      return (await redis.eval(
        ADMIT_LUA,
        1,
        keyOf(stream.userId),
        memberOf(stream),
        `${stream.tripId}:`,
        String(limits.perTrip),
        String(limits.perUser),
        String(leaseMs),
      )) as Admission;
    },

    async renew(streams) {
      const byUser = new Map<string, string[]>();
      for (const stream of streams) {
        const members = byUser.get(stream.userId) ?? [];
        members.push(memberOf(stream));
        byUser.set(stream.userId, members);
      }
      const batch = redis.pipeline();
      for (const [userId, members] of byUser) batch.eval(RENEW_LUA, 1, keyOf(userId), String(leaseMs), ...members);
      const answers = (await batch.exec()) ?? [];
      const failed = answers.find(([error]) => error);
      if (failed) throw failed[0];
    },

    async release(stream) {
      await redis.zrem(keyOf(stream.userId), memberOf(stream));
    },
  };
}
