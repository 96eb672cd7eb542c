// Trips and wishlists both running in-process (real Redis, real BullMQ, embedded
// stores, one unique queue prefix): the events of docs/architecture.md §5 keep them consistent,
// including while one of them is down, and redelivery changes nothing.
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import {
  bullConnectionOptions,
  EVENT_JOB_OPTIONS,
  inboxQueueName,
  type EventEnvelope,
  type EventPayloads,
  type EventType,
  type ServiceName,
} from '@tripcost/shared';
import {
  eventually,
  silentLogger,
  tempDataDir,
  testKeys,
  testQueuePrefix,
  testRedisUrl,
  testUser,
  tokenFor,
} from '@tripcost/shared/testing';
import type { AuthUser } from '@tripcost/shared';
import { configFrom as tripsConfigFrom, startTrips, type RunningTrips } from '@tripcost/trips';
import { startWishlists, type RunningWishlists } from '../src';
import { testConfig } from './support/service';

const prefix = testQueuePrefix();
const tripsDataDir = tempDataDir();
let tripsPort = 0;
let trips: RunningTrips | undefined;
let wishlists: RunningWishlists;
const queues = new Map<ServiceName, Queue>();

const inbox = (service: ServiceName) => {
  let queue = queues.get(service);
  if (!queue) {
    queue = new Queue(inboxQueueName(service), { connection: bullConnectionOptions(testRedisUrl()), prefix });
    queues.set(service, queue);
  }
  return queue;
};

async function bootTrips() {
  trips = await startTrips(
    tripsConfigFrom({
      NODE_ENV: 'test',
      PORT: String(tripsPort),
      LOG_LEVEL: 'silent',
      JWT_PUBLIC_KEY: testKeys().publicKey,
      DATA_DIR: tripsDataDir,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
    }),
    silentLogger(),
  );
  // Restarts reuse the port, so the wishlists service's TRIPS_URL stays valid.
  tripsPort = trips.port;
}

beforeAll(async () => {
  await bootTrips();
  wishlists = await startWishlists(testConfig({ QUEUE_PREFIX: prefix, TRIPS_URL: trips!.url }), silentLogger());
});
afterAll(async () => {
  await wishlists.stop();
  await trips?.stop();
  for (const queue of queues.values()) {
    await queue.obliterate({ force: true });
    await queue.close();
  }
});

