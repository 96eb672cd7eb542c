// Idempotency-Key on the wishlists' creates (shared http/idempotency.ts, ADR 0038):
// a list create retried with its key answers the first list and never makes a second.
import { testUser, tokenFor } from '@tripcost/shared/testing';
import type { AuthUser } from '@tripcost/shared';
import { startFakeTrips, type FakeTrips } from '../support/fake-trips';
import { bootWishlists } from '../support/service';

let fakeTrips: FakeTrips;
let booted: Awaited<ReturnType<typeof bootWishlists>>;

beforeAll(async () => {
  fakeTrips = await startFakeTrips();
  booted = await bootWishlists({ TRIPS_URL: fakeTrips.url, TRIPS_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await booted.stop();
  await fakeTrips.close();
});

async function send(user: AuthUser, path: string, body: unknown, key?: string) {
  const res = await fetch(`${booted.service.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: tokenFor(user),
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), replayed: res.headers.get('idempotent-replayed') };
}
const create = (user: AuthUser, body: unknown, key?: string) => send(user, '/api/wishlist/createlist', body, key);

describe('Idempotency-Key on createlist and addtrip', () => {
  it('when a list create is retried with its key, then one list exists; the key with another name is 422', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const body = { list_name: 'Someday', trips: [{ _id: trip._id }] };
    const first = await create(user, body, 'list-key-1');
    const retry = await create(user, body, 'list-key-1');
    expect(first.status).toBe(201);
    expect(retry).toEqual({ ...first, replayed: 'true' });
    const other = await create(user, { ...body, list_name: 'Later' }, 'list-key-1');
    expect(other.status).toBe(422);
    expect(other.body.msg).toMatch(/different request/);
    const lists = await fetch(`${booted.service.url}/api/wishlist/getlists?email=${encodeURIComponent(user.email)}`, {
      headers: { authorization: tokenFor(user) },
    });
    expect((await lists.json()).map((list: { list_name: string }) => list.list_name)).toEqual(['Someday']);
  });

  it('when the caller lost the trip since, then a replay of adding it (or of a create with it) answers what a new request gets, not the list', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const list = await create(user, { list_name: `Lost ${Date.now()}` });
    const add = (key?: string) => send(user, `/api/wishlist/addtrip/${list.body._id}`, { _id: trip._id }, key);
    const withTrip = { list_name: `With ${Date.now()}`, trips: [{ _id: trip._id }] };
    expect((await add('add-key-1')).status).toBe(200);
    expect((await create(user, withTrip, 'create-key-2')).status).toBe(201);
    expect((await add('add-key-1')).replayed).toBe('true');

    trip.user_id = testUser().id; // no longer the caller's to read
    const replay = await add('add-key-1');
    expect(replay.status).toBeGreaterThanOrEqual(403);
    expect(replay).toEqual({ ...(await add()), replayed: null });
    const createReplay = await create(user, withTrip, 'create-key-2');
    expect(createReplay.status).toBeGreaterThanOrEqual(403);
    expect(JSON.stringify(createReplay.body)).not.toContain(trip.location_address);
  });
});
