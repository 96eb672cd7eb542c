// The whole back end as a client sees it: the gateway in front of the four real
// services (each on its own port, real HTTP between them), real Redis and BullMQ,
// embedded stores in a temp dir. Third parties are a closed port: no internet.
import { eventually as waitFor, uniqueSuffix } from '@tripcost/shared/testing';
import { PASSWORD, startProductInProcess, type Product, type RawRequest } from './product';

jest.setTimeout(60_000);

describe('the product behind the gateway', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProductInProcess();
  });

  afterAll(() => product?.stop());

  const call = (method: string, path: string, options: Omit<RawRequest, 'method' | 'path'> = {}) =>
    product.call({ method, path, ...options });

  /** The value `read` gives once `accept` takes it, or its last value at the deadline (for the assertion's diff). */
  async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
    let value!: T;
    await waitFor(async () => accept((value = await read()))).catch(() => undefined);
    return value;
  }

  it('when a traveller registers and logs in, then the session cookie refreshes through the gateway and infor names them', async () => {
    const typed = `Traveller-${uniqueSuffix()}@Example.test`;
    const { token, cookie } = await product.registerAndLogin(typed);
    expect(cookie).toMatch(/^refreshtoken=/);
    const me = await call('GET', '/api/user/infor', { token });
    expect(me.body).toMatchObject({ fname: 'Ana', lname: 'Silva', email: typed.toLowerCase(), role: 0 });
    const refreshed = await call('GET', '/api/user/refresh_token', { cookie });
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.accesstoken).toBe('string');
  });

  it('when the same email fails to log in 10 times, then the 11th attempt is refused with 429', async () => {
    const { email } = await product.registerAndLogin();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const failed = await call('POST', '/api/user/login', { body: { email, password: 'wrong password' } });
      expect(failed.status).toBe(400);
      expect(failed.body.msg).toBe('Invalid email or password.');
    }
    const limited = await call('POST', '/api/user/login', { body: { email, password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/Too many failed login attempts/);
  });

  it('when a client walks the seed scenario, then every step answers as the spec says and another user is refused', async () => {
    const alice = await product.registerAndLogin();
    const bob = await product.registerAndLogin();
    const created = await call('POST', '/api/trips/getaway-trip', {
      token: alice.token,
      body: {
        user_email: alice.email,
        location_address: 'Lisbon, Portugal',
        image_url: '/api/places-pics?photoreference=places/abc/photos/def',
        isFavorite: false,
      },
    });
    expect(created.status).toBe(201);
    const tripId = created.body._id;
    const first = await call('POST', `/api/trips/getaway/${tripId}/instances`, {
      token: alice.token,
      body: {
        trip_start: '2025-01-05',
        trip_end: '2025-01-09',
        stay_expense: 400,
        travel_expense: 250.5,
        car_expense: 60,
        other_expense: 0,
      },
    });
    const second = await call('POST', `/api/trips/getaway/${tripId}/instances`, {
      token: alice.token,
      body: {
        trip_start: '2025-02-01T00:00:00.000Z',
        trip_end: '2025-02-04T00:00:00.000Z',
        stay_expense: 300,
        travel_expense: '',
        car_expense: 0,
        other_expense: 12.345,
      },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.total_cost).toBe(312.35);

    const committedFirst = await call('PATCH', `/api/trips/getaway/${tripId}/instances/${first.body._id}/commit`, {
      token: alice.token,
      body: {},
    });
    expect(committedFirst.body).toMatchObject({
      committedInstanceId: first.body._id,
      trip_start: '2025-01-05T00:00:00.000Z',
      stay_expense: 400,
    });
    const committedSecond = await call('PATCH', `/api/trips/getaway/${tripId}/instances/${second.body._id}/commit`, {
      token: alice.token,
      body: {},
    });
    expect(
      committedSecond.body.instances.filter((instance: { isCommitted: boolean }) => instance.isCommitted),
    ).toHaveLength(1);
    expect(committedSecond.body).toMatchObject({ committedInstanceId: second.body._id, total_cost: 312.35 });

    const read = await call('GET', `/api/trips/getaway/${tripId}/instances/${second.body._id}`, { token: alice.token });
    expect(read.body.instance).toMatchObject({ _id: second.body._id, isCommitted: true });
    expect(read.body.trip._id).toBe(tripId);

    const favourite = await call('PUT', `/api/trips/getaway/${tripId}`, {
      token: alice.token,
      body: { isFavorite: true },
    });
    expect(favourite.status).toBe(200);

    for (const [method, path] of [
      ['GET', `/api/trips/getaway/${tripId}`],
      ['DELETE', `/api/trips/getaway/${tripId}/instances/${first.body._id}`],
      ['PATCH', `/api/trips/getaway/${tripId}/instances/${first.body._id}/commit`],
    ]) {
      const refused = await call(method, path, { token: bob.token, body: method === 'PATCH' ? {} : undefined });
      expect([403, 404]).toContain(refused.status);
    }
    expect(
      (await call('GET', `/api/trips/getaway-trip?email=${encodeURIComponent(alice.email)}`, { token: bob.token }))
        .status,
    ).toBe(403);

    expect(
      (await call('DELETE', `/api/trips/getaway/${tripId}/instances/${first.body._id}`, { token: alice.token })).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/trips/getaway/${tripId}`, { token: alice.token })).status).toBe(200);
    expect((await call('GET', `/api/trips/getaway/${tripId}`, { token: alice.token })).status).toBe(404);
  });

  it('when a trip is saved into a new wishlist, then it turns favourite; deleting the list unfavourites it', async () => {
    const alice = await product.registerAndLogin();
    const trip = (
      await call('POST', '/api/trips/getaway-trip', {
        token: alice.token,
        body: { location_address: 'Porto, Portugal', isFavorite: false },
      })
    ).body;
    const list = await call('POST', '/api/wishlist/createlist', {
      token: alice.token,
      body: { list_name: '  Summer picks ', trips: [trip], email: alice.email },
    });
    expect(list.status).toBe(201);
    expect(list.body).toMatchObject({
      list_name: 'Summer picks',
      trips: [{ _id: trip._id, location_address: 'Porto, Portugal' }],
    });
    const favourite = await eventually(
      () => call('GET', `/api/trips/getaway/${trip._id}`, { token: alice.token }),
      (r) => r.body.isFavorite === true,
    );
    expect(favourite.body.isFavorite).toBe(true);
    expect((await call('DELETE', `/api/wishlist/removewishlist/${list.body._id}`, { token: alice.token })).status).toBe(
      200,
    );
    const unfavourite = await eventually(
      () => call('GET', `/api/trips/getaway/${trip._id}`, { token: alice.token }),
      (r) => r.body.isFavorite === false,
    );
    expect(unfavourite.body.isFavorite).toBe(false);
  });

  it('when there are no keys and no internet, then city search works offline and weather and suggestions answer clean JSON errors', async () => {
    const { token } = await product.registerAndLogin();
    const cities = await call('GET', '/api/places/autocomplete?input=lisb&limit=5', { token });
    expect(cities.status).toBe(200);
    expect(cities.body[0]).toMatchObject({ description: 'Lisbon, Portugal', main_text: 'Lisbon' });
    const details = await call('GET', `/api/places-details?placeid=${encodeURIComponent(cities.body[0].place_id)}`, {
      token,
    });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ photos: [], formatted_address: 'Lisbon, Portugal' });
    expect(details.body.trip_location).toContain('Lisbon');

    const weather = await call('GET', '/api/weather?city=Lisbon&country=Portugal&units=metric', { token });
    expect([502, 503, 504]).toContain(weather.status);
    expect(typeof weather.body.msg).toBe('string');
    const suggestions = await call('POST', '/api/chatgpt/fun-places', {
      token,
      body: { location: 'Lisbon, , Portugal' },
    });
    expect(suggestions.status).toBe(503);
    expect(typeof suggestions.body.msg).toBe('string');
    const photo = await call('GET', '/api/places-pics?photoreference=places%2Fabc%2Fphotos%2Fdef');
    expect(photo.status).toBeGreaterThanOrEqual(400);
    expect(typeof photo.body.msg).toBe('string');
  });

  it('when the trip list is fetched again unchanged through the gateway, then 304 without a body; after a change, the new list', async () => {
    const alice = await product.registerAndLogin();
    await call('POST', '/api/trips/getaway-trip', {
      token: alice.token,
      body: { location_address: 'Lisbon, Portugal' },
    });
    const first = await call('GET', '/api/trips/getaway-trip', { token: alice.token });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${product.url}/api/trips/getaway-trip`, {
      headers: { authorization: `Bearer ${alice.token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await call('POST', '/api/trips/getaway-trip', {
      token: alice.token,
      body: { location_address: 'Porto, Portugal' },
    });
    const changed = await fetch(`${product.url}/api/trips/getaway-trip`, {
      headers: { authorization: `Bearer ${alice.token}`, 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as unknown[]).length).toBe(2);
  });

  it('when /api/docs is opened, then it lists the routes of every service', async () => {
    const res = await fetch(`${product.url}/api/docs/openapi.json`);
    const doc = await res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/trips/getaway-trip', '/api/wishlist/getlists', '/api/weather']),
    );
    expect(doc['x-unavailable-services']).toEqual([]);
  });
});

describe('the product restarted on the same data', () => {
  it('when every service stops and starts again, then the account, its session key and its trips are all still there', async () => {
    const product = await startProductInProcess({ services: ['auth', 'trips'] });
    try {
      const before = await product.registerAndLogin();
      const trip = await product.call({
        method: 'POST',
        path: '/api/trips/getaway-trip',
        body: { location_address: 'Porto, Portugal' },
        token: before.token,
      });

      await Promise.all([product.restart('auth'), product.restart('trips')]);

      const after = await product.call({
        method: 'POST',
        path: '/api/user/login',
        body: { email: before.email, password: PASSWORD },
      });
      expect(after.status).toBe(200);
      const list = await product.call({
        method: 'GET',
        path: '/api/trips/getaway-trip',
        token: after.body.accesstoken,
      });
      expect(list.body.map((t: { _id: string }) => t._id)).toEqual([trip.body._id]);
      // A token issued before the restart is still honoured: the key pair did not change.
      const me = await product.call({ method: 'GET', path: '/api/user/infor', token: before.token });
      expect(me.body.email).toBe(before.email);
    } finally {
      await product.stop();
    }
  });
});
