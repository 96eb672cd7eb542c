// Nothing a traveller types is cut (docs/adr/0064): every text field the trips service
// stores (a window's, an item's, a trip's place, its people's names, payments' notes) is
// kept whole at its limit (the core's TEXT_LIMITS), and one character over is a 400 {msg}
// naming the field and its limit, with nothing stored — the trip's version unchanged, no
// window, item, person or payment made.
import { TEXT_LIMITS } from '@tripcost/shared';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

const over = (max: number) => 'x'.repeat(max + 1);
const https = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;

describe('text the trips service stores is never cut', () => {
  let trips: BootedTrips;
  let alice: Client;
  let tripId = '';
  let windowId = '';
  let itemId = '';
  let people: string[] = [];
  const trip = () => `/api/trips/getaway/${tripId}`;
  const window = () => `${trip()}/instances/${windowId}`;

  beforeAll(async () => {
    trips = await bootTrips();
    alice = clientFor(trips.url);
    tripId = (await alice.post('/api/trips/getaway-trip', { location_address: 'Porto, Portugal' })).body._id;
    windowId = (await alice.post(`${trip()}/instances`, { trip_start: '2031-05-01', trip_end: '2031-05-05' })).body._id;
    const added = await alice.post(`${window()}/items`, {
      category: 'stay',
      name: 'Hotel',
      amount: 100,
      basis: 'total',
    });
    itemId = added.body.item._id;
    const named = await alice.put(trip(), { people: [{ name: 'Ada' }, { name: 'Bo' }] });
    people = named.body.people.map((person: { _id: string }) => person._id);
  });
  afterAll(() => trips.stop());

  it('keeps a window name, notes, an item name, link, confirmation and an origin at their limits whole', async () => {
    const label = 'n'.repeat(TEXT_LIMITS.windowName);
    const notes = 'o'.repeat(TEXT_LIMITS.windowNotes);
    await alice.put(trip(), { origin: 'p'.repeat(TEXT_LIMITS.origin), instances: [{ _id: windowId, label, notes }] });
    const fields = {
      name: 'h'.repeat(TEXT_LIMITS.itemName),
      link: https(TEXT_LIMITS.itemLink),
      confirmation: 'c'.repeat(TEXT_LIMITS.itemConfirmation),
    };
    const edited = await alice.put(`${window()}/items/${itemId}`, fields);
    expect(edited.status).toBe(200);
    const stored = (await alice.get(trip())).body;
    const stay = stored.instances[0];
    expect({ label: stay.label, notes: stay.notes, origin: stored.origin }).toEqual({
      label,
      notes,
      origin: 'p'.repeat(TEXT_LIMITS.origin),
    });
    expect(stay.items[0]).toMatchObject(fields);
  });

  it('keeps an activity, a trip’s place, a person’s name and a payment’s note at their limits whole', async () => {
    const activity = 'a'.repeat(TEXT_LIMITS.activity);
    const place = 'P'.repeat(TEXT_LIMITS.address);
    const person = 'B'.repeat(TEXT_LIMITS.personName);
    const note = 'm'.repeat(TEXT_LIMITS.paymentNote);
    const made = await alice.post('/api/trips/getaway-trip', { location_address: place, trip_location: place });
    expect(made.status).toBe(201);
    const other = `/api/trips/getaway/${made.body._id}`;
    const otherWindow = (await alice.post(`${other}/instances`, { trip_start: '2031-07-01', activities: [activity] }))
      .body._id;
    const named = await alice.put(other, { people: [{ name: 'Ada' }, { name: person }] });
    expect(named.status).toBe(200);
    const [ada, bo] = named.body.people.map((one: { _id: string }) => one._id);
    const paid = await alice.post(`${other}/payments`, { from: ada, to: bo, amount: 5, paid_on: '2031-07-01', note });
    expect(paid.status).toBe(201);
    const stored = (await alice.get(other)).body;
    const payments = (await alice.get(`${other}/payments`)).body.payments;
    expect({
      place: [stored.location_address, stored.trip_location],
      activities: stored.instances.find((one: { _id: string }) => one._id === otherWindow).activities,
      person: stored.people[1].name,
      note: payments[0].note,
    }).toEqual({ place: [place, place], activities: [activity], person, note });
  });

  // [what, how to send it, the message]
  const REFUSALS: Array<[string, () => [string, string, unknown], string]> = [
    [
      'a new trip’s place',
      () => ['POST', '/api/trips/getaway-trip', { location_address: over(TEXT_LIMITS.address) }],
      'The location address must be at most 200 characters.',
    ],
    [
      'an origin',
      () => ['PUT', trip(), { origin: over(TEXT_LIMITS.origin) }],
      'The origin must be at most 120 characters.',
    ],
    [
      'a window name',
      () => ['PUT', trip(), { instances: [{ _id: windowId, label: over(TEXT_LIMITS.windowName) }] }],
      'The label must be at most 60 characters.',
    ],
    [
      'a new window’s name',
      () => ['POST', `${trip()}/instances`, { trip_start: '2031-06-01', label: over(TEXT_LIMITS.windowName) }],
      'The label must be at most 60 characters.',
    ],
    [
      'window notes',
      () => ['PUT', trip(), { instances: [{ _id: windowId, notes: over(TEXT_LIMITS.windowNotes) }] }],
      'The notes must be at most 2,000 characters.',
    ],
    [
      'a new item’s name',
      () => [
        'POST',
        `${window()}/items`,
        { category: 'car', name: over(TEXT_LIMITS.itemName), amount: 1, basis: 'total' },
      ],
      'The item name must be at most 120 characters.',
    ],
    [
      'an item’s confirmation',
      () => ['PUT', `${window()}/items/${itemId}`, { confirmation: over(TEXT_LIMITS.itemConfirmation) }],
      'The confirmation must be at most 64 characters.',
    ],
    [
      'a new trip’s location',
      () => [
        'POST',
        '/api/trips/getaway-trip',
        { location_address: 'Porto, Portugal', trip_location: over(TEXT_LIMITS.address) },
      ],
      'The trip location must be at most 200 characters.',
    ],
    [
      'an activity',
      () => ['PUT', trip(), { instances: [{ _id: windowId, activities: [over(TEXT_LIMITS.activity)] }] }],
      'Each activity must be at most 200 characters.',
    ],
    [
      'a person’s name',
      () => ['PUT', trip(), { people: [{ name: 'Ada' }, { name: over(TEXT_LIMITS.personName) }] }],
      'A person’s name must be 1 to 60 characters.',
    ],
    [
      'a payment’s note',
      () => [
        'POST',
        `${trip()}/payments`,
        { from: people[0], to: people[1], amount: 5, paid_on: '2031-05-02', note: over(TEXT_LIMITS.paymentNote) },
      ],
      'The note must be at most 200 characters.',
    ],
    [
      'an item’s link',
      () => ['PUT', `${window()}/items/${itemId}`, { link: https(TEXT_LIMITS.itemLink + 1) }],
      'The link must be at most 500 characters.',
    ],
  ];

  it.each(REFUSALS)('refuses %s one character over its limit: 400 {msg}, nothing stored', async (_what, make, msg) => {
    const before = (await alice.get(trip())).body;
    const [method, path, body] = make();
    const reply = method === 'POST' ? await alice.post(path, body) : await alice.put(path, body);
    expect({ status: reply.status, msg: reply.body.msg }).toEqual({ status: 400, msg });
    const after = (await alice.get(trip())).body;
    const payments = async () => (await alice.get(`${trip()}/payments`)).body.payments.length;
    expect({ version: after.version, windows: after.instances.length, items: after.instances[0].items.length }).toEqual(
      { version: before.version, windows: before.instances.length, items: before.instances[0].items.length },
    );
    expect({ people: after.people.map((one: { name: string }) => one.name), payments: await payments() }).toEqual({
      people: ['Ada', 'Bo'],
      payments: 0,
    });
  });
});
