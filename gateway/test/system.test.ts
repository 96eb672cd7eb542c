// The whole back end as a client sees it: the gateway in front of the four real
// services (each on its own port, real HTTP between them), real Redis and BullMQ,
// embedded stores in a temp dir. Third parties are a closed port: no internet.
import type { RunningServer } from '@tripcost/shared';
import {
  eventually as waitFor,
  silentLogger,
  tempDataDir,
  testKeys,
  testQueuePrefix,
  testRedisUrl,
  uniqueSuffix,
} from '@tripcost/shared/testing';
import { configFrom as authConfig, startAuth } from '@tripcost/auth';
import { configFrom as tripsConfig, startTrips } from '@tripcost/trips';
import { configFrom as wishlistsConfig, startWishlists } from '@tripcost/wishlists';
import { configFrom as integrationsConfig, startIntegrations } from '@tripcost/integrations';
import { closedPortUrl, startTestGateway } from './helpers';

jest.setTimeout(60_000);

/** A valid registration body (docs/product.md §7); every test's password is 'correct horse'. */
const registration = (email: string) => ({
  fname: 'Ana',
  lname: 'Silva',
  email,
  password: 'correct horse',
  birthday: '1990-04-01',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
});

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, asserted field by field
  body: any;
  headers: Headers;
}

