// The core's rate of one night (season > weekend > amount) and the plain item cost with
// dates, as the trips service and the web app both call them.
import {
  capturedOnInUse,
  dayNumber,
  dayString,
  isStale,
  isWeekendDay,
  itemCost,
  itemCostMinorUnits,
  STALE_AFTER_DAYS,
  utcDay,
} from '../src/domain';

describe('prices that vary by date in the core', () => {
  it('when days are counted, then they round-trip and Fridays and Saturdays are the weekend, before 1970 too', () => {
    for (const date of ['1969-12-26', '1970-01-01', '2030-03-08', '2030-03-09', '2030-03-10']) {
      expect(dayString(dayNumber(date))).toBe(date);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      expect(isWeekendDay(dayNumber(date))).toBe(weekday === 5 || weekday === 6);
    }
    expect(dayNumber('2030-03-08T00:00:00.000Z')).toBe(dayNumber('2030-03-08'));
    expect(utcDay(new Date('2030-03-08T23:59:59Z'))).toBe('2030-03-08');
  });

  it('when an item has dated rates, then the dates given choose them; without dates it is amount × basis', () => {
    const hotel = {
      amount: 100,
      basis: 'per_person_per_night' as const,
      weekend_amount: 130.01,
      seasons: [{ from: '2030-03-09', to: '2030-03-09', amount: 0.1 }],
    };
    // Thu 7, Fri 8 (weekend), Sat 9 (season): × 2 travellers.
    const dated = { nights: 3, travellers: 2, start: '2030-03-07T00:00:00.000Z', end: '2030-03-10T00:00:00.000Z' };
    expect(itemCostMinorUnits(hotel, dated)).toBe(2n * (10_000n + 13_001n + 10n));
    expect(itemCost(hotel, { nights: 3, travellers: 2 })).toBe(600);
    const car = { amount: 40, basis: 'per_day' as const, weekend_amount: 55 };
    expect(itemCost(car, { ...dated, travellers: 1 })).toBe(40 + 55 + 55 + 40); // Thu…Sun: 4 days
    const fare = {
      amount: 300,
      basis: 'per_person' as const,
      quotes: [{ start: '2030-03-07', end: '2030-03-10', amount: 250, captured_on: null }],
    };
    expect(itemCost(fare, dated)).toBe(500);
    expect(itemCost(fare, { ...dated, end: '2030-03-11' })).toBe(600);
    expect(itemCost(fare, { nights: 3, travellers: 2 })).toBe(600);
  });

  it('when a window uses a price, then its day is the quote’s for those exact dates, else the item’s; over 14 days is stale', () => {
    const fare = {
      amount: 300,
      basis: 'total' as const,
      captured_on: '2030-01-01',
      quotes: [{ start: '2030-03-07', end: '2030-03-10', amount: 260, captured_on: '2030-02-20' }],
    };
    const exact = { trip_start: '2030-03-07T00:00:00.000Z', trip_end: '2030-03-10T00:00:00.000Z' };
    expect(capturedOnInUse(fare, exact)).toBe('2030-02-20');
    expect(capturedOnInUse(fare, { ...exact, trip_end: '2030-03-11' })).toBe('2030-01-01');
    // A nightly price never uses a quote.
    expect(capturedOnInUse({ ...fare, basis: 'per_night' }, exact)).toBe('2030-01-01');
    expect(capturedOnInUse({ amount: 1, basis: 'total' }, exact)).toBeNull();
    const seen = dayNumber('2030-02-20');
    expect(STALE_AFTER_DAYS).toBe(14);
    expect(isStale('2030-02-20', seen + 14)).toBe(false);
    expect(isStale('2030-02-20', seen + 15)).toBe(true);
    expect(isStale(null, seen + 100)).toBe(false);
  });
});
