// Finding cheaper dates through the gateway (issue 26): items whose prices vary by date
// (weekend rate, seasons, quotes for exact dates), how fresh each price is, the flex
// grid of all-in totals, a window created from a cell, the "still this price" action and
// the search links. Real HTTP to the real trips service with signed tokens; another
// user and anonymous callers are refused, and bad input is a 400 with a readable {msg}.
import type { AuthUser } from '@tripcost/shared';
import { testUser } from '@tripcost/shared/testing';
import { startTripsBehindGateway, type TripsBehindGateway } from './trips-behind-gateway';

jest.setTimeout(60_000);

const today = () => new Date().toISOString().slice(0, 10);
const LONG_AGO = '2020-01-01';

describe('finding cheaper dates through the gateway', () => {
  let product: TripsBehindGateway;

  beforeAll(async () => {
    product = await startTripsBehindGateway();
  });

  afterAll(async () => {
    await product?.stop();
  });

  const as = (user: AuthUser | null) => product.as(user);

  /**
   * A trip for two from Boston to Lisbon with one window, Mon 2030-03-04 → Thu 03-08
   * (4 weekday nights): a hotel at $100 a night ($150 Fri/Sat, $200 from 03-20 to
   * 03-31) and a $300-a-person fare, quoted $250 for 03-05 → 03-08 (seen long ago).
   */
  async function itemisedTrip(call: ReturnType<typeof as>) {
    const trip = await call('POST', '/api/trips/getaway-trip', {
      location_address: 'Lisbon, Portugal',
      origin: 'Boston (BOS)',
      travelers: 2,
    });
    expect(trip.status).toBe(201);
    const base = `/api/trips/getaway/${trip.body._id}`;
    const window = await call('POST', `${base}/instances`, { trip_start: '2030-03-04', trip_end: '2030-03-08' });
    const items = `${base}/instances/${window.body._id}/items`;
    const hotel = await call('POST', items, {
      category: 'stay',
      name: 'Hotel',
      amount: 100,
      basis: 'per_night',
      weekend_amount: 150,
      seasons: [{ from: '2030-03-20', to: '2030-03-31', amount: 200 }],
    });
    expect(hotel.status).toBe(201);
    const fare = await call('POST', items, {
      category: 'travel',
      name: 'Fare',
      amount: 300,
      basis: 'per_person',
      quotes: [{ start: '2030-03-05', end: '2030-03-08', amount: 250, captured_on: LONG_AGO }],
    });
    expect(fare.status).toBe(201);
    return { tripId: trip.body._id, base, windowId: window.body._id, hotel: hotel.body.item, fare: fare.body.item };
  }

  it('when a window is itemised with dated prices, then the grid finds the cheapest cell and a window made from it totals the same', async () => {
    const alice = as(testUser());
    const { base, windowId, hotel, fare } = await itemisedTrip(alice);
    expect(hotel).toMatchObject({
      weekend_amount: 150,
      seasons: [{ from: '2030-03-20', to: '2030-03-31', amount: 200 }],
      quotes: [],
      captured_on: today(),
    });
    expect(fare).toMatchObject({ weekend_amount: null, seasons: [], quotes: [{ start: '2030-03-05', amount: 250 }] });

    const window = (await alice('GET', `${base}/instances/${windowId}`)).body.instance;
    // 4 weekday nights × $100 + $300 × 2 travellers; the quote is for other dates.
    expect(window).toMatchObject({ total_cost: 1000, stay_expense: 400, travel_expense: 600 });
    expect(window.freshness).toEqual({ oldest_captured_on: today(), stale_items: 0 });

    const flex = await alice(
      'GET',
      `${base}/instances/${windowId}/flex?from=2030-03-01&to=2030-03-10&minNights=3&maxNights=5`,
    );
    expect(flex.status).toBe(200);
    expect(flex.body).toMatchObject({ instance_id: windowId, from: '2030-03-01', to: '2030-03-10', minNights: 3 });
    expect(flex.body.cells).toHaveLength(10 * 3);
    expect(
      flex.body.cells.slice(0, 2).map((cell: { start: string; nights: number }) => [cell.start, cell.nights]),
    ).toEqual([
      ['2030-03-01', 3],
      ['2030-03-01', 4],
    ]);
    // Fri 03-01 → Mon 03-04: two weekend nights and one weekday night, the fare unquoted.
    expect(flex.body.cells[0]).toMatchObject({ end: '2030-03-04', total_cost: 1000, per_person: 500, estimated: true });
    // The window's own dates: its total, nothing estimated.
    const own = flex.body.cells.find(
      (cell: { start: string; nights: number }) => cell.start === '2030-03-04' && cell.nights === 4,
    );
    expect(own).toMatchObject({ total_cost: 1000, delta_vs_window: 0, estimated: false });
    // Tue 03-05 → Fri 03-08: three weekday nights and the quoted fare, seen long ago.
    const cheapest = { start: '2030-03-05', end: '2030-03-08', nights: 3, total_cost: 800, delta_vs_window: -200 };
    expect(flex.body.cheapest.overall).toMatchObject({ ...cheapest, estimated: false, stale: true });
    expect(flex.body.cheapest.per_length.map((cell: { nights: number }) => cell.nights)).toEqual([3, 4, 5]);
    expect(flex.body.cheapest.per_length[0]).toEqual(flex.body.cheapest.overall);

    const copy = await alice('POST', `${base}/instances/${windowId}/duplicate`, { start: '2030-03-05', nights: 3 });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      trip_start: '2030-03-05T00:00:00.000Z',
      trip_end: '2030-03-08T00:00:00.000Z',
      total_cost: 800,
      freshness: { oldest_captured_on: LONG_AGO, stale_items: 1 },
    });
    expect(
      copy.body.items.map((item: { seasons: unknown[]; quotes: unknown[] }) => [
        item.seasons.length,
        item.quotes.length,
      ]),
    ).toEqual([
      [1, 0],
      [0, 1],
    ]);
    const trip = (await alice('GET', base)).body;
    expect(trip.comparison).toMatchObject({ cheapestInstanceId: copy.body._id, lowest: 800, cheapest_is_stale: true });

    // Still this price: the quote in use is seen again today; the amount stays.
    const fareInCopy = copy.body.items.find((item: { name: string }) => item.name === 'Fare');
    const checked = await alice('POST', `${base}/instances/${copy.body._id}/items/${fareInCopy._id}/checked`);
    expect(checked.status).toBe(200);
    expect(checked.body.item).toMatchObject({ amount: 300, captured_on: today(), quotes: [{ captured_on: today() }] });
    expect(checked.body.instance).toMatchObject({ total_cost: 800, freshness: { stale_items: 0 } });
    expect(checked.body.trip.comparison.cheapest_is_stale).toBe(false);
  });

  it('when a price is old, then it is stale until its amount changes or it is checked again', async () => {
    const alice = as(testUser());
    const trip = await alice('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' });
    const base = `/api/trips/getaway/${trip.body._id}`;
    const window = await alice('POST', `${base}/instances`, { trip_start: '2030-06-01', trip_end: '2030-06-03' });
    const items = `${base}/instances/${window.body._id}/items`;
    const added = await alice('POST', items, {
      category: 'car',
      name: 'Car',
      amount: 40,
      basis: 'per_day',
      captured_on: LONG_AGO,
    });
    expect(added.body.instance.freshness).toEqual({ oldest_captured_on: LONG_AGO, stale_items: 1 });
    expect(added.body.trip.comparison.cheapest_is_stale).toBe(true);
    const renamed = await alice('PUT', `${items}/${added.body.item._id}`, { name: 'Rental car' });
    expect(renamed.body.item.captured_on).toBe(LONG_AGO); // not a new price
    const repriced = await alice('PUT', `${items}/${added.body.item._id}`, { amount: 45 });
    expect(repriced.body.item.captured_on).toBe(today());
    expect(repriced.body.instance).toMatchObject({ total_cost: 135, freshness: { stale_items: 0 } });
  });

  it('when a single trip is read, then each window has its search links; the list has none', async () => {
    const alice = as(testUser());
    const { base, windowId, tripId } = await itemisedTrip(alice);
    const trip = (await alice('GET', base)).body;
    expect(trip.origin).toBe('Boston (BOS)');
    const links = trip.instances[0].search_links;
    expect(links.map((link: { kind: string }) => link.kind)).toEqual(['flights', 'flights', 'stays', 'stays', 'cars']);
    for (const link of links) expect(new URL(link.url).protocol).toBe('https:');
    expect(decodeURIComponent(links[0].url)).toContain('Boston (BOS)');
    const list = (await alice('GET', '/api/trips/getaway-trip')).body;
    expect(list.find((listed: { _id: string }) => listed._id === tripId).instances[0].search_links).toBeUndefined();
    expect((await alice('GET', `${base}/instances/${windowId}`)).body.instance.search_links).toHaveLength(5);
    const moved = await alice('PUT', base, { origin: 'Newark' });
    expect(moved.body.origin).toBe('Newark');
    expect(decodeURIComponent(moved.body.instances[0].search_links[0].url)).toContain('Newark');
  });

  it('when a window has no items, then every other cell is estimated from its plain numbers', async () => {
    const alice = as(testUser());
    const trip = await alice('POST', '/api/trips/getaway-trip', { location_address: 'Faro, Portugal' });
    const base = `/api/trips/getaway/${trip.body._id}`;
    const window = await alice('POST', `${base}/instances`, {
      trip_start: '2030-07-02',
      trip_end: '2030-07-05',
      stay_expense: 300,
      travel_expense: 0.1,
    });
    const flex = await alice(
      'GET',
      `${base}/instances/${window.body._id}/flex?from=2030-07-01&to=2030-07-03&minNights=3&maxNights=3`,
    );
    expect(
      flex.body.cells.map((cell: { total_cost: number; estimated: boolean }) => [cell.total_cost, cell.estimated]),
    ).toEqual([
      [300.1, true],
      [300.1, false],
      [300.1, true],
    ]);
  });

  it('when another user or nobody asks, then 403/404 and 401, and nothing changes', async () => {
    const alice = as(testUser());
    const bob = as(testUser());
    const anonymous = as(null);
    const { base, windowId, hotel } = await itemisedTrip(alice);
    const before = (await alice('GET', base)).body;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `${base}/instances/${windowId}/flex?from=2030-03-01&to=2030-03-02&minNights=1&maxNights=2`],
      ['POST', `${base}/instances/${windowId}/items/${hotel._id}/checked`],
      ['POST', `${base}/instances/${windowId}/duplicate`, { start: '2030-03-05', nights: 3 }],
      ['PUT', `${base}/instances/${windowId}/items/${hotel._id}`, { weekend_amount: 1 }],
      ['PUT', base, { origin: 'Paris' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await bob(method, path, body)).status).toBe(403);
      expect((await anonymous(method, path, body)).status).toBe(401);
    }
    const unknownWindow = `${base}/instances/${'f'.repeat(24)}`;
    expect(
      (await alice('GET', `${unknownWindow}/flex?from=2030-03-01&to=2030-03-02&minNights=1&maxNights=2`)).status,
    ).toBe(404);
    expect((await alice('POST', `${base}/instances/${windowId}/items/${'f'.repeat(24)}/checked`)).status).toBe(404);
    expect(
      (
        await bob(
          'GET',
          `/api/trips/getaway/${'e'.repeat(24)}/instances/${windowId}/flex?from=2030-03-01&to=2030-03-02&minNights=1&maxNights=2`,
        )
      ).status,
    ).toBe(404);
    expect((await alice('GET', base)).body.version).toBe(before.version);
  });

  it('when input is bad, then 400 with a message and nothing is stored', async () => {
    const alice = as(testUser());
    const { base, windowId, hotel, fare } = await itemisedTrip(alice);
    const items = `${base}/instances/${windowId}/items`;
    const flex = (query: string) => alice('GET', `${base}/instances/${windowId}/flex?${query}`);
    const season = (from: string, to: string) => ({ from, to, amount: 10 });
    const tomorrowPlus = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const hotelItem = { category: 'stay', name: 'Hotel', amount: 100, basis: 'per_night' };
    const fareItem = { category: 'travel', name: 'Fare', amount: 100, basis: 'total' };
    const quote = (start: string, end: string) => ({ start, end, amount: 1 });
    const bad: Array<[string, string, unknown?]> = [
      [
        'POST',
        items,
        { ...hotelItem, seasons: [season('2030-01-01', '2030-01-10'), season('2030-01-10', '2030-01-12')] },
      ],
      ['POST', items, { ...hotelItem, seasons: [season('2030-01-10', '2030-01-01')] }],
      [
        'POST',
        items,
        {
          ...hotelItem,
          seasons: Array.from({ length: 21 }, (_, i) =>
            season(`2030-02-${String(i + 1).padStart(2, '0')}`, `2030-02-${String(i + 1).padStart(2, '0')}`),
          ),
        },
      ],
      ['POST', items, { ...hotelItem, seasons: [{ from: 'March', to: '2030-01-01', amount: 1 }] }],
      ['POST', items, { ...hotelItem, seasons: 'summer' }],
      ['POST', items, { ...hotelItem, weekend_amount: -1 }],
      ['POST', items, { ...hotelItem, weekend_amount: '150' }],
      ['POST', items, { ...hotelItem, captured_on: tomorrowPlus }],
      ['POST', items, { ...hotelItem, captured_on: 20300101 }],
      ['POST', items, { ...hotelItem, quotes: [quote('2030-01-01', '2030-01-05')] }],
      ['POST', items, { ...fareItem, weekend_amount: 10 }],
      ['POST', items, { ...fareItem, quotes: [quote('2030-01-01', '2030-01-05'), quote('2030-01-01', '2030-01-05')] }],
      ['POST', items, { ...fareItem, quotes: [quote('2030-01-05', '2030-01-01')] }],
      ['POST', items, { ...fareItem, quotes: [{ ...quote('2030-01-01', '2030-01-05'), captured_on: tomorrowPlus }] }],
      [
        'POST',
        items,
        {
          ...fareItem,
          quotes: Array.from({ length: 31 }, (_, i) =>
            quote('2030-01-01', `2030-02-${String(i + 1).padStart(2, '0')}`),
          ),
        },
      ],
      // An edit that would strand the hotel's weekend rate and season on a total basis, or the fare's quote on per_night.
      ['PUT', `${items}/${hotel._id}`, { basis: 'total' }],
      ['PUT', `${items}/${fare._id}`, { basis: 'per_night' }],
      ['PUT', `${items}/${hotel._id}`, { captured_on: tomorrowPlus }],
      ['POST', `${base}/instances/${windowId}/duplicate`, { start: '2030-03-05', nights: 3, shiftDays: 1 }],
      ['POST', `${base}/instances/${windowId}/duplicate`, { start: '2030-03-05' }],
      ['POST', `${base}/instances/${windowId}/duplicate`, { start: 'soon', nights: 3 }],
      ['POST', `${base}/instances/${windowId}/duplicate`, { start: '2030-03-05', nights: -1 }],
      ['POST', `${base}/instances/${windowId}/duplicate`, {}],
      ['PUT', base, { origin: 'x'.repeat(121) }],
      ['PUT', base, { origin: 42 }],
    ];
    const before = (await alice('GET', base)).body;
    for (const [method, path, body] of bad) {
      const reply = await alice(method, path, body);
      expect([method, path, body, reply.status]).toEqual([method, path, body, 400]);
      expect(typeof reply.body.msg).toBe('string');
    }
    expect((await alice('GET', base)).body.version).toBe(before.version);

    for (const query of [
      'to=2030-03-10&minNights=1&maxNights=2', // no from
      'from=2030-03-10&to=2030-03-01&minNights=1&maxNights=2', // reversed
      'from=2030-03-01&to=2030-05-02&minNights=1&maxNights=2', // 63 start dates
      'from=2030-03-01&to=2030-03-10&minNights=0&maxNights=2',
      'from=2030-03-01&to=2030-03-10&minNights=50&maxNights=61',
      'from=2030-03-01&to=2030-03-10&minNights=1&maxNights=15', // 15 lengths
      'from=2030-03-01&to=2030-03-10&minNights=5&maxNights=4',
      'from=2030-03-01&to=2030-03-10&minNights=1.5&maxNights=4',
      'from=2030-02-30&to=2030-03-10&minNights=1&maxNights=4',
      'from=2030-03-01&from=2030-03-02&to=2030-03-10&minNights=1&maxNights=4',
    ]) {
      const reply = await flex(query);
      expect([query, reply.status]).toEqual([query, 400]);
      expect(typeof reply.body.msg).toBe('string');
    }
    // The limits themselves are fine: 62 start dates × 14 lengths.
    const full = await flex('from=2030-03-01&to=2030-05-01&minNights=47&maxNights=60');
    expect(full.status).toBe(200);
    expect(full.body.cells).toHaveLength(62 * 14);
  });
});
