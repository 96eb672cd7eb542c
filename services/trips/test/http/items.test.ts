// Cost items of a window through the real app: who may change them, what input is
// refused, and the window, comparison and committed trip following the items.
import { newId } from '@tripcost/shared';
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

describe('cost items API', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  const itemsPath = (tripId: string, instanceId: string) =>
    `/api/trips/getaway/${tripId}/instances/${instanceId}/items`;
  const hotel = { category: 'stay', name: 'Hotel', amount: 120.5, basis: 'per_night' };

  const NO_AMOUNTS = { stay_expense: 0, travel_expense: 0, car_expense: 0, other_expense: 0 };

  /** A trip for 2 with a 4-night window (2030-03-01 → 03-05) and no plain amounts (see the itemising tests below). */
  async function windowOf(client: Client) {
    const trip = await client.createTrip({ travelers: 2 });
    const instance = await client.addInstance(trip._id, NO_AMOUNTS);
    return { trip, instance, path: itemsPath(trip._id, instance._id) };
  }

  it('when items are added, then the window expenses are their sums × basis and the trip compares them', async () => {
    const alice = clientFor(trips.url);
    const { trip, instance, path } = await windowOf(alice);
    const first = await alice.post(path, hotel);
    expect(first.status).toBe(201);
    expect(first.body.item).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      ...hotel,
      booked: false,
      paid: false,
      link: '',
      confirmation: '',
      // New fields default to "no dated prices", and the price was seen today.
      weekend_amount: null,
      seasons: [],
      quotes: [],
      captured_on: new Date().toISOString().slice(0, 10),
      // In the trip's currency (USD by default): no rate.
      currency: 'USD',
      fx: null,
      // No payer named, split equally among everyone (issue 40).
      paid_by: null,
      split: null,
    });
    // 120.50 × 4 nights; the other categories are the sums of no items.
    expect(first.body.instance).toMatchObject({
      stay_expense: 482,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      total_cost: 482,
      paid_total: 0,
      to_pay: 482,
    });
    const second = await alice.post(path, {
      category: 'travel',
      name: 'Flights',
      amount: 199.99,
      basis: 'per_person',
      paid: true,
      booked: true,
      link: 'https://air.example/booking/1',
      confirmation: 'XK12',
    });
    expect(second.status).toBe(201);
    expect(second.body.instance).toMatchObject({
      travel_expense: 399.98,
      total_cost: 881.98,
      paid_total: 399.98,
      booked_total: 399.98,
      to_pay: 482,
    });
    const read = await alice.get(`/api/trips/getaway/${trip._id}`);
    const window = read.body.instances.find((candidate: { _id: string }) => candidate._id === instance._id);
    expect(window.items.map((item: { name: string }) => item.name)).toEqual(['Hotel', 'Flights']);
    expect(read.body.comparison.lowest).toBe(881.98);
  });

  it('when travellers or dates change, then every itemised total is derived again', async () => {
    const alice = clientFor(trips.url);
    const { trip, instance, path } = await windowOf(alice);
    await alice.post(path, { category: 'stay', name: 'Room', amount: 10, basis: 'per_person_per_night' });
    await alice.post(path, { category: 'car', name: 'Car', amount: 30, basis: 'per_day' });
    const moreTravellers = await alice.put(`/api/trips/getaway/${trip._id}`, { travelers: 3 });
    expect(moreTravellers.status).toBe(200);
    expect(moreTravellers.body.instances[0]).toMatchObject({ stay_expense: 120, car_expense: 150 });
    const longer = await alice.put(`/api/trips/getaway/${trip._id}`, {
      instances: [{ _id: instance._id, trip_end: '2030-03-11' }],
    });
    expect(longer.status).toBe(200);
    // 10 nights.
    expect(longer.body.instances[0]).toMatchObject({ stay_expense: 300, car_expense: 330, total_cost: 630 });
  });

  it('when an expense is sent for an itemised window, then a different amount is refused 409 and nothing changes', async () => {
    const alice = clientFor(trips.url);
    const { trip, instance, path } = await windowOf(alice);
    await alice.post(path, hotel);
    const tripPath = `/api/trips/getaway/${trip._id}`;
    const before = (await alice.get(tripPath)).body;

    const refused = await alice.put(tripPath, {
      instances: [{ _id: instance._id, trip_end: '2030-03-11', stay_expense: 5 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      msg: 'This window’s expenses are calculated from its cost items. Change the items to change them.',
      code: 'expenses_from_items',
    });
    // Not the expense, and not the dates sent with it either.
    expect((await alice.get(tripPath)).body).toEqual(before);

    // The derived amount sent back as it is (a client saving the whole window) is no change.
    const same = await alice.put(tripPath, {
      instances: [{ _id: instance._id, stay_expense: 482, travel_expense: 0, notes: 'Sea view' }],
    });
    expect(same.status).toBe(200);
    expect(same.body.instances[0]).toMatchObject({ stay_expense: 482, travel_expense: 0, notes: 'Sea view' });

    // Without items the window's expenses are typed again.
    await alice.delete(`${path}/${before.instances[0].items[0]._id}`);
    const typed = await alice.put(tripPath, { instances: [{ _id: instance._id, stay_expense: 5 }] });
    expect(typed.status).toBe(200);
    expect(typed.body.instances[0]).toMatchObject({ stay_expense: 5, total_cost: 5 });
  });

  it('when the committed window’s items change, then the trip’s copied expenses follow', async () => {
    const alice = clientFor(trips.url);
    const { trip, instance, path } = await windowOf(alice);
    await alice.patch(`/api/trips/getaway/${trip._id}/instances/${instance._id}/commit`, {});
    const added = await alice.post(path, { category: 'other', name: 'Tickets', amount: 40, basis: 'per_person' });
    expect(added.body.trip).toMatchObject({ other_expense: 80, stay_expense: 0, total_cost: 80 });
    const edited = await alice.put(`${path}/${added.body.item._id}`, { amount: 45.5, paid: true });
    expect(edited.status).toBe(200);
    expect(edited.body.item).toMatchObject({ amount: 45.5, paid: true, name: 'Tickets' });
    expect(edited.body.trip.other_expense).toBe(91);
    expect(edited.body.instance).toMatchObject({ paid_total: 91, to_pay: 0 });
    const removed = await alice.delete(`${path}/${added.body.item._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.instance.items).toEqual([]);
    expect(removed.body.trip.total_cost).toBe(0);
  });

  it('when another user or nobody touches the items, then 403 / 401 and nothing changes', async () => {
    const alice = clientFor(trips.url);
    const mallory = clientFor(trips.url, testUser({ email: 'mallory@example.com' }));
    const anonymous = clientFor(trips.url, null);
    const { trip, path } = await windowOf(alice);
    const item = (await alice.post(path, hotel)).body.item;
    for (const client of [mallory, anonymous]) {
      const expected = client === mallory ? 403 : 401;
      const replies = [
        await client.post(path, hotel),
        await client.put(`${path}/${item._id}`, { amount: 1 }),
        await client.delete(`${path}/${item._id}`),
      ];
      for (const reply of replies) {
        expect(reply.status).toBe(expected);
        expect(reply.body).toEqual({ msg: expect.any(String), ...(reply.body.code ? { code: reply.body.code } : {}) });
      }
    }
    const read = await alice.get(`/api/trips/getaway/${trip._id}`);
    expect(read.body.instances[0].items).toEqual([item]);
  });

  it.each([
    ['a negative amount', { ...hotel, amount: -1 }],
    ['an amount of 1e12', { ...hotel, amount: 1e12 }],
    ['an unknown basis', { ...hotel, basis: 'per_week' }],
    ['an unknown category', { ...hotel, category: 'food' }],
    ['a javascript: link', { ...hotel, link: 'javascript:alert(1)' }],
    ['an http link', { ...hotel, link: 'http://hotel.example' }],
    ['an empty name', { ...hotel, name: '  ' }],
    ['a 121-character name', { ...hotel, name: 'x'.repeat(121) }],
    ['a 65-character confirmation', { ...hotel, confirmation: 'x'.repeat(65) }],
  ])('when an item has %s, then 400 with a message', async (_case, body) => {
    const alice = clientFor(trips.url);
    const { path } = await windowOf(alice);
    const reply = await alice.post(path, body);
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toEqual(expect.any(String));
  });

  it('when an edit is bad or names nothing, then 400; an unknown item is 404', async () => {
    const alice = clientFor(trips.url);
    const { path } = await windowOf(alice);
    const item = (await alice.post(path, hotel)).body.item;
    expect((await alice.put(`${path}/${item._id}`, { link: 'javascript:void(0)' })).status).toBe(400);
    expect((await alice.put(`${path}/${item._id}`, {})).status).toBe(400);
    expect((await alice.put(`${path}/${item._id}`, { amount: 1e12 })).status).toBe(400);
    expect((await alice.put(`${path}/${newId()}`, { amount: 1 })).status).toBe(404);
    expect((await alice.delete(`${path}/not-an-id`)).status).toBe(400);
  });

  it('when a category would add up past 1e9, then 400 and the window is unchanged', async () => {
    const alice = clientFor(trips.url);
    const { trip, path } = await windowOf(alice);
    await alice.post(path, { ...hotel, amount: 200_000_000 }); // × 4 nights = 8e8
    const over = await alice.post(path, { ...hotel, amount: 100_000_000 });
    expect(over.status).toBe(400);
    expect(over.body.msg).toMatch(/at most 1,000,000,000/);
    const moreTravellers = await alice.put(`/api/trips/getaway/${trip._id}`, { travelers: 50 });
    expect(moreTravellers.status).toBe(200); // per_night does not grow with travellers
    const longer = await alice.put(`/api/trips/getaway/${trip._id}`, {
      instances: [{ _id: moreTravellers.body.instances[0]._id, trip_end: '2030-03-31' }],
    });
    expect(longer.status).toBe(400);
    expect((await alice.get(`/api/trips/getaway/${trip._id}`)).body.instances[0].stay_expense).toBe(800_000_000);
  });

  describe('estimate: replace or keep a typed amount', () => {
    const stayHotel = { category: 'stay', name: 'Hotel', amount: 520, basis: 'total' };
    /** A window with Stay 420 and Travel 100 typed (no items), for one traveller. */
    async function estimated(client: Client) {
      const trip = await client.createTrip();
      const instance = await client.addInstance(trip._id, { ...NO_AMOUNTS, stay_expense: 420, travel_expense: 100 });
      return { trip, instance, path: itemsPath(trip._id, instance._id) };
    }
    const namesOf = (instance: { items: Array<{ category: string; name: string }> }) =>
      instance.items.map((item) => `${item.category}: ${item.name}`);

    it('when the first item replaces the estimate, then its category is the item alone and the total follows', async () => {
      const alice = clientFor(trips.url);
      const { trip, path } = await estimated(alice);
      const added = await alice.post(path, { ...stayHotel, estimate: 'replace' });
      expect(added.status).toBe(201);
      expect(added.body.instance).toMatchObject({ stay_expense: 520, travel_expense: 100, total_cost: 620 });
      // The other typed amount is still kept as an item; the replaced one is not.
      expect(namesOf(added.body.instance)).toEqual(['travel: Travel — entered before itemising', 'stay: Hotel']);
      expect(added.body.itemised_from_amounts.map((item: { name: string }) => item.name)).toEqual([
        'Travel — entered before itemising',
      ]);
      // Never stored on the item.
      expect(added.body.item).not.toHaveProperty('estimate');
      const read = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
      expect(read.instances[0]).toMatchObject({ stay_expense: 520, total_cost: 620 });
      expect(read.instances[0].items[1]).not.toHaveProperty('estimate');
    });

    it.each([[{ estimate: 'keep' }], [{}]])(
      'when the first item keeps the estimate (%j), then the category counts both',
      async (choice) => {
        const alice = clientFor(trips.url);
        const { path } = await estimated(alice);
        const added = await alice.post(path, { ...stayHotel, ...choice });
        expect(added.status).toBe(201);
        expect(added.body.instance).toMatchObject({ stay_expense: 940, travel_expense: 100, total_cost: 1040 });
        expect(namesOf(added.body.instance)).toEqual([
          'stay: Stay — entered before itemising',
          'travel: Travel — entered before itemising',
          'stay: Hotel',
        ]);
      },
    );

    it('when a category with no typed amount gets its first item with replace, then every amount is kept', async () => {
      const alice = clientFor(trips.url);
      const { path } = await estimated(alice);
      const added = await alice.post(path, { category: 'car', name: 'Rental', amount: 80, estimate: 'replace' });
      expect(added.status).toBe(201);
      expect(added.body.instance).toMatchObject({ stay_expense: 420, travel_expense: 100, car_expense: 80 });
    });

    it('when the window has items already, then estimate changes nothing', async () => {
      const alice = clientFor(trips.url);
      const { path } = await estimated(alice);
      await alice.post(path, { ...stayHotel, estimate: 'replace' });
      for (const [estimate, stay] of [
        ['replace', 620],
        ['keep', 720],
      ] as const) {
        const more = await alice.post(path, { ...stayHotel, name: 'Late checkout', amount: 100, estimate });
        expect(more.status).toBe(201);
        expect(more.body.instance.stay_expense).toBe(stay);
        expect(more.body.itemised_from_amounts).toEqual([]);
      }
      // A second item of a category whose typed amount became an item keeps that item too.
      const travel = await alice.post(path, { category: 'travel', name: 'Train', amount: 30, estimate: 'replace' });
      expect(travel.body.instance.travel_expense).toBe(130);
    });

    it.each([['replace all'], [''], [null], [true], ['REPLACE']])(
      'when estimate is %j, then 400 {msg} and nothing is stored',
      async (estimate) => {
        const alice = clientFor(trips.url);
        const { trip, path } = await estimated(alice);
        const before = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
        const reply = await alice.post(path, { ...stayHotel, estimate });
        expect(reply.status).toBe(400);
        expect(reply.body.msg).toEqual(expect.any(String));
        expect((await alice.get(`/api/trips/getaway/${trip._id}`)).body).toEqual(before);
      },
    );

    it('when a replace is replayed with its Idempotency-Key, then the same answer and one item, the estimate still gone', async () => {
      const alice = clientFor(trips.url);
      const { trip, path } = await estimated(alice);
      const headers = { 'idempotency-key': `replace-${newId()}` };
      const first = await alice.send('POST', path, { ...stayHotel, estimate: 'replace' }, headers);
      const again = await alice.send('POST', path, { ...stayHotel, estimate: 'replace' }, headers);
      expect(first.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again).toEqual(first);
      const read = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
      expect(namesOf(read.instances[0])).toEqual(['travel: Travel — entered before itemising', 'stay: Hotel']);
      expect(read.instances[0].stay_expense).toBe(520);
    });

    it('when a viewer or a non-member adds an item with replace, then 403 and the estimate stays', async () => {
      const owner = clientFor(trips.url);
      const viewer = clientFor(trips.url, testUser());
      const mallory = clientFor(trips.url, testUser());
      const { trip, path } = await estimated(owner);
      const invite = await owner.post(`/api/trips/getaway/${trip._id}/invites`, { role: 'viewer' });
      expect((await viewer.post(`/api/trips/invites/${invite.body.token}/accept`)).status).toBe(200);
      for (const client of [viewer, mallory]) {
        const reply = await client.post(path, { ...stayHotel, estimate: 'replace' });
        expect(reply.status).toBe(403);
        expect(reply.body.msg).toEqual(expect.any(String));
      }
      const read = (await owner.get(`/api/trips/getaway/${trip._id}`)).body;
      expect(read.instances[0]).toMatchObject({ stay_expense: 420, travel_expense: 100, items: [] });
    });
  });

  it('when the 101st item is added, then 409', async () => {
    const alice = clientFor(trips.url);
    const { path } = await windowOf(alice);
    for (let index = 0; index < 100; index += 1) {
      const reply = await alice.post(path, { category: 'other', name: `Item ${index}`, amount: 1, basis: 'total' });
      expect(reply.status).toBe(201);
    }
    const full = await alice.post(path, { category: 'other', name: 'One too many', amount: 1, basis: 'total' });
    expect(full.status).toBe(409);
    expect(full.body.msg).toBe('A window can hold at most 100 cost items.');
  });
});