async function call(base: string, method: string, path: string, user: AuthUser, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: tokenFor(user), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const tripsCall = (method: string, path: string, user: AuthUser, body?: unknown) =>
  call(trips!.url, method, path, user, body);
const wishlistsCall = (method: string, path: string, user: AuthUser, body?: unknown) =>
  call(wishlists.url, method, path, user, body);

async function createTrip(user: AuthUser, location = 'Porto, Portugal') {
  const created = await tripsCall('POST', '/api/trips/getaway-trip', user, {
    user_email: user.email,
    location_address: location,
    image_url: 'https://img.example/porto.jpg',
    isFavorite: false,
  });
  expect(created.status).toBe(201);
  return created.body as { _id: string; isFavorite: boolean; updated_at: string };
}

const readTrip = async (user: AuthUser, tripId: string) =>
  (await tripsCall('GET', `/api/trips/getaway/${tripId}`, user)).body;

async function createList(user: AuthUser, list_name: string, tripIds: string[]) {
  const created = await wishlistsCall('POST', '/api/wishlist/createlist', user, {
    list_name,
    trips: tripIds.map((_id) => ({ _id })),
    email: user.email,
  });
  expect(created.status).toBe(201);
  return created.body as { _id: string; trips: { _id: string; total_cost: number; location_address: string }[] };
}

/** Delivers an envelope to a consumer's inbox as a fresh job, as a redelivery would. */
async function deliver<T extends EventType>(
  service: ServiceName,
  envelope: EventEnvelope<T>,
  jobOptions: object = EVENT_JOB_OPTIONS,
) {
  const job = await inbox(service).add(envelope.type, envelope, { ...jobOptions, jobId: randomUUID() });
  await eventually(async () => expect(await job.getState()).toBe('completed'));
}

const envelope = <T extends EventType>(
  type: T,
  payload: EventPayloads[T],
  occurredAt = new Date().toISOString(),
): EventEnvelope<T> => ({
  id: randomUUID(),
  type,
  occurredAt,
  payload,
});

it('when a trip is added to a list, then trips reads isFavorite: true within 2 s', async () => {
  const user = testUser();
  const trip = await createTrip(user);
  expect(trip.isFavorite).toBe(false);
  await createList(user, 'Favourites', [trip._id]);
  await eventually(async () => expect((await readTrip(user, trip._id)).isFavorite).toBe(true));
});

it('when a list is deleted, then its trips read isFavorite: false within 2 s and others stay favourites', async () => {
  const user = testUser();
  const [first, second, elsewhere] = [await createTrip(user), await createTrip(user), await createTrip(user)];
  const doomed = await createList(user, 'Doomed', [first._id, second._id]);
  await createList(user, 'Kept', [elsewhere._id]);
  await eventually(async () => {
    for (const trip of [first, second, elsewhere]) expect((await readTrip(user, trip._id)).isFavorite).toBe(true);
  });
  expect((await wishlistsCall('DELETE', `/api/wishlist/removewishlist/${doomed._id}`, user)).status).toBe(200);
  await eventually(async () => {
    expect((await readTrip(user, first._id)).isFavorite).toBe(false);
    expect((await readTrip(user, second._id)).isFavorite).toBe(false);
  });
  expect((await readTrip(user, elsewhere._id)).isFavorite).toBe(true);
});

it('when a trip is removed from its list, then it reads isFavorite: false; moved to another list, it stays true', async () => {
  const user = testUser();
  const [moved, removed] = [await createTrip(user), await createTrip(user)];
  const from = await createList(user, 'From', [moved._id, removed._id]);
  const to = await createList(user, 'To', []);
  await wishlistsCall('POST', `/api/wishlist/addtrip/${to._id}`, user, { _id: moved._id });
  await wishlistsCall('DELETE', `/api/wishlist/${from._id}/remove-trip/${removed._id}`, user);
  await eventually(async () => expect((await readTrip(user, removed._id)).isFavorite).toBe(false));
  // Nothing orders the moved trip's events before the removal's on their way to trips
  // (it failed once so): it is read until they have landed.
  await eventually(async () => expect((await readTrip(user, moved._id)).isFavorite).toBe(true));
});

it('when a trip is deleted, then it is gone from its list within 2 s', async () => {
  const user = testUser();
  const [doomed, kept] = [await createTrip(user), await createTrip(user)];
  const list = await createList(user, 'Mixed', [doomed._id, kept._id]);
  expect((await tripsCall('DELETE', `/api/trips/getaway/${doomed._id}`, user)).status).toBe(200);
  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${list._id}`, user);
    expect(body.trips.map((trip: { _id: string }) => trip._id)).toEqual([kept._id]);
  });
});

it('when a trip changes, then its preview in the list refreshes within 2 s', async () => {
  const user = testUser();
  const trip = await createTrip(user);
  const list = await createList(user, 'Previewed', [trip._id]);
  expect(list.trips[0].total_cost).toBe(0);
  const updated = await tripsCall('PUT', `/api/trips/getaway/${trip._id}`, user, {
    stay_expense: 300,
    travel_expense: 120.5,
  });
  expect(updated.status).toBe(200);
  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${list._id}`, user);
    expect(body.trips[0].total_cost).toBe(420.5);
  });
});

it('when trips is down while a list is deleted, then after trips restarts on the same data the trips end unfavourited', async () => {
  const user = testUser();
  const [first, second] = [await createTrip(user), await createTrip(user)];
  const list = await createList(user, 'Offline', [first._id, second._id]);
  await eventually(async () => expect((await readTrip(user, second._id)).isFavorite).toBe(true));

  await trips!.stop();
  trips = undefined;
  expect((await wishlistsCall('DELETE', `/api/wishlist/removewishlist/${list._id}`, user)).status).toBe(200);
  // Nothing consumes the trips inbox now: the event waits there.
  expect(await inbox('trips').getWaitingCount()).toBeGreaterThan(0);

  await bootTrips();
  await eventually(async () => {
    expect((await readTrip(user, first._id)).isFavorite).toBe(false);
    expect((await readTrip(user, second._id)).isFavorite).toBe(false);
  });
});

it('when the same wishlist event is delivered twice, then the second delivery changes nothing in trips', async () => {
  const user = testUser();
  const trip = await createTrip(user);
  const event = envelope('wishlist.trip-added', { tripId: trip._id, userId: user.id, wishlistId: '0'.repeat(24) });
  await deliver('trips', event);
  const afterFirst = await readTrip(user, trip._id);
  expect(afterFirst.isFavorite).toBe(true);
  await deliver('trips', event);
  expect(await readTrip(user, trip._id)).toEqual(afterFirst);
});

