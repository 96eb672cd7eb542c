// The wishlist routes of docs/product.md §7 through the real app, real Redis/BullMQ and the
// embedded store, with a local fake trips service as the third party.
import { newId, type EventEnvelope } from '@tripcost/shared';
import { eventually, settlesWithin, testUser, tokenFor } from '@tripcost/shared/testing';
import type { AuthUser } from '@tripcost/shared';
import { WISHLIST_LIMITS } from '../../src/domain/wishlists';
import { startFakeTrips, type FakeTrip, type FakeTrips } from '../support/fake-trips';
import { bootWishlists, eventSummary } from '../support/service';

let fakeTrips: FakeTrips;
let booted: Awaited<ReturnType<typeof bootWishlists>>;

beforeAll(async () => {
  fakeTrips = await startFakeTrips();
  // Far above a local round trip on two busy cores; only the fake's "hang" reaches it.
  booted = await bootWishlists({ TRIPS_URL: fakeTrips.url, TRIPS_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await booted.stop();
  await fakeTrips.close();
});

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON replies are asserted field by field
  body: any;
}

async function call(
  method: string,
  path: string,
  user?: AuthUser | null,
  body?: unknown,
  bearer = false,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (user) headers.authorization = bearer ? `Bearer ${tokenFor(user)}` : tokenFor(user);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${booted.service.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const preview = (trip: FakeTrip) => ({
  _id: trip._id,
  image_url: trip.image_url,
  location_address: trip.location_address,
  trip_start: trip.trip_start,
  trip_end: trip.trip_end,
  total_cost: trip.total_cost,
  currency: trip.currency ?? 'USD',
});

/** The whole trip as the spec's client sends it, with fields a forger might change. */
const wholeTrip = (trip: FakeTrip) => ({
  ...trip,
  total_cost: 1,
  location_address: 'Forged',
  isFavorite: true,
  instances: [],
});

async function createList(user: AuthUser, list_name: string, trips: FakeTrip[] = []) {
  const created = await call('POST', '/api/wishlist/createlist', user, {
    list_name,
    trips: trips.map(wholeTrip),
    email: user.email,
  });
  expect(created.status).toBe(201);
  return created.body as { _id: string; list_name: string; email: string; trips: unknown[] };
}

const listPaths = (wishlistId: string, tripId = newId()) =>
  [
    ['POST', `/api/wishlist/addtrip/${wishlistId}`],
    ['DELETE', `/api/wishlist/${wishlistId}/remove-trip/${tripId}`],
    ['GET', `/api/wishlist/spec-wishlist/${wishlistId}`],
    ['PUT', `/api/wishlist/editlist/${wishlistId}`],
    ['DELETE', `/api/wishlist/removewishlist/${wishlistId}`],
  ] as const;

/** A valid body for each list route that takes one. */
const bodyFor = (method: string, tripId: string = newId()) =>
  method === 'POST' ? { _id: tripId } : method === 'PUT' ? { name: `Renamed ${newId()}` } : undefined;

async function waitForEvents(user: AuthUser, count: number): Promise<EventEnvelope[]> {
  let events: EventEnvelope[] = [];
  // On the deadline, hand back what arrived: the caller's assertion then shows the difference.
  await eventually(async () => (events = await booted.eventsFor(user)).length >= count).catch(() => undefined);
  return events;
}

describe('createlist', () => {
  it('when a list is created with a trip, then 201 with the trimmed name, the token’s email and the trips service’s preview', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const res = await call(
      'POST',
      '/api/wishlist/createlist',
      user,
      { list_name: '  Summer 2025  ', trips: [wholeTrip(trip)], email: 'someone-else@example.test' },
      true,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      list_name: 'Summer 2025',
      email: user.email,
      trips: [preview(trip)],
    });
    // The caller's own Authorization header is what the trips service is asked with.
    const forwarded = fakeTrips.calls.filter((c) => c.tripId === trip._id).map((c) => c.authorization ?? '');
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatch(/^Bearer /);
    const claims = JSON.parse(Buffer.from(forwarded[0].split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: user.id, email: user.email });
    expect(eventSummary(await waitForEvents(user, 1))).toEqual([
      { type: 'wishlist.trip-added', payload: { tripId: trip._id, userId: user.id, wishlistId: res.body._id } },
    ]);
  });

  it('when trips is omitted or null, then an empty list is created and nothing is published', async () => {
    const user = testUser();
    const omitted = await call('POST', '/api/wishlist/createlist', user, { list_name: 'Empty' });
    const nulled = await call('POST', '/api/wishlist/createlist', user, { list_name: 'Nulled', trips: null });
    expect([omitted.status, nulled.status]).toEqual([201, 201]);
    expect(omitted.body.trips).toEqual([]);
    expect(await booted.eventsFor(user)).toEqual([]);
  });

  it('when the name is blank, missing, not a string or too long, then 400 with the message', async () => {
    const user = testUser();
    for (const list_name of ['', '   ', undefined, { $gt: '' }, 42]) {
      const res = await call('POST', '/api/wishlist/createlist', user, { list_name });
      expect(res).toEqual({ status: 400, body: expect.objectContaining({ msg: 'Please enter a list name.' }) });
    }
    const tooLong = await call('POST', '/api/wishlist/createlist', user, { list_name: 'x'.repeat(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('The list name must be at most 60 characters.');
    expect((await call('POST', '/api/wishlist/createlist', user, { list_name: `  ${'x'.repeat(60)}  ` })).status).toBe(
      201,
    );
  });

  it('when the user already has a list with that name in any case, then 409; another user may use it', async () => {
    const user = testUser();
    await createList(user, 'Beach');
    const duplicate = await call('POST', '/api/wishlist/createlist', user, { list_name: ' BEACH ' });
    expect(duplicate).toEqual({
      status: 409,
      body: expect.objectContaining({ msg: 'You already have a list with this name.' }),
    });
    await createList(testUser(), 'Beach');
  });

  it('when a trip is someone else’s or missing, then 404 "Trip not found." and no list is created', async () => {
    const user = testUser();
    const othersTrip = fakeTrips.addTrip(testUser().id);
    for (const trips of [[wholeTrip(othersTrip)], [{ _id: newId() }]]) {
      const res = await call('POST', '/api/wishlist/createlist', user, { list_name: 'Stolen', trips });
      expect(res).toEqual({ status: 404, body: expect.objectContaining({ msg: 'Trip not found.' }) });
    }
    expect((await call('GET', '/api/wishlist/getlists', user)).body).toEqual([]);
  });

  it('when trips is not a list of trips with ids, then 400 and nothing is created', async () => {
    const user = testUser();
    const bodies = [
      { list_name: 'A', trips: 'nope' },
      { list_name: 'A', trips: [{}] },
      { list_name: 'A', trips: [{ _id: 'not-an-id' }] },
      { list_name: 'A', trips: [{ _id: { $gt: '' } }] },
      { list_name: 'A', trips: Array.from({ length: WISHLIST_LIMITS.tripsPerCreate + 1 }, () => ({ _id: newId() })) },
    ];
    for (const body of bodies) expect((await call('POST', '/api/wishlist/createlist', user, body)).status).toBe(400);
    expect((await call('POST', '/api/wishlist/createlist', user, '{"list_name":')).status).toBe(400);
    expect((await call('GET', '/api/wishlist/getlists', user)).body).toEqual([]);
  });

  it(`when the user has ${WISHLIST_LIMITS.listsPerUser} lists, then another is refused with 409`, async () => {
    const user = testUser();
    for (let i = 0; i < WISHLIST_LIMITS.listsPerUser; i += 1) await createList(user, `List ${i}`);
    const res = await call('POST', '/api/wishlist/createlist', user, { list_name: 'One too many' });
    expect(res).toEqual({ status: 409, body: expect.objectContaining({ msg: 'You can have at most 100 lists.' }) });
  });
});

describe('getlists', () => {
  it('when the user asks with their own email (any case), none, an empty or a blank one, then their lists oldest first with trips', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const first = await createList(user, 'First', [trip]);
    const second = await createList(user, 'Second');
    await createList(testUser(), 'Not mine');
    const own = [`?email=${encodeURIComponent(user.email.toUpperCase())}`, `?email=%20${user.email}%20`];
    for (const query of [...own, '', '?email=', '?email=%20%20', '?email=+', '?email=%09']) {
      const res = await call('GET', `/api/wishlist/getlists${query}`, user);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { _id: first._id, list_name: 'First', email: user.email, trips: [preview(trip)] },
        { _id: second._id, list_name: 'Second', email: user.email, trips: [] },
      ]);
    }
  });

  it('when the email is someone else’s, then 403; when it is repeated or an object, then 400', async () => {
    const user = testUser();
    const other = testUser();
    await createList(other, 'Private');
    const res = await call('GET', `/api/wishlist/getlists?email=${encodeURIComponent(other.email)}`, user);
    expect(res).toEqual({
      status: 403,
      body: expect.objectContaining({ msg: 'You can only see your own wishlists.' }),
    });
    for (const query of ['email=a&email=b', `email[$ne]=${encodeURIComponent(user.email)}`]) {
      expect(await call('GET', `/api/wishlist/getlists?${query}`, user)).toEqual({
        status: 400,
        body: expect.objectContaining({ msg: 'Give email once, as a single value.' }),
      });
    }
  });
});

describe('addtrip', () => {
  it('when the whole trip is sent, then only its id is used and the preview comes from the trips service', async () => {
    const user = testUser();
    const list = await createList(user, 'Cities');
    const trip = fakeTrips.addTrip(user.id, { total_cost: 99.5 });
    const res = await call('POST', `/api/wishlist/addtrip/${list._id}`, user, wholeTrip(trip));
    expect(res).toEqual({ status: 200, body: { ...list, trips: [preview(trip)] } });
    expect(eventSummary(await waitForEvents(user, 1))).toEqual([
      { type: 'wishlist.trip-added', payload: { tripId: trip._id, userId: user.id, wishlistId: list._id } },
    ]);
  });

  it('when the trip is in euros, then its preview says so, so amounts in different currencies are never added up', async () => {
    const user = testUser();
    const list = await createList(user, 'Abroad');
    const euros = fakeTrips.addTrip(user.id, { total_cost: 420.5, currency: 'EUR' });
    const dollars = fakeTrips.addTrip(user.id, { total_cost: 99.5 });
    await call('POST', `/api/wishlist/addtrip/${list._id}`, user, { _id: euros._id });
    const res = await call('POST', `/api/wishlist/addtrip/${list._id}`, user, { _id: dollars._id });
    expect(
      res.body.trips.map((trip: { total_cost: number; currency: string }) => [trip.total_cost, trip.currency]),
    ).toEqual([
      [420.5, 'EUR'],
      [99.5, 'USD'],
    ]);
  });

  it('when the trips service sends no total_cost, then the four expenses are summed', async () => {
    const user = testUser();
    const list = await createList(user, 'Sums');
    const trip = fakeTrips.addTrip(user.id, {
      total_cost: undefined as unknown as number,
      stay_expense: 10.1,
      travel_expense: 0.2,
    });
    const res = await call('POST', `/api/wishlist/addtrip/${list._id}`, user, { _id: trip._id });
    expect(res.body.trips[0].total_cost).toBe(160.55);
  });

  it('when the trip is already in the list, then 200 and it is still there once', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const list = await createList(user, 'Once', [trip]);
    const again = await call('POST', `/api/wishlist/addtrip/${list._id}`, user, { _id: trip._id });
    expect(again).toEqual({ status: 200, body: { ...list, trips: [preview(trip)] } });
  });

  it('when the trip is in another list, then it moves there and only trip-added is published for the new list', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const from = await createList(user, 'From', [trip]);
    const to = await createList(user, 'To');
    const moved = await call('POST', `/api/wishlist/addtrip/${to._id}`, user, { _id: trip._id });
    expect(moved.body.trips).toEqual([preview(trip)]);
    expect((await call('GET', `/api/wishlist/spec-wishlist/${from._id}`, user)).body).toEqual({ trips: [] });
    expect(eventSummary(await waitForEvents(user, 2))).toEqual([
      { type: 'wishlist.trip-added', payload: { tripId: trip._id, userId: user.id, wishlistId: from._id } },
      { type: 'wishlist.trip-added', payload: { tripId: trip._id, userId: user.id, wishlistId: to._id } },
    ]);
  });

  it('when a new list is created with a trip held by another list, then the trip moves to the new list', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const old = await createList(user, 'Old', [trip]);
    const fresh = await createList(user, 'Fresh', [trip]);
    expect(fresh.trips).toEqual([preview(trip)]);
    expect((await call('GET', `/api/wishlist/spec-wishlist/${old._id}`, user)).body).toEqual({ trips: [] });
  });

  it('when the trip is someone else’s or does not exist, then 404 "Trip not found." and the list is unchanged', async () => {
    const user = testUser();
    const list = await createList(user, 'Guarded');
    for (const tripId of [fakeTrips.addTrip(testUser().id)._id, newId()]) {
      const res = await call('POST', `/api/wishlist/addtrip/${list._id}`, user, { _id: tripId });
      expect(res).toEqual({ status: 404, body: expect.objectContaining({ msg: 'Trip not found.' }) });
    }
    expect((await call('GET', `/api/wishlist/spec-wishlist/${list._id}`, user)).body).toEqual({ trips: [] });
    expect(await booted.eventsFor(user)).toEqual([]);
  });

  it('when the trips service fails, hangs or answers garbage, then 503 {msg} without hanging and the list is unchanged', async () => {
    const user = testUser();
    const list = await createList(user, 'Fragile');
    for (const failure of ['error', 'hang', 'garbage'] as const) {
      const trip = fakeTrips.addTrip(user.id);
      fakeTrips.failFor(trip._id, failure);
      // A hanging trips service must not hang the request: the client's timeout answers 503.
      const res = await settlesWithin(
        call('POST', `/api/wishlist/addtrip/${list._id}`, user, { _id: trip._id }),
        15_000,
        `addtrip while trips ${failure}s`,
      );
      expect(res).toEqual({
        status: 503,
        body: expect.objectContaining({ msg: 'Trips are unavailable right now. Please try again.' }),
      });
    }
    expect((await call('GET', `/api/wishlist/spec-wishlist/${list._id}`, user)).body).toEqual({ trips: [] });
  });

  it('when the body has no usable trip id, then 400', async () => {
    const user = testUser();
    const list = await createList(user, 'Strict');
    for (const body of [{}, { _id: 'nope' }, { _id: { $ne: null } }, { _id: 12 }, []]) {
      expect((await call('POST', `/api/wishlist/addtrip/${list._id}`, user, body)).status).toBe(400);
    }
  });
});

