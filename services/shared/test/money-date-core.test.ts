// The money and date core: minor units with the currency's digits, one rounding per
// share, nights and days of a window, a window's status and what each cost basis counts.
import {
  backoffMs,
  basisMultiplier,
  daysOf,
  fromMinorUnits,
  itemCost,
  itemCostMinorUnits,
  nightsBetween,
  nightsOf,
  shareOf,
  shiftDate,
  statusOf,
  toMinorUnits,
  totalMinorUnits,
} from '../src';

const day = (iso: string) => `${iso}T00:00:00.000Z`;

describe('the money and date core', () => {
  it('when a currency has 0, 2 or 3 minor digits, then amounts become whole minor units and back', () => {
    expect(toMinorUnits(1234.5, 0)).toBe(1235);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.235, 3)).toBe(1235);
    expect(fromMinorUnits(1235, 3)).toBe(1.235);
    expect(fromMinorUnits(12_345n)).toBe(123.45);
  });

  it('when a total is shared, then the cents are divided and rounded once (a half cent rounds up)', () => {
    expect(shareOf(115, 2)).toBe(0.58);
    expect(shareOf(100, 3)).toBe(0.33);
    expect(totalMinorUnits({ stay_expense: 0.1, travel_expense: 0.2, car_expense: '1.15', other_expense: null })).toBe(
      145,
    );
  });

  it('when a window has dates, then its nights count the days between and its days one more', () => {
    expect(nightsBetween(day('2030-03-01'), day('2030-03-05'))).toBe(4);
    expect(nightsBetween(day('2030-03-05'), day('2030-03-01'))).toBe(-4);
    expect(nightsBetween(null, day('2030-03-01'))).toBeNull();
    expect(nightsOf({ trip_start: day('2030-03-05'), trip_end: day('2030-03-01') })).toBe(0);
    expect(nightsOf({ trip_start: day('2030-03-01'), trip_end: null })).toBe(0);
    expect(daysOf(4)).toBe(5);
    // Across a daylight-saving change in any zone: calendar days stay whole days.
    expect(shiftDate(day('2030-03-30'), 2)).toBe(day('2030-04-01'));
  });

  it('when a window was stored before statuses, then it reads as booked if committed, else considering', () => {
    expect(statusOf({ isCommitted: true })).toBe('booked');
    expect(statusOf({})).toBe('considering');
    expect(statusOf({ status: 'eliminated', isCommitted: true })).toBe('eliminated');
  });

  it('when an item has a basis, then its cost is the amount times nights, travellers, both or days', () => {
    const context = { nights: 4, travellers: 3 };
    expect(basisMultiplier('total', context)).toBe(1);
    expect(basisMultiplier('per_night', context)).toBe(4);
    expect(basisMultiplier('per_person', context)).toBe(3);
    expect(basisMultiplier('per_person_per_night', context)).toBe(12);
    expect(basisMultiplier('per_day', context)).toBe(5);
    expect(itemCostMinorUnits({ amount: 0.1, basis: 'per_person_per_night' }, context)).toBe(120n);
    expect(itemCost({ amount: 1_000_000_000, basis: 'per_person_per_night' }, { nights: 400, travellers: 50 })).toBe(
      20_000_000_000_000,
    );
  });

  it('when a call is retried, then the pause doubles from the base up to the ceiling', () => {
    expect([1, 2, 3, 5, 6, 9].map((attempt) => backoffMs(attempt))).toEqual([50, 100, 200, 800, 1000, 1000]);
    expect(backoffMs(3, { baseMs: 100, maxMs: 30_000 })).toBe(400);
  });
});
