// Money in any currency (issue 27), property-based: a conversion is exact to the minor
// unit (rounded once, half away from zero) for 0-, 2- and 3-digit currencies; an item's
// cost in another currency is its own cost converted once; the flex grid's batched form
// still equals the plain form with foreign items; re-pricing at unchanged rates changes
// nothing; fx_effect is what the rates moved; a trip-currency round trip
// (USD → EUR → USD at fixed rates) keeps every total within one minor unit per item.
import fc from 'fast-check';
import {
  convertMinorUnits,
  currencyDigits,
  isCurrencyCode,
  itemCostMinorUnits,
  newId,
  rateFraction,
  toMinorUnits,
  totalMinorUnits,
  type RateTable,
} from '@tripcost/shared';
import { COST_BASES, COST_CATEGORIES, deriveWindowCosts, type CostItem } from '../../src/costs';
import { cellTotalMinorUnits, flexGrid } from '../../src/costs';
import { NO_DATES_OR_EXPENSES, tripView, type InstanceRecord, type TripRecord } from '../../src/trip';
import { applyAddItem } from '../../src/windows/domain/item-changes';
import { applyUpdate } from '../../src/windows/domain/trip-changes';
import { settleChange } from '../../src/windows/domain/change-checks';
import { applyCurrencyChange, applyReprice, RatesNeeded } from '../../src/currency';

const AT = '2030-01-01T00:00:00.000Z';
const day = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000).toISOString();
const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD', 'GBP'] as const;
/** Units of each currency per euro (fixed: the tests' own table). */
const TABLE: RateTable = {
  base: 'EUR',
  date: '2030-01-01',
  source: 'test',
  rates: { USD: 1.0842, JPY: 162.37, KWD: 0.33417, GBP: 0.8563 },
};

/** An independent oracle: units × p / q × 10^(to − from), rounded half away from zero, in BigInt. */
function oracle(units: bigint, p: bigint, q: bigint, from: number, to: number): bigint {
  let numerator = units * p;
  let denominator = q;
  if (to >= from) numerator *= 10n ** BigInt(to - from);
  else denominator *= 10n ** BigInt(from - to);
  const sign = numerator < 0n ? -1n : 1n;
  const magnitude = numerator * sign;
  const whole = magnitude / denominator;
  const rest = magnitude - whole * denominator;
  return sign * (rest * 2n >= denominator ? whole + 1n : whole);
}

describe('currencies from Intl', () => {
  it('when asked for digits, then USD has 2, JPY 0, KWD 3; codes are checked against the ISO list', () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 0, 3]);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });
});

