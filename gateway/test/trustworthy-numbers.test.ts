// Numbers a traveller can trust (issue 24), as a browser reaches them: through the
// gateway to the real trips service (real HTTP, real Redis, embedded store in a temp
// dir). Each bug found on main has its test here: an end date edited alone to before
// the start, the first cost item dropping the other amounts, a spec client's data:
// image and its reading of the commit answer, and windows already stored with the end
// before the start. Then the board's explanations: per-category differences and the
// budget's basis and measured window.
import type { AuthUser, RunningServer } from '@tripcost/shared';
import { embeddedDir, openEmbeddedCollection } from '@tripcost/shared';
import {
  silentLogger,
  tempDataDir,
  testKeys,
  testQueuePrefix,
  testRedisUrl,
  testUser,
  tokenFor,
} from '@tripcost/shared/testing';
import { configFrom as tripsConfig, startTrips, type RunningTrips, type TripRecord } from '@tripcost/trips';
import { parse as parseCsv } from 'csv-parse/sync';
import { closedPortUrl, startTestGateway } from './helpers';

jest.setTimeout(60_000);

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, asserted field by field
  body: any;
  text: string;
}

describe('numbers a traveller can trust, through the gateway', () => {
  let gateway: RunningServer;
  let trips: RunningTrips;
  const dataDir = tempDataDir();
  const env = () =>
    tripsConfig({
      PORT: String(trips?.port ?? 0),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      DATA_DIR: dataDir,
      JWT_PUBLIC_KEY: testKeys().publicKey,
      LOG_LEVEL: 'silent',
    });
  const prefix = testQueuePrefix();

  beforeAll(async () => {
    const offline = await closedPortUrl();
    trips = await startTrips(env(), silentLogger());
    gateway = await startTestGateway({
      AUTH_URL: offline,
      TRIPS_URL: trips.url,
      WISHLISTS_URL: offline,
      INTEGRATIONS_URL: offline,
      WEB_DIST: '/nonexistent',
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await trips?.stop();
  });

  function as(user: AuthUser) {
    return async (method: string, path: string, body?: unknown): Promise<Reply> => {
      const headers: Record<string, string> = { authorization: `Bearer ${tokenFor(user)}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${gateway.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, body: json, text };
    };
  }

  /** A trip with one 4-night window (March 1–5): stay 300, travel 120, car 0, other 40 ($460). */
  async function tripWithWindow(call: ReturnType<typeof as>, tripFields: Record<string, unknown> = {}) {
    const created = await call('POST', '/api/trips/getaway-trip', {
      location_address: 'Lisbon, Portugal',
      ...tripFields,
    });
    expect(created.status).toBe(201);
    const window = await call('POST', `/api/trips/getaway/${created.body._id}/instances`, {
      trip_start: '2030-03-01',
      trip_end: '2030-03-05',
      stay_expense: 300,
      travel_expense: 120,
      other_expense: 40,
    });
    expect(window.status).toBe(201);
    return { tripId: created.body._id as string, windowId: window.body._id as string };
  }

  it('when only the end date is edited to before the start, then 400 with a clear message and the window keeps its dates', async () => {
    const call = as(testUser());
    const { tripId, windowId } = await tripWithWindow(call);
    const edit = await call('PUT', `/api/trips/getaway/${tripId}`, {
      instances: [{ _id: windowId, trip_end: '2030-02-25' }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ msg: 'The end date cannot be before the start date.' });
    const read = await call('GET', `/api/trips/getaway/${tripId}`);
    expect(read.body.instances[0]).toMatchObject({ trip_end: '2030-03-05T00:00:00.000Z', nights: 4 });
    // Only the start moved past the end: refused the same way.
    const start = await call('PUT', `/api/trips/getaway/${tripId}`, {
      instances: [{ _id: windowId, trip_start: '2030-03-09' }],
    });
    expect([start.status, start.body.msg]).toEqual([400, 'The end date cannot be before the start date.']);
    // A trip without windows: its own end alone cannot go before its start either.
    const bare = await call('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' });
    await call('PUT', `/api/trips/getaway/${bare.body._id}`, { trip_start: '2030-05-10', trip_end: '2030-05-12' });
    const bareEdit = await call('PUT', `/api/trips/getaway/${bare.body._id}`, { trip_end: '2030-05-01' });
    expect([bareEdit.status, bareEdit.body.msg]).toEqual([400, 'The end date cannot be before the start date.']);
  });

  it('when the first cost item is added to a window with plain amounts, then no figure is dropped and the answer says what was itemised', async () => {
    const call = as(testUser());
    const { tripId, windowId } = await tripWithWindow(call);
    const added = await call('POST', `/api/trips/getaway/${tripId}/instances/${windowId}/items`, {
      category: 'stay',
      name: 'Hotel',
      amount: 50,
      basis: 'per_night',
    });
    expect(added.status).toBe(201);
    // $460 before + $200 (50 × 4 nights) = $660.
    expect(added.body.instance).toMatchObject({
      stay_expense: 500,
      travel_expense: 120,
      car_expense: 0,
      other_expense: 40,
      total_cost: 660,
    });
    expect(
      added.body.itemised_from_amounts.map((item: { name: string; amount: number; basis: string }) => [
        item.name,
        item.amount,
        item.basis,
      ]),
    ).toEqual([
      ['Stay — entered before itemising', 300, 'total'],
      ['Travel — entered before itemising', 120, 'total'],
      ['Other — entered before itemising', 40, 'total'],
    ]);
    // A second item itemises nothing more.
    const second = await call('POST', `/api/trips/getaway/${tripId}/instances/${windowId}/items`, {
      category: 'car',
      name: 'Car',
      amount: 25,
    });
    expect([second.body.itemised_from_amounts, second.body.instance.total_cost]).toEqual([[], 685]);
    // Deleting an item lowers the total by exactly its cost.
    const removed = await call(
      'DELETE',
      `/api/trips/getaway/${tripId}/instances/${windowId}/items/${added.body.itemised_from_amounts[1]._id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.instance.total_cost).toBe(565);
  });

  it('when a spec client sends its data: placeholder image, then the trip is created with no image', async () => {
    const call = as(testUser());
    const placeholder = `data:image/png;base64,${'iVBORw0KGgo'.repeat(400)}`;
    const created = await call('POST', '/api/trips/getaway-trip', {
      location_address: 'Faro, Portugal',
      image_url: placeholder,
    });
    expect(created.status).toBe(201);
    expect(created.body.image_url).toBe('');
    const updated = await call('PUT', `/api/trips/getaway/${created.body._id}`, { image_url: placeholder });
    expect([updated.status, updated.body.image_url]).toEqual([200, '']);
    // Other kinds of image link are still refused.
    const bad = await call('POST', '/api/trips/getaway-trip', {
      location_address: 'Faro, Portugal',
      image_url: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
  });

  it('when a window is committed, then the answer carries the trip and the same trip under `trip`', async () => {
    const call = as(testUser());
    const { tripId, windowId } = await tripWithWindow(call);
    const commit = await call('PATCH', `/api/trips/getaway/${tripId}/instances/${windowId}/commit`, {});
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({ _id: tripId, committedInstanceId: windowId });
    expect(commit.body.trip.instances).toEqual(commit.body.instances);
    expect(commit.body.trip.instances[0]).toMatchObject({ _id: windowId, isCommitted: true });
    const { trip: _trip, ...fields } = commit.body;
    expect(_trip).toEqual(fields);
  });

  describe('a window stored with its end before its start (older data)', () => {
    let call: ReturnType<typeof as>;
    let tripId: string;
    let badId: string;
    let goodId: string;

    beforeAll(async () => {
      call = as(testUser());
      ({ tripId, windowId: goodId } = await tripWithWindow(call));
      const cheap = await call('POST', `/api/trips/getaway/${tripId}/instances`, {
        trip_start: '2030-06-10',
        trip_end: '2030-06-14',
        stay_expense: 100,
        label: 'June',
      });
      badId = cheap.body._id;
      // Written straight into the store, as a record from before the rule held on every route.
      await trips.stop();
      const collection = await openEmbeddedCollection<TripRecord>(embeddedDir(dataDir, 'trips'), 'trips', [
        { fieldName: 'user_id' },
      ]);
      const stored = (await collection.db.findOneAsync({ _id: tripId }))!;
      const instances = stored.instances.map((window) =>
        window._id === badId ? { ...window, trip_end: '2030-06-06T00:00:00.000Z' } : window,
      );
      await collection.db.updateAsync({ _id: tripId }, { $set: { instances } });
      await collection.close();
      trips = await startTrips(env(), silentLogger());
    });

    it('then it is answered dates_invalid, with no nights, and left out of the comparison', async () => {
      const read = await call('GET', `/api/trips/getaway/${tripId}`);
      expect(read.status).toBe(200);
      const bad = read.body.instances.find((window: { _id: string }) => window._id === badId);
      expect(bad).toMatchObject({
        trip_end: '2030-06-06T00:00:00.000Z', // never silently rewritten
        dates_invalid: true,
        nights: null,
        per_night: null,
        delta_vs_cheapest: null,
        delta_by_category: null,
        total_cost: 100,
      });
      expect(read.body.comparison).toMatchObject({ cheapestInstanceId: goodId, lowest: 460, highest: 460, spread: 0 });
      const good = read.body.instances.find((window: { _id: string }) => window._id === goodId);
      expect(good).toMatchObject({ dates_invalid: false, nights: 4 });
    });

    it('then its label and notes can change, but an edit that leaves its dates invalid is refused', async () => {
      const label = await call('PUT', `/api/trips/getaway/${tripId}`, {
        instances: [{ _id: badId, label: 'June (check dates)', notes: 'fix me' }],
      });
      expect(label.status).toBe(200);
      const amount = await call('PUT', `/api/trips/getaway/${tripId}`, {
        instances: [{ _id: badId, stay_expense: 90 }],
      });
      expect([amount.status, amount.body.msg]).toEqual([400, 'The end date cannot be before the start date.']);
      const commit = await call('PATCH', `/api/trips/getaway/${tripId}/instances/${badId}/commit`, {});
      expect(commit.status).toBe(400);
      const read = await call('GET', `/api/trips/getaway/${tripId}`);
      expect(read.body.instances.find((window: { _id: string }) => window._id === badId)).toMatchObject({
        label: 'June (check dates)',
        stay_expense: 100,
        dates_invalid: true,
      });
    });

    it('then the CSV has empty nights, never negative, and says the dates need fixing', async () => {
      const csv = await call('GET', `/api/trips/getaway/${tripId}/comparison.csv`);
      expect(csv.status).toBe(200);
      const [header, ...rows] = parseCsv(csv.text, { bom: true }) as string[][];
      // Columns by name, so a column added to the file does not move what is checked.
      const june = Object.fromEntries(
        header!.map((name, i) => [name, rows.find((row) => row[header!.indexOf('Start')] === '2030-06-10')![i]]),
      );
      expect(june.Nights).toBe('');
      expect(june.Note).toMatch(/Dates need fixing/);
    });

    it('then fixing its dates brings it back into the comparison', async () => {
      const fixed = await call('PUT', `/api/trips/getaway/${tripId}`, {
        instances: [{ _id: badId, trip_end: '2030-06-14' }],
      });
      expect(fixed.status).toBe(200);
      const window = fixed.body.instances.find((candidate: { _id: string }) => candidate._id === badId);
      expect(window).toMatchObject({ dates_invalid: false, nights: 4, delta_vs_cheapest: 0 });
      expect(fixed.body.comparison.cheapestInstanceId).toBe(badId);
    });
  });

  it('when windows are compared, then each category’s difference to the cheapest is given and the budget says what it measures', async () => {
    const call = as(testUser());
    const { tripId, windowId } = await tripWithWindow(call, { travelers: 2, budget: 200, budget_basis: 'per_person' });
    const pricier = await call('POST', `/api/trips/getaway/${tripId}/instances`, {
      trip_start: '2030-04-01',
      trip_end: '2030-04-05',
      stay_expense: 480.1,
      travel_expense: 80,
      other_expense: 40,
    });
    const read = await call('GET', `/api/trips/getaway/${tripId}`);
    expect(read.body.budget_basis).toBe('per_person');
    const byId = (id: string) => read.body.instances.find((window: { _id: string }) => window._id === id);
    expect(byId(windowId).delta_by_category).toEqual({ stay: 0, travel: 0, car: 0, other: 0 });
    expect(byId(pricier.body._id).delta_by_category).toEqual({ stay: 180.1, travel: -40, car: 0, other: 0 });
    // Cheapest $460 for 2 = $230 each, against $200 per person.
    expect(read.body.comparison).toMatchObject({ overBudgetBy: 30, budget_measured: 'cheapest' });

    await call('PATCH', `/api/trips/getaway/${tripId}/instances/${pricier.body._id}/commit`, {});
    const committed = await call('GET', `/api/trips/getaway/${tripId}`);
    // Committed $600.10 for 2 = $300.05 each.
    expect(committed.body.comparison).toMatchObject({ overBudgetBy: 100.05, budget_measured: 'committed' });

    const whole = await call('PUT', `/api/trips/getaway/${tripId}`, { budget_basis: 'trip', budget: 1000 });
    expect(whole.body.comparison).toMatchObject({ overBudgetBy: -399.9, budget_measured: 'committed' });
    const bad = await call('PUT', `/api/trips/getaway/${tripId}`, { budget_basis: 'per_night' });
    expect([bad.status, bad.body.msg]).toEqual([400, 'The budget basis must be one of trip, per_person.']);
  });
});
