// Settling up across currencies (issue 40): a person's settle currency has a rate frozen
// when it is set and refreshed only by re-pricing, a payment in another currency is
// converted at a rate frozen when it is recorded, and each conversion rounds once.
import { type AuthUser, type RateTable } from '@tripcost/shared';
import { tempDataDir, testUser } from '@tripcost/shared/testing';
import { createTripsService, type TripsService } from '../../src/windows/domain/trips-service';
import { openEmbeddedTripStore } from '../../src/trip/store/embedded';
import type { TripStore } from '../../src/trip';

const NOW = '2030-01-01T00:00:00.000Z';
const TABLE: RateTable = { base: 'EUR', date: '2030-01-01', source: 'ECB', rates: { USD: 1.0842, GBP: 0.8563 } };

describe('settling up across currencies', () => {
  let rates: RateTable = TABLE;
  let trips: TripsService;
  let withoutRates: TripsService;
  let store: TripStore;
  beforeAll(async () => {
    store = await openEmbeddedTripStore(tempDataDir());
    const source = { latest: async () => rates, on: async () => rates };
    trips = createTripsService({ store, now: () => new Date(NOW), rates: source });
    withoutRates = createTripsService({ store, now: () => new Date(NOW) });
  });
  afterAll(() => store.close());

  /** Ada (owner) and Bo, who settles in GBP, on a EUR trip with a committed window: Ada paid a €100 dinner. */
  async function dinner(ada: AuthUser) {
    const trip = await trips.createTrip(ada, { location_address: 'Porto, Portugal', currency: 'EUR' });
    const named = await trips.updateTrip(ada, trip._id, {
      people: [
        { name: 'Ada', user_id: ada.id },
        { name: 'Bo', settle_currency: 'GBP' },
      ],
    });
    const [a, b] = named.people.map((person) => person._id);
    const { instance } = await trips.addInstance(ada, trip._id, {
      trip_start: '2030-06-01T00:00:00.000Z',
      trip_end: '2030-06-03T00:00:00.000Z',
      stay_expense: 0,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
    });
    await trips.addItem(ada, trip._id, instance._id, {
      category: 'other',
      name: 'Dinner',
      amount: 100,
      basis: 'total',
      booked: false,
      paid: false,
      link: '',
      confirmation: '',
      paid_by: a,
    });
    await trips.commitInstance(ada, trip._id, instance._id);
    return { tripId: trip._id, ids: { a, b }, person: named.people[1] };
  }

  it('when a settle currency is set, then its rate is frozen with its date and source and the balance is shown in it, rounded once', async () => {
    const ada = testUser({ name: 'Ada' });
    const { tripId, person } = await dinner(ada);
    expect(person.settle_fx).toEqual({ rate: 0.8563, date: '2030-01-01', source: 'ECB' });
    const balances = await trips.balances(ada, tripId);
    // Bo owes €50.00 → £42.815 → £42.82 (half away from zero), a debt negative like its credit.
    expect(balances.people[1]).toMatchObject({
      balance: -50,
      settle: { currency: 'GBP', amount: -42.82, rate: 0.8563, rate_date: '2030-01-01', source: 'ECB' },
    });
    expect(balances.people[0].settle).toEqual({
      currency: 'EUR',
      amount: 50,
      rate: 1,
      rate_date: null,
      source: null,
    });
  });

  it('when rates move, then the settle rate stays until the trip is re-priced, which takes the new rate', async () => {
    const ada = testUser({ name: 'Ada' });
    const { tripId, ids } = await dinner(ada);
    rates = { ...TABLE, date: '2030-01-05', rates: { ...TABLE.rates, GBP: 0.9 } };
    try {
      // An unrelated change (a new name) keeps the frozen rate.
      const renamed = await trips.updateTrip(ada, tripId, {
        people: [
          { _id: ids.a, name: 'Ada L', user_id: ada.id },
          { _id: ids.b, name: 'Bo', settle_currency: 'GBP' },
        ],
      });
      expect(renamed.people[1].settle_fx).toEqual({ rate: 0.8563, date: '2030-01-01', source: 'ECB' });
      await trips.reprice(ada, tripId, null);
      const repriced = await trips.getTrip(ada, tripId);
      expect(repriced.people[1].settle_fx).toEqual({ rate: 0.9, date: '2030-01-05', source: 'ECB' });
      expect((await trips.balances(ada, tripId)).people[1].settle.amount).toBe(-45);
    } finally {
      rates = TABLE;
    }
  });

  it('when a payment is in another currency, then it is converted at a rate frozen when recorded and balances count it', async () => {
    const ada = testUser({ name: 'Ada' });
    const { tripId, ids } = await dinner(ada);
    const { payment } = await trips.addPayment(ada, tripId, {
      from: ids.b,
      to: ids.a,
      amount: 20,
      currency: 'GBP',
      paid_on: '2030-06-04',
    });
    // 1 GBP = 1 / 0.8563 EUR: £20.00 → €23.3563… → €23.36, once.
    expect(payment).toMatchObject({ currency: 'GBP', amount: 20, trip_amount: 23.36 });
    expect(payment!.fx).toEqual({ rate: 1 / 0.8563, date: '2030-01-01', source: 'ECB' });
    const balances = await trips.balances(ada, tripId);
    expect(balances.people.map((line) => line.balance)).toEqual([26.64, -26.64]);
    expect(balances.transfers).toEqual([{ from: ids.b, to: ids.a, amount: 26.64, currency: 'EUR' }]);
  });

  it('when exchange rates cannot be had, then a settle currency or a foreign payment saves nothing (503)', async () => {
    const ada = testUser({ name: 'Ada' });
    const { tripId, ids } = await dinner(ada);
    await expect(
      withoutRates.updateTrip(ada, tripId, {
        people: [
          { _id: ids.a, name: 'Ada', user_id: ada.id, settle_currency: 'USD' },
          { _id: ids.b, name: 'Bo', settle_currency: 'GBP' },
        ],
      }),
    ).rejects.toMatchObject({ status: 503 });
    await expect(
      withoutRates.addPayment(ada, tripId, {
        from: ids.b,
        to: ids.a,
        amount: 5,
        currency: 'USD',
        paid_on: '2030-06-04',
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect((await trips.payments(ada, tripId)).payments).toEqual([]);
    expect((await trips.getTrip(ada, tripId)).people[0].settle_currency).toBeNull();
  });

  it('when the trip changes currency, then each payment gets a rate to the new one and balances still add up to 0', async () => {
    const ada = testUser({ name: 'Ada' });
    const { tripId, ids } = await dinner(ada);
    await trips.addPayment(ada, tripId, { from: ids.b, to: ids.a, amount: 10, paid_on: '2030-06-04' });
    await trips.updateTrip(ada, tripId, { currency: 'GBP' });
    const { payments } = await trips.payments(ada, tripId);
    expect(payments[0]).toMatchObject({ currency: 'EUR', amount: 10, trip_amount: 8.56 });
    const balances = await trips.balances(ada, tripId);
    expect(balances.currency).toBe('GBP');
    expect(balances.people.reduce((sum, line) => sum + Math.round(line.balance * 100), 0)).toBe(0);
    // Bo settles in GBP, now the trip's own currency: no rate.
    expect(balances.people[1].settle).toMatchObject({ currency: 'GBP', rate: 1, rate_date: null });
  });
  it('when the trip’s currency changed since an item was deleted, then restoring it answers 409 saying why, and it stays in the bin', async () => {
    const ada = testUser({ name: 'Ada' });
    const { tripId } = await dinner(ada);
    const trip = await trips.getTrip(ada, tripId);
    const window = trip.instances[0];
    const dinnerItem = window.items[0];
    await trips.removeItem(ada, tripId, window._id, dinnerItem._id);
    await trips.updateTrip(ada, tripId, { currency: 'GBP' });
    const [binned] = (await trips.tripBin(ada, tripId)).items;
    expect(binned).toMatchObject({ kind: 'item', thing_id: dinnerItem._id });
    await expect(trips.restoreFromBin(ada, tripId, binned._id)).rejects.toMatchObject({
      status: 409,
      message: 'The trip’s currency has changed since this was deleted, so its amounts no longer fit: add it again.',
    });
    expect((await trips.tripBin(ada, tripId)).items.map((item) => item._id)).toEqual([binned._id]);
    expect((await trips.getTrip(ada, tripId)).instances[0].items).toEqual([]);
  });
});