it('when trip events are delivered twice or late, then the second delivery changes nothing in wishlists', async () => {
  const user = testUser();
  const trip = await createTrip(user, 'Faro, Portugal');
  const list = await createList(user, 'Redelivered', [trip._id]);
  const readList = async () => (await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${list._id}`, user)).body;

  // An update older than the list's snapshot, delivered (again) after it, never rolls the preview back.
  const stale = envelope(
    'trip.updated',
    {
      trip: {
        ...list.trips[0],
        user_id: user.id,
        user_email: user.email,
        trip_location: '',
        isFavorite: true,
        location_address: 'Stale',
        image_url: '',
        trip_start: null,
        trip_end: null,
        total_cost: 5,
      },
    },
    new Date(Date.now() - 60_000).toISOString(),
  );
  const before = await readList();
  await deliver('wishlists', stale);
  expect(await readList()).toEqual(before);

  const removal = envelope('trip.deleted', { tripId: trip._id, userId: user.id });
  await deliver('wishlists', removal);
  const afterFirst = await readList();
  expect(afterFirst).toEqual({ trips: [] });
  await deliver('wishlists', removal);
  expect(await readList()).toEqual(afterFirst);
});

it('when user.deleted is delivered (twice), then every list of that user is gone and other users’ lists stay', async () => {
  const leaving = testUser();
  const staying = testUser();
  await createList(leaving, 'Summer', [(await createTrip(leaving))._id]);
  await createList(leaving, 'Winter', []);
  const kept = await createList(staying, 'Mine', []);
  const deleted = envelope('user.deleted', { userId: leaving.id });
  await deliver('wishlists', deleted);
  await deliver('wishlists', deleted);
  expect((await wishlistsCall('GET', '/api/wishlist/getlists', leaving)).body).toEqual([]);
  const others = (await wishlistsCall('GET', '/api/wishlist/getlists', staying)).body;
  expect(others.map((list: { _id: string }) => list._id)).toEqual([kept._id]);
});

it('when the same event id is published twice, then BullMQ keeps one job', async () => {
  const event = envelope('trip.deleted', { tripId: '0'.repeat(24), userId: testUser().id });
  const queue = inbox('wishlists');
  const first = await queue.add(event.type, event, { ...EVENT_JOB_OPTIONS, jobId: event.id });
  const second = await queue.add(event.type, event, { ...EVENT_JOB_OPTIONS, jobId: event.id });
  expect(second.id).toBe(first.id);
  await eventually(async () => expect(await first.getState()).toBe('completed'));
  const jobs = await queue.getJobs(['completed', 'waiting', 'active', 'delayed', 'failed']);
  expect(jobs.filter((job) => job.id === event.id)).toHaveLength(1);
});

it('when a handler keeps failing, then the job ends in the failed set with its reason and data, inspectable', async () => {
  // A producer bug: trip.updated without a trip. Few, fast attempts keep the test short;
  // production jobs use EVENT_JOB_OPTIONS (10 attempts, exponential backoff).
  const broken = {
    ...envelope('trip.deleted', { tripId: '', userId: '' }),
    type: 'trip.updated',
    payload: {},
  } as unknown as EventEnvelope;
  const job = await inbox('wishlists').add(broken.type, broken, {
    ...EVENT_JOB_OPTIONS,
    jobId: broken.id,
    attempts: 2,
    backoff: { type: 'fixed', delay: 10 },
  });
  await eventually(async () => expect(await job.getState()).toBe('failed'));
  const failed = await inbox('wishlists').getFailed();
  const kept = failed.find((candidate) => candidate.id === job.id);
  expect(kept).toBeDefined();
  expect(kept!.attemptsMade).toBe(2);
  expect(kept!.failedReason).toContain('carries no trip');
  expect(kept!.data).toEqual(broken);
});

it('when members add a shared trip to their own lists, then a viewer of hidden costs keeps no total, even after the trip changes', async () => {
  const owner = testUser({ name: 'Ada' });
  const [editor, viewer] = [testUser({ name: 'Bo' }), testUser({ name: 'Cy' })];
  const trip = await createTrip(owner);
  for (const [member, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    const invite = await tripsCall('POST', `/api/trips/getaway/${trip._id}/invites`, owner, { role });
    expect((await tripsCall('POST', `/api/trips/invites/${invite.body.token}/accept`, member)).status).toBe(200);
  }
  const editors = await createList(editor, 'Shared with me', [trip._id]);
  const viewers = await createList(viewer, 'Shared with me', [trip._id]);
  expect(editors.trips[0]).toMatchObject({ total_cost: 0 });
  expect(viewers.trips[0]).not.toHaveProperty('total_cost');
  expect(viewers.trips[0]).toMatchObject({ costs_hidden: true, location_address: 'Porto, Portugal' });
  // Their lists are their own: the owner's trip is not made a favourite of the owner's.
  expect((await readTrip(owner, trip._id)).isFavorite).toBe(false);
  expect((await tripsCall('PUT', `/api/trips/getaway/${trip._id}`, owner, { stay_expense: 300 })).status).toBe(200);
  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${editors._id}`, editor);
    expect(body.trips[0].total_cost).toBe(300);
  });
  const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${viewers._id}`, viewer);
  expect(body.trips[0]).not.toHaveProperty('total_cost');
  expect(JSON.stringify(body)).not.toContain('300');
});

it('when a trip goes to its owner’s bin, then no list shows it; restored, it is back in the same lists as each may see it; purged, it is gone', async () => {
  const owner = testUser({ name: 'Ada' });
  const viewer = testUser({ name: 'Cy' });
  const [binned, kept] = [await createTrip(owner, 'Lisbon, Portugal'), await createTrip(owner)];
  const invite = await tripsCall('POST', `/api/trips/getaway/${binned._id}/invites`, owner, { role: 'viewer' });
  expect((await tripsCall('POST', `/api/trips/invites/${invite.body.token}/accept`, viewer)).status).toBe(200);
  expect((await tripsCall('PUT', `/api/trips/getaway/${binned._id}`, owner, { stay_expense: 300 })).status).toBe(200);
  const owners = await createList(owner, 'Summer', [binned._id, kept._id]);
  const viewers = await createList(viewer, 'Shared with me', [binned._id]);
  const shown = async (user: AuthUser, listId: string) => {
    const lists = (await wishlistsCall('GET', '/api/wishlist/getlists', user)).body;
    const fromAll = lists.find((list: { _id: string }) => list._id === listId).trips;
    const one = (await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${listId}`, user)).body.trips;
    expect(one).toEqual(fromAll);
    return one as { _id: string; total_cost?: number; costs_hidden?: boolean; location_address: string }[];
  };
  const ids = (trips: { _id: string }[]) => trips.map((trip) => trip._id);

  const versionBinned = (await readTrip(owner, binned._id)).version + 1;
  expect((await tripsCall('DELETE', `/api/trips/getaway/${binned._id}`, owner)).status).toBe(200);
  await eventually(async () => {
    expect(ids(await shown(owner, owners._id))).toEqual([kept._id]);
    expect(await shown(viewer, viewers._id)).toEqual([]);
  });
  // Set aside, not free: the list still has the trip's place, so nothing else takes it.
  expect(JSON.stringify(await wishlistsCall('GET', '/api/wishlist/getlists', viewer))).not.toContain('Lisbon');

  expect((await tripsCall('POST', `/api/trips/bin/${binned._id}/restore`, owner)).status).toBe(200);
  await eventually(async () => {
    expect(ids(await shown(owner, owners._id))).toEqual([binned._id, kept._id]);
    expect(await shown(viewer, viewers._id)).toEqual([
      expect.objectContaining({ _id: binned._id, costs_hidden: true, location_address: 'Lisbon, Portugal' }),
    ]);
  });
  expect((await shown(owner, owners._id))[0].total_cost).toBe(300);
  expect((await shown(viewer, viewers._id))[0]).not.toHaveProperty('total_cost');

  // The binning's event delivered again, late (after the restore), hides nothing.
  const stale = envelope('trip.deleted', {
    tripId: binned._id,
    userId: owner.id,
    binned: true,
    version: versionBinned,
  });
  await deliver('wishlists', stale);
  expect(ids(await shown(viewer, viewers._id))).toEqual([binned._id]);

  // Binned again, then purged for good (what the purge job's trip.deleted says): the entries go.
  expect((await tripsCall('DELETE', `/api/trips/getaway/${binned._id}`, owner)).status).toBe(200);
  await eventually(async () => expect(await shown(viewer, viewers._id)).toEqual([]));
  await deliver('wishlists', envelope('trip.deleted', { tripId: binned._id, userId: owner.id, binned: false }));
  expect((await tripsCall('POST', `/api/trips/bin/${binned._id}/restore`, owner)).status).toBe(200);
  await eventually(async () => {
    expect((await readTrip(owner, binned._id))._id).toBe(binned._id);
  });
  // A restore after the entries were dropped for good does not bring back what was dropped.
  expect(ids(await shown(owner, owners._id))).toEqual([kept._id]);
});

