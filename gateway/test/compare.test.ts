// The comparison board's API as a browser reaches it: through the gateway to the real
// trips service (real HTTP, real Redis, embedded store in a temp dir), with real
// signed tokens. Travellers, budget, window label/status/notes, the figures computed
// on the server, clearing the plan and duplicating a window; another user and
// anonymous callers are refused, and bad input is a 400 with a readable {msg}.
import type { AuthUser } from '@tripcost/shared';
import { testUser } from '@tripcost/shared/testing';
import { startTripsBehindGateway, type TripsBehindGateway } from './trips-behind-gateway';

jest.setTimeout(60_000);

describe('comparing date windows through the gateway', () => {
  let product: TripsBehindGateway;

  beforeAll(async () => {
    product = await startTripsBehindGateway();
  });

  afterAll(async () => {
    await product?.stop();
  });

  const as = (user: AuthUser | null) => product.as(user);

  /** A trip with three windows: March 1–5 ($500), April 1–4 ($450), May (no end, $600). */
  async function threeWindows(call: ReturnType<typeof as>, tripFields: Record<string, unknown> = {}) {
    const created = await call('POST', '/api/trips/getaway-trip', {
      location_address: 'Lisbon, Portugal',
      image_url: '',
      ...tripFields,
    });
    expect(created.status).toBe(201);
    const tripId = created.body._id;
    const add = async (body: Record<string, unknown>) => {
      const reply = await call('POST', `/api/trips/getaway/${tripId}/instances`, body);
      expect(reply.status).toBe(201);
      return reply.body;
    };
    const may = await add({ trip_start: '2030-05-01', stay_expense: 600 });
    const april = await add({
      trip_start: '2030-04-01',
      trip_end: '2030-04-04',
      stay_expense: 400,
      travel_expense: 50,
    });
    const march = await add({
      trip_start: '2030-03-01',
      trip_end: '2030-03-05',
      stay_expense: 300,
      travel_expense: 150.1,
      car_expense: 49.9,
      label: '  Easter week ',
      notes: 'Window seat',
    });
    return { tripId, created: created.body, march, april, may };
  }

  it('when a trip is created, then it has 1 traveller and no budget, or the values given', async () => {
    const alice = as(testUser());
    const plain = await alice('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' });
    expect(plain.body).toMatchObject({
      travelers: 1,
      budget: null,
      per_person: 0,
      comparison: { cheapestInstanceId: null, lowest: null, highest: null, spread: null, overBudgetBy: null },
    });
    const given = await alice('POST', '/api/trips/getaway-trip', {
      location_address: 'Porto, Portugal',
      travelers: 4,
      budget: '1200.505',
    });
    expect(given.body).toMatchObject({ travelers: 4, budget: 1200.51 });
  });

  it('when windows are added, then every answer carries the figures and the comparison, lists included', async () => {
    const alice = as(testUser());
    const { tripId, march, april, may } = await threeWindows(alice, { travelers: 2, budget: 400 });
    expect(march).toMatchObject({
      label: 'Easter week',
      notes: 'Window seat',
      status: 'considering',
      total_cost: 500,
      nights: 4,
      per_night: 125,
      per_person: 250,
      delta_vs_cheapest: 50,
    });
    const trip = await alice('GET', `/api/trips/getaway/${tripId}`);
    expect(trip.body.comparison).toEqual({
      cheapestInstanceId: april._id,
      lowest: 450,
      highest: 600,
      spread: 150,
      overBudgetBy: 50,
      budget_measured: 'cheapest',
      cheapest_is_stale: false,
      cheapestForEveryoneId: null, // nobody voted
    });
    expect(
      trip.body.instances.map((window: { _id: string; delta_vs_cheapest: number }) => window.delta_vs_cheapest),
    ).toEqual([50, 0, 150]);
    expect(trip.body.instances[2]).toMatchObject({ _id: may._id, nights: null, per_night: null, per_person: 300 });
    const list = await alice('GET', '/api/trips/getaway-trip');
    // A list carries the same figures; only answers about one trip add each window's search links and shares.
    const withoutLinks = {
      ...trip.body,
      instances: trip.body.instances.map(
        ({
          search_links: _links,
          shares: _shares,
          my_share: _mine,
          ...window
        }: {
          search_links: unknown;
          shares: unknown;
          my_share: unknown;
        }) => window,
      ),
    };
    expect(list.body.find((listed: { _id: string }) => listed._id === tripId)).toEqual(withoutLinks);
  });

  it('when travellers, budget, label, status and notes are saved, then the figures follow; eliminated leaves the pick', async () => {
    const alice = as(testUser());
    const { tripId, march, april } = await threeWindows(alice);
    const saved = await alice('PUT', `/api/trips/getaway/${tripId}`, {
      travelers: 3,
      budget: 1000,
      instances: [{ _id: april._id, status: 'eliminated', label: 'Too hot', notes: '' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ travelers: 3, budget: 1000 });
    expect(saved.body.comparison).toMatchObject({ cheapestInstanceId: march._id, overBudgetBy: -500 });
    const eliminated = saved.body.instances.find((window: { _id: string }) => window._id === april._id);
    expect(eliminated).toMatchObject({
      status: 'eliminated',
      label: 'Too hot',
      delta_vs_cheapest: null,
      per_person: 150,
    });
    const noBudget = await alice('PUT', `/api/trips/getaway/${tripId}`, { budget: null });
    expect(noBudget.body).toMatchObject({ budget: null, comparison: { overBudgetBy: null } });
  });

  it('when a window is committed and the plan cleared, then it is booked, then a top choice; the trip follows', async () => {
    const alice = as(testUser());
    const { tripId, march, april } = await threeWindows(alice);
    const committed = await alice('PATCH', `/api/trips/getaway/${tripId}/instances/${march._id}/commit`, {});
    expect(committed.body).toMatchObject({ committedInstanceId: march._id, stay_expense: 300 });
    expect(committed.body.instances.find((window: { _id: string }) => window._id === march._id).status).toBe('booked');

    const eliminate = await alice('PUT', `/api/trips/getaway/${tripId}`, {
      instances: [{ _id: march._id, status: 'eliminated' }],
    });
    expect(eliminate).toEqual({
      status: 400,
      body: expect.objectContaining({ msg: 'The committed window cannot be eliminated. Clear the plan first.' }),
    });

    const notThePlan = await alice('DELETE', `/api/trips/getaway/${tripId}/instances/${april._id}/commit`);
    expect(notThePlan.status).toBe(409);
    expect(notThePlan.body.msg).toBe('This window is not the committed plan, so there is no plan to clear.');

    const cleared = await alice('DELETE', `/api/trips/getaway/${tripId}/instances/${march._id}/commit`);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      committedInstanceId: null,
      trip_start: null,
      trip_end: null,
      stay_expense: 0,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      total_cost: 0,
    });
    expect(cleared.body.instances.find((window: { _id: string }) => window._id === march._id)).toMatchObject({
      status: 'top_choice',
      isCommitted: false,
    });
    const again = await alice('DELETE', `/api/trips/getaway/${tripId}/instances/${march._id}/commit`);
    expect(again.status).toBe(409);
  });

  it('when a window is duplicated, then a considering copy with shifted dates is listed first', async () => {
    const alice = as(testUser());
    const { tripId, march, may } = await threeWindows(alice);
    const copy = await alice('POST', `/api/trips/getaway/${tripId}/instances/${march._id}/duplicate`, { shiftDays: 7 });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      trip_start: '2030-03-08T00:00:00.000Z',
      trip_end: '2030-03-12T00:00:00.000Z',
      label: 'Easter week',
      notes: 'Window seat',
      total_cost: 500,
      status: 'considering',
      isCommitted: false,
    });
    expect(copy.body._id).not.toBe(march._id);
    const back = await alice('POST', `/api/trips/getaway/${tripId}/instances/${may._id}/duplicate`, {
      shiftDays: -365,
    });
    expect(back.body).toMatchObject({ trip_start: '2029-05-01T00:00:00.000Z', trip_end: null });
    const trip = await alice('GET', `/api/trips/getaway/${tripId}`);
    expect(trip.body.instances.slice(0, 2).map((window: { _id: string }) => window._id)).toEqual([
      back.body._id,
      copy.body._id,
    ]);
  });

  it('when another user or nobody asks, then 403/404 and 401, and nothing changes', async () => {
    const alice = as(testUser());
    const bob = as(testUser());
    const anonymous = as(null);
    const { tripId, march } = await threeWindows(alice);
    await alice('PATCH', `/api/trips/getaway/${tripId}/instances/${march._id}/commit`, {});
    const routes: Array<[string, string, unknown?]> = [
      ['DELETE', `/api/trips/getaway/${tripId}/instances/${march._id}/commit`],
      ['POST', `/api/trips/getaway/${tripId}/instances/${march._id}/duplicate`, { shiftDays: 7 }],
      ['PUT', `/api/trips/getaway/${tripId}`, { travelers: 5, budget: 1 }],
    ];
    for (const [method, path, body] of routes) {
      expect((await bob(method, path, body)).status).toBe(403);
      expect((await anonymous(method, path, body)).status).toBe(401);
    }
    const missing = await bob('DELETE', `/api/trips/getaway/${'a'.repeat(24)}/instances/${march._id}/commit`);
    expect(missing.status).toBe(404);
    const unknownWindow = await alice('POST', `/api/trips/getaway/${tripId}/instances/${'b'.repeat(24)}/duplicate`, {
      shiftDays: 1,
    });
    expect(unknownWindow.status).toBe(404);
    const after = await alice('GET', `/api/trips/getaway/${tripId}`);
    expect(after.body).toMatchObject({ committedInstanceId: march._id, travelers: 1, budget: null });
    expect(after.body.instances).toHaveLength(3);
  });

  it.each([
    ['travelers as text', 'PUT', { travelers: '2' }, 'Travellers must be a whole number from 1 to 50.'],
    ['travelers 0', 'PUT', { travelers: 0 }, 'Travellers must be a whole number from 1 to 50.'],
    ['travelers 51', 'PUT', { travelers: 51 }, 'Travellers must be a whole number from 1 to 50.'],
    ['travelers 1.5', 'PUT', { travelers: 1.5 }, 'Travellers must be a whole number from 1 to 50.'],
    [
      'a negative budget',
      'PUT',
      { budget: -1 },
      'The budget must be an amount from 0 to 1,000,000,000, or empty for no budget.',
    ],
    [
      'a budget of true',
      'PUT',
      { budget: true },
      'The budget must be an amount from 0 to 1,000,000,000, or empty for no budget.',
    ],
    ['shiftDays 1.5', 'DUPLICATE', { shiftDays: 1.5 }, 'shiftDays must be a whole number of days from -365 to 365.'],
    ['shiftDays 400', 'DUPLICATE', { shiftDays: 400 }, 'shiftDays must be a whole number of days from -365 to 365.'],
    ['shiftDays "7"', 'DUPLICATE', { shiftDays: '7' }, 'shiftDays must be a whole number of days from -365 to 365.'],
    ['no shiftDays', 'DUPLICATE', {}, 'shiftDays must be a whole number of days from -365 to 365.'],
  ])('when the body has %s, then 400 with a message', async (_case, kind, body, msg) => {
    const alice = as(testUser());
    const { tripId, march } = await threeWindows(alice);
    const reply =
      kind === 'PUT'
        ? await alice('PUT', `/api/trips/getaway/${tripId}`, body)
        : await alice('POST', `/api/trips/getaway/${tripId}/instances/${march._id}/duplicate`, body);
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe(msg);
  });

  it('when a window field is out of range or of the wrong type, then 400 with a message', async () => {
    const alice = as(testUser());
    const { tripId, march } = await threeWindows(alice);
    const edit = (fields: Record<string, unknown>) =>
      alice('PUT', `/api/trips/getaway/${tripId}`, { instances: [{ _id: march._id, ...fields }] });
    expect((await edit({ status: 'maybe' })).body.msg).toBe(
      'The status must be one of considering, top_choice, eliminated, booked.',
    );
    expect((await edit({ status: 'booked' })).body.msg).toBe(
      'Only the committed window is booked. Commit this window instead.',
    );
    expect((await edit({ label: 'x'.repeat(61) })).body.msg).toBe('The label must be at most 60 characters.');
    expect((await edit({ label: 7 })).body.msg).toBe('The label must be text.');
    expect((await edit({ notes: 'x'.repeat(2001) })).body.msg).toBe('The notes must be at most 2,000 characters.');
    const created = await alice('POST', `/api/trips/getaway/${tripId}/instances`, { status: 'booked' });
    expect(created.status).toBe(400);
    const trip = await alice('GET', `/api/trips/getaway/${tripId}`);
    expect(trip.body.instances.find((window: { _id: string }) => window._id === march._id)).toMatchObject({
      status: 'considering',
      label: 'Easter week',
    });
  });
});