describe('the product behind the gateway', () => {
  const stops: Array<() => Promise<void>> = [];
  let gateway: RunningServer;

  beforeAll(async () => {
    const { privateKey, publicKey } = testKeys();
    const offline = await closedPortUrl();
    const common = {
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testQueuePrefix(),
      DATA_DIR: tempDataDir(),
      JWT_PUBLIC_KEY: publicKey,
      LOG_LEVEL: 'silent',
    };
    const logger = silentLogger();
    const auth = await startAuth(
      authConfig({ ...common, JWT_PRIVATE_KEY: privateKey, PASSWORD_ARGON2_MEMORY_KIB: '1024' }),
      logger,
    );
    const trips = await startTrips(tripsConfig(common), logger);
    const wishlists = await startWishlists(wishlistsConfig({ ...common, TRIPS_URL: trips.url }), logger);
    const integrations = await startIntegrations(
      integrationsConfig({
        ...common,
        OPEN_METEO_BASE_URL: offline,
        OPEN_METEO_GEOCODING_BASE_URL: offline,
        OPENWEATHER_BASE_URL: offline,
        GOOGLE_PLACES_BASE_URL: offline,
        OPENAI_BASE_URL: offline,
        UPSTREAM_TIMEOUT_MS: '1000',
      }),
      logger,
    );
    stops.push(auth.stop, trips.stop, wishlists.stop, integrations.stop);
    gateway = await startTestGateway({
      AUTH_URL: auth.url,
      TRIPS_URL: trips.url,
      WISHLISTS_URL: wishlists.url,
      INTEGRATIONS_URL: integrations.url,
      WEB_DIST: '/nonexistent',
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all(stops.map((stop) => stop()));
  });

  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; cookie?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${gateway.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  async function registerAndLogin(): Promise<{ token: string; email: string; cookie: string; id: string }> {
    const email = `Traveller-${uniqueSuffix()}@Example.test`;
    const registered = await call('POST', '/api/user/register', { body: registration(email) });
    expect(registered.status).toBe(201);
    const login = await call('POST', '/api/user/login', { body: { email, password: 'correct horse' } });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const me = await call('GET', '/api/user/infor', { token: login.body.accesstoken });
    return { token: login.body.accesstoken, email: email.toLowerCase(), cookie, id: me.body._id };
  }

  /** The value `read` gives once `accept` takes it, or its last value at the deadline (for the assertion's diff). */
  async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
    let value!: T;
    await waitFor(async () => accept((value = await read()))).catch(() => undefined);
    return value;
  }

  it('when a traveller registers and logs in, then the session cookie refreshes through the gateway and infor names them', async () => {
    const { token, email, cookie } = await registerAndLogin();
    expect(cookie).toMatch(/^refreshtoken=/);
    const me = await call('GET', '/api/user/infor', { token });
    expect(me.body).toMatchObject({ fname: 'Ana', lname: 'Silva', email, role: 0 });
    const refreshed = await call('GET', '/api/user/refresh_token', { cookie });
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.accesstoken).toBe('string');
  });

  it('when the same email fails to log in 10 times, then the 11th attempt is refused with 429', async () => {
    const { email } = await registerAndLogin();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const failed = await call('POST', '/api/user/login', { body: { email, password: 'wrong password' } });
      expect(failed.status).toBe(400);
      expect(failed.body.msg).toBe('Invalid email or password.');
    }
    const limited = await call('POST', '/api/user/login', { body: { email, password: 'correct horse' } });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/Too many failed login attempts/);
  });

  it('when a client walks the seed scenario, then every step answers as the spec says and another user is refused', async () => {
    const alice = await registerAndLogin();
    const bob = await registerAndLogin();
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
    const alice = await registerAndLogin();
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
    const { token } = await registerAndLogin();
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
    const alice = await registerAndLogin();
    await call('POST', '/api/trips/getaway-trip', {
      token: alice.token,
      body: { location_address: 'Lisbon, Portugal' },
    });
    const first = await call('GET', '/api/trips/getaway-trip', { token: alice.token });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      headers: { authorization: `Bearer ${alice.token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await call('POST', '/api/trips/getaway-trip', {
      token: alice.token,
      body: { location_address: 'Porto, Portugal' },
    });
    const changed = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      headers: { authorization: `Bearer ${alice.token}`, 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as unknown[]).length).toBe(2);
  });

  it('when /api/docs is opened, then it lists the routes of every service', async () => {
    const res = await fetch(`${gateway.url}/api/docs/openapi.json`);
    const doc = await res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/trips/getaway-trip', '/api/wishlist/getlists', '/api/weather']),
    );
    expect(doc['x-unavailable-services']).toEqual([]);
  });
});

describe('the product restarted on the same data', () => {
  it('when every service stops and starts again, then the account, its session key and its trips are all still there', async () => {
    const { privateKey, publicKey } = testKeys();
    const common = {
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testQueuePrefix(),
      DATA_DIR: tempDataDir(),
      JWT_PUBLIC_KEY: publicKey,
      LOG_LEVEL: 'silent',
    };
    const logger = silentLogger();
    const boot = (ports: { auth: string; trips: string }) =>
      Promise.all([
        startAuth(
          authConfig({ ...common, PORT: ports.auth, JWT_PRIVATE_KEY: privateKey, PASSWORD_ARGON2_MEMORY_KIB: '1024' }),
          logger,
        ),
        startTrips(tripsConfig({ ...common, PORT: ports.trips }), logger),
      ]);
    let [auth, trips] = await boot({ auth: '0', trips: '0' });
    const gateway = await startTestGateway({ AUTH_URL: auth.url, TRIPS_URL: trips.url, WEB_DIST: '/nonexistent' });
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${gateway.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    try {
      const email = `restart-${uniqueSuffix()}@example.test`;
      expect((await post('/api/user/register', registration(email))).status).toBe(201);
      const before = await (await post('/api/user/login', { email, password: 'correct horse' })).json();
      const trip = await (
        await post('/api/trips/getaway-trip', { location_address: 'Porto, Portugal' }, before.accesstoken)
      ).json();

      await Promise.all([auth.stop(), trips.stop()]);
      [auth, trips] = await boot({ auth: String(auth.port), trips: String(trips.port) });

      const after = await post('/api/user/login', { email, password: 'correct horse' });
      expect(after.status).toBe(200);
      const { accesstoken } = await after.json();
      const list = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
        headers: { authorization: `Bearer ${accesstoken}` },
      });
      expect((await list.json()).map((t: { _id: string }) => t._id)).toEqual([trip._id]);
      // A token issued before the restart is still honoured: the key pair did not change.
      const me = await fetch(`${gateway.url}/api/user/infor`, {
        headers: { authorization: `Bearer ${before.accesstoken}` },
      });
      expect((await me.json()).email).toBe(email);
    } finally {
      await gateway.stop();
      await Promise.all([auth.stop(), trips.stop()]);
    }
  });
});
