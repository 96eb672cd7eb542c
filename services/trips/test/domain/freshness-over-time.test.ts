// Freshness moves with the calendar while the trip does not change: the same trip read
// on a later day counts its old prices as stale, in the list too (whose per-trip cache
// and ETag were keyed by the trip's version alone), and "still this price" clears it.
import { tempDataDir, testUser } from '@tripcost/shared/testing';
import { openEmbeddedTripStore } from '../../src/trip/store/embedded';
import { createTripsService } from '../../src/windows/domain/trips-service';

// Every store a test opens is closed, so jest exits by itself (docs/testing.md).
const stores: { close: () => Promise<void> | void }[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

it('when days pass without a change, then old prices turn stale in the trip, its list and the list ETag', async () => {
  let clock = new Date('2030-02-01T12:00:00Z');
  const store = await openEmbeddedTripStore(tempDataDir());
  stores.push(store);
  const trips = createTripsService({ store, now: () => clock });
  const user = testUser();
  const trip = await trips.createTrip(user, { location_address: 'Lisbon, Portugal' });
  const { instance } = await trips.addInstance(user, trip._id, {
    ...{ trip_start: '2030-03-01T00:00:00.000Z', trip_end: '2030-03-04T00:00:00.000Z' },
    ...{ stay_expense: 0, travel_expense: 0, car_expense: 0, other_expense: 0 },
  });
  const { item } = await trips.addItem(user, trip._id, instance._id, {
    category: 'stay',
    name: 'Hotel',
    amount: 100,
    basis: 'per_night',
    booked: false,
    paid: false,
    link: '',
    confirmation: '',
    weekend_amount: null,
    seasons: [],
    quotes: [],
  });
  expect(item.captured_on).toBe('2030-02-01');
  const page = { limit: 10, offset: 0 };
  const listed = async () => {
    const list = await trips.listTripsSerialized(user, page);
    return { etag: list.etag, trip: JSON.parse(list.json!.toString())[0] };
  };
  const fresh = await listed();
  expect(fresh.trip.instances[0].freshness).toEqual({ oldest_captured_on: '2030-02-01', stale_items: 0 });

  clock = new Date('2030-02-15T23:00:00Z'); // 14 days: not yet stale
  expect((await listed()).trip.instances[0].freshness.stale_items).toBe(0);

  clock = new Date('2030-02-16T00:30:00Z'); // 15 days
  const later = await listed();
  expect(later.etag).not.toBe(fresh.etag);
  expect(later.trip.instances[0].freshness.stale_items).toBe(1);
  expect(later.trip.comparison.cheapest_is_stale).toBe(true);
  expect((await trips.getTrip(user, trip._id)).instances[0].freshness.stale_items).toBe(1);

  const checked = await trips.checkItem(user, trip._id, instance._id, item._id);
  expect(checked.item).toMatchObject({ amount: 100, captured_on: '2030-02-16' });
  expect((await listed()).trip.instances[0].freshness).toEqual({ oldest_captured_on: '2030-02-16', stale_items: 0 });
});
