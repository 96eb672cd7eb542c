// Alerts survive a crash of the notifications service (issue 42): while members keep
// joining shared trips (each join is a trip.alert-state in the trips outbox), the
// notifications process is SIGKILLed mid-burst and started again on the same files while
// events still arrive. Afterwards every member has exactly the alerts the joins call
// for: none lost (the events waited in its BullMQ inbox; a job cut off by the kill is
// run again), none stored twice (the unique (user, dedupe key) index).
import { call, inParallel, newTraveller } from './support/client';
import { startProduct, waitFor, type Product } from './support/processes';

jest.setTimeout(300_000);

const TRIPS = 12;
const JOINERS = 3;

describe('SIGKILL of the notifications service while trip events arrive', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(['auth', 'trips', 'notifications']);
  });
  afterAll(() => product?.stop());

  it('when it is killed and restarted during a burst of joins, then every member gets each alert exactly once', async () => {
    const { auth, trips, notifications } = product.components;
    const owner = await newTraveller(auth.url);
    const joiners = await Promise.all(['Bo', 'Cy', 'Di'].slice(0, JOINERS).map((name) => newTraveller(auth.url, name)));
    const tripIds: string[] = [];
    for (let index = 0; index < TRIPS; index += 1) {
      const created = await call(trips.url, 'POST', '/api/trips/getaway-trip', {
        token: owner.token,
        body: { location_address: `Place ${index}, Portugal` },
      });
      expect(created.status).toBe(201);
      tripIds.push(created.body._id);
    }

    // Joins in order per trip (each joiner's alert goes to everyone who joined before).
    const joins = joiners.flatMap((joiner, rank) => tripIds.map((tripId) => ({ joiner, rank, tripId })));
    let done = 0;
    let restarted: Promise<void> | undefined;
    await inParallel(joins, 4, async ({ joiner, tripId }) => {
      const invite = await call(trips.url, 'POST', `/api/trips/getaway/${tripId}/invites`, {
        token: owner.token,
        body: { role: 'editor' },
      });
      expect(invite.status).toBe(201);
      const accepted = await call(trips.url, 'POST', `/api/trips/invites/${invite.body.token}/accept`, {
        token: joiner.token,
      });
      expect(accepted.status).toBe(200);
      done += 1;
      if (done === Math.floor(joins.length / 3)) {
        await notifications.kill('SIGKILL');
        // Started again while the remaining joins go on.
        restarted = notifications.start();
      }
    });
    await restarted;

    // Each join is told to the owner, and to whoever was a member when the notifications
    // service saw it (joins in one burst may reach it as one state): the owner's alerts
    // are exactly one per join; nobody's alert about one person on one trip is there twice.
    const joinedAlerts = async (token: string) => {
      const page = await call(notifications.url, 'GET', '/api/notifications?limit=100', { token });
      return (page.body?.items ?? []).filter((n: { title: string }) => n.title === 'A member joined') as Array<{
        _id: string;
        trip_id: string;
        body: string;
      }>;
    };
    await waitFor(
      'every join alert to arrive after the restart',
      async () => (await joinedAlerts(owner.token)).length >= joins.length,
      120_000,
    );
    // Settled: let any redelivered job finish, then count exactly.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const forOwner = await joinedAlerts(owner.token);
    expect(forOwner).toHaveLength(joins.length);
    const perTrip = new Map<string, number>();
    for (const alert of forOwner) perTrip.set(alert.trip_id, (perTrip.get(alert.trip_id) ?? 0) + 1);
    expect([...perTrip.values()]).toEqual(Array(TRIPS).fill(JOINERS));
    for (const member of [owner, ...joiners]) {
      const told = (await joinedAlerts(member.token)).map((alert) => `${alert.trip_id} ${alert.body}`);
      expect(told.length).toBe(new Set(told).size);
    }
    process.stdout.write(`notifications restart: ${joins.length} joins, every alert once after a SIGKILL\n`);
  });
});
