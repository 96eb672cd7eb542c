// Every date a traveller can send the trips API is a calendar day from 1900-01-01 to
// 2199-12-31 (also a computed one: a copy's start + nights, the flex grid's last cell),
// and every query string is read strictly (docs/adr/0055).
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

const RANGE = 'from 1900-01-01 to 2199-12-31.';

describe('travel dates and strict queries on the trips API', () => {
  let trips: BootedTrips;
  let alice: Client;
  beforeAll(async () => {
    trips = await bootTrips();
    alice = clientFor(trips.url);
  });
  afterAll(() => trips.stop());

  const windowAt = async (trip_start: string, trip_end: string) => {
    const trip = await alice.createTrip();
    const window = await alice.addInstance(trip._id, { trip_start, trip_end });
    return { trip, window, base: `/api/trips/getaway/${trip._id}/instances/${window._id}` };
  };

  it('when a window is created at the ends of the range, from a day or a timestamp, then its dates are those days', async () => {
    const { window } = await windowAt('1900-01-01T23:30:00-05:00', '2199-12-31T00:00:00Z');
    expect([window.trip_start, window.trip_end]).toEqual(['1900-01-01T00:00:00.000Z', '2199-12-31T00:00:00.000Z']);
    expect(window.nights).toBe(109_572);
  });

  it.each([
    [
      'POST a window',
      'post',
      'window',
      { trip_start: '1899-12-31', trip_end: '1900-01-02' },
      `The start date must be ${RANGE}`,
    ],
    [
      'POST a window',
      'post',
      'window',
      { trip_start: '2199-12-30', trip_end: '2200-01-01' },
      `The end date must be ${RANGE}`,
    ],
    ['PUT the trip', 'put', 'trip', { trip_start: '0001-01-01T00:00:00Z' }, `The start date must be ${RANGE}`],
    ['PUT a listed window', 'put', 'listed', { trip_end: '9999-12-25' }, `The end date must be ${RANGE}`],
    ['POST a copy', 'post', 'duplicate', { start: '9999-12-25', nights: 365 }, `The start date must be ${RANGE}`],
    [
      'POST a copy',
      'post',
      'duplicate',
      { start: '+010000-12-01', nights: 1 },
      'The start date must be a date like 2025-01-05.',
    ],
    [
      'POST an item',
      'post',
      'item',
      { seasons: [{ from: '2199-12-01', to: '2200-01-10', amount: 1 }] },
      `A season’s end must be ${RANGE}`,
    ],
    [
      'POST an item',
      'post',
      'item',
      { quotes: [{ start: '1850-03-01', end: '2030-03-05', amount: 1 }] },
      `A quote’s start must be ${RANGE}`,
    ],
    ['POST an item', 'post', 'item', { captured_on: '1899-01-01' }, `captured_on must be ${RANGE}`],
  ])(
    'when %s gets a refused date (%s %s %j), then 400 {msg} and nothing is stored',
    async (_label, method, target, fields, msg) => {
      const { trip, window, base } = await windowAt('2030-03-01', '2030-03-05');
      const item = { category: 'stay', name: 'Hotel', amount: 100, basis: 'per_night' };
      const request: Record<string, [string, unknown]> = {
        window: [`/api/trips/getaway/${trip._id}/instances`, fields],
        trip: [`/api/trips/getaway/${trip._id}`, fields],
        listed: [`/api/trips/getaway/${trip._id}`, { instances: [{ _id: window._id, ...fields }] }],
        duplicate: [`${base}/duplicate`, fields],
        item: [`${base}/items`, { ...item, ...fields }],
      };
      const [path, body] = request[target];
      const reply = method === 'post' ? await alice.post(path, body) : await alice.put(path, body);
      expect({ status: reply.status, msg: reply.body.msg }).toEqual({ status: 400, msg });
      const after = await alice.get(`/api/trips/getaway/${trip._id}`);
      expect(after.body.version).toBe(trip.version + 1); // only the window added above
      expect(after.body.instances).toHaveLength(1);
      expect(after.body.instances[0].items).toEqual([]);
    },
  );

  it('when a copy would end after 2199-12-31 (start + nights, or shifted), then 400 {msg} and no copy; inside, then the copy', async () => {
    const { trip, base } = await windowAt('2199-12-20', '2199-12-28');
    for (const body of [{ start: '2199-12-25', nights: 7 }, { shiftDays: 7 }]) {
      const reply = await alice.post(`${base}/duplicate`, body);
      expect({ body, status: reply.status, msg: reply.body.msg }).toEqual({
        body,
        status: 400,
        msg: 'The copy’s dates must fall from 1900-01-01 to 2199-12-31.',
      });
    }
    expect((await alice.get(`/api/trips/getaway/${trip._id}`)).body.instances).toHaveLength(1);
    const inside = await alice.post(`${base}/duplicate`, { start: '2199-12-24', nights: 7 });
    expect(inside.status).toBe(201);
    expect([inside.body.trip_start, inside.body.trip_end]).toEqual([
      '2199-12-24T00:00:00.000Z',
      '2199-12-31T00:00:00.000Z',
    ]);
  });

  it.each([
    ['minNights=0x2', 'from=2030-03-01&to=2030-03-03&minNights=0x2&maxNights=3', 'minNights and maxNights'],
    ['minNights=1e1', 'from=2030-03-01&to=2030-03-03&minNights=1e1&maxNights=12', 'minNights and maxNights'],
    ['maxNights=2.0', 'from=2030-03-01&to=2030-03-03&minNights=1&maxNights=2.0', 'minNights and maxNights'],
    ['minNights=" 3"', 'from=2030-03-01&to=2030-03-03&minNights=%203&maxNights=4', 'minNights and maxNights'],
    [
      'a timestamp from',
      'from=2030-03-01T00:00:00Z&to=2030-03-03&minNights=1&maxNights=3',
      'from must be a date written as YYYY-MM-DD.',
    ],
    ['a from before 1900', 'from=1899-12-31&to=1900-01-03&minNights=1&maxNights=3', `from must be ${RANGE}`],
    [
      'cells ending after 2199',
      'from=2199-12-20&to=2199-12-25&minNights=1&maxNights=7',
      'The grid’s windows must end by 2199-12-31.',
    ],
    ['from as an object', 'from[x]=1&to=2030-03-03&minNights=1&maxNights=3', 'Give from once, as a single value.'],
    [
      'to twice',
      'from=2030-03-01&to=2030-03-03&to=2030-03-04&minNights=1&maxNights=3',
      'Give to once, as a single value.',
    ],
    ['an empty to', 'from=2030-03-01&to=&minNights=1&maxNights=3', 'to must be a date written as YYYY-MM-DD.'],
  ])('when the flex grid is asked with %s, then 400 {msg}', async (_label, query, msg) => {
    const { base } = await windowAt('2030-03-01', '2030-03-05');
    const reply = await alice.get(`${base}/flex?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toContain(msg);
  });

  it('when the flex grid is asked up to the range’s end, then its last cell ends on 2199-12-31', async () => {
    const { base } = await windowAt('2199-12-20', '2199-12-24');
    const reply = await alice.get(`${base}/flex?from=2199-12-20&to=2199-12-24&minNights=1&maxNights=7`);
    expect(reply.status).toBe(200);
    expect(reply.body.cells.at(-1)).toMatchObject({ start: '2199-12-24', end: '2199-12-31', nights: 7 });
  });

  it('when the trip list is asked with a number not in decimal digits, twice or as an object, then 400 {msg}; an empty value is absent', async () => {
    const bob = clientFor(trips.url);
    await bob.createTrip();
    for (const query of [
      'limit=0x2',
      'limit=1e1',
      'limit=2.0',
      'limit=%203',
      'offset=-1',
      'limit=1&limit=2',
      'view[x]=1',
    ]) {
      const reply = await bob.get(`/api/trips/getaway-trip?${query}`);
      expect({ query, status: reply.status, msg: typeof reply.body.msg }).toEqual({
        query,
        status: 400,
        msg: 'string',
      });
    }
    for (const query of ['limit=', 'offset=&email=', 'view=']) {
      const reply = await bob.get(`/api/trips/getaway-trip?${query}`);
      expect({ query, status: reply.status, trips: reply.body.length }).toEqual({ query, status: 200, trips: 1 });
    }
    expect((await bob.get('/api/trips/getaway-trip?limit=1e1')).body.msg).toBe(
      'The limit must be a whole number from 1 to 500.',
    );
  });
});
