// Prices that vary by date (issue 26), property-based: the flex grid's batched form
// equals the plain form cell by cell, a window's stored total equals its own cell,
// seasons beat weekends beat the amount, a quote applies only on its exact dates,
// totals are exact to the cent, and the cheapest cell is ≤ every cell.
import fc from 'fast-check';
import { dayString, datedPricesProblem, newId, totalMinorUnits, type Quote, type Season } from '@tripcost/shared';
import { COST_BASES, COST_CATEGORIES, deriveWindowCosts, type CostItem, type ItemisedWindow } from '../../src/costs';
import {
  cellTotalMinorUnits,
  flexGrid,
  flexRangeProblem,
  STALE_AFTER_DAYS,
  windowFreshness,
  type FlexRange,
} from '../../src/costs';

// Day numbers around 2030-01-01 (a Tuesday); dates are strings as the API keeps them.
const BASE = Date.UTC(2030, 0, 1) / 86_400_000;
const ymd = (offset: number) => dayString(BASE + offset);
const iso = (offset: number) => `${ymd(offset)}T00:00:00.000Z`;
const TODAY = ymd(100);

const cents = fc.integer({ min: 0, max: 100_000_000 }); // up to $1M a night keeps sums far below 2^53

/** Non-overlapping seasons: sorted distinct boundaries taken two by two. */
const seasonsArb: fc.Arbitrary<Season[]> = fc
  .uniqueArray(fc.integer({ min: -10, max: 90 }), { maxLength: 12 })
  .chain((bounds) => {
    const sorted = [...bounds].sort((a, b) => a - b);
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) pairs.push([sorted[i], sorted[i + 1]]);
    return fc
      .tuple(...pairs.map(() => cents))
      .map((rates) => pairs.map(([from, to], i) => ({ from: ymd(from), to: ymd(to), amount: rates[i] / 100 })));
  });

const quotesArb: fc.Arbitrary<Quote[]> = fc
  .uniqueArray(fc.record({ start: fc.integer({ min: 0, max: 30 }), nights: fc.integer({ min: 0, max: 8 }) }), {
    selector: (q) => `${q.start}:${q.nights}`,
    maxLength: 10,
  })
  .chain((dates) =>
    fc.tuple(...dates.map(() => fc.tuple(cents, fc.integer({ min: 0, max: 100 })))).map((values) =>
      dates.map(({ start, nights }, i) => ({
        start: ymd(start),
        end: ymd(start + nights),
        amount: values[i][0] / 100,
        captured_on: ymd(values[i][1]),
      })),
    ),
  );

const itemArb: fc.Arbitrary<CostItem> = fc
  .record({
    category: fc.constantFrom(...COST_CATEGORIES),
    basis: fc.constantFrom(...COST_BASES),
    amount: cents,
    weekend: fc.option(cents),
    seasons: seasonsArb,
    quotes: quotesArb,
    captured: fc.option(fc.integer({ min: 0, max: 101 })),
  })
  .map(({ category, basis, amount, weekend, seasons, quotes, captured }) => {
    const dated = basis === 'per_night' || basis === 'per_person_per_night' || basis === 'per_day';
    return {
      _id: newId(),
      category,
      name: 'item',
      basis,
      amount: amount / 100,
      booked: false,
      paid: false,
      link: '',
      confirmation: '',
      weekend_amount: dated && weekend !== null ? weekend / 100 : null,
      seasons: dated ? seasons : [],
      quotes: dated ? [] : quotes,
      captured_on: captured === null ? null : ymd(captured),
    };
  });

const windowArb = (maxItems: number) =>
  fc
    .record({
      start: fc.integer({ min: 0, max: 30 }),
      nights: fc.integer({ min: 0, max: 10 }),
      items: fc.array(itemArb, { maxLength: maxItems }),
      plain: fc.tuple(cents, cents, cents, cents),
    })
    .map(({ start, nights, items, plain }): ItemisedWindow => ({
      trip_start: iso(start),
      trip_end: iso(start + nights),
      stay_expense: plain[0] / 100,
      travel_expense: plain[1] / 100,
      car_expense: plain[2] / 100,
      other_expense: plain[3] / 100,
      items,
    }));

const rangeArb: fc.Arbitrary<FlexRange> = fc
  .record({
    from: fc.integer({ min: -5, max: 30 }),
    starts: fc.integer({ min: 1, max: 12 }),
    minNights: fc.integer({ min: 1, max: 8 }),
    lengths: fc.integer({ min: 1, max: 5 }),
  })
  .map(({ from, starts, minNights, lengths }) => ({
    from: ymd(from),
    to: ymd(from + starts - 1),
    minNights,
    maxNights: minNights + lengths - 1,
  }));

