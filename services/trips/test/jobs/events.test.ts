// Events through real Redis: what trips publishes to its consumers' inboxes, and
// how its own inbox applies wishlist events (idempotently).
import { Queue, Worker } from 'bullmq';
import {
  bullConnectionOptions,
  createEventPublisher,
  inboxQueueName,
  newId,
  type EventEnvelope,
  type EventPublisher,
  type ServiceName,
} from '@tripcost/shared';
import { eventually as waitFor, silentLogger, testRedisUrl } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

/** Polls `read` until `done` accepts its value (deadline: see the shared `eventually`). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let last: T;
  await waitFor(async () => done((last = await read())));
  return last!;
}

describe('trips events', () => {
  let trips: BootedTrips;
  let wishlists: EventPublisher;
  let tripsInbox: Queue;
  let consumerInboxes: Queue[] = [];
  const seen: EventEnvelope[] = [];
  const consumers: Worker[] = [];

  beforeAll(async () => {
    trips = await bootTrips();
    // Stand-ins for the consuming services, on their inbox queues under this test's prefix.
    for (const service of ['wishlists', 'integrations'] as ServiceName[]) {
      consumers.push(
        new Worker(inboxQueueName(service), async (job) => void seen.push(job.data), {
          connection: bullConnectionOptions(testRedisUrl()),
          prefix: trips.prefix,
        }),
      );
    }
    wishlists = createEventPublisher(testRedisUrl(), silentLogger(), trips.prefix);
    const inboxOf = (service: ServiceName) =>
      new Queue(inboxQueueName(service), { connection: bullConnectionOptions(testRedisUrl()), prefix: trips.prefix });
    tripsInbox = inboxOf('trips');
    consumerInboxes = [inboxOf('wishlists'), inboxOf('integrations')];
  });
  afterAll(async () => {
    await Promise.all([tripsInbox, ...consumerInboxes].map((queue) => queue.close()));
    await trips.stop();
    await Promise.all(consumers.map((worker) => worker.close()));
    await wishlists.close();
  });

  const eventsFor = (tripId: string, type?: string) =>
    seen.filter(
      (event) =>
        (!type || event.type === type) &&
        ('trip' in event.payload
          ? event.payload.trip._id === tripId
          : 'tripId' in event.payload && event.payload.tripId === tripId),
    );
  const waitForEvents = (tripId: string, type: string, count: number) =>
    eventually(
      async () => eventsFor(tripId, type),
      (events) => events.length >= count,
    );
  const nothingPending = (queue: Queue) =>
    waitFor(async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((count) => count === 0);
    });
  /** Every wishlist event so far has been handled, and what trips announced in turn has been consumed. */
  const inboxDrained = async () => {
    await nothingPending(tripsInbox);
    await trips.eventsSent();
    for (const queue of consumerInboxes) await nothingPending(queue);
  };
  const favoriteOf = (client: Client, tripId: string) =>
    client.get(`/api/trips/getaway/${tripId}`).then((reply) => reply.body.isFavorite);

  it('when a trip is created, committed, edited and deleted, then created, updated and deleted events carry its snapshot', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip({ location_address: 'Denver, CO, USA' });
    const [created] = await waitForEvents(trip._id, 'trip.created', 1);
    expect(created).toMatchObject({ id: expect.any(String), type: 'trip.created', occurredAt: expect.any(String) });
    expect(created.payload).toEqual({
      trip: {
        _id: trip._id,
        user_id: alice.user!.id,
        user_email: alice.user!.email,
        location_address: 'Denver, CO, USA',
        trip_location: 'Denver, CO, USA',
        image_url: trip.image_url,
        trip_start: null,
        trip_end: null,
        total_cost: 0,
        currency: 'USD',
        isFavorite: false,
        version: trip.version,
        access: { [alice.user!.id]: 'full' },
      },
    });

    const instance = await alice.addInstance(trip._id);
    await alice.patch(`/api/trips/getaway/${trip._id}/instances/${instance._id}/commit`, {});
    const [committed] = await waitForEvents(trip._id, 'trip.updated', 1);
    expect(committed.payload).toMatchObject({ trip: { trip_start: '2030-03-01T00:00:00.000Z', total_cost: 185 } });

    await alice.put(`/api/trips/getaway/${trip._id}`, {
      isFavorite: true,
      instances: [{ _id: instance._id, other_expense: 0 }],
    });
    const updates = await waitForEvents(trip._id, 'trip.updated', 2);
    expect(updates[1].payload).toMatchObject({ trip: { total_cost: 175, isFavorite: true } });

    await alice.delete(`/api/trips/getaway/${trip._id}/instances/${instance._id}`);
    const afterRemoval = await waitForEvents(trip._id, 'trip.updated', 3);
    expect(afterRemoval[2].payload).toMatchObject({ trip: { trip_start: null, total_cost: 0 } });

    await alice.delete(`/api/trips/getaway/${trip._id}`);
    const [deleted] = await waitForEvents(trip._id, 'trip.deleted', 1);
    // Deleted by hand: into its owner's bin (copies set it aside until a later version brings it back).
    expect(deleted.payload).toEqual({ tripId: trip._id, userId: alice.user!.id, binned: true, version: 6 });
  });

  it('when wishlist.trip-added and then trip-removed arrive, then isFavorite follows', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    const event = { tripId: trip._id, userId: alice.user!.id, wishlistId: newId() };
    await wishlists.publish('wishlist.trip-added', event);
    expect(await eventually(() => favoriteOf(alice, trip._id), Boolean)).toBe(true);
    const [updated] = await waitForEvents(trip._id, 'trip.updated', 1);
    expect(updated.payload).toMatchObject({ trip: { isFavorite: true } });
    await wishlists.publish('wishlist.trip-removed', event);
    expect(
      await eventually(
        () => favoriteOf(alice, trip._id),
        (value) => value === false,
      ),
    ).toBe(false);
  });

  it('when wishlist.deleted is delivered twice, then the trips are unfavourited and stay so', async () => {
    const alice = clientFor(trips.url);
    const first = await alice.createTrip();
    const second = await alice.createTrip();
    for (const trip of [first, second]) await alice.put(`/api/trips/getaway/${trip._id}`, { isFavorite: true });
    const payload = { wishlistId: newId(), userId: alice.user!.id, tripIds: [first._id, second._id, newId()] };
    // The same event twice (a redelivery) and a second event with the same content.
    const eventId = newId();
    await wishlists.publish('wishlist.deleted', payload, eventId);
    await wishlists.publish('wishlist.deleted', payload, eventId);
    await wishlists.publish('wishlist.deleted', payload);
    const favorites = () => alice.get('/api/trips/favorites').then((reply) => reply.body);
    expect(await eventually(favorites, (list) => list.length === 0)).toEqual([]);
    await inboxDrained(); // the redelivery and the second event have been handled too
    expect(await favorites()).toEqual([]);
    // Each trip changed once, so each was announced once.
    expect(eventsFor(first._id, 'trip.updated')).toHaveLength(2);
  });

  it('when a wishlist event names another user’s trip or malformed ids, then nothing changes', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    await wishlists.publish('wishlist.trip-added', { tripId: trip._id, userId: newId(), wishlistId: newId() });
    await wishlists.publish('wishlist.deleted', {
      tripIds: 'all' as unknown as string[],
      userId: alice.user!.id,
      wishlistId: newId(),
    });
    await wishlists.publish('wishlist.trip-added', { tripId: trip._id, userId: alice.user!.id, wishlistId: newId() });
    expect(await eventually(() => favoriteOf(alice, trip._id), Boolean)).toBe(true);
    const otherTrip = await clientFor(trips.url).createTrip();
    await wishlists.publish('wishlist.trip-added', {
      tripId: otherTrip._id,
      userId: alice.user!.id,
      wishlistId: newId(),
    });
    await inboxDrained();
    expect((await alice.get('/api/trips/favorites')).body.map((t: { _id: string }) => t._id)).toEqual([trip._id]);
  });

  it('when user.deleted arrives (twice), then all of that user’s trips are gone and other users’ trips stay', async () => {
    const leaving = clientFor(trips.url);
    const staying = clientFor(trips.url);
    const first = await leaving.createTrip();
    await leaving.addInstance(first._id);
    await leaving.createTrip({ location_address: 'Denver, CO, USA' });
    const kept = await staying.createTrip();
    const eventId = newId();
    await wishlists.publish('user.deleted', { userId: leaving.user!.id }, eventId);
    await wishlists.publish('user.deleted', { userId: leaving.user!.id });
    const listOf = (client: Client) => client.get('/api/trips/getaway-trip').then((reply) => reply.body);
    expect(
      await eventually(
        () => listOf(leaving),
        (list) => list.length === 0,
      ),
    ).toEqual([]);
    expect((await leaving.get(`/api/trips/getaway/${first._id}`)).status).toBe(404);
    expect((await listOf(staying)).map((trip: { _id: string }) => trip._id)).toEqual([kept._id]);
    // Deleted as by hand: each trip announces trip.deleted, so copies elsewhere go too.
    const [deleted] = await waitForEvents(first._id, 'trip.deleted', 1);
    expect(deleted.payload).toEqual({
      tripId: first._id,
      userId: leaving.user!.id,
      binned: false, // gone for good: copies drop it
      version: expect.any(Number),
    });
  });

  it('when a member joins, changes role, is hidden from costs and removed, then each trip.updated says what every member may see, at the trip’s version', async () => {
    const owner = clientFor(trips.url);
    const member = clientFor(trips.url);
    const trip = await owner.createTrip();
    const accessAt = async (count: number) => {
      const updates = await waitForEvents(trip._id, 'trip.updated', count);
      const { access, version } = (updates[count - 1].payload as { trip: { access: unknown; version: number } }).trip;
      expect(version).toBe((await owner.get(`/api/trips/getaway/${trip._id}`)).body.version);
      return access;
    };
    const invite = await owner.post(`/api/trips/getaway/${trip._id}/invites`, { role: 'editor' });
    expect((await member.post(`/api/trips/invites/${invite.body.token}/accept`, {})).status).toBe(200);
    expect(await accessAt(1)).toEqual({ [owner.user!.id]: 'full', [member.user!.id]: 'full' });
    await owner.patch(`/api/trips/getaway/${trip._id}/members/${member.user!.id}`, { role: 'viewer' });
    expect(await accessAt(2)).toEqual({ [owner.user!.id]: 'full', [member.user!.id]: 'hidden' });
    await owner.put(`/api/trips/getaway/${trip._id}`, { hide_costs_from_viewers: false });
    expect(await accessAt(3)).toEqual({ [owner.user!.id]: 'full', [member.user!.id]: 'full' });
    await owner.delete(`/api/trips/getaway/${trip._id}/members/${member.user!.id}`);
    expect(await accessAt(4)).toEqual({ [owner.user!.id]: 'full' });
  });

  it('when the service is stopped and started again on the same data, then it serves and consumes again', async () => {
    const dataDir = trips.dataDir;
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip();
    await trips.stop();
    trips = await bootTrips({ DATA_DIR: dataDir, QUEUE_PREFIX: trips.prefix });
    const again = clientFor(trips.url, alice.user);
    expect((await again.get(`/api/trips/getaway/${trip._id}`)).body._id).toBe(trip._id);
    await wishlists.publish('wishlist.trip-added', { tripId: trip._id, userId: alice.user!.id, wishlistId: newId() });
    expect(await eventually(() => favoriteOf(again, trip._id), Boolean)).toBe(true);
  });
});
