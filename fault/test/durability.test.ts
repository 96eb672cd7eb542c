// Nothing acknowledged is lost: SIGKILL the trips service in the middle of a burst
// of writes, start it again on the same files, and every write that was answered
// 201 is there; every stored trip's event is delivered, once in effect, and no event
// exists for a trip that was not stored.
import { Worker } from 'bullmq';
import { bullConnectionOptions, inboxQueueName, type EventEnvelope } from '@tripcost/shared';
import { call, inParallel, newTraveller } from './support/client';
import { startProduct, waitFor, type Product } from './support/processes';

jest.setTimeout(300_000);

describe('SIGKILL of the trips service under writes', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(['auth', 'trips']);
  });
  afterAll(() => product?.stop());

  it('when trips is killed during 1,000 acknowledged writes, then after a restart all of them are there and every event is delivered once', async () => {
    const { trips, auth } = product.components;
    const traveller = await newTraveller(auth.url);
    // Stand-in for the integrations service: records the trip.created events it receives.
    const received: EventEnvelope[] = [];
    const consumer = new Worker(inboxQueueName('integrations'), async (job) => void received.push(job.data), {
      connection: bullConnectionOptions(product.redis.url),
      prefix: `fault-${new URL(trips.url).port}`,
    });

    const acknowledged = new Set<string>();
    let killed = false;
    let refused = 0;
    const write = async (index: number) => {
      try {
        const reply = await call(trips.url, 'POST', '/api/trips/getaway-trip', {
          token: traveller.token,
          body: { location_address: `Place ${index}, Portugal` },
        });
        if (reply.status === 201) acknowledged.add(reply.body._id);
        else refused += 1;
      } catch {
        refused += 1; // the process died under this request: not acknowledged
      }
      if (!killed && acknowledged.size >= 400) {
        killed = true;
        await trips.kill('SIGKILL');
      }
    };
    await inParallel(
      Array.from({ length: 600 }, (_, index) => index),
      10,
      write,
    );
    expect(killed).toBe(true);
    await trips.start();
    // Top up to 1,000 acknowledged writes on the restarted process.
    let index = 600;
    while (acknowledged.size < 1000) await write(index++);

    const stored = new Set<string>();
    for (let offset = 0; ; offset += 500) {
      const page = await call(trips.url, 'GET', `/api/trips/getaway-trip?limit=500&offset=${offset}`, {
        token: traveller.token,
      });
      expect(page.status).toBe(200);
      for (const trip of page.body as { _id: string }[]) stored.add(trip._id);
      if (page.body.length < 500) break;
    }
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    process.stdout.write(
      `durability: ${acknowledged.size} acknowledged, ${stored.size} stored, ${lost.length} lost, ${refused} refused while down\n`,
    );
    expect(lost).toEqual([]);

    // Every stored trip's trip.created arrives; none for a trip that was not stored.
    await waitFor(
      'a trip.created event for every stored trip',
      async () => stored.size > 0 && [...stored].every((id) => received.some((event) => tripOf(event) === id)),
      90_000,
    );
    const perTrip = new Map<string, Set<string>>();
    for (const event of received) {
      const ids = perTrip.get(tripOf(event)) ?? new Set();
      ids.add(event.id);
      perTrip.set(tripOf(event), ids);
    }
    expect([...perTrip.keys()].filter((id) => !stored.has(id))).toEqual([]);
    // Once in effect: one event id per trip (a re-publish reuses the id and is dropped).
    expect([...perTrip.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    await consumer.close();
  });
});

function tripOf(event: EventEnvelope): string {
  return (event.payload as { trip: { _id: string } }).trip._id;
}
