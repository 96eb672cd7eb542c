// Who pays what over HTTP (issue 40): the trip's people, presence, payers and splits,
// each person's share in answers about one trip, balances, payments and settling up —
// the worked example of docs/product.md, and every refusal with its {msg}.
import { parse } from 'csv-parse/sync';
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

describe('who pays what', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  /** A trip in EUR with Ada (the owner, a member), Bo and Cy, and one 5-night window. */
  async function threeOfUs() {
    const ada = clientFor(trips.url, testUser({ name: 'Ada' }));
    const trip = await ada.createTrip({ currency: 'EUR' });
    const window = await ada.addInstance(trip._id, {
      trip_start: '2030-06-01',
      trip_end: '2030-06-06',
      stay_expense: 0,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
    });
    const put = await ada.put(`/api/trips/getaway/${trip._id}`, {
      people: [{ name: 'Ada', user_id: ada.user!.id }, { name: 'Bo' }, { name: 'Cy' }],
    });
    expect(put.status).toBe(200);
    const [a, b, c] = put.body.people.map((person: { _id: string }) => person._id);
    return { ada, tripId: trip._id as string, windowId: window._id as string, ids: { a, b, c }, trip: put.body };
  }

  const itemsPath = (tripId: string, windowId: string) => `/api/trips/getaway/${tripId}/instances/${windowId}/items`;

  /** The worked example: hotel by shares (a couple shares a room), half board by nights, a car, flights in GBP. */
  async function workedExample() {
    const setup = await threeOfUs();
    const { ada, tripId, windowId, ids } = setup;
    const presence = await ada.put(`/api/trips/getaway/${tripId}`, {
      instances: [{ _id: windowId, presence: { [ids.c]: { from: '2030-06-03', to: '2030-06-06' } } }],
    });
    expect(presence.status).toBe(200);
    const add = async (body: Record<string, unknown>) => {
      const reply = await ada.post(itemsPath(tripId, windowId), body);
      expect([reply.status, reply.body.msg]).toEqual([201, undefined]);
      return reply.body;
    };
    await add({
      category: 'stay',
      name: 'Hotel, 2 rooms',
      amount: 700,
      paid_by: ids.a,
      split: { kind: 'shares', shares: { [ids.a]: 1, [ids.b]: 1, [ids.c]: 2 } },
    });
    await add({ category: 'other', name: 'Half board', amount: 390, paid_by: ids.a, split: { kind: 'nights' } });
    await add({ category: 'car', name: 'Car', amount: 100, paid_by: ids.b });
    const last = await add({
      category: 'travel',
      name: 'Flights',
      amount: 300,
      currency: 'GBP',
      fx: { rate: 1.15 },
      paid_by: ids.c,
    });
    return { ...setup, last };
  }

  it('when people are named, then travelers is their count and a PUT of travelers alone is refused', async () => {
    const { ada, tripId, trip } = await threeOfUs();
    expect(trip.travelers).toBe(3);
    expect(trip.people.map((person: { name: string; user_id: string | null }) => person.name)).toEqual([
      'Ada',
      'Bo',
      'Cy',
    ]);
    const refused = await ada.put(`/api/trips/getaway/${tripId}`, { travelers: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/travellers are their count/);
  });

  it('when the worked example is entered, then the shares add up to the total and balances and transfers match the hand computation', async () => {
    const { ada, tripId, windowId, ids, last } = await workedExample();
    const window = last.instance;
    expect(window.total_cost).toBe(1535);
    // Hotel 175/175/350, half board by nights 150/150/90, car 33.34/33.33/33.33 (the cent to Ada, first), flights 115 each.
    expect(window.shares).toEqual([
      { person_id: ids.a, amount: 473.34 },
      { person_id: ids.b, amount: 473.33 },
      { person_id: ids.c, amount: 588.33 },
    ]);
    expect(window.my_share).toBe(473.34);
    const read = await ada.get(`/api/trips/getaway/${tripId}/instances/${windowId}`);
    expect(read.body.instance.shares).toEqual(window.shares);
    const balances = await ada.get(`/api/trips/getaway/${tripId}/balances?instance=${windowId}`);
    expect(balances.status).toBe(200);
    expect(balances.body.people.map((line: { balance: number }) => line.balance)).toEqual([616.66, -373.33, -243.33]);
    expect(balances.body.transfers).toEqual([
      { from: ids.b, to: ids.a, amount: 373.33, currency: 'EUR' },
      { from: ids.c, to: ids.a, amount: 243.33, currency: 'EUR' },
    ]);
    expect(balances.body.settled).toBe(false);
    // The same figures as a spreadsheet: each person, then the payments (none yet).
    const csv = await fetch(`${trips.url}/api/trips/getaway/${tripId}/balances.csv?instance=${windowId}`, {
      headers: { authorization: ada.token! },
    });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="austin-tx-usa-balances.csv"');
    expect(parse((await csv.text()).replace(/^\uFEFF/, ''), { relax_column_count: true })).toEqual([
      // A balance as two columns that are never negative (a leading "-" would be neutralised as a formula).
      ['Person', 'Paid', 'Share', 'Is owed', 'Owes', 'Currency', 'In settle currency', 'Settle currency'],
      ['Ada', '1090.00', '473.34', '616.66', '0.00', 'EUR', '616.66', 'EUR'],
      ['Bo', '100.00', '473.33', '0.00', '373.33', 'EUR', '373.33', 'EUR'],
      ['Cy', '345.00', '588.33', '0.00', '243.33', 'EUR', '243.33', 'EUR'],
      [''],
      ['Paid on', 'From', 'To', 'Amount', 'Currency', 'In trip currency', 'Note'],
    ]);
    // Recording the transfers settles the trip.
    for (const transfer of balances.body.transfers) {
      const paid = await ada.post(`/api/trips/getaway/${tripId}/payments`, {
        from: transfer.from,
        to: transfer.to,
        amount: transfer.amount,
        paid_on: '2030-06-07',
      });
      expect(paid.status).toBe(201);
    }
    const after = await ada.get(`/api/trips/getaway/${tripId}/balances?instance=${windowId}`);
    expect(after.body.people.map((line: { balance: number }) => line.balance)).toEqual([0, 0, 0]);
    expect([after.body.transfers, after.body.settled]).toEqual([[], true]);
    expect((await ada.get(`/api/trips/getaway/${tripId}/payments`)).body.payments).toHaveLength(2);
    // Ada's account export reads the payments she is part of.
    const mine = (await ada.get('/api/trips/payments')).body;
    expect(mine.map((trip: { trip_id: string; payments: unknown[] }) => [trip.trip_id, trip.payments.length])).toEqual([
      [tripId, 2],
    ]);
  });

  it('when a person an item names is left out of people, then 409 and nothing changes', async () => {
    const { ada, tripId, ids, trip } = await workedExample();
    const reply = await ada.put(`/api/trips/getaway/${tripId}`, {
      people: [
        { _id: ids.a, name: 'Ada', user_id: ada.user!.id },
        { _id: ids.b, name: 'Bo' },
      ],
    });
    expect([reply.status, reply.body.msg]).toEqual([
      409,
      'Cy is named by a cost item or a payment, so they stay on the trip. Change those first.',
    ]);
    const now = (await ada.get(`/api/trips/getaway/${tripId}`)).body;
    expect(now.people).toHaveLength(3);
    expect(trip.people.map((p: { _id: string }) => p._id)).toEqual(now.people.map((p: { _id: string }) => p._id));
  });

  it.each([
    ['an unknown payer', () => ({ paid_by: 'a'.repeat(24) }), /not one of the trip’s people/],
    ['an empty among', () => ({ split: { kind: 'equal', among: [] } }), /at least one person/],
    [
      'a zero share',
      (ids: Record<string, string>) => ({ split: { kind: 'shares', shares: { [ids.a]: 0 } } }),
      /above 0/,
    ],
    [
      'exact amounts that do not add up',
      (ids: Record<string, string>) => ({ split: { kind: 'exact', amounts: { [ids.a]: 10, [ids.b]: 20 } } }),
      /add up to 30.00 EUR, 10.00 EUR less than the item’s cost of 40.00 EUR/,
    ],
    ['an unknown split kind', () => ({ split: { kind: 'half' } }), /split.kind must be one of/],
  ])('when an item has %s, then 400 {msg} and nothing is stored', async (_what, fields, message) => {
    const { ada, tripId, windowId, ids } = await threeOfUs();
    const reply = await ada.post(itemsPath(tripId, windowId), {
      category: 'other',
      name: 'Dinner',
      amount: 40,
      ...fields(ids),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(message);
    const window = (await ada.get(`/api/trips/getaway/${tripId}/instances/${windowId}`)).body.instance;
    expect(window.items).toEqual([]);
  });

  it('when presence falls outside its window or names no one on the trip, then 400 {msg}', async () => {
    const { ada, tripId, windowId, ids } = await threeOfUs();
    const outside = await ada.put(`/api/trips/getaway/${tripId}`, {
      instances: [{ _id: windowId, presence: { [ids.b]: { from: '2030-05-30', to: '2030-06-03' } } }],
    });
    expect([outside.status, outside.body.msg]).toEqual([400, 'A presence must fall within the window’s dates.']);
    const stranger = await ada.put(`/api/trips/getaway/${tripId}`, {
      instances: [{ _id: windowId, presence: { ['b'.repeat(24)]: { from: '2030-06-01', to: '2030-06-03' } } }],
    });
    expect(stranger.status).toBe(400);
  });

  it('when no window is committed and none is asked for, then balances answer 409 {msg}', async () => {
    const { ada, tripId } = await threeOfUs();
    const reply = await ada.get(`/api/trips/getaway/${tripId}/balances`);
    expect(reply.status).toBe(409);
    expect(reply.body.msg).toMatch(/No window is committed yet/);
  });

  async function withViewer(setup: Awaited<ReturnType<typeof workedExample>>) {
    const { ada, tripId, ids } = setup;
    const viewer: Client = clientFor(trips.url, testUser({ name: 'Bo' }));
    const invite = await ada.post(`/api/trips/getaway/${tripId}/invites`, { role: 'viewer' });
    expect((await viewer.post(`/api/trips/invites/${invite.body.token}/accept`)).status).toBe(200);
    const people = (await ada.get(`/api/trips/getaway/${tripId}`)).body.people;
    const named = people.map((person: { _id: string; name: string; user_id: string | null }) => ({
      _id: person._id,
      name: person.name,
      ...(person._id === ids.b ? { user_id: viewer.user!.id } : person.user_id ? { user_id: person.user_id } : {}),
    }));
    expect((await ada.put(`/api/trips/getaway/${tripId}`, { people: named })).status).toBe(200);
    return viewer;
  }

  it('when costs are hidden from a viewer, then they get no amount at all; with show_own_share only their own figures', async () => {
    const setup = await workedExample();
    const { ada, tripId, windowId, ids } = setup;
    const viewer = await withViewer(setup);
    const hidden = await viewer.get(`/api/trips/getaway/${tripId}/instances/${windowId}`);
    expect(hidden.body.instance.shares).toBeUndefined();
    expect(hidden.body.instance.my_share).toBeUndefined();
    expect((await viewer.get(`/api/trips/getaway/${tripId}/balances?instance=${windowId}`)).status).toBe(403);
    expect((await viewer.get(`/api/trips/getaway/${tripId}/payments`)).status).toBe(403);

    expect((await ada.put(`/api/trips/getaway/${tripId}`, { show_own_share: true })).status).toBe(200);
    const own = await viewer.get(`/api/trips/getaway/${tripId}/instances/${windowId}`);
    expect(own.body.instance.my_share).toBe(473.33);
    expect(own.body.instance.shares).toBeUndefined();
    expect(own.body.instance.total_cost).toBeUndefined();
    const balances = await viewer.get(`/api/trips/getaway/${tripId}/balances?instance=${windowId}`);
    expect(balances.body.people).toEqual([
      {
        person_id: ids.b,
        paid: 100,
        share: 473.33,
        balance: -373.33,
        settle: { currency: 'EUR', amount: -373.33, rate: 1, rate_date: null, source: null },
      },
    ]);
    expect(balances.body.transfers).toEqual([{ from: ids.b, to: ids.a, amount: 373.33, currency: 'EUR' }]);
    // A viewer records their own payment, never someone else's.
    const mine = await viewer.post(`/api/trips/getaway/${tripId}/payments`, {
      from: ids.b,
      to: ids.a,
      amount: 10,
      paid_on: '2030-06-07',
    });
    expect(mine.status).toBe(201);
    const theirs = await viewer.post(`/api/trips/getaway/${tripId}/payments`, {
      from: ids.c,
      to: ids.a,
      amount: 10,
      paid_on: '2030-06-07',
    });
    expect([theirs.status, theirs.body.msg]).toEqual([
      403,
      'Viewers record and delete only payments they make themselves.',
    ]);
  });

  it('when each role calls the new routes, then owners and editors manage them, viewers read what their costs allow, strangers nothing', async () => {
    const setup = await workedExample();
    const { ada, tripId, windowId, ids } = setup;
    const viewer = await withViewer(setup);
    const editor = clientFor(trips.url, testUser({ name: 'Ed' }));
    const invite = await ada.post(`/api/trips/getaway/${tripId}/invites`, { role: 'editor' });
    expect((await editor.post(`/api/trips/invites/${invite.body.token}/accept`)).status).toBe(200);
    const stranger = clientFor(trips.url, testUser({ name: 'Zed' }));
    const people = (await ada.get(`/api/trips/getaway/${tripId}`)).body.people;
    const statuses = async (caller: Client) => [
      (await caller.get(`/api/trips/getaway/${tripId}/balances?instance=${windowId}`)).status,
      (await caller.get(`/api/trips/getaway/${tripId}/payments`)).status,
      (
        await caller.post(`/api/trips/getaway/${tripId}/payments`, {
          from: ids.c,
          to: ids.a,
          amount: 1,
          paid_on: '2030-06-07',
        })
      ).status,
      (await caller.put(`/api/trips/getaway/${tripId}`, { people })).status,
    ];
    // Costs hidden from viewers (the default), then their own share shown, then costs shown.
    expect(await statuses(editor)).toEqual([200, 200, 201, 200]);
    expect(await statuses(viewer)).toEqual([403, 403, 403, 403]);
    expect(await statuses(stranger)).toEqual([403, 403, 403, 403]);
    await ada.put(`/api/trips/getaway/${tripId}`, { show_own_share: true });
    expect(await statuses(viewer)).toEqual([200, 200, 403, 403]);
    await ada.put(`/api/trips/getaway/${tripId}`, { hide_costs_from_viewers: false });
    expect(await statuses(viewer)).toEqual([200, 200, 403, 403]);
    const all = await viewer.get(`/api/trips/getaway/${tripId}/balances?instance=${windowId}`);
    expect(all.body.people).toHaveLength(3);
    // Only the owner shows a viewer their own share.
    expect((await editor.put(`/api/trips/getaway/${tripId}`, { show_own_share: false })).status).toBe(403);
  });

  it('when a payment names an unknown person, itself twice or a zero amount, then 400 {msg}', async () => {
    const { ada, tripId, ids } = await threeOfUs();
    const pay = (body: Record<string, unknown>) =>
      ada.post(`/api/trips/getaway/${tripId}/payments`, {
        from: ids.a,
        to: ids.b,
        amount: 5,
        paid_on: '2030-06-07',
        ...body,
      });
    expect((await pay({ to: ids.a })).body.msg).toBe('A payment is from one person to another.');
    expect((await pay({ amount: 0 })).status).toBe(400);
    expect((await pay({ to: 'c'.repeat(24) })).status).toBe(400);
    expect((await ada.delete(`/api/trips/getaway/${tripId}/payments/${'d'.repeat(24)}`)).status).toBe(404);
  });
});
