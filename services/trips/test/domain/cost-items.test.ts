// Item costs × basis × nights × travellers against the window totals, exact to the cent,
// and re-deriving after a change of dates or travellers equals deriving from scratch.
import fc from 'fast-check';
import { newId } from '@tripcost/shared';
import {
  COST_BASES,
  COST_CATEGORIES,
  deriveWindowCosts,
  nightsOf,
  type CostItem,
  type ItemisedWindow,
} from '../../src/costs';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * DAY_MS).toISOString();

const itemArbitrary: fc.Arbitrary<CostItem & { cents: number }> = fc
  .record({
    category: fc.constantFrom(...COST_CATEGORIES),
    // Up to $10M an item: 100 items × 400 nights × 50 travellers stay below 2^53 cents.
    cents: fc.integer({ min: 0, max: 1_000_000_000 }),
    basis: fc.constantFrom(...COST_BASES),
    booked: fc.boolean(),
    paid: fc.boolean(),
  })
  .map((fields) => ({
    _id: newId(),
    name: 'item',
    link: '',
    confirmation: '',
    amount: fields.cents / 100,
    ...fields,
  }));

const datesArbitrary = fc
  .record({ start: fc.integer({ min: 0, max: 3000 }), nights: fc.integer({ min: 0, max: 400 }) })
  .map(({ start, nights }) => ({ trip_start: day(start), trip_end: day(start + nights) }));

const windowArbitrary = fc
  .record({ dates: datesArbitrary, items: fc.array(itemArbitrary, { maxLength: 100 }) })
  .map(({ dates, items }): ItemisedWindow => ({
    ...dates,
    stay_expense: 1,
    travel_expense: 2,
    car_expense: 3,
    other_expense: 4,
    items,
  }));
const travellersArbitrary = fc.integer({ min: 1, max: 50 });

/** An independent oracle: integer cents, the multiplier spelled out per basis. */
function expectedCents(window: ItemisedWindow, travellers: number) {
  const nights = BigInt(nightsOf(window));
  const people = BigInt(travellers);
  const multiplier = {
    total: 1n,
    per_night: nights,
    per_person: people,
    per_person_per_night: nights * people,
    per_day: nights + 1n,
  };
  const sums = { stay: 0n, travel: 0n, car: 0n, other: 0n, paid: 0n, booked: 0n };
  for (const item of window.items as Array<CostItem & { cents: number }>) {
    const cost = BigInt(item.cents) * multiplier[item.basis];
    sums[item.category] += cost;
    if (item.paid) sums.paid += cost;
    if (item.booked) sums.booked += cost;
  }
  return sums;
}

const cents = (amount: number) => BigInt(Math.round(amount * 100));

describe('deriveWindowCosts', () => {
  it('when a window has items, then each category is the sum of amount × basis, exact to the cent', () => {
    fc.assert(
      fc.property(windowArbitrary, travellersArbitrary, (window, travellers) => {
        fc.pre((window.items ?? []).length > 0);
        const derived = deriveWindowCosts(window, travellers);
        const expected = expectedCents(window, travellers);
        expect([
          cents(derived.stay_expense),
          cents(derived.travel_expense),
          cents(derived.car_expense),
          cents(derived.other_expense),
          cents(derived.paid_total),
          cents(derived.booked_total),
        ]).toEqual([expected.stay, expected.travel, expected.car, expected.other, expected.paid, expected.booked]);
        const total = expected.stay + expected.travel + expected.car + expected.other;
        expect(cents(derived.to_pay)).toBe(total - expected.paid);
      }),
      { numRuns: 300 },
    );
  });

  it('when dates or travellers change, then re-deriving the derived window equals deriving from scratch', () => {
    fc.assert(
      fc.property(
        windowArbitrary,
        travellersArbitrary,
        datesArbitrary,
        travellersArbitrary,
        (window, before, dates, after) => {
          const derivedBefore = deriveWindowCosts(window, before);
          const rederived = deriveWindowCosts({ ...derivedBefore, ...dates }, after);
          const fromScratch = deriveWindowCosts({ ...window, ...dates }, after);
          expect(rederived).toEqual(fromScratch);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('when a window has no items, then it keeps its four numbers and nothing is paid', () => {
    const window = {
      trip_start: day(0),
      trip_end: day(3),
      stay_expense: 100.1,
      travel_expense: 0.2,
      car_expense: 0,
      other_expense: 0,
      items: [],
    };
    expect(deriveWindowCosts(window, 4)).toEqual({
      ...window,
      paid_total: 0,
      booked_total: 0,
      to_pay: 100.3,
      fx_effect: 0,
    });
  });

  it('when the basis is per day, then a 3-night window counts 4 days; undated windows count 0 nights', () => {
    const item = {
      _id: newId(),
      category: 'car' as const,
      name: 'Car',
      amount: 45.5,
      basis: 'per_day' as const,
      booked: true,
      paid: false,
      link: '',
      confirmation: '',
    };
    const dated = deriveWindowCosts(
      {
        trip_start: day(0),
        trip_end: day(3),
        stay_expense: 0,
        travel_expense: 0,
        car_expense: 0,
        other_expense: 0,
        items: [item],
      },
      2,
    );
    expect([dated.car_expense, dated.booked_total, dated.to_pay]).toEqual([182, 182, 182]);
    const undated = deriveWindowCosts(
      {
        trip_start: null,
        trip_end: null,
        stay_expense: 0,
        travel_expense: 0,
        car_expense: 9,
        other_expense: 0,
        items: [item],
      },
      2,
    );
    expect(undated.car_expense).toBe(45.5);
  });
});