const travellersArb = fc.integer({ min: 1, max: 50 });

/** A window as the service stores it: its expenses derived from its items. */
const stored = (window: ItemisedWindow, travellers: number): ItemisedWindow => deriveWindowCosts(window, travellers);

/** An independent oracle: one night's (or day's) rate spelled out with the calendar. */
function oracleCents(item: CostItem, start: number, nights: number, travellers: number): bigint {
  const toCents = (amount: number) => BigInt(Math.round(amount * 100));
  if (item.basis === 'total' || item.basis === 'per_person') {
    const quote = item.quotes?.find((q) => q.start === ymd(start) && q.end === ymd(start + nights));
    const amount = toCents(quote ? quote.amount : item.amount);
    return item.basis === 'per_person' ? amount * BigInt(travellers) : amount;
  }
  const count = item.basis === 'per_day' ? nights + 1 : nights;
  let sum = 0n;
  for (let offset = start; offset < start + count; offset += 1) {
    const date = ymd(offset);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const season = item.seasons?.find((s) => s.from <= date && date <= s.to);
    if (season) sum += toCents(season.amount);
    else if (item.weekend_amount !== null && item.weekend_amount !== undefined && (weekday === 5 || weekday === 6)) {
      sum += toCents(item.weekend_amount);
    } else sum += toCents(item.amount);
  }
  return item.basis === 'per_person_per_night' ? sum * BigInt(travellers) : sum;
}

const offsetOf = (date: string) => Date.parse(date) / 86_400_000 - BASE;

