// A traveller's data end to end, through the gateway in front of the real auth,
// trips and wishlists services (real HTTP, real Redis and BullMQ, embedded stores on
// disk): the export holds exactly what was created, and deleting the account
// removes it from every store, refuses the old token everywhere, and frees the email.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
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
import type { RunningGateway } from '../src';
import { startTestGateway } from './helpers';

jest.setTimeout(60_000);

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, asserted field by field
  body: any;
  headers: Headers;
}

const PASSWORD = 'correct horse';

describe('a traveller’s data: export and account deletion through the gateway', () => {
  const dataDir = tempDataDir('tripcost-lifecycle-');
  const stops: Array<() => Promise<void>> = [];
  let gateway: RunningGateway;
  let tripsUrl: string;
  let wishlistsUrl: string;

  beforeAll(async () => {
    const { privateKey, publicKey } = testKeys();
    const common = {
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testQueuePrefix(),
      DATA_DIR: dataDir,
      JWT_PUBLIC_KEY: publicKey,
      LOG_LEVEL: 'silent',
    };
    const logger = silentLogger();
    const trips = await startTrips(tripsConfig(common), logger);
    const wishlists = await startWishlists(wishlistsConfig({ ...common, TRIPS_URL: trips.url }), logger);
    const auth = await startAuth(
      authConfig({
        ...common,
        JWT_PRIVATE_KEY: privateKey,
        PASSWORD_ARGON2_MEMORY_KIB: '1024',
        TRIPS_URL: trips.url,
        WISHLISTS_URL: wishlists.url,
      }),
      logger,
    );
    stops.push(auth.stop, wishlists.stop, trips.stop);
    tripsUrl = trips.url;
    wishlistsUrl = wishlists.url;
    gateway = await startTestGateway({
      AUTH_URL: auth.url,
      TRIPS_URL: trips.url,
      WISHLISTS_URL: wishlists.url,
      WEB_DIST: '/nonexistent',
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    for (const stop of stops) await stop();
  });

  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; base?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${options.base ?? gateway.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  const profileOf = (email: string) => ({
    fname: 'Ana',
    lname: 'Silva',
    email,
    password: PASSWORD,
    birthday: '1990-04-01',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });

  async function traveller(email = `traveller-${uniqueSuffix()}@example.test`) {
    expect((await call('POST', '/api/user/register', { body: profileOf(email) })).status).toBe(201);
    const login = await call('POST', '/api/user/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.accesstoken as string;
    const me = await call('GET', '/api/user/infor', { token });
    return { email, token, id: me.body._id as string, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] };
  }

  async function tripWithInstance(token: string, address: string) {
    const trip = await call('POST', '/api/trips/getaway-trip', { token, body: { location_address: address } });
    expect(trip.status).toBe(201);
    const instance = await call('POST', `/api/trips/getaway/${trip.body._id}/instances`, {
      token,
      body: { trip_start: '2031-05-01', trip_end: '2031-05-04', stay_expense: 300, travel_expense: 120.5 },
    });
    expect(instance.status).toBe(201);
    return { tripId: trip.body._id as string, instanceId: instance.body._id as string };
  }

  async function eventually(check: () => Promise<void> | void, withinMs = 5000): Promise<void> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  /** Every line of every embedded store file of the three services. */
  const storedText = () =>
    ['auth', 'trips', 'wishlists']
      .flatMap((service) =>
        readdirSync(join(dataDir, service)).map((file) => readFileSync(join(dataDir, service, file), 'utf8')),
      )
      .join('\n');

  it('when a traveller exports, then the attachment holds their profile, every trip with its windows and costs, and every wishlist', async () => {
    const ana = await traveller();
    const lisbon = await tripWithInstance(ana.token, 'Lisbon, Portugal');
    const porto = await tripWithInstance(ana.token, 'Porto, Portugal');
    const list = await call('POST', '/api/wishlist/createlist', {
      token: ana.token,
      body: { list_name: 'Summer', trips: [{ _id: porto.tripId }], email: ana.email },
    });
    expect(list.status).toBe(201);
    const other = await traveller();
    await tripWithInstance(other.token, 'Madrid, Spain');

    const res = await call('GET', '/api/user/me/export', { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tripcost-data-.*\.json"$/);
    const { password: _password, email, ...profile } = profileOf(ana.email);
    expect(res.body.account).toEqual({ _id: ana.id, email, createdAt: expect.any(String) });
    expect(res.body.profile).toEqual(profile);
    const trips = res.body.trips as Array<{ _id: string; location_address: string; instances: unknown[] }>;
    expect(trips.map((trip) => trip._id).sort()).toEqual([lisbon.tripId, porto.tripId].sort());
    for (const [trip, created] of [
      [trips.find((t) => t._id === lisbon.tripId)!, lisbon],
      [trips.find((t) => t._id === porto.tripId)!, porto],
    ] as const) {
      expect(trip.instances).toEqual([
        expect.objectContaining({
          _id: created.instanceId,
          trip_start: '2031-05-01T00:00:00.000Z',
          trip_end: '2031-05-04T00:00:00.000Z',
          stay_expense: 300,
          travel_expense: 120.5,
          total_cost: 420.5,
        }),
      ]);
    }
    expect(res.body.wishlists).toEqual([
      expect.objectContaining({
        _id: list.body._id,
        list_name: 'Summer',
        trips: [expect.objectContaining({ _id: porto.tripId })],
      }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('Madrid');
  });

  it('when a traveller deletes their account, then every store forgets them, the old token is refused everywhere, others keep theirs, and the email registers again', async () => {
    const ana = await traveller();
    const lisbon = await tripWithInstance(ana.token, 'Lisbon, Portugal');
    const list = await call('POST', '/api/wishlist/createlist', {
      token: ana.token,
      body: { list_name: 'Later', trips: [{ _id: lisbon.tripId }], email: ana.email },
    });
    expect(list.status).toBe(201);
    const bob = await traveller();
    const bobs = await tripWithInstance(bob.token, 'Madrid, Spain');
    const bobsList = await call('POST', '/api/wishlist/createlist', {
      token: bob.token,
      body: { list_name: 'Mine', trips: [], email: bob.email },
    });
    expect(storedText()).toContain(ana.id);

    const wrong = await call('DELETE', '/api/user/me', { token: ana.token, body: { password: 'not it' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe('The password is not correct.');
    // Bob cannot delete Ana: the route only ever acts on the caller.
    expect((await call('DELETE', '/api/user/me', { token: bob.token, body: { password: 'not it' } })).status).toBe(403);

    const deleted = await call('DELETE', '/api/user/me', { token: ana.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.msg).toBe('Your account and all its data have been deleted.');

    // The old access token, still within its lifetime, is refused by the gateway and by each service.
    for (const [base, path] of [
      [gateway.url, '/api/trips/getaway-trip'],
      [gateway.url, '/api/wishlist/getlists'],
      [gateway.url, '/api/user/infor'],
      [tripsUrl, '/api/trips/getaway-trip'],
      [wishlistsUrl, '/api/wishlist/getlists'],
    ]) {
      const refused = await call('GET', path, { token: ana.token, base });
      expect([base, path, refused.status]).toEqual([base, path, 401]);
      expect(refused.body.msg).toBe('This account no longer exists. Please log in again.');
    }
    const refresh = await fetch(`${gateway.url}/api/user/refresh_token`, { headers: { cookie: ana.cookie } });
    expect(refresh.status).toBe(401);

    // Trips and wishlists follow the user.deleted event; then no store file mentions Ana or her things.
    await eventually(() => {
      const text = storedText();
      for (const trace of [ana.id, ana.email, lisbon.tripId, lisbon.instanceId, list.body._id]) {
        expect(text).not.toContain(trace);
      }
    });
    expect((await call('GET', `/api/trips/getaway/${bobs.tripId}`, { token: bob.token })).status).toBe(200);
    expect((await call('GET', '/api/wishlist/getlists', { token: bob.token })).body).toEqual([
      expect.objectContaining({ _id: bobsList.body._id }),
    ]);

    // The email is free again, for a new and empty account.
    const again = await traveller(ana.email);
    expect(again.id).not.toBe(ana.id);
    expect((await call('GET', '/api/trips/getaway-trip', { token: again.token })).body).toEqual([]);
    expect((await call('GET', '/api/wishlist/getlists', { token: again.token })).body).toEqual([]);
  });
});
