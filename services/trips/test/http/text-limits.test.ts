// Nothing a traveller types is cut (docs/adr/0064): every text field the trips service
// stores is kept whole at its limit (the core's TEXT_LIMITS), and one character over is a
// 400 {msg} naming the field and its limit, with nothing stored — the trip's version
// unchanged, no window or item made.
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
    expect({ version: after.version, windows: after.instances.length, items: after.instances[0].items.length }).toEqual(
      { version: before.version, windows: before.instances.length, items: before.instances[0].items.length },
    );
  });
});