// Issue 41: a list deleted (or changed) while its trip is in the owner's bin. Trips keeps
// taking the owner's favourite from wishlist events on the binned trip (ADR 0077,
// addendum), so the restored trip reads as the lists hold it; a member's favourites are
// their lists alone (trips answers a member isFavorite: false, always).

/** Resolves once the trips service has applied the wishlist event of this type naming the list. */
async function appliedByTrips(type: EventType, wishlistId: string) {
  await eventually(async () => {
    const done = await inbox('trips').getJobs(['completed']);
    expect(done.some((job) => job.data.type === type && job.data.payload.wishlistId === wishlistId)).toBe(true);
  });
}

const favouriteIds = async (user: AuthUser) =>
  ((await tripsCall('GET', '/api/trips/favorites', user)).body as { _id: string }[]).map((trip) => trip._id);

async function shareWith(owner: AuthUser, tripId: string, member: AuthUser, role: 'editor' | 'viewer') {
  const invite = await tripsCall('POST', `/api/trips/getaway/${tripId}/invites`, owner, { role });
  expect((await tripsCall('POST', `/api/trips/invites/${invite.body.token}/accept`, member)).status).toBe(200);
}

it('when a member deletes their list while the trip is in its owner’s bin, then after the restore it is no favourite of theirs and their list is gone; the owner’s list still holding it keeps it favourite', async () => {
  const owner = testUser({ name: 'Ada' });
  const member = testUser({ name: 'Bo' });
  const trip = await createTrip(owner, 'Lisbon, Portugal');
  await shareWith(owner, trip._id, member, 'editor');
  const owners = await createList(owner, 'Summer', [trip._id]);
  const members = await createList(member, 'Shared with me', [trip._id]);
  await eventually(async () => expect((await readTrip(owner, trip._id)).isFavorite).toBe(true));

  expect((await tripsCall('DELETE', `/api/trips/getaway/${trip._id}`, owner)).status).toBe(200);
  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${members._id}`, member);
    expect(body.trips).toEqual([]);
  });
  expect((await wishlistsCall('DELETE', `/api/wishlist/removewishlist/${members._id}`, member)).status).toBe(200);
  await appliedByTrips('wishlist.deleted', members._id); // while the trip is in the bin
  expect((await tripsCall('POST', `/api/trips/bin/${trip._id}/restore`, owner)).status).toBe(200);

  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${owners._id}`, owner);
    expect(body.trips.map((held: { _id: string }) => held._id)).toEqual([trip._id]);
  });
  expect((await readTrip(member, trip._id)).isFavorite).toBe(false);
  expect(await favouriteIds(member)).toEqual([]);
  expect((await wishlistsCall('GET', '/api/wishlist/getlists', member)).body).toEqual([]);
  expect((await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${members._id}`, member)).status).toBe(404);
  expect((await readTrip(owner, trip._id)).isFavorite).toBe(true);
  expect(await favouriteIds(owner)).toEqual([trip._id]);
});

it('when the owner deletes the list holding a trip in their bin, then the restored trip reads isFavorite false and is in no favourites; a binned trip still in another list comes back favourite', async () => {
  const owner = testUser({ name: 'Ada' });
  const [dropped, kept] = [await createTrip(owner, 'Faro, Portugal'), await createTrip(owner, 'Tavira, Portugal')];
  const doomed = await createList(owner, 'Doomed', [dropped._id]);
  const other = await createList(owner, 'Kept', [kept._id]);
  await eventually(async () => expect(await favouriteIds(owner)).toHaveLength(2));

  for (const trip of [dropped, kept]) {
    expect((await tripsCall('DELETE', `/api/trips/getaway/${trip._id}`, owner)).status).toBe(200);
  }
  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${other._id}`, owner);
    expect(body.trips).toEqual([]);
  });
  expect((await wishlistsCall('DELETE', `/api/wishlist/removewishlist/${doomed._id}`, owner)).status).toBe(200);
  await appliedByTrips('wishlist.deleted', doomed._id); // while both trips are in the bin
  for (const trip of [dropped, kept]) {
    expect((await tripsCall('POST', `/api/trips/bin/${trip._id}/restore`, owner)).status).toBe(200);
  }

  expect((await readTrip(owner, dropped._id)).isFavorite).toBe(false);
  expect((await readTrip(owner, kept._id)).isFavorite).toBe(true);
  expect(await favouriteIds(owner)).toEqual([kept._id]);
  await eventually(async () => {
    const lists = (await wishlistsCall('GET', '/api/wishlist/getlists', owner)).body;
    expect(
      lists.map((list: { _id: string; trips: { _id: string }[] }) => [list._id, list.trips.map((t) => t._id)]),
    ).toEqual([[other._id, [kept._id]]]);
  });
  // The change is the owner's, remembered in the trip's history as made while it was binned.
  const history = (await tripsCall('GET', `/api/trips/getaway/${dropped._id}/history`, owner)).body;
  expect(history.entries.map((entry: { action: string }) => entry.action).slice(0, 3)).toEqual([
    'restore',
    'trip',
    'deleted',
  ]);
});