describe('remove-trip, spec-wishlist, removewishlist', () => {
  it('when a trip is removed, then the list no longer holds it and trip-removed is published once', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const kept = fakeTrips.addTrip(user.id);
    const list = await createList(user, 'Pruned', [trip, kept]);
    const removed = await call('DELETE', `/api/wishlist/${list._id}/remove-trip/${trip._id}`, user);
    expect(removed).toEqual({ status: 200, body: { ...list, trips: [preview(kept)] } });
    const again = await call('DELETE', `/api/wishlist/${list._id}/remove-trip/${trip._id}`, user);
    expect(again.status).toBe(200);
    const events = eventSummary(await waitForEvents(user, 3)).filter((e) => e.type === 'wishlist.trip-removed');
    expect(events).toEqual([
      { type: 'wishlist.trip-removed', payload: { tripId: trip._id, userId: user.id, wishlistId: list._id } },
    ]);
  });

  it('when the trips of a list are asked for, then {trips} with the preview fields', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const list = await createList(user, 'Peek', [trip]);
    expect(await call('GET', `/api/wishlist/spec-wishlist/${list._id}`, user)).toEqual({
      status: 200,
      body: { trips: [preview(trip)] },
    });
  });

  it('when a list is deleted, then it is gone, wishlist.deleted names its trips, and a repeat is 404', async () => {
    const user = testUser();
    const trips = [fakeTrips.addTrip(user.id), fakeTrips.addTrip(user.id)];
    const list = await createList(user, 'Doomed', trips);
    expect(await call('DELETE', `/api/wishlist/removewishlist/${list._id}`, user)).toEqual({
      status: 200,
      body: { msg: 'Wishlist deleted.' },
    });
    expect((await call('GET', '/api/wishlist/getlists', user)).body).toEqual([]);
    const deleted = (await waitForEvents(user, 3)).filter((e) => e.type === 'wishlist.deleted');
    expect(eventSummary(deleted)).toEqual([
      {
        type: 'wishlist.deleted',
        payload: { wishlistId: list._id, userId: user.id, tripIds: trips.map((t) => t._id) },
      },
    ]);
    expect((await call('DELETE', `/api/wishlist/removewishlist/${list._id}`, user)).status).toBe(404);
  });
});

