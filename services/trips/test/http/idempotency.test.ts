// Idempotency-Key on creating POSTs (shared http/idempotency.ts, ADR 0038): a create
// retried with its key — after a lost answer, or the service restarted in between —
// answers the first answer and never creates twice.
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

const TRIP = { location_address: 'Porto, Portugal' };

describe('Idempotency-Key on creates', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  const key = () => `key-${Math.random().toString(36).slice(2)}`;

  it('when a create is sent twice with one key and body, then one trip exists and the retry gets the first answer', async () => {
    const alice = clientFor(trips.url, testUser());
    const k = key();
    const first = await alice.send('POST', '/api/trips/getaway-trip', TRIP, { 'idempotency-key': k });
    const again = await alice.send('POST', '/api/trips/getaway-trip', TRIP, { 'idempotency-key': k });
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const list = await alice.get('/api/trips/getaway-trip');
    expect(list.body.filter((trip: { _id: string }) => trip._id === first.body._id)).toHaveLength(1);
    expect(list.body).toHaveLength(1);
  });

  it('when the same key comes with a different body, then 422 {msg} and nothing is created', async () => {
    const alice = clientFor(trips.url, testUser());
    const k = key();
    await alice.send('POST', '/api/trips/getaway-trip', TRIP, { 'idempotency-key': k });
    const other = await alice.send(
      'POST',
      '/api/trips/getaway-trip',
      { location_address: 'Oslo, Norway' },
      {
        'idempotency-key': k,
      },
    );
    expect(other.status).toBe(422);
    expect(other.body.msg).toMatch(/different request/);
    expect((await alice.get('/api/trips/getaway-trip')).body).toHaveLength(1);
  });

  it('when the same key is sent many times at once, then exactly one window is created; the others wait (409) or get the first answer', async () => {
    const alice = clientFor(trips.url, testUser());
    const trip = await alice.createTrip();
    const k = key();
    const body = { trip_start: '2031-05-01', trip_end: '2031-05-04', stay_expense: 300 };
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        alice.send('POST', `/api/trips/getaway/${trip._id}/instances`, body, { 'idempotency-key': k }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const reply of replies.filter((r) => r.status === 409))
      expect(reply.body.msg).toMatch(/still being handled|in progress/);
    const created = new Set(replies.filter((r) => r.status === 201).map((r) => r.body._id));
    expect(created.size).toBe(1);
    expect((await alice.get(`/api/trips/getaway/${trip._id}`)).body.instances).toHaveLength(1);
  });

  it('when two users use the same key, then each gets their own trip', async () => {
    const k = key();
    const alice = clientFor(trips.url, testUser());
    const bob = clientFor(trips.url, testUser());
    const a = await alice.send('POST', '/api/trips/getaway-trip', TRIP, { 'idempotency-key': k });
    const b = await bob.send('POST', '/api/trips/getaway-trip', TRIP, { 'idempotency-key': k });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body._id).not.toBe(b.body._id);
  });

  it('when the key is empty or too long, then 400 {msg}', async () => {
    const alice = clientFor(trips.url, testUser());
    const reply = await alice.send('POST', '/api/trips/getaway-trip', TRIP, { 'idempotency-key': 'x'.repeat(256) });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(/Idempotency-Key/);
    expect((await alice.get('/api/trips/getaway-trip')).body).toHaveLength(0);
  });

  it('when the service restarts before the retry (the first answer was lost), then the retry answers the first trip', async () => {
    const alice = clientFor(trips.url, testUser());
    const k = key();
    const first = await alice.send('POST', '/api/trips/getaway-trip', TRIP, { 'idempotency-key': k });
    await trips.stop();
    trips = await bootTrips({ QUEUE_PREFIX: trips.prefix, DATA_DIR: trips.dataDir });
    const retry = await clientFor(trips.url, alice.user).send('POST', '/api/trips/getaway-trip', TRIP, {
      'idempotency-key': k,
    });
    expect(retry.status).toBe(201);
    expect(retry.body._id).toBe(first.body._id);
    expect((await clientFor(trips.url, alice.user).get('/api/trips/getaway-trip')).body).toHaveLength(1);
  });
});