describe('converting minor units (property-based)', () => {
  it('when a rate with up to 8 decimals converts any amount between 0-, 2- and 3-digit currencies, then the result is the exact rational rounded half away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(0, 2, 3),
        fc.constantFrom(0, 2, 3),
        (units, mantissa, scale, from, to) => {
          const rate = mantissa / 10 ** scale;
          const [p, q] = rateFraction(rate);
          // The fraction is the rate's decimal form exactly.
          expect(Number(p) / Number(q)).toBe(rate);
          expect(convertMinorUnits(units, rate, from, to)).toBe(oracle(units, p, q, from, to));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('when a half minor unit is left, then it rounds away from zero (0.5 → 1, −0.5 → −1), at 0 and 3 digits', () => {
    expect(convertMinorUnits(1n, 0.5, 0, 0)).toBe(1n);
    expect(convertMinorUnits(-1n, 0.5, 0, 0)).toBe(-1n);
    expect(convertMinorUnits(5n, 0.1, 3, 3)).toBe(1n); // 0.005 KWD × 0.1 = 0.0005 → 0.001
    expect(convertMinorUnits(12345n, 1, 2, 0)).toBe(123n); // $123.45 at 1 → ¥123
    expect(convertMinorUnits(150n, 1, 2, 0)).toBe(2n); // $1.50 → ¥2
  });

  it('when a rate has an exponent (1e-7), then it is still read exactly', () => {
    expect(rateFraction(1e-7)).toEqual([1n, 10_000_000n]);
    expect(rateFraction(1.5e21)).toEqual([1_500_000_000_000_000_000_000n, 1n]);
  });
});

const foreignItem = (tripCurrency: string) =>
  fc
    .record({
      category: fc.constantFrom(...COST_CATEGORIES),
      basis: fc.constantFrom(...COST_BASES),
      currency: fc.constantFrom(...CURRENCIES),
      amount: fc.integer({ min: 0, max: 10_000_000 }),
      weekend: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
      rate: fc.integer({ min: 1, max: 2_000_000_000 }).map((n) => n / 1_000_000),
      firstRate: fc.integer({ min: 1, max: 2_000_000_000 }).map((n) => n / 1_000_000),
    })
    .map(({ category, basis, currency, amount, weekend, rate, firstRate }): CostItem => {
      const digits = currencyDigits(currency);
      const dated = basis === 'per_night' || basis === 'per_person_per_night' || basis === 'per_day';
      return {
        _id: newId(),
        category,
        name: 'item',
        basis,
        amount: amount / 10 ** digits,
        booked: false,
        paid: false,
        link: '',
        confirmation: '',
        weekend_amount: dated && weekend !== null ? weekend / 10 ** digits : null,
        currency,
        ...(currency === tripCurrency
          ? {}
          : { fx: { rate, date: '2030-01-01', source: 'test', first_rate: firstRate } }),
      };
    });

const windowWith = (items: CostItem[], start: number, nights: number): InstanceRecord => ({
  _id: newId(),
  ...NO_DATES_OR_EXPENSES,
  trip_start: day(start),
  trip_end: day(start + nights),
  isCommitted: false,
  activities: [],
  created_at: AT,
  items,
});

describe('an item in another currency (property-based)', () => {
  it('when an item has a rate, then its cost is its own cost in its digits converted once; the flex grid agrees cell by cell', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...CURRENCIES)
          .chain((trip) =>
            fc.tuple(
              fc.constant(trip),
              fc.array(foreignItem(trip), { maxLength: 6 }),
              fc.integer({ min: 0, max: 20 }),
              fc.integer({ min: 0, max: 8 }),
              fc.integer({ min: 1, max: 6 }),
            ),
          ),
        ([trip, items, start, nights, travellers]) => {
          const digits = currencyDigits(trip);
          const window = windowWith(items, start, nights);
          const context = { nights, travellers, start: window.trip_start, end: window.trip_end };
          for (const item of items) {
            const own = itemCostMinorUnits({ ...item, fx: null }, context, currencyDigits(item.currency!));
            const expected = item.fx
              ? convertMinorUnits(own, item.fx.rate, currencyDigits(item.currency!), digits)
              : own;
            expect(itemCostMinorUnits(item, context, digits)).toBe(expected);
          }
          const saved = deriveWindowCosts(window, travellers, digits);
          const range = { from: day(start).slice(0, 10), to: day(start + 3).slice(0, 10), minNights: 1, maxNights: 4 };
          for (const cell of flexGrid(saved, travellers, range, '2030-01-01', digits).cells) {
            const plain = cellTotalMinorUnits(saved, travellers, cell.start, cell.nights, digits);
            expect(toMinorUnits(cell.total_cost, digits)).toBe(Number(plain));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

function tripOf(currency: string, instances: InstanceRecord[], budget: number | null = null): TripRecord {
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
    travelers: 2,
    budget,
    currency,
    created_at: AT,
    updated_at: AT,
  };
}

/** A trip in `currency` with items added through the domain's own rule (rates from TABLE). */
function tripWithItems(currency: string, items: Array<{ currency: string; amount: number }>, plain: number[]) {
  const itemised = windowWith([], 0, 3);
  const plainWindow = {
    ...windowWith([], 5, 2),
    stay_expense: plain[0],
    travel_expense: plain[1],
    car_expense: plain[2],
    other_expense: plain[3],
  };
  let trip = tripOf(currency, [itemised, plainWindow], plain[0]);
  for (const item of items) {
    const input = {
      _id: newId(),
      category: 'stay' as const,
      name: 'x',
      amount: item.amount,
      basis: 'per_night' as const,
      booked: false,
      paid: false,
      link: '',
      confirmation: '',
      currency: item.currency,
    };
    trip = settleChange(trip, applyAddItem(trip, itemised._id, input, AT, [], TABLE));
  }
  return trip;
}

const itemsArb = fc.array(
  fc.record({
    currency: fc.constantFrom(...CURRENCIES),
    // Up to 100,000 major units a night: 8 items × 3 nights × 2 travellers in yen stay under the 1e9 cap.
    amount: fc.integer({ min: 0, max: 10_000_000 }),
  }),
  { maxLength: 8 },
);
const plainArb = fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 4, maxLength: 4 });
const asAmounts = (items: Array<{ currency: string; amount: number }>) =>
  items.map((item) => ({ ...item, amount: item.amount / 10 ** currencyDigits(item.currency) }));

describe('re-pricing and fx_effect (property-based)', () => {
  it('when items were just priced, then fx_effect is 0 and re-pricing at the same rates changes nothing (the same trip)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), itemsArb, plainArb, (currency, items, plain) => {
        const trip = tripWithItems(
          currency,
          asAmounts(items),
          plain.map((n) => n / 100),
        );
        expect(tripView(trip).instances.every((window) => window.fx_effect === 0)).toBe(true);
        expect(applyReprice(trip, null, TABLE, AT)).toBe(trip);
      }),
      { numRuns: 100 },
    );
  });

  it('when the rates move, then re-pricing sets each foreign item at the new rate and fx_effect = Σ(cost now − cost at first_rate)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        itemsArb,
        fc.integer({ min: 500, max: 1500 }),
        (currency, items, permille) => {
          const trip = tripWithItems(currency, asAmounts(items), [0, 0, 0, 0]);
          const moved: RateTable = {
            ...TABLE,
            date: '2030-01-02',
            rates: { ...TABLE.rates, USD: (TABLE.rates.USD * permille) / 1000 },
          };
          const after = settleChange(trip, applyReprice(trip, null, moved, AT));
          const window = after.instances[0];
          const digits = currencyDigits(currency);
          const context = { nights: 3, travellers: 2, start: window.trip_start, end: window.trip_end };
          let expected = 0n;
          for (const item of window.items ?? []) {
            if (!item.fx) continue;
            expected += itemCostMinorUnits(item, context, digits);
            expected -= itemCostMinorUnits(item, context, digits, item.fx.first_rate);
          }
          expect(toMinorUnits(tripView(after).instances[0].fx_effect, digits)).toBe(Number(expected));
          // The window's total is still the sum of its rounded items.
          const sum = (window.items ?? []).reduce(
            (units, item) => units + itemCostMinorUnits(item, context, digits),
            0n,
          );
          expect(BigInt(totalMinorUnits(window, digits))).toBe(sum);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('when a foreign item is saved without rates at hand, then the rule asks for them (nothing is priced at 1)', () => {
    const trip = tripOf('USD', [windowWith([], 0, 2)]);
    const input = {
      _id: newId(),
      category: 'stay' as const,
      name: 'Hotel',
      amount: 100,
      basis: 'total' as const,
      booked: false,
      paid: false,
      link: '',
      confirmation: '',
      currency: 'EUR',
    };
    expect(() => applyAddItem(trip, trip.instances[0]._id, input, AT)).toThrow(RatesNeeded);
    expect(() => applyCurrencyChange(trip, 'EUR', undefined, AT)).toThrow(RatesNeeded);
  });
});

describe('changing the trip currency', () => {
  it('when the currency changes, then the trip keeps the rate its plain amounts were converted at, with its day and source', () => {
    const trip = tripOf('USD', [windowWith([], 0, 2)]);
    const changed = applyCurrencyChange(trip, 'EUR', TABLE, AT);
    expect(changed.currency_change).toEqual({
      from: 'USD',
      to: 'EUR',
      rate: 1 / TABLE.rates.USD,
      date: TABLE.date,
      source: TABLE.source,
    });
    expect(tripView(changed).currency_change).toEqual(changed.currency_change);
  });
});

describe('changing the trip currency (property-based)', () => {
  it('when a USD trip goes to EUR and back at fixed rates, then every total is within one minor unit per item (plain amounts and budget within one)', () => {
    fc.assert(
      fc.property(itemsArb, plainArb, (items, plain) => {
        const before = tripWithItems(
          'USD',
          asAmounts(items),
          plain.map((n) => n / 100),
        );
        const inEuros = settleChange(before, applyUpdate(before, { currency: 'EUR' }, AT, TABLE));
        const back = settleChange(inEuros, applyUpdate(inEuros, { currency: 'USD' }, AT, TABLE));
        expect(back.currency).toBe('USD');
        const [was, is] = [tripView(before), tripView(back)];
        const off = (a: number, b: number) => Math.abs(toMinorUnits(a) - toMinorUnits(b));
        // The itemised window: within one minor unit per item (its items' own amounts never move).
        expect(off(is.instances[0].total_cost, was.instances[0].total_cost)).toBeLessThanOrEqual(
          Math.max(1, was.instances[0].items.length),
        );
        // The plain window: each of its four amounts within one minor unit.
        for (const field of ['stay_expense', 'travel_expense', 'car_expense', 'other_expense'] as const) {
          expect(off(is.instances[1][field], was.instances[1][field])).toBeLessThanOrEqual(1);
        }
        expect(Math.abs(toMinorUnits(is.budget!) - toMinorUnits(was.budget!))).toBeLessThanOrEqual(1);
        // Each item keeps its own amount and currency; USD items drop their rate again.
        is.instances[0].items.forEach((item, index) => {
          expect(item.amount).toBe(was.instances[0].items[index].amount);
          expect(item.currency).toBe(was.instances[0].items[index].currency);
          expect(item.fx === null).toBe(item.currency === 'USD');
        });
      }),
      { numRuns: 150 },
    );
  });

  it('when a USD trip goes to JPY, then plain amounts are whole yen and USD items get the frozen USD→JPY rate', () => {
    const before = tripWithItems('USD', [{ currency: 'USD', amount: 100.5 }], [10.01, 0, 0, 0]);
    const after = settleChange(before, applyUpdate(before, { currency: 'JPY' }, AT, TABLE));
    const view = tripView(after);
    expect(view.currency).toBe('JPY');
    const usdToJpy = TABLE.rates.JPY / TABLE.rates.USD;
    expect(view.instances[0].items[0].fx).toEqual({
      rate: usdToJpy,
      date: '2030-01-01',
      source: 'test',
      first_rate: usdToJpy,
    });
    expect(view.instances[1].stay_expense).toBe(Number(convertMinorUnits(1001n, usdToJpy, 2, 0)));
    expect(Number.isInteger(view.instances[0].total_cost)).toBe(true);
  });
});
