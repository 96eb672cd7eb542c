// A payment in another currency (issue 40) is converted at the rate published on its
// paid_on day — asked of the rates service for that day — and frozen when recorded: the
// balances keep it whatever the rates do afterwards. Rates the service cannot give
// refuse the payment (503), saving nothing.
import { startFakeUpstream, testUser, type FakeUpstream } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips } from '../support/boot';

describe('a payment in another currency', () => {
  let rates: FakeUpstream;
  let trips: BootedTrips;
  beforeAll(async () => {
    rates = await startFakeUpstream();
    trips = await bootTrips({ INTEGRATIONS_URL: rates.url });
  });
  afterAll(async () => {
    await trips.stop();
    await rates.close();
  });

  /** EUR rates by day: 1 EUR = 0.80 GBP on Jun 6, 0.90 GBP today. */
  const dayRates = (day: string | null) => ({
    json: { base: 'EUR', date: day ?? '2031-07-01', source: 'ecb', rates: { GBP: day ? 0.8 : 0.9 } },
  });

  it('when it is recorded, then it is converted at its paid_on day’s rate and that rate stays', async () => {
    rates.handle((call) => dayRates(call.query.get('date') ? '2031-06-06' : null));
    const ada = clientFor(trips.url, testUser({ name: 'Ada' }));
    const trip = await ada.createTrip({ currency: 'EUR' });
    const put = await ada.put(`/api/trips/getaway/${trip._id}`, { people: [{ name: 'Ada' }, { name: 'Bo' }] });
    const [a, b] = put.body.people.map((person: { _id: string }) => person._id);
    const paid = await ada.post(`/api/trips/getaway/${trip._id}/payments`, {
      from: b,
      to: a,
      amount: 40,
      currency: 'GBP',
      paid_on: '2031-06-07',
    });
    expect(paid.status).toBe(201);
    // 40 GBP at 1 / 0.80 = 1.25 EUR per GBP, the rate published on Jun 6 (the last before Jun 7).
    expect(paid.body.payment).toMatchObject({
      amount: 40,
      currency: 'GBP',
      fx: { rate: 1.25, date: '2031-06-06', source: 'ecb' },
      trip_amount: 50,
    });
    expect(rates.calls.at(-1)!.query.get('date')).toBe('2031-06-07');
    const listed = await ada.get(`/api/trips/getaway/${trip._id}/payments`);
    expect(listed.body.payments[0]).toMatchObject({ fx: { rate: 1.25, date: '2031-06-06' }, trip_amount: 50 });

    // Without rates for that day, nothing is saved.
    rates.handle(() => ({ status: 503, json: { msg: 'down' } }));
    const refused = await ada.post(`/api/trips/getaway/${trip._id}/payments`, {
      from: b,
      to: a,
      amount: 10,
      currency: 'GBP',
      paid_on: '2031-06-08',
    });
    expect(refused.status).toBe(503);
    expect(refused.body.msg).toMatch(/Exchange rates are unavailable/);
    expect((await ada.get(`/api/trips/getaway/${trip._id}/payments`)).body.payments).toHaveLength(1);
  });
});
