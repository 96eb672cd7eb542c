// A traveller's data end to end, through the gateway in front of the real auth,
// trips, wishlists and notifications services (real HTTP, real Redis and BullMQ, embedded stores on
// disk): the export holds exactly what was created, and deleting the account
// removes it from every store, refuses the old token everywhere, and frees the email.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '@tripcost/shared/testing';
import { PASSWORD, registration, startProductInProcess, type Product, type RawRequest } from './product';

jest.setTimeout(60_000);

describe('a traveller’s data: export and account deletion through the gateway', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProductInProcess({ services: ['auth', 'trips', 'wishlists', 'notifications', 'imports'] });
  });

  afterAll(() => product?.stop());

  const call = (method: string, path: string, options: Omit<RawRequest, 'method' | 'path'> = {}) =>
    product.call({ method, path, ...options });
  const traveller = (email?: string) => product.registerAndLogin(email);

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

  /** Every line of every embedded store file of the services with a store. */
  const storedText = () =>
    ['auth', 'trips', 'wishlists', 'notifications']
      .flatMap((service) =>
        readdirSync(join(product.dataDir, service)).map((file) =>
          readFileSync(join(product.dataDir, service, file), 'utf8'),
        ),
      )
      .join('\n');

  it('when a traveller exports, then the attachment holds their profile, every trip with its windows, costs and history, and every wishlist', async () => {
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

    const draft = await call('POST', '/api/imports', {
      token: ana.token,
      body: {
        text: 'Airbnb\nListing: Loft\nCheck-in: Jun 10, 2031\nCheckout: Jun 13, 2031\nConfirmation code: HMXK4R2D9',
      },
    });
    expect(draft.status).toBe(201);

    const res = await call('GET', '/api/user/me/export', { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tripcost-data-.*\.json"$/);
    const { password: _password, email, ...profile } = registration(ana.email);
    expect(res.body.account).toEqual({ _id: ana.id, email, createdAt: expect.any(String) });
    expect(res.body.profile).toEqual({ ...profile, country: 'US', home_currency: 'USD' });
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
    // Each own trip's history, newest first, gathered from the trips service a page at a time:
    // its window after its creation (Porto's favourite flag, set by the wishlist, above them).
    const history = res.body.history as { trip_id: string; entries: { action: string }[] }[];
    expect(history.map((trip) => trip.trip_id).sort()).toEqual([lisbon.tripId, porto.tripId].sort());
    for (const trip of history)
      expect(trip.entries.map((entry) => entry.action).slice(-2)).toEqual(['window', 'create']);
    // The alert preferences (defaults until changed) and in-app notifications (issue 42).
    expect(res.body.notifications).toEqual({
      notifications: [],
      // Its alert channels (issue 42): nothing set up, and never a key or a secret.
      channels: { push_subscriptions: [], webhook: null, calendar_feed: null },
      preferences: expect.objectContaining({ stale_days: 14, channels: { in_app: true, push: false, webhook: false } }),
    });
    // The import draft while it is kept (24 h), with what was read from the pasted text.
    expect(res.body.imports).toEqual([
      expect.objectContaining({
        _id: draft.body._id,
        reservations: [expect.objectContaining({ confirmation: 'HMXK4R2D9' })],
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
      [product.url, '/api/trips/getaway-trip'],
      [product.url, '/api/wishlist/getlists'],
      [product.url, '/api/user/infor'],
      [product.serviceUrl('trips'), '/api/trips/getaway-trip'],
      [product.serviceUrl('wishlists'), '/api/wishlist/getlists'],
    ]) {
      const refused = await call('GET', path, { token: ana.token, baseUrl: base });
      expect([base, path, refused.status]).toEqual([base, path, 401]);
      expect(refused.body.msg).toBe('This account no longer exists. Please log in again.');
    }
    const refresh = await call('GET', '/api/user/refresh_token', { cookie: ana.cookie });
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
