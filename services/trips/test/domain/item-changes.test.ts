// The trip-level rule over cost items: after any sequence of traveller and date
// changes, every itemised window (and the committed trip's copy) equals deriving from
// scratch with the final travellers and dates, exact to the cent.
import fc from 'fast-check';
import { newId } from '@tripcost/shared';
import { COST_BASES, COST_CATEGORIES, itemTotals, nightsOf, type CostItem } from '../../src/costs';
import { applyAddItem } from '../../src/windows/domain/item-changes';
import { applyCommit, applyUpdate } from '../../src/windows/domain/trip-changes';
import { withDerivedCosts } from '../../src/windows/domain/change-checks';
import { NO_DATES_OR_EXPENSES, type InstanceRecord, type TripRecord } from '../../src/trip';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * DAY_MS).toISOString();
const AT = '2030-01-01T00:00:00.000Z';

const item: fc.Arbitrary<Omit<CostItem, '_id'>> = fc.record({
  category: fc.constantFrom(...COST_CATEGORIES),
  name: fc.constant('item'),
  // Up to $100,000 an item: 20 items × 60 nights × 50 travellers stay under the 1e9 cap.
  amount: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  basis: fc.constantFrom(...COST_BASES),
  booked: fc.boolean(),
  paid: fc.boolean(),
  link: fc.constant(''),
  confirmation: fc.constant(''),
});
const dates = fc
  .record({ start: fc.integer({ min: 0, max: 300 }), nights: fc.integer({ min: 0, max: 60 }) })
  .map(({ start, nights }) => ({ trip_start: day(start), trip_end: day(start + nights) }));
const change = fc.oneof(
  fc.record({ travelers: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ window: fc.nat(), dates }),
);

function tripWith(windows: { dates: { trip_start: string; trip_end: string } }[]): TripRecord {
  const instances: InstanceRecord[] = windows.map(({ dates: window }) => ({
    _id: newId(),
    ...NO_DATES_OR_EXPENSES,
    ...window,
    isCommitted: false,
    activities: [],
    created_at: AT,
  }));
  return {
    _id: newId(),
    user_id: newId(),
    user_email: 'a@example.test',
    location_address: 'Lisbon, Portugal',
    trip_location: 'Lisbon, Portugal',
    image_url: '',
    ...NO_DATES_OR_EXPENSES,
    isFavorite: false,
    instances,
    committedInstanceId: null,
    travelers: 1,
    budget: null,
    created_at: AT,
    updated_at: AT,
  };
}

const cents = (money: number) => Math.round(money * 100);

it('when travellers and dates change in any order, then itemised totals equal a derivation from scratch', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ dates, items: fc.array(item, { maxLength: 20 }) }), { minLength: 1, maxLength: 3 }),
      fc.array(change, { maxLength: 6 }),
      (windows, changes) => {
        let trip = tripWith(windows);
        windows.forEach((window, index) => {
          for (const fields of window.items) {
            trip = withDerivedCosts(applyAddItem(trip, trip.instances[index]._id, { _id: newId(), ...fields }, AT));
          }
        });
        trip = withDerivedCosts(applyCommit(trip, trip.instances[0]._id, AT));
        for (const next of changes) {
          const update =
            'travelers' in next
              ? { travelers: next.travelers }
              : {
                  instanceEdits: [{ _id: trip.instances[next.window % trip.instances.length]._id, fields: next.dates }],
                };
          trip = withDerivedCosts(applyUpdate(trip, update, AT));
        }
        for (const window of trip.instances) {
          if (!window.items?.length) continue;
          const expected = itemTotals(window.items, { nights: nightsOf(window), travellers: trip.travelers ?? 1 });
          // Independently: each item's cents × its multiplier, summed per category.
          const nights = nightsOf(window);
          const people = trip.travelers ?? 1;
          const byHand = { stay: 0, travel: 0, car: 0, other: 0 };
          for (const entry of window.items) {
            const multiplier = {
              total: 1,
              per_night: nights,
              per_person: people,
              per_person_per_night: nights * people,
              per_day: nights + 1,
            }[entry.basis];
            byHand[entry.category] += cents(entry.amount) * multiplier;
          }
          expect(cents(window.stay_expense)).toBe(byHand.stay);
          expect(cents(window.travel_expense)).toBe(byHand.travel);
          expect(cents(window.car_expense)).toBe(byHand.car);
          expect(cents(window.other_expense)).toBe(byHand.other);
          expect(window.stay_expense).toBe(expected.stay_expense);
        }
        const plan = trip.instances[0];
        expect([trip.stay_expense, trip.travel_expense, trip.car_expense, trip.other_expense]).toEqual([
          plan.stay_expense,
          plan.travel_expense,
          plan.car_expense,
          plan.other_expense,
        ]);
        expect([trip.trip_start, trip.trip_end]).toEqual([plan.trip_start, plan.trip_end]);
      },
    ),
    { numRuns: 150 },
  );
});
