// What a window's items cost on any dates, and how fresh those prices are (issue 26).
// The plain form — one item, one window — is the shared core's itemCostMinorUnits
// (windows.ts, dated-rates.ts): a window's stored totals, the comparison and the exports
// come from it through deriveWindowCosts. The flex grid below is its batched form: each
// item's nightly rates are read once into prefix sums over the grid's days, so a cell
// costs one subtraction per item. An item in another currency is summed in its own minor
// units and converted per cell, rounded once, exactly as the plain form. Property tests (test/domain/item-pricing.test.ts)
// prove the two forms equal to the cent and the window's own total equal to its cell.
import {
  compiledRates,
  convertMinorUnits,
  DATED_RATE_BASES,
  DEFAULT_CURRENCY_DIGITS,
  itemDigits,
  dayNumber,
  daysOf,
  dayString,
  fromMinorUnits,
  isStale,
  isTravelDay,
  LATEST_TRAVEL_DATE,
  capturedOnInUse,
  shareOf,
  totalMinorUnits,
} from '@tripcost/shared';
import { deriveWindowCosts, type CostItem, type ItemisedWindow } from './cost-items';

// The staleness rule is the shared core's (the web app's "Seen on" uses it too).
export { STALE_AFTER_DAYS, isStale, capturedOnInUse } from '@tripcost/shared';

export const MAX_FLEX_STARTS = 62;
export const MAX_FLEX_LENGTHS = 14;
export const MAX_FLEX_NIGHTS = 60;

export interface Freshness {
  /** The oldest day a price in use was seen ('YYYY-MM-DD'), null when no item says. */
  oldest_captured_on: string | null;
  /** How many items' price in use was seen more than STALE_AFTER_DAYS ago. */
  stale_items: number;
}

/** How fresh the prices a window's total rests on are, on `today` (YYYY-MM-DD). */
export function windowFreshness(
  window: { trip_start: string | null; trip_end: string | null; items?: CostItem[] },
  today: string,
): Freshness {
  const todayNumber = dayNumber(today);
  let oldest: string | null = null;
  let stale = 0;
  for (const item of window.items ?? []) {
    const captured = capturedOnInUse(item, window);
    if (!captured) continue;
    if (oldest === null || captured < oldest) oldest = captured;
    if (isStale(captured, todayNumber)) stale += 1;
  }
  return { oldest_captured_on: oldest, stale_items: stale };
}

export interface FlexRange {
  /** First and last start dates, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  minNights: number;
  maxNights: number;
}

export interface FlexCell {
  start: string;
  end: string;
  nights: number;
  total_cost: number;
  per_person: number;
  /** The cell's total − the window's own total. */
  delta_vs_window: number;
  /** Some item falls back to a price the traveller did not give for these dates. */
  estimated: boolean;
  /** Some item's price in use for these dates was seen more than STALE_AFTER_DAYS ago. */
  stale: boolean;
}

export interface FlexGrid {
  cells: FlexCell[];
  cheapest: { overall: FlexCell | null; per_length: FlexCell[] };
}

/** What is wrong with a grid's range, or null (the API answers 400 with it). */
export function flexRangeProblem(range: FlexRange): string | null {
  const [from, to] = [dayNumber(range.from), dayNumber(range.to)];
  if (to < from) return 'The last start date cannot be before the first.';
  if (to - from + 1 > MAX_FLEX_STARTS) return `The grid can try at most ${MAX_FLEX_STARTS} start dates.`;
  const { minNights, maxNights } = range;
  const whole = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_FLEX_NIGHTS;
  if (!whole(minNights) || !whole(maxNights)) {
    return `minNights and maxNights must be whole numbers from 1 to ${MAX_FLEX_NIGHTS}.`;
  }
  if (maxNights < minNights) return 'maxNights cannot be less than minNights.';
  if (maxNights - minNights + 1 > MAX_FLEX_LENGTHS) return `The grid can try at most ${MAX_FLEX_LENGTHS} lengths.`;
  // Every cell is a window the traveller can add: its end is a travel date too.
  if (!isTravelDay(dayString(to + maxNights))) return `The grid’s windows must end by ${LATEST_TRAVEL_DATE}.`;
  return null;
}

/**
 * The window's total at every start in from…to and every length minNights…maxNights
 * (cells in start, then nights order), with the cheapest cell overall and per length
 * (ties: earlier start, then fewer nights). A window without items keeps its plain
 * numbers at any dates, so every cell but its own dates is estimated. `today` is
 * 'YYYY-MM-DD'. The range must be valid (flexRangeProblem).
 */
