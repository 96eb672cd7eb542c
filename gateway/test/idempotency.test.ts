// Idempotency-Key through the gateway (ADR 0038): what a traveller's queued changes
// rely on when they are replayed after a connection drop — a create retried with its key
// answers the first answer and never creates twice; the key with another body is refused.
import { testUser } from '@tripcost/shared/testing';
import { startTripsBehindGateway, type TripsBehindGateway } from './trips-behind-gateway';

jest.setTimeout(60_000);

describe('Idempotency-Key on creates, through the gateway', () => {
  let product: TripsBehindGateway;
  beforeAll(async () => {
    product = await startTripsBehindGateway();
  });
  afterAll(() => product.stop());

  it('when a window create is retried with its key, then one window exists and the retry is the first answer', async () => {
    const call = product.as(testUser());
    const trip = (await call('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' })).body;
    const path = `/api/trips/getaway/${trip._id}/instances`;
    const body = { trip_start: '2031-05-01', trip_end: '2031-05-04', stay_expense: 300 };
    const key = { 'Idempotency-Key': `gw-${Date.now()}` };
    const first = await call('POST', path, body, key);
    const retry = await call('POST', path, body, key);
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const other = await call('POST', path, { ...body, stay_expense: 999 }, key);
    expect(other.status).toBe(422);
    expect(other.body.msg).toMatch(/different request/);
    const stored = await call('GET', `/api/trips/getaway/${trip._id}`);
    expect(stored.body.instances).toHaveLength(1);
  });

  it('when another traveller sends the same key, then it creates their own trip', async () => {
    const key = { 'Idempotency-Key': `gw-shared-${Date.now()}` };
    const a = await product.as(testUser())('POST', '/api/trips/getaway-trip', { location_address: 'Oslo' }, key);
    const b = await product.as(testUser())('POST', '/api/trips/getaway-trip', { location_address: 'Oslo' }, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body._id).not.toBe(b.body._id);
  });
});