describe('editlist', () => {
  const rename = (user: AuthUser, wishlistId: string, body: unknown) =>
    call('PUT', `/api/wishlist/editlist/${wishlistId}`, user, body);

  it('when the owner renames a list, then 200 with the trimmed name, its trips kept, and getlists shows it', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    const list = await createList(user, 'Summer', [trip]);
    const res = await rename(user, list._id, { name: '  Summer in Lisbon  ' });
    expect(res).toEqual({ status: 200, body: { ...list, list_name: 'Summer in Lisbon', trips: [preview(trip)] } });
    expect((await call('GET', '/api/wishlist/getlists', user)).body).toEqual([res.body]);
  });

  it('when only the case of its own name changes, then it is allowed', async () => {
    const user = testUser();
    const list = await createList(user, 'beach');
    expect((await rename(user, list._id, { name: 'Beach' })).body.list_name).toBe('Beach');
  });

  it('when another of the user’s lists has the name in any case, then 409 and nothing changes; another user may use it', async () => {
    const user = testUser();
    await createList(user, 'Mountains');
    const list = await createList(user, 'Hills');
    const res = await rename(user, list._id, { name: 'MOUNTAINS' });
    expect(res).toEqual({
      status: 409,
      body: expect.objectContaining({ msg: 'You already have a list with this name.' }),
    });
    const names = (await call('GET', '/api/wishlist/getlists', user)).body.map(
      (l: { list_name: string }) => l.list_name,
    );
    expect(names).toEqual(['Mountains', 'Hills']);
    const other = testUser();
    const theirs = await createList(other, 'Valleys');
    expect((await rename(other, theirs._id, { name: 'Mountains' })).status).toBe(200);
  });

  it.each([
    ['blank', { name: '   ' }, 'Please enter a list name.'],
    ['missing', {}, 'Please enter a list name.'],
    ['not text', { name: 42 }, 'Please enter a list name.'],
    ['61 characters', { name: 'x'.repeat(61) }, 'The list name must be at most 60 characters.'],
  ])('when the name is %s, then 400 with the message and the list keeps its name', async (_label, body, msg) => {
    const user = testUser();
    const list = await createList(user, 'Keep me');
    expect(await rename(user, list._id, body)).toEqual({ status: 400, body: expect.objectContaining({ msg }) });
    expect((await call('GET', '/api/wishlist/getlists', user)).body[0].list_name).toBe('Keep me');
  });

  it('when a list was deleted, then another list can take its name at once', async () => {
    const user = testUser();
    const gone = await createList(user, 'Winter');
    const list = await createList(user, 'Autumn');
    expect((await call('DELETE', `/api/wishlist/removewishlist/${gone._id}`, user)).status).toBe(200);
    expect((await rename(user, list._id, { name: 'winter' })).body.list_name).toBe('winter');
  });

  it('when 60 characters are given, then they are all kept', async () => {
    const user = testUser();
    const list = await createList(user, 'Short');
    expect((await rename(user, list._id, { name: 'y'.repeat(60) })).body.list_name).toBe('y'.repeat(60));
  });
});