export function flexGrid(
  window: ItemisedWindow,
  travellers: number,
  range: FlexRange,
  today: string,
  digits = DEFAULT_CURRENCY_DIGITS,
): FlexGrid {
  const from = dayNumber(range.from);
  const starts = dayNumber(range.to) - from + 1;
  const lengths = range.maxNights - range.minNights + 1;
  const cellCount = starts * lengths;
  const ownStart = window.trip_start ? dayNumber(window.trip_start) : null;
  const ownEnd = window.trip_end ? dayNumber(window.trip_end) : null;
  const ownTotal = totalMinorUnits(window, digits);
  const items = window.items ?? [];

  const totals = new Float64Array(cellCount);
  const quoted = new Uint16Array(cellCount);
  const staleCount = new Int16Array(cellCount);
  let quoteItems = 0;
  if (items.length === 0) {
    totals.fill(ownTotal);
  } else {
    const todayNumber = dayNumber(today);
    // Days the grid's nights (and per_day days) can fall on: from … last start + maxNights.
    const span = starts + range.maxNights + 1;
    const prefix = new Float64Array(span + 1);
    let baseStale = 0;
    for (const item of items) {
      const ownStale = isStale(item.captured_on, todayNumber);
      if (ownStale) baseStale += 1;
      const own = itemDigits(item, digits);
      // The item's own minor units in the trip's: unchanged without a rate, else converted and rounded once.
      const fx = item.fx;
      const inTrip = fx ? (units: number) => Number(convertMinorUnits(BigInt(units), fx.rate, own, digits)) : null;
      if (DATED_RATE_BASES.includes(item.basis)) {
        const rates = compiledRates(item, own);
        for (let i = 0; i < span; i += 1) prefix[i + 1] = prefix[i] + rates.rateOf(from + i);
        const times = item.basis === 'per_person_per_night' ? travellers : 1;
        const perDay = item.basis === 'per_day';
        for (let s = 0; s < starts; s += 1) {
          const row = s * lengths;
          for (let l = 0; l < lengths; l += 1) {
            const nights = range.minNights + l;
            // per_day counts the days a stay spans (the core's daysOf: nights + 1), the others its nights.
            const count = perDay ? daysOf(nights) : nights;
            const units = (prefix[s + count] - prefix[s]) * times;
            totals[row + l] += inTrip ? inTrip(units) : units;
          }
        }
        continue;
      }
      // total and per_person: the amount anywhere, a quote on its exact dates.
      quoteItems += 1;
      const times = item.basis === 'per_person' ? travellers : 1;
      const ownBase = compiledRates(item, own).amount * times;
      const base = inTrip ? inTrip(ownBase) : ownBase;
      for (let c = 0; c < cellCount; c += 1) totals[c] += base;
      for (const quote of item.quotes ?? []) {
        const s = dayNumber(quote.start) - from;
        const l = dayNumber(quote.end) - dayNumber(quote.start) - range.minNights;
        if (s < 0 || s >= starts || l < 0 || l >= lengths) continue;
        const c = s * lengths + l;
        const quoteUnits = compiledRates({ amount: quote.amount, basis: item.basis }, own).amount * times;
        totals[c] += (inTrip ? inTrip(quoteUnits) : quoteUnits) - base;
        quoted[c] += 1;
        staleCount[c] += (isStale(quote.captured_on, todayNumber) ? 1 : 0) - (ownStale ? 1 : 0);
      }
    }
    for (let c = 0; c < cellCount; c += 1) staleCount[c] += baseStale;
  }

  const cells: FlexCell[] = new Array(cellCount);
  let overall: FlexCell | null = null;
  let overallUnits = 0;
  const perLength: Array<FlexCell | null> = new Array(lengths).fill(null);
  const perLengthUnits = new Array<number>(lengths).fill(0);
  for (let s = 0; s < starts; s += 1) {
    for (let l = 0; l < lengths; l += 1) {
      const c = s * lengths + l;
      const nights = range.minNights + l;
      const startDay = from + s;
      const own = startDay === ownStart && startDay + nights === ownEnd;
      let units = totals[c];
      if (!Number.isSafeInteger(units)) {
        // Beyond 2^53 cents a double is no longer exact: this cell is summed in BigInt.
        units = Number(cellTotalMinorUnits(window, travellers, dayString(startDay), nights, digits));
      }
      const cell: FlexCell = {
        start: dayString(startDay),
        end: dayString(startDay + nights),
        nights,
        total_cost: fromMinorUnits(units, digits),
        per_person: shareOf(units, travellers, digits),
        delta_vs_window: fromMinorUnits(units - ownTotal, digits),
        estimated: items.length === 0 ? !own : !own && quoted[c] < quoteItems,
        stale: staleCount[c] > 0,
      };
      cells[c] = cell;
      // Strictly less: the earlier start (then fewer nights) keeps a tie.
      if (overall === null || units < overallUnits) [overall, overallUnits] = [cell, units];
      if (perLength[l] === null || units < perLengthUnits[l]) [perLength[l], perLengthUnits[l]] = [cell, units];
    }
  }
  return { cells, cheapest: { overall, per_length: perLength.filter((cell) => cell !== null) } };
}

/**
 * The plain form of one cell: the window moved to `start` for `nights` nights, its
 * totals derived as they would be stored. The grid equals this for every cell.
 */
export function cellTotalMinorUnits(
  window: ItemisedWindow,
  travellers: number,
  start: string,
  nights: number,
  digits = DEFAULT_CURRENCY_DIGITS,
): bigint {
  if (!window.items?.length) return BigInt(totalMinorUnits(window, digits));
  const startDay = dayNumber(start);
  const moved = deriveWindowCosts(
    {
      ...window,
      trip_start: new Date(Date.parse(dayString(startDay))).toISOString(),
      trip_end: new Date(Date.parse(dayString(startDay + nights))).toISOString(),
    },
    travellers,
    digits,
  );
  return BigInt(totalMinorUnits(moved, digits));
}