it('when a trip is restored while its list’s deletion is still on its way to trips, then it ends no favourite once the event lands', async () => {
  const owner = testUser({ name: 'Ada' });
  const trip = await createTrip(owner, 'Braga, Portugal');
  const list = await createList(owner, 'In flight', [trip._id]);
  await eventually(async () => expect((await readTrip(owner, trip._id)).isFavorite).toBe(true));
  expect((await tripsCall('DELETE', `/api/trips/getaway/${trip._id}`, owner)).status).toBe(200);
  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${list._id}`, owner);
    expect(body.trips).toEqual([]);
  });

  await inbox('trips').pause(); // the event waits in the trips inbox, unread
  try {
    expect((await wishlistsCall('DELETE', `/api/wishlist/removewishlist/${list._id}`, owner)).status).toBe(200);
    await eventually(async () => {
      const waiting = await inbox('trips').getJobs(['waiting', 'paused']);
      expect(waiting.some((job) => job.data.payload?.wishlistId === list._id)).toBe(true);
    });
    expect((await tripsCall('POST', `/api/trips/bin/${trip._id}/restore`, owner)).status).toBe(200);
  } finally {
    await inbox('trips').resume();
  }
  await appliedByTrips('wishlist.deleted', list._id);
  expect((await readTrip(owner, trip._id)).isFavorite).toBe(false);
  expect(await favouriteIds(owner)).toEqual([]);
  expect((await wishlistsCall('GET', '/api/wishlist/getlists', owner)).body).toEqual([]);
});

it('when a trip goes to the bin while its being put in a list is still on its way to trips, then it comes back favourite and in that list', async () => {
  const owner = testUser({ name: 'Ada' });
  const trip = await createTrip(owner, 'Évora, Portugal');
  const list = await createList(owner, 'Late', []);

  await inbox('trips').pause();
  try {
    expect((await wishlistsCall('POST', `/api/wishlist/addtrip/${list._id}`, owner, { _id: trip._id })).status).toBe(
      200,
    );
    await eventually(async () => {
      const waiting = await inbox('trips').getJobs(['waiting', 'paused']);
      expect(waiting.some((job) => job.data.payload?.wishlistId === list._id)).toBe(true);
    });
    expect((await tripsCall('DELETE', `/api/trips/getaway/${trip._id}`, owner)).status).toBe(200);
    await eventually(async () => {
      const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${list._id}`, owner);
      expect(body.trips).toEqual([]);
    });
  } finally {
    await inbox('trips').resume();
  }
  await appliedByTrips('wishlist.trip-added', list._id); // reaches the trip in the bin
  expect((await tripsCall('POST', `/api/trips/bin/${trip._id}/restore`, owner)).status).toBe(200);

  expect((await readTrip(owner, trip._id)).isFavorite).toBe(true);
  expect(await favouriteIds(owner)).toEqual([trip._id]);
  await eventually(async () => {
    const { body } = await wishlistsCall('GET', `/api/wishlist/spec-wishlist/${list._id}`, owner);
    expect(body.trips.map((held: { _id: string }) => held._id)).toEqual([trip._id]);
  });
});
