// Bounded live streams on two trips-service replicas sharing one Redis (and one store):
// a traveller's 11th stream of a trip and 31st in all are refused with words, wherever
// they land; a tab that closes frees its place at once; an unusable Last-Event-ID is
// the client's mistake (400), never the server's.
import { createRequestRedis, waitForRedis, type Redis } from '@tripcost/shared';
import { eventually, silentLogger, testRedisUrl, testUser, tokenFor } from '@tripcost/shared/testing';
import { STREAMS_PER_TRIP, STREAMS_PER_USER } from '../../src/live';
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';
import { holdStream, type HeldStream } from '../support/streams';

jest.setTimeout(60_000);

const traveller = testUser({ name: 'Ada' });
const token = tokenFor(traveller);
let one: BootedTrips;
let two: BootedTrips;
/** Four trips of Ada's: 30 streams need three of them, the 31st a fourth. */
let trips: string[];
const held: HeldStream[] = [];
let redis: Redis;

beforeAll(async () => {
  redis = createRequestRedis(testRedisUrl(), silentLogger());
  await waitForRedis(redis, 5000);
  one = await bootTrips();
  const ada = clientFor(one.url, traveller);
  trips = [];
  for (const city of ['Porto', 'Oslo', 'Lima', 'Riga'])
    trips.push((await ada.createTrip({ location_address: city }))._id);
  // The second replica opens the same store once the trips are in it (with MongoDB, any
  // replica reads what another wrote; the embedded store is read when it opens).
  two = await bootTrips({ DATA_DIR: one.dataDir, QUEUE_PREFIX: one.prefix });
});
afterEach(async () => {
  held.splice(0).forEach((stream) => stream.close());
  await eventually(() => one.liveFollowers() + two.liveFollowers() === 0, { what: 'every stream to close' });
  // And released in the shared counts, so the next test starts from none.
  await eventually(async () => (await redis.zcard(`${one.prefix}:trips:live-streams:${traveller.id}`)) === 0, {
    what: 'the counts to be empty',
  });
});
afterAll(async () => {
  await two?.stop();
  await one?.stop();
  await redis?.quit();
});

async function follow(replica: BootedTrips, tripId: string, headers: Record<string, string> = {}) {
  const stream = await holdStream(`${replica.url}/api/trips/getaway/${tripId}/events`, token, headers);
  held.push(stream);
  return stream;
}

describe('live streams per traveller, across replicas', () => {
  it('when a traveller has 10 streams of a trip over two replicas, then the 11th gets 429 {msg} on either; closing one lets the next in', async () => {
    const open: HeldStream[] = [];
    for (let index = 0; index < STREAMS_PER_TRIP; index++) {
      const stream = await follow(index % 2 ? one : two, trips[0]);
      expect(stream.status).toBe(200);
      open.push(stream);
    }
    for (const replica of [one, two]) {
      const refused = await follow(replica, trips[0]);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        msg: 'Too many live connections to this trip. Close some of the tabs or windows where it is open and try again.',
        code: 'too_many_streams',
      });
    }
    // Another trip of theirs is still followed live.
    expect((await follow(one, trips[1])).status).toBe(200);

    // A closed tab's place is free as soon as its replica has noticed.
    open[0].close();
    await eventually(() => one.liveFollowers() + two.liveFollowers() === STREAMS_PER_TRIP, {
      what: 'the closed stream to be released',
    });
    expect((await follow(one, trips[0])).status).toBe(200);
  });

  it('when a traveller has 30 streams over three trips and two replicas, then the 31st gets 429 {msg}', async () => {
    for (let index = 0; index < STREAMS_PER_USER; index++) {
      const stream = await follow(index % 2 ? one : two, trips[index % 3]);
      expect(stream.status).toBe(200);
    }
    const refused = await follow(two, trips[3]);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(
      'Too many live connections to your trips. Close some TripCost tabs or windows and try again.',
    );
    // Another traveller is not affected.
    const bo = clientFor(one.url, testUser({ name: 'Bo' }));
    const trip = await bo.createTrip({ location_address: 'Bergen' });
    const theirs = await holdStream(`${one.url}/api/trips/getaway/${trip._id}/events`, tokenFor(bo.user!));
    held.push(theirs);
    expect(theirs.status).toBe(200);
  });

  it('when a stream is cut by its client, then its replica stops following within 2 s', async () => {
    const streams = [];
    for (let index = 0; index < 5; index++) streams.push(await follow(one, trips[index % 2]));
    await eventually(() => one.liveFollowers() === 5, { what: 'five followers' });
    streams.forEach((stream) => stream.close());
    await eventually(() => one.liveFollowers() === 0, { timeoutMs: 2000, what: 'the followers to stop within 2 s' });
  });

  it('when Last-Event-ID is not an event id, then 400 {msg} and nothing is held open', async () => {
    for (const id of ['99999999999999999999-0', '18446744073709551616-1', 'yesterday', '12', '1-2-3']) {
      const refused = await follow(one, trips[0], { 'last-event-id': id });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        msg: 'Last-Event-ID must be the id of an event of this stream (<milliseconds>-<sequence>); leave it out to start from now.',
        code: 'bad_last_event_id',
      });
    }
    expect(one.liveFollowers()).toBe(0);
    // An id of the right shape that the log never held starts over with a reset.
    const resumed = await follow(one, trips[0], { 'last-event-id': '18446744073709551615-0' });
    expect(resumed.status).toBe(200);
    await eventually(() => resumed.text().includes('event: reset'), { what: 'a reset' });
  });
});
