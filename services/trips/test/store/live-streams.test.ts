// The open-stream counts on a real Redis: what a traveller with many tabs notices is
// which stream is refused. Two adapters over one Redis stand for two replicas.
import { createRequestRedis, newId, waitForRedis, type Redis } from '@tripcost/shared';
import { eventually, silentLogger, testQueuePrefix, testRedisUrl } from '@tripcost/shared/testing';
import { STREAMS_PER_TRIP, STREAMS_PER_USER, type OpenStream } from '../../src/live';
import { redisStreamCounts } from '../../src/live/store/live-streams';

const limits = { perTrip: STREAMS_PER_TRIP, perUser: STREAMS_PER_USER };
const streamOf = (userId: string, tripId: string): OpenStream => ({ userId, tripId, id: newId() });

let redis: Redis;
beforeAll(async () => {
  redis = createRequestRedis(testRedisUrl(), silentLogger());
  await waitForRedis(redis, 5000);
});
afterAll(() => redis.quit());

describe('open live streams counted in Redis', () => {
  it('when a user has 10 streams of a trip, then the 11th is refused for that trip but another trip is fine, on any replica', async () => {
    const prefix = testQueuePrefix();
    const [one, two] = [redisStreamCounts({ redis, prefix }), redisStreamCounts({ redis, prefix })];
    const user = newId();
    for (let index = 0; index < STREAMS_PER_TRIP; index++) {
      expect(await (index % 2 ? one : two).admit(streamOf(user, 'trip-a'), limits)).toBe('admitted');
    }
    expect(await one.admit(streamOf(user, 'trip-a'), limits)).toBe('trip-full');
    expect(await two.admit(streamOf(user, 'trip-a'), limits)).toBe('trip-full');
    // Another member of the same trip counts apart.
    expect(await two.admit(streamOf(newId(), 'trip-a'), limits)).toBe('admitted');
    expect(await one.admit(streamOf(user, 'trip-b'), limits)).toBe('admitted');
  });

  it('when a user has 30 streams in all, then the 31st is refused until one of them closes', async () => {
    const prefix = testQueuePrefix();
    const [one, two] = [redisStreamCounts({ redis, prefix }), redisStreamCounts({ redis, prefix })];
    const user = newId();
    const open: OpenStream[] = [];
    for (let index = 0; index < STREAMS_PER_USER; index++) {
      const stream = streamOf(user, `trip-${index % 4}`);
      expect(await (index % 2 ? one : two).admit(stream, limits)).toBe('admitted');
      open.push(stream);
    }
    expect(await one.admit(streamOf(user, 'trip-9'), limits)).toBe('user-full');
    await two.release(open[0]);
    expect(await one.admit(streamOf(user, 'trip-9'), limits)).toBe('admitted');
    expect(await two.admit(streamOf(user, 'trip-9'), limits)).toBe('user-full');
  });

  it('when a replica dies without releasing its streams, then they stop counting after its lease', async () => {
    const prefix = testQueuePrefix();
    const dead = redisStreamCounts({ redis, prefix, leaseMs: 300 });
    const alive = redisStreamCounts({ redis, prefix });
    const user = newId();
    for (let index = 0; index < STREAMS_PER_TRIP; index++) await dead.admit(streamOf(user, 'trip'), limits);
    expect(await alive.admit(streamOf(user, 'trip'), limits)).toBe('trip-full');
    await eventually(async () => expect(await alive.admit(streamOf(user, 'trip'), limits)).toBe('admitted'), {
      what: "the dead replica's streams to lapse",
    });
  });

  it('when streams are renewed, then a stream released meanwhile stays released', async () => {
    const prefix = testQueuePrefix();
    const counts = redisStreamCounts({ redis, prefix });
    const user = newId();
    const streams = Array.from({ length: STREAMS_PER_TRIP }, () => streamOf(user, 'trip'));
    for (const stream of streams) await counts.admit(stream, limits);
    await counts.release(streams[0]);
    // A renewal that still lists the released stream (it was taken just before the release).
    await counts.renew(streams);
    expect(await counts.admit(streamOf(user, 'trip'), limits)).toBe('admitted');
    expect(await counts.admit(streamOf(user, 'trip'), limits)).toBe('trip-full');
  });
});
