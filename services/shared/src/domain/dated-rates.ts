// Prices that vary by date (issue 26). Dates are UTC calendar days. A cost item may say
// what a night (or a day, for per_day) costs on some dates: a weekend rate for Friday and
// Saturday nights, and seasons (inclusive date ranges) whose rate beats the weekend rate,
// which beats the item's amount. A total or per_person item may instead carry quotes:
// prices seen for exact dates (a return fare), used only by a window with those dates.
// Here are the day arithmetic and the rate of one night; windows.ts sums them into an
// item's cost (the one plain form), the trips service's flex grid batches the same rates
// with prefix sums. Pure and browser-safe like the rest of the core.
import { dayNumber } from './calendar-date';
import { DEFAULT_CURRENCY_DIGITS, toMinorUnits } from './money';
import type { CostBasis } from './cost-basis';

/** A rate for the nights (or days) from `from` to `to`, both included, 'YYYY-MM-DD'. */
export interface Season {
  from: string;
  to: string;
  amount: number;
}

/** A price seen for exact dates ('YYYY-MM-DD'): a window starting and ending on them uses it. */
export interface Quote {
  start: string;
  end: string;
  amount: number;
  /** 'YYYY-MM-DD', the day the price was seen; null when not known. */
  captured_on: string | null;
}

/** What an item's cost for a window depends on; the rate fields are optional (older items). */
export interface PricedItem {
  amount: number;
  basis: CostBasis;
  weekend_amount?: number | null;
  seasons?: readonly Season[];
  quotes?: readonly Quote[];
  /** ISO 4217; absent: the trip's currency (items stored before currencies). */
  currency?: string;
  /** Present exactly when the item's currency is not its trip's: trip-currency units per item-currency unit. */
  fx?: { rate: number; first_rate?: number } | null;
}

export const MAX_SEASONS = 20;
export const MAX_QUOTES = 30;
/** The bases whose nights (or days) each have a rate: weekend rates and seasons apply to them. */
export const DATED_RATE_BASES: readonly CostBasis[] = ['per_night', 'per_person_per_night', 'per_day'];
/** The bases a quote for exact dates can replace the amount of. */
export const QUOTE_BASES: readonly CostBasis[] = ['total', 'per_person'];

/** Whether a day is a Friday or a Saturday (1970-01-01 was a Thursday). */
export function isWeekendDay(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  return weekday === 5 || weekday === 6;
}

/** Whether any night of the item can cost something else than its amount. */
export const variesByDate = (item: PricedItem): boolean =>
  (item.weekend_amount !== null && item.weekend_amount !== undefined) || (item.seasons?.length ?? 0) > 0;

/** The item's quote for exactly these dates (day numbers), if it has one. */
export function quoteFor(item: PricedItem, start: number, end: number): Quote | undefined {
  return item.quotes?.find((quote) => dayNumber(quote.start) === start && dayNumber(quote.end) === end);
}

/** A price seen more than this many days ago is stale: worth checking again before relying on it. */
export const STALE_AFTER_DAYS = 14;

/** Whether a price seen on `capturedOn` is stale on `today` (day number); unknown dates never are. */
export function isStale(capturedOn: string | null | undefined, today: number): boolean {
  return !!capturedOn && today - dayNumber(capturedOn) > STALE_AFTER_DAYS;
}

/** The day an item's price in use for the window was seen: its quote's for those dates, else its own. */
export function capturedOnInUse(
  item: PricedItem & { captured_on?: string | null },
  window: { trip_start?: string | null; trip_end?: string | null },
): string | null {
  if (QUOTE_BASES.includes(item.basis) && window.trip_start && window.trip_end) {
    const quote = quoteFor(item, dayNumber(window.trip_start), dayNumber(window.trip_end));
    if (quote) return quote.captured_on;
  }
  return item.captured_on ?? null;
}

/** An item's rates in minor units, read once: `rateOf(day)` is the rate of one night (or day). */
export interface CompiledRates {
  amount: number;
  weekend: number | null;
  /** [first day, last day, rate], in the item's order (seasons never overlap). */
  seasons: Array<[number, number, number]>;
  rateOf(day: number): number;
}

export function compiledRates(item: PricedItem, digits = DEFAULT_CURRENCY_DIGITS): CompiledRates {
  const amount = toMinorUnits(item.amount, digits);
  const weekend =
    item.weekend_amount === null || item.weekend_amount === undefined
      ? null
      : toMinorUnits(item.weekend_amount, digits);
  const seasons = (item.seasons ?? []).map((season): [number, number, number] => [
    dayNumber(season.from),
    dayNumber(season.to),
    toMinorUnits(season.amount, digits),
  ]);
  return {
    amount,
    weekend,
    seasons,
    rateOf(day) {
      for (const [from, to, rate] of seasons) if (from <= day && day <= to) return rate;
      if (weekend !== null && isWeekendDay(day)) return weekend;
      return amount;
    },
  };
}

/**
 * What is wrong with an item's dated prices for its basis, or null: weekend rates and
 * seasons only on per-night and per-day bases, quotes only on total and per_person;
 * at most MAX_SEASONS seasons, none reversed or overlapping; at most MAX_QUOTES quotes,
 * none ending before it starts, no two for the same dates.
 */
export function datedPricesProblem(item: PricedItem): string | null {
  const seasons = item.seasons ?? [];
  const quotes = item.quotes ?? [];
  const hasWeekend = item.weekend_amount !== null && item.weekend_amount !== undefined;
  if ((hasWeekend || seasons.length > 0) && !DATED_RATE_BASES.includes(item.basis)) {
    return 'A weekend rate or seasons apply only to the per_night, per_person_per_night and per_day bases.';
  }
  if (quotes.length > 0 && !QUOTE_BASES.includes(item.basis)) {
    return 'Prices for exact dates (quotes) apply only to the total and per_person bases.';
  }
  if (seasons.length > MAX_SEASONS) return `An item can have at most ${MAX_SEASONS} seasons.`;
  if (quotes.length > MAX_QUOTES) return `An item can have at most ${MAX_QUOTES} quotes.`;
  const ranges = seasons.map((season) => [dayNumber(season.from), dayNumber(season.to)] as const);
  if (ranges.some(([from, to]) => to < from)) return 'A season cannot end before it starts.';
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i][0] <= sorted[i - 1][1]) return 'Two seasons of an item cannot overlap.';
  }
  const seen = new Set<string>();
  for (const quote of quotes) {
    if (dayNumber(quote.end) < dayNumber(quote.start)) return 'A quote cannot end before it starts.';
    const key = `${dayNumber(quote.start)}:${dayNumber(quote.end)}`;
    if (seen.has(key)) return 'An item can have one quote per pair of dates.';
    seen.add(key);
  }
  return null;
}
