// ?view=summary on the trip list: each trip as its card shows it (dates, cost,
// travellers, budget, the committed window, window counts, the earliest and cheapest
// window), nothing else; the list without it answers whole trips as before; only the
// caller's trips; its own ETag.
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

const LIST = '/api/trips/getaway-trip';
const SUMMARY = `${LIST}?view=summary`;

describe('GET /api/trips/getaway-trip?view=summary', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  it('when trips have windows, one committed with items, then each summary carries exactly what a card shows', async () => {
    const alice = clientFor(trips.url);
    const lisbon = await alice.createTrip({ location_address: 'Lisbon, Portugal', image_url: '/img/lisbon.jpg' });
    const late = await alice.addInstance(lisbon._id, {
      trip_start: '2031-05-10',
      trip_end: '2031-05-14',
      stay_expense: 500,
    });
    await alice.addInstance(lisbon._id, { trip_start: '2031-03-01', trip_end: '2031-03-04', stay_expense: 300 });
    await alice.post(`/api/trips/getaway/${lisbon._id}/instances/${late._id}/items`, {
      category: 'stay',
      name: 'Hotel',
      amount: 480,
      basis: 'total',
      paid: true,
    });
    await alice.patch(`/api/trips/getaway/${lisbon._id}/instances/${late._id}/commit`);
    const porto = await alice.createTrip({ location_address: 'Porto, Portugal' });

    const answer = await alice.get(SUMMARY);
    expect(answer.status).toBe(200);
    const full = (await alice.get(LIST)).body as Array<{
      _id: string;
      total_cost: number;
      instances: Array<{ _id: string; total_cost: number; to_pay: number }>;
    }>;
    const summaryOf = (id: string) => answer.body.find((trip: { _id: string }) => trip._id === id);
    const fullOf = (id: string) => full.find((trip) => trip._id === id)!;

    expect(summaryOf(lisbon._id)).toEqual({
      _id: lisbon._id,
      location_address: 'Lisbon, Portugal',
      image_url: '/img/lisbon.jpg',
      trip_start: '2031-05-10T00:00:00.000Z',
      trip_end: '2031-05-14T00:00:00.000Z',
      created_at: expect.any(String),
      travelers: 1,
      currency: expect.stringMatching(/^[A-Z]{3}$/),
      total_cost: fullOf(lisbon._id).total_cost,
      per_person: fullOf(lisbon._id).total_cost,
      committed: true,
      windows: 2,
      earliest_start: '2031-03-01T00:00:00.000Z',
      // The March window is the cheapest ($300); its days are left out, the card shows the plan.
      cheapest_total: Math.min(...fullOf(lisbon._id).instances.map((window) => window.total_cost)),
      to_pay: fullOf(lisbon._id).instances.find((window) => window._id === late._id)!.to_pay,
    });
    // The usual marks are left out (issue 30): not a favourite, no budget, no stale
    // price, the caller's own trip with its costs.
    for (const mark of ['isFavorite', 'budget', 'stale_prices', 'role', 'owner_name', 'costs_hidden']) {
      expect(summaryOf(lisbon._id)).not.toHaveProperty(mark);
    }
    expect(summaryOf(porto._id)).toMatchObject({
      committed: false,
      windows: 0,
      cheapest_total: null,
      earliest_start: null,
    });
    expect(summaryOf(porto._id)).not.toHaveProperty('to_pay');
    expect(summaryOf(porto._id)).not.toHaveProperty('cheapest_start');
    // Nothing of the windows travels.
    expect(summaryOf(lisbon._id)).not.toHaveProperty('instances');
    expect(summaryOf(lisbon._id)).not.toHaveProperty('comparison');
  });

  it('when the cheapest window is eliminated, then the card names the comparison’s cheapest instead; none left: null', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip({ location_address: 'Braga, Portugal' });
    const onlyStay = { travel_expense: 0, car_expense: 0, other_expense: 0 };
    const cheap = await alice.addInstance(trip._id, {
      ...onlyStay,
      trip_start: '2031-06-01',
      trip_end: '2031-06-03',
      stay_expense: 100,
    });
    const dear = await alice.addInstance(trip._id, {
      ...onlyStay,
      trip_start: '2031-07-10',
      trip_end: '2031-07-15',
      stay_expense: 400,
    });
    const card = async () => (await alice.get(SUMMARY)).body.find((t: { _id: string }) => t._id === trip._id);
    expect(await card()).toMatchObject({
      windows: 2,
      cheapest_total: 100,
      cheapest_start: '2031-06-01',
      cheapest_end: '2031-06-03',
    });
    const eliminate = (id: string) =>
      alice.put(`/api/trips/getaway/${trip._id}`, { instances: [{ _id: id, status: 'eliminated' }] });
    expect((await eliminate(cheap._id)).status).toBe(200);
    expect(await card()).toMatchObject({
      windows: 2,
      cheapest_total: 400,
      cheapest_start: '2031-07-10',
      cheapest_end: '2031-07-15',
    });
    expect((await eliminate(dear._id)).status).toBe(200);
    const none = await card();
    expect(none).toMatchObject({ windows: 2, cheapest_total: null });
    expect(none).not.toHaveProperty('cheapest_start');
  });

  it('when a mark is not its usual value, then the card carries it: a favourite, a budget', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip({ location_address: 'Faro, Portugal' });
    await alice.put(`/api/trips/getaway/${trip._id}`, { isFavorite: true, budget: 800 });
    const card = (await alice.get(SUMMARY)).body.find((t: { _id: string }) => t._id === trip._id);
    expect(card).toMatchObject({ isFavorite: true, budget: 800 });
    expect(card).not.toHaveProperty('role');
  });

  it('when the list is asked without a view, then whole trips come as before, with a tag of their own', async () => {
    const alice = clientFor(trips.url);
    const trip = await alice.createTrip({ location_address: 'Rome, Italy' });
    await alice.addInstance(trip._id, { trip_start: '2031-01-01', trip_end: '2031-01-03', stay_expense: 90 });
    const full = await alice.get(LIST);
    expect(full.body[0]).toHaveProperty('instances');
    expect(full.body[0].instances[0]).toHaveProperty('items');
    expect(full.body[0]).toHaveProperty('comparison');
    const summary = await alice.get(SUMMARY);
    expect(summary.headers.get('etag')).not.toBe(full.headers.get('etag'));
    // Each view's tag answers 304 for that view only.
    const again = await alice.send('GET', SUMMARY, undefined, { 'if-none-match': summary.headers.get('etag')! });
    expect(again.status).toBe(304);
    const crossed = await alice.send('GET', LIST, undefined, { 'if-none-match': summary.headers.get('etag')! });
    expect(crossed.status).toBe(200);
    expect(crossed.body[0]).toHaveProperty('instances');
  });

  it('when the view is unknown, then 400 {msg}; anonymous is 401; another user sees only their own', async () => {
    const alice = clientFor(trips.url);
    const bob = clientFor(trips.url);
    await alice.createTrip({ location_address: 'Oslo, Norway' });
    const bad = await alice.get(`${LIST}?view=tiny`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/view must be full or summary/);
    expect((await clientFor(trips.url, null).get(SUMMARY)).status).toBe(401);
    const bobs = await bob.get(SUMMARY);
    expect(bobs.status).toBe(200);
    expect(bobs.body).toEqual([]);
  });

  it('when a user has many trips with several windows, then the summary list is a fraction of the full one', async () => {
    const carol = clientFor(trips.url);
    for (let i = 0; i < 20; i++) {
      const trip = await carol.createTrip({ location_address: `City ${i}, Country`, image_url: '/img/x.jpg' });
      for (let n = 0; n < 5; n++) {
        await carol.addInstance(trip._id, {
          trip_start: `2031-0${1 + n}-10`,
          trip_end: `2031-0${1 + n}-14`,
          stay_expense: 100 + n,
          activities: ['Museum', 'Dinner'],
        });
      }
    }
    const full = JSON.stringify((await carol.get(LIST)).body);
    const summary = JSON.stringify((await carol.get(SUMMARY)).body);
    expect(summary.length).toBeLessThan(full.length / 4);
  });
});