describe('prices that vary by date (property-based)', () => {
  it('when the flex grid is computed, then every cell equals the plain form at its dates, to the cent', () => {
    fc.assert(
      fc.property(windowArb(8), rangeArb, travellersArb, (window, range, travellers) => {
        const saved = stored(window, travellers);
        const grid = flexGrid(saved, travellers, range, TODAY);
        for (const cell of grid.cells) {
          const plain = cellTotalMinorUnits(saved, travellers, cell.start, cell.nights);
          expect(Math.round(cell.total_cost * 100)).toBe(Number(plain));
          expect(Math.round(cell.delta_vs_window * 100)).toBe(Number(plain) - totalMinorUnits(saved));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('when some items are in other currencies (0, 2 and 3 digits, with rates) in a trip of any digits, then every cell still equals the plain form', () => {
    const foreign = fc.record({
      currency: fc.constantFrom('EUR', 'JPY', 'KWD'),
      rate: fc.integer({ min: 1, max: 500_000_000 }).map((n) => n / 1_000_000),
    });
    fc.assert(
      fc.property(
        windowArb(6),
        fc.array(fc.option(foreign), { minLength: 6, maxLength: 6 }),
        fc.constantFrom(0, 2, 3),
        rangeArb,
        travellersArb,
        (window, rates, digits, range, travellers) => {
          const items = (window.items ?? []).map((item, index) => {
            const fx = rates[index];
            if (!fx) return item;
            return {
              ...item,
              currency: fx.currency,
              fx: { rate: fx.rate, date: TODAY, source: 'test', first_rate: 1 },
            };
          });
          const saved = deriveWindowCosts({ ...window, items }, travellers, digits);
          const grid = flexGrid(saved, travellers, range, TODAY, digits);
          for (const cell of grid.cells) {
            const plain = cellTotalMinorUnits(saved, travellers, cell.start, cell.nights, digits);
            expect(Math.round(cell.total_cost * 10 ** digits)).toBe(Number(plain));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('when a window is itemised, then its stored total is the oracle sum of season > weekend > amount rates and quotes', () => {
    fc.assert(
      fc.property(windowArb(8), travellersArb, (window, travellers) => {
        const start = offsetOf(window.trip_start!);
        const nights = offsetOf(window.trip_end!) - start;
        const expected = (window.items ?? []).reduce(
          (sum, item) => sum + oracleCents(item, start, nights, travellers),
          0n,
        );
        const saved = stored(window, travellers);
        if ((window.items ?? []).length > 0) expect(BigInt(totalMinorUnits(saved))).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('when a window with nights is in the grid, then its total_cost equals the cell at its dates, which is neither estimated nor moved', () => {
    fc.assert(
      fc.property(windowArb(8), travellersArb, fc.integer({ min: 0, max: 5 }), (window, travellers, before) => {
        const start = offsetOf(window.trip_start!);
        const nights = offsetOf(window.trip_end!) - start;
        fc.pre(nights >= 1);
        const saved = stored(window, travellers);
        const range = { from: ymd(start - before), to: ymd(start + 2), minNights: nights, maxNights: nights };
        const own = flexGrid(saved, travellers, range, TODAY).cells.find(
          (cell) => cell.start === ymd(start) && cell.nights === nights,
        )!;
        expect(Math.round(own.total_cost * 100)).toBe(totalMinorUnits(saved));
        expect(own.delta_vs_window).toBe(0);
        expect(own.estimated).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('when the cheapest cells are picked, then each is ≤ every cell (of its length), ties to the earlier start', () => {
    fc.assert(
      fc.property(windowArb(6), rangeArb, travellersArb, (window, range, travellers) => {
        const grid = flexGrid(stored(window, travellers), travellers, range, TODAY);
        const { overall, per_length } = grid.cheapest;
        expect(overall).not.toBeNull();
        for (const cell of grid.cells) {
          expect(overall!.total_cost).toBeLessThanOrEqual(cell.total_cost);
          if (cell.total_cost === overall!.total_cost) {
            expect(overall!.start <= cell.start).toBe(true);
          }
          const ofLength = per_length.find((best) => best.nights === cell.nights)!;
          expect(ofLength.total_cost).toBeLessThanOrEqual(cell.total_cost);
        }
        expect(per_length.map((cell) => cell.nights)).toEqual(
          Array.from({ length: range.maxNights - range.minNights + 1 }, (_, i) => range.minNights + i),
        );
        // Cells come in start, then nights order.
        const order = grid.cells.map((cell) => `${cell.start}:${String(cell.nights).padStart(2, '0')}`);
        expect(order).toEqual([...order].sort());
      }),
      { numRuns: 150 },
    );
  });

  it('when a cell needs a quote an item does not have, then it is estimated; a stale price in use marks it stale', () => {
    fc.assert(
      fc.property(windowArb(6), rangeArb, travellersArb, (window, range, travellers) => {
        const saved = stored(window, travellers);
        const items = saved.items ?? [];
        for (const cell of flexGrid(saved, travellers, range, TODAY).cells) {
          const own = cell.start === saved.trip_start!.slice(0, 10) && cell.end === saved.trip_end!.slice(0, 10);
          const quoteItems = items.filter((item) => item.basis === 'total' || item.basis === 'per_person');
          const unquoted = quoteItems.some(
            (item) => !item.quotes?.some((q) => q.start === cell.start && q.end === cell.end),
          );
          expect(cell.estimated).toBe(items.length === 0 ? !own : !own && unquoted);
          const moved = { ...saved, trip_start: `${cell.start}T00:00:00.000Z`, trip_end: `${cell.end}T00:00:00.000Z` };
          expect(cell.stale).toBe(windowFreshness(moved, TODAY).stale_items > 0);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('prices that vary by date (examples)', () => {
  const item = (fields: Partial<CostItem>): CostItem => ({
    _id: newId(),
    category: 'stay',
    name: 'Hotel',
    amount: 100,
    basis: 'per_night',
    booked: false,
    paid: false,
    link: '',
    confirmation: '',
    ...fields,
  });
  const windowOf = (start: string, end: string, items: CostItem[]): ItemisedWindow =>
    deriveWindowCosts(
      {
        trip_start: `${start}T00:00:00.000Z`,
        trip_end: `${end}T00:00:00.000Z`,
        stay_expense: 0,
        travel_expense: 0,
        car_expense: 0,
        other_expense: 0,
        items,
      },
      2,
    );

  it('when a week has a weekend rate and a season, then the season beats the weekend, which beats the amount', () => {
    // 2030-03-04 is a Monday: nights Mon…Sun; Fri 8 and Sat 9 are weekend nights; the season covers Sat 9 – Sun 10.
    const hotel = item({
      amount: 100,
      weekend_amount: 150.5,
      seasons: [{ from: '2030-03-09', to: '2030-03-10', amount: 200.25 }],
    });
    const window = windowOf('2030-03-04', '2030-03-11', [hotel]);
    expect(window.stay_expense).toBe(4 * 100 + 150.5 + 2 * 200.25);
  });

  it('when a fare is quoted for exact dates, then only a window with those dates uses it', () => {
    const fare = item({
      category: 'travel',
      basis: 'per_person',
      amount: 300,
      quotes: [{ start: '2030-03-04', end: '2030-03-11', amount: 250.1, captured_on: '2030-02-01' }],
    });
    expect(windowOf('2030-03-04', '2030-03-11', [fare]).travel_expense).toBe(500.2);
    expect(windowOf('2030-03-04', '2030-03-10', [fare]).travel_expense).toBe(600);
    expect(windowOf('2030-03-05', '2030-03-11', [fare]).travel_expense).toBe(600);
  });

  it('when prices were seen long ago, then the window counts its stale items and names the oldest day', () => {
    const today = '2030-03-01';
    const fresh = item({ captured_on: '2030-02-15' }); // 14 days: not yet stale
    const old = item({ captured_on: '2030-02-14' }); // 15 days
    const unknown = item({}); // stored before captured_on existed
    const quoted = item({
      basis: 'total',
      captured_on: '2030-01-01',
      quotes: [{ start: '2030-03-04', end: '2030-03-11', amount: 1, captured_on: '2030-02-28' }],
    });
    const window = windowOf('2030-03-04', '2030-03-11', [fresh, old, unknown, quoted]);
    expect(STALE_AFTER_DAYS).toBe(14);
    // The quote in use (seen 2030-02-28) replaces the item's own old date.
    expect(windowFreshness(window, today)).toEqual({ oldest_captured_on: '2030-02-14', stale_items: 1 });
    const grid = flexGrid(window, 2, { from: '2030-03-04', to: '2030-03-04', minNights: 6, maxNights: 7 }, today);
    expect(grid.cells.map((cell) => [cell.nights, cell.stale, cell.estimated])).toEqual([
      [6, true, true],
      [7, true, false],
    ]);
  });

  it('when a window has no items, then every cell keeps its plain numbers and all but its own dates are estimated', () => {
    const plain = { ...windowOf('2030-03-04', '2030-03-06', []), stay_expense: 10.1, travel_expense: 0.2 };
    const grid = flexGrid(plain, 3, { from: '2030-03-03', to: '2030-03-05', minNights: 1, maxNights: 3 }, TODAY);
    expect(new Set(grid.cells.map((cell) => cell.total_cost))).toEqual(new Set([10.3]));
    expect(grid.cells.filter((cell) => !cell.estimated).map((cell) => [cell.start, cell.nights])).toEqual([
      ['2030-03-04', 2],
    ]);
    expect(grid.cells[0].per_person).toBe(3.43);
    expect(grid.cheapest.overall).toMatchObject({ start: '2030-03-03', nights: 1 });
  });

  it('when dated prices break a rule, then the rule is named', () => {
    expect(datedPricesProblem(item({ basis: 'total', weekend_amount: 1 }))).toMatch(/weekend rate or seasons/);
    expect(
      datedPricesProblem(item({ quotes: [{ start: '2030-01-01', end: '2030-01-02', amount: 1, captured_on: null }] })),
    ).toMatch(/quotes/);
    const season = (from: string, to: string) => ({ from, to, amount: 1 });
    expect(datedPricesProblem(item({ seasons: [season('2030-01-05', '2030-01-04')] }))).toMatch(/end before/);
    expect(
      datedPricesProblem(item({ seasons: [season('2030-01-01', '2030-01-05'), season('2030-01-05', '2030-01-09')] })),
    ).toMatch(/overlap/);
    expect(
      datedPricesProblem(item({ seasons: [season('2030-01-01', '2030-01-04'), season('2030-01-05', '2030-01-09')] })),
    ).toBeNull();
    const quote = { start: '2030-01-01', end: '2030-01-03', amount: 1, captured_on: null };
    expect(datedPricesProblem(item({ basis: 'total', quotes: [quote, { ...quote, amount: 2 }] }))).toMatch(/one quote/);
  });

  it('when a grid range breaks a limit, then the limit is named', () => {
    const range = { from: '2030-01-01', to: '2030-03-03', minNights: 1, maxNights: 14 };
    expect(flexRangeProblem(range)).toBeNull(); // 62 starts × 14 lengths
    expect(flexRangeProblem({ ...range, to: '2030-03-04' })).toMatch(/62/);
    expect(flexRangeProblem({ ...range, to: '2029-12-31' })).toMatch(/before/);
    expect(flexRangeProblem({ ...range, maxNights: 15 })).toMatch(/14 lengths/);
    expect(flexRangeProblem({ ...range, minNights: 0 })).toMatch(/1 to 60/);
    expect(flexRangeProblem({ ...range, minNights: 50, maxNights: 61 })).toMatch(/1 to 60/);
    expect(flexRangeProblem({ ...range, minNights: 5, maxNights: 4 })).toMatch(/less than/);
  });
});
