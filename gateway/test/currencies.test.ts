// Prices in any currency through the gateway (issue 27): a trip in pounds with a hotel in
// euros and a fare in dollars, each priced at a rate frozen from a local fake of the
// rates service (the integrations service's GET /api/fx/rates); a manual rate; bad codes
// and rates refused with a readable {msg}; the rates service down → 503 and nothing
// saved; re-pricing a window and a trip at moved rates, with fx_effect before and after;
// re-pricing at unchanged rates changing nothing; the trip's currency changed; another
// user and anonymous callers refused on the new routes. Real HTTP, real signed tokens.
import type { ServerResponse } from 'node:http';
import type { AuthUser } from '@tripcost/shared';
import { testUser, tokenFor } from '@tripcost/shared/testing';
import { fakeUpstream, type FakeUpstream } from './helpers';
import { startTripsBehindGateway, type Caller, type TripsBehindGateway } from './trips-behind-gateway';

jest.setTimeout(60_000);

/** Units per euro, as the European Central Bank publishes them. */
const ECB = { base: 'EUR', date: '2030-01-02', source: 'ECB', rates: { USD: 1.0842, GBP: 0.8563, JPY: 162.37 } };

describe('prices in any currency through the gateway', () => {
  let product: TripsBehindGateway;
  let rates: FakeUpstream;
  /** What the fake rates service answers next: a table, or a status. */
  let answer: { table: unknown } | { status: number } = { table: ECB };

  beforeAll(async () => {
    rates = await fakeUpstream('integrations');
    rates.respond = (_req, res: ServerResponse) => {
      if ('status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ msg: 'down' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.table));
    };
    product = await startTripsBehindGateway({ INTEGRATIONS_URL: rates.url });
  });

  beforeEach(() => {
    answer = { table: ECB };
  });

  afterAll(async () => {
    await product?.stop();
    await rates?.close();
  });

  const as = (user: AuthUser | null) => product.as(user);

  /** A trip in pounds for two nights with a €120-a-night hotel and a $200 fare. */
  async function poundsTrip(call: Caller) {
    const trip = await call('POST', '/api/trips/getaway-trip', {
      location_address: 'Lisbon, Portugal',
      currency: 'gbp',
      budget: 1000,
    });
    expect(trip.status).toBe(201);
    expect(trip.body.currency).toBe('GBP');
    const base = `/api/trips/getaway/${trip.body._id}`;
    const window = await call('POST', `${base}/instances`, { trip_start: '2030-03-04', trip_end: '2030-03-06' });
    const items = `${base}/instances/${window.body._id}/items`;
    const hotel = await call('POST', items, {
      category: 'stay',
      name: 'Hotel',
      amount: 120,
      basis: 'per_night',
      currency: 'EUR',
    });
    expect(hotel.status).toBe(201);
    const fare = await call('POST', items, { category: 'travel', name: 'Fare', amount: 200, currency: 'USD' });
    expect(fare.status).toBe(201);
    return { tripId: trip.body._id, base, windowId: window.body._id, items, hotel: hotel.body, fare: fare.body };
  }

  it('when a euro hotel and a dollar fare are added to a pound trip, then each has a frozen ECB rate and the window totals in pounds', async () => {
    const call = as(testUser());
    const { hotel, fare } = await poundsTrip(call);
    expect(hotel.item).toMatchObject({
      amount: 120,
      currency: 'EUR',
      fx: { rate: 0.8563, date: '2030-01-02', source: 'ECB', first_rate: 0.8563 },
    });
    expect(fare.item.fx).toEqual({
      rate: 0.8563 / 1.0842,
      date: '2030-01-02',
      source: 'ECB',
      first_rate: 0.8563 / 1.0842,
    });
    // €240.00 → £205.51 (205.512 rounded once); $200.00 → £157.96 (157.9598 rounded once).
    expect(fare.instance).toMatchObject({
      stay_expense: 205.51,
      travel_expense: 157.96,
      total_cost: 363.47,
      fx_effect: 0,
    });
    // The trips service asked for the rates with the EUR base (every pair is a cross rate).
    expect(rates.received.at(-1)?.url).toBe('/api/fx/rates?base=EUR');
  });

  it('when an item comes in a currency without a published rate, then it needs a manual rate, which is kept as "manual"', async () => {
    const call = as(testUser());
    const { items } = await poundsTrip(call);
    const unrated = await call('POST', items, { category: 'other', name: 'Taxi', amount: 5000, currency: 'XOF' });
    expect(unrated.status).toBe(400);
    expect(unrated.body.msg).toBe(
      'There is no published exchange rate from XOF to GBP: give the rate yourself (fx.rate).',
    );
    const manual = await call('POST', items, {
      category: 'other',
      name: 'Taxi',
      amount: 5000,
      currency: 'XOF',
      fx: { rate: 0.0013 },
    });
    expect(manual.status).toBe(201);
    expect(manual.body.item.fx).toEqual({
      rate: 0.0013,
      date: new Date().toISOString().slice(0, 10),
      source: 'manual',
      first_rate: 0.0013,
    });
    expect(manual.body.instance.other_expense).toBe(6.5); // 5000 XOF × 0.0013
  });

  it.each([
    [{ currency: 'XYZ' }, 'The currency must be an ISO 4217 code such as USD.'],
    [{ currency: 'EUR', fx: { rate: -1 } }, 'The exchange rate must be a number above 0 and at most 1,000,000,000.'],
    [{ currency: 'EUR', fx: { rate: 0 } }, 'The exchange rate must be a number above 0 and at most 1,000,000,000.'],
    [{ currency: 'EUR', fx: { rate: 'abc' } }, 'The exchange rate must be a number above 0 and at most 1,000,000,000.'],
    [{ currency: 'GBP', fx: { rate: 2 } }, 'A rate applies only to an item in another currency than the trip’s.'],
  ])('when an item is sent with %j, then 400 with a readable msg and nothing saved', async (fields, msg) => {
    const call = as(testUser());
    const { base, items } = await poundsTrip(call);
    const before = await call('GET', base);
    const reply = await call('POST', items, { category: 'other', name: 'Bad', amount: 10, ...fields });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe(msg);
    expect((await call('GET', base)).body.version).toBe(before.body.version);
  });

  it('when a trip is created with an unknown currency, then 400; without one it is in dollars', async () => {
    const call = as(testUser());
    const bad = await call('POST', '/api/trips/getaway-trip', { location_address: 'Oslo', currency: 'ABC' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('The currency must be an ISO 4217 code such as USD.');
    const plain = await call('POST', '/api/trips/getaway-trip', { location_address: 'Oslo' });
    expect(plain.body.currency).toBe('USD');
  });

  it('when the rates service is down and a foreign item is saved, then 503 {msg} and nothing is saved; items in the trip currency still save', async () => {
    const call = as(testUser());
    const { base, items } = await poundsTrip(call);
    const before = await call('GET', base);
    answer = { status: 500 };
    const reply = await call('POST', items, { category: 'stay', name: 'B&B', amount: 80, currency: 'EUR' });
    expect(reply.status).toBe(503);
    expect(reply.body.msg).toBe('Exchange rates are unavailable right now, so nothing was saved. Please try again.');
    const after = await call('GET', base);
    expect(after.body.version).toBe(before.body.version);
    expect(after.body.instances[0].items).toHaveLength(2);
    // A pound item needs no rate; renaming a foreign item needs none either.
    expect((await call('POST', items, { category: 'car', name: 'Car', amount: 30 })).status).toBe(201);
    const hotelId = after.body.instances[0].items[0]._id;
    const renamed = await call('PUT', `${items}/${hotelId}`, { name: 'Hotel Lisboa' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.item.fx.rate).toBe(0.8563);
    // A new price does need today's rate.
    expect((await call('PUT', `${items}/${hotelId}`, { amount: 130 })).status).toBe(503);
  });

  it('when the rates move and a window is re-priced, then its items take the new rates, first_rate stays, and fx_effect shows the move', async () => {
    const call = as(testUser());
    const { base, windowId } = await poundsTrip(call);
    answer = { table: { ...ECB, date: '2030-01-09', rates: { ...ECB.rates, GBP: 0.9 } } };
    const reply = await call('POST', `${base}/instances/${windowId}/reprice`);
    expect(reply.status).toBe(200);
    // £216.00 − £205.51 for the hotel, £166.02 − £157.96 for the fare.
    expect(reply.body.windows).toEqual([
      {
        instance_id: windowId,
        fx_effect_before: 0,
        fx_effect_after: 18.55,
        total_cost_before: 363.47,
        total_cost_after: 382.02,
      },
    ]);
    const window = reply.body.trip.instances[0];
    expect(window.fx_effect).toBe(18.55);
    expect(window.items[0].fx).toEqual({ rate: 0.9, date: '2030-01-09', source: 'ECB', first_rate: 0.8563 });
    // Not the plan: the trip's own figures (its plan's) did not move.
    expect([reply.body.fx_effect_before, reply.body.fx_effect_after]).toEqual([0, 0]);

    // The same rates again: nothing changes, not even the version.
    const again = await call('POST', `${base}/reprice`);
    expect(again.status).toBe(200);
    expect(again.body.trip.version).toBe(reply.body.trip.version);
    expect(again.body.windows[0]).toMatchObject({ fx_effect_before: 18.55, fx_effect_after: 18.55 });

    // A new price sets first_rate to today's rate: the rate effect starts again from 0.
    const hotelId = window.items[0]._id;
    const repriced = await call('PUT', `${base}/instances/${windowId}/items/${hotelId}`, { amount: 110 });
    expect(repriced.body.item.fx).toMatchObject({ rate: 0.9, first_rate: 0.9 });
    expect(repriced.body.instance.fx_effect).toBe(8.06);
  });

  it('when the committed window is re-priced with the whole trip, then the trip answers its fx_effect before and after', async () => {
    const call = as(testUser());
    const { base, windowId } = await poundsTrip(call);
    await call('PATCH', `${base}/instances/${windowId}/commit`, {});
    answer = { table: { ...ECB, rates: { ...ECB.rates, GBP: 0.9 } } };
    const reply = await call('POST', `${base}/reprice`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ fx_effect_before: 0, fx_effect_after: 18.55 });
    expect(reply.body.trip).toMatchObject({ total_cost: 382.02, fx_effect: 18.55 });
  });

  it('when the rates service is down at a re-price, then 503 and nothing changes', async () => {
    const call = as(testUser());
    const { base } = await poundsTrip(call);
    const before = await call('GET', base);
    answer = { status: 502 };
    const reply = await call('POST', `${base}/reprice`);
    expect(reply.status).toBe(503);
    expect(reply.body.msg).toMatch(/Exchange rates are unavailable/);
    expect((await call('GET', base)).body).toEqual(before.body);
  });

  it('when the trip goes from pounds to euros, then the budget converts, the euro hotel drops its rate and the dollar fare gets a new frozen one', async () => {
    const call = as(testUser());
    const { base } = await poundsTrip(call);
    const reply = await call('PUT', base, { currency: 'EUR' });
    expect(reply.status).toBe(200);
    expect(reply.body.currency).toBe('EUR');
    expect(reply.body.budget).toBe(1167.82); // £1,000 at 1 / 0.8563
    // The rate the budget and plain amounts were converted at, with its day and source (ADR 0064).
    expect(reply.body.currency_change).toEqual({
      from: 'GBP',
      to: 'EUR',
      rate: 1 / 0.8563,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      source: 'ECB',
    });
    const [hotel, fare] = reply.body.instances[0].items;
    expect(hotel).toMatchObject({ amount: 120, currency: 'EUR', fx: null });
    expect(fare).toMatchObject({ amount: 200, currency: 'USD', fx: { rate: 1 / 1.0842, first_rate: 1 / 1.0842 } });
    expect(reply.body.instances[0]).toMatchObject({ stay_expense: 240, travel_expense: 184.47, total_cost: 424.47 });
  });

  it('when the trip currency changes while the rates service is down, then 503 and nothing changed', async () => {
    const call = as(testUser());
    const { base } = await poundsTrip(call);
    const before = await call('GET', base);
    answer = { status: 503 };
    const reply = await call('PUT', base, { currency: 'JPY' });
    expect(reply.status).toBe(503);
    expect((await call('GET', base)).body).toEqual(before.body);
  });

  it('when a trip is in yen, then amounts are whole yen and a dollar item converts to whole yen', async () => {
    const call = as(testUser());
    const trip = await call('POST', '/api/trips/getaway-trip', { location_address: 'Kyoto', currency: 'JPY' });
    const base = `/api/trips/getaway/${trip.body._id}`;
    const window = await call('POST', `${base}/instances`, { stay_expense: 12000.6 });
    expect(window.body.stay_expense).toBe(12001);
    const item = await call('POST', `${base}/instances/${window.body._id}/items`, {
      category: 'travel',
      name: 'Pass',
      amount: 99.99,
      currency: 'USD',
    });
    expect(item.status).toBe(201);
    // $99.99 × (162.37 / 1.0842) = ¥14,974.5… → ¥14,975 (whole yen), plus the kept ¥12,001.
    expect(item.body.instance).toMatchObject({ travel_expense: 14975, total_cost: 26976 });
    // The flex grid is in yen too: whole yen, and it says so.
    const flex = await call(
      'GET',
      `${base}/instances/${window.body._id}/flex?from=2030-03-01&to=2030-03-02&minNights=1&maxNights=2`,
    );
    expect(flex.status).toBe(200);
    expect(flex.body.currency).toBe('JPY');
    expect(flex.body.cells.every((cell: { total_cost: number }) => cell.total_cost === 26976)).toBe(true);
  });

  it('when an item’s currency changes, then it is priced again; in the trip’s currency it has no rate; its own rate sent back changes nothing', async () => {
    const call = as(testUser());
    const { items, hotel } = await poundsTrip(call);
    const path = `${items}/${hotel.item._id}`;
    const echoed = await call('PUT', path, { name: 'Hotel', fx: { rate: hotel.item.fx.rate } });
    expect(echoed.body.item.fx).toEqual(hotel.item.fx); // still ECB, not manual
    const inDollars = await call('PUT', path, { currency: 'USD' });
    expect(inDollars.body.item).toMatchObject({ amount: 120, currency: 'USD', fx: { source: 'ECB' } });
    expect(inDollars.body.item.fx.rate).toBe(0.8563 / 1.0842);
    const inPounds = await call('PUT', path, { currency: 'GBP' });
    expect(inPounds.body.item).toMatchObject({ amount: 120, currency: 'GBP', fx: null });
    expect(inPounds.body.instance.stay_expense).toBe(240);
  });

  it('when the comparison is downloaded, then it names the trip currency and each foreign item’s rate', async () => {
    const user = testUser();
    const { base } = await poundsTrip(as(user));
    const res = await fetch(`${product.url}${base}/comparison.csv`, {
      headers: { authorization: `Bearer ${tokenFor(user)}` },
    });
    const text = await res.text();
    expect(text).toContain('Currency,Exchange rates');
    expect(text).toContain(
      `GBP,"Hotel: 1 EUR = 0.8563 GBP (ECB, 2030-01-02); Fare: 1 USD = ${0.8563 / 1.0842} GBP (ECB, 2030-01-02)"`,
    );
  });

  it('when another user or nobody re-prices, then 404/403 or 401 and nothing changes', async () => {
    const owner = as(testUser());
    const { base, windowId } = await poundsTrip(owner);
    const before = await owner('GET', base);
    answer = { table: { ...ECB, rates: { ...ECB.rates, GBP: 0.9 } } };
    for (const path of [`${base}/reprice`, `${base}/instances/${windowId}/reprice`]) {
      expect((await as(null)('POST', path)).status).toBe(401);
      expect([403, 404]).toContain((await as(testUser())('POST', path)).status);
    }
    expect([403, 404]).toContain((await as(testUser())('PUT', base, { currency: 'EUR' })).status);
    expect((await owner('GET', base)).body).toEqual(before.body);
  });
});
