// Live streams that end together leave garbage a quiet heap would keep, so the trips
// service counts the end of every trip event stream it served with the kit's burst
// collector, one per process, and stops it when the service closes
// (docs/adr/0060-collect-after-bursts.md). The service is booted as it runs; only the
// collector it makes is a small one: a burst is 3 ended streams, the quiet wait 50 ms,
// and a collection is a counter.
import type { BurstCollectorOptions } from '@tripcost/shared';
import { eventually, testUser, tokenFor } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';
import { holdStream, type HeldStream } from '../support/streams';

/** What the service did with the collector(s) it made (the `mock` prefix lets jest.mock see it). */
const mockCollectors = { made: 0, collected: 0, stopped: 0 };

jest.mock('@tripcost/shared', () => {
  const kit = jest.requireActual('@tripcost/shared');
  return {
    ...kit,
    __esModule: true,
    collectAfterBursts: (options: BurstCollectorOptions = {}) => {
      mockCollectors.made++;
      const collector = kit.collectAfterBursts({
        ...options,
        burst: 3,
        quietMs: 50,
        collect: () => mockCollectors.collected++,
      });
      return {
        ended: () => collector.ended(),
        stop: () => {
          mockCollectors.stopped++;
          collector.stop();
        },
      };
    },
  };
});

jest.setTimeout(60_000);

const traveller = testUser({ name: 'Ada' });
const stranger = testUser({ name: 'Eve' });
let trips: BootedTrips | undefined;
const held: HeldStream[] = [];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(async () => {
  held.forEach((stream) => stream.close());
  await trips?.stop();
});

describe('the ends of trip event streams', () => {
  it('when three followed streams of a booted service close, then its one collector counts them and collects once they stop; a refused stream is not counted; closing the service stops it', async () => {
    trips = await bootTrips();
    const service = trips;
    expect(mockCollectors.made).toBe(1);
    const tripId = (await clientFor(service.url, traveller).createTrip({ location_address: 'Porto' }))._id;
    const url = `${service.url}/api/trips/getaway/${tripId}/events`;

    for (let index = 0; index < 3; index++) held.push(await holdStream(url, tokenFor(traveller)));
    expect(held.map((stream) => stream.status)).toEqual([200, 200, 200]);
    await eventually(() => service.liveFollowers() === 3, { what: 'three followed streams' });
    // Someone who is not a member is refused (403): no stream was held, none counted.
    const refused = await holdStream(url, tokenFor(stranger));
    expect(refused.status).toBe(403);

    // Two ends are not yet a burst (nor is the refusal with them): no collection.
    held[0].close();
    held[1].close();
    await eventually(() => service.liveFollowers() === 1, { what: 'two streams to end' });
    await wait(300);
    expect(mockCollectors.collected).toBe(0);

    // The third end makes the burst: a collection once ends stop coming, and its follow-up.
    held[2].close();
    await eventually(() => mockCollectors.collected === 2, { what: 'the collection and its follow-up' });
    // Every request used the process's one collector.
    expect(mockCollectors.made).toBe(1);

    await service.stop();
    trips = undefined;
    expect(mockCollectors.stopped).toBe(1);
  });
});