describe('every route', () => {
  it('when there is no token or a bad one, then 401 {msg}', async () => {
    const id = newId();
    const routes = [['GET', '/api/wishlist/getlists'], ['POST', '/api/wishlist/createlist'], ...listPaths(id)] as const;
    for (const [method, path] of routes) {
      const res = await call(method, path, null, method === 'POST' ? { list_name: 'x' } : bodyFor(method));
      expect(res.status).toBe(401);
      expect(typeof res.body.msg).toBe('string');
      const forged = await fetch(`${booted.service.url}${path}`, {
        method,
        headers: { authorization: 'Bearer not.a.jwt' },
      });
      expect(forged.status).toBe(401);
    }
  });

  it('when another user’s list is used, then 403 and it is unchanged', async () => {
    const owner = testUser();
    const intruder = testUser();
    const trip = fakeTrips.addTrip(owner.id);
    const list = await createList(owner, 'Mine', [trip]);
    const intrudersTrip = fakeTrips.addTrip(intruder.id);
    for (const [method, path] of listPaths(list._id, trip._id)) {
      const res = await call(method, path, intruder, bodyFor(method, intrudersTrip._id));
      expect(res).toEqual({
        status: 403,
        body: expect.objectContaining({ msg: 'You do not have access to this wishlist.' }),
      });
    }
    expect((await call('GET', '/api/wishlist/getlists', owner)).body).toEqual([{ ...list, trips: [preview(trip)] }]);
    expect(await booted.eventsFor(intruder)).toEqual([]);
  });

  it('when the list does not exist, then 404 "Wishlist not found."', async () => {
    const user = testUser();
    const trip = fakeTrips.addTrip(user.id);
    for (const [method, path] of listPaths(newId(), trip._id)) {
      const res = await call(method, path, user, bodyFor(method, trip._id));
      expect(res).toEqual({ status: 404, body: expect.objectContaining({ msg: 'Wishlist not found.' }) });
    }
  });

  it('when an id in the path is malformed, then 400 and never 500', async () => {
    const user = testUser();
    const list = await createList(user, 'Ids');
    for (const bad of ['nope', '123', 'g'.repeat(24), '%24gt']) {
      for (const [method, path] of [...listPaths(bad), ...listPaths(list._id, bad).slice(1, 2)]) {
        const res = await call(method, path, user, bodyFor(method));
        expect(res.status).toBe(400);
        expect(typeof res.body.msg).toBe('string');
      }
    }
  });

  it('the OpenAPI document lists every docs/product.md §7 wishlist route', async () => {
    const doc = (await (await fetch(`${booted.service.url}/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/wishlist/addtrip/{wishlistId}',
      '/api/wishlist/createlist',
      '/api/wishlist/editlist/{wishlistId}',
      '/api/wishlist/getlists',
      '/api/wishlist/removewishlist/{wishlistId}',
      '/api/wishlist/spec-wishlist/{wishlistId}',
      '/api/wishlist/{wishlistId}/remove-trip/{tripId}',
    ]);
  });
});
