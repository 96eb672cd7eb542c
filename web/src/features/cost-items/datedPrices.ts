// The cost-item editor's prices that vary by date, as form state: a weekend rate and
// seasons for the per-night and per-day bases, prices seen for exact dates (quotes) for
// the total and per-person ones. The rules (which basis takes what, overlaps, limits,
// which date a price in use was seen on) are the shared core's dated-rates.ts, the same
// the trips service refuses with; this only turns rows of text into the item's fields.
import {
  DATED_RATE_BASES,
  MAX_MONEY,
  QUOTE_BASES,
  plainDecimal,
  capturedOnInUse,
  datedPricesProblem,
  dayNumber,
  isStale,
  quoteFor,
  utcDay,
  type Quote,
  type Season,
} from '@tripcost/shared/domain';
import { formatMoney } from '../../lib/format';
import type { CostBasis, CostItem } from '../../lib/types';

export interface SeasonRow {
  /** Keeps a row's inputs in place when another row is removed. */
  key: number;
  from: string;
  to: string;
  amount: string;
}

export interface QuoteRow {
  key: number;
  start: string;
  end: string;
  amount: string;
  captured_on: string;
}

export interface DatedState {
  weekend: string;
  seasons: SeasonRow[];
  quotes: QuoteRow[];
}

export type DatedFields = Pick<CostItem, 'weekend_amount' | 'seasons' | 'quotes'>;

export const EMPTY_DATED: DatedState = { weekend: '', seasons: [], quotes: [] };

export const ratesApply = (basis: CostBasis): boolean => DATED_RATE_BASES.includes(basis);
export const quotesApply = (basis: CostBasis): boolean => QUOTE_BASES.includes(basis);

let nextKey = 0;
export const rowKey = (): number => (nextKey += 1);

/** The editor's rows for an item's stored dated prices (older items have none). */
export function datedStateOf(item: Partial<DatedFields>): DatedState {
  const money = (amount: number) => String(amount);
  return {
    weekend: item.weekend_amount === null || item.weekend_amount === undefined ? '' : money(item.weekend_amount),
    seasons: (item.seasons ?? []).map((season) => ({ key: rowKey(), ...season, amount: money(season.amount) })),
    quotes: (item.quotes ?? []).map((quote) => ({
      key: rowKey(),
      ...quote,
      amount: money(quote.amount),
      captured_on: quote.captured_on ?? '',
    })),
  };
}

// The rows' amounts are plain decimals: what the money fields read (MoneyInput), or a
// stored amount as text. Anything else (a text kept from before) is not an amount.
const moneyOf = (text: string): number => plainDecimal(text);
const validMoney = (text: string) => text.trim() !== '' && moneyOf(text) >= 0;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dated fields as the item's route takes them for this basis: what does not apply to
 * the basis is empty (the server refuses a weekend rate on a total, a quote per night).
 * A quote whose "seen on" is left empty has no known day (never stale); new rows start at today.
 */
export function datedFields(state: DatedState, basis: CostBasis): DatedFields {
  const rates = ratesApply(basis);
  const seasons: Season[] = rates
    ? state.seasons.map(({ from, to, amount }) => ({ from, to, amount: moneyOf(amount) }))
    : [];
  const quotes: Quote[] = quotesApply(basis)
    ? state.quotes.map(({ start, end, amount, captured_on }) => ({
        start,
        end,
        amount: moneyOf(amount),
        captured_on: captured_on || null,
      }))
    : [];
  return { weekend_amount: rates && state.weekend.trim() !== '' ? moneyOf(state.weekend) : null, seasons, quotes };
}

/** Only the dated fields that say something: a new item without them sends none. */
export function datedInput(state: DatedState, basis: CostBasis): Partial<DatedFields> {
  const fields = datedFields(state, basis);
  return {
    ...(fields.weekend_amount !== null ? { weekend_amount: fields.weekend_amount } : {}),
    ...(fields.seasons.length > 0 ? { seasons: fields.seasons } : {}),
    ...(fields.quotes.length > 0 ? { quotes: fields.quotes } : {}),
  };
}

/** The dated fields of an edit that differ from the item as stored: nothing else is sent. */
export function datedChanges(item: Partial<DatedFields>, state: DatedState, basis: CostBasis): Partial<DatedFields> {
  const fields = datedFields(state, basis);
  // The stored rows in the same shape and key order as the form's, so equal means unchanged.
  const stored: DatedFields = {
    weekend_amount: item.weekend_amount ?? null,
    seasons: (item.seasons ?? []).map(({ from, to, amount }) => ({ from, to, amount })),
    quotes: (item.quotes ?? []).map(({ start, end, amount, captured_on }) => ({ start, end, amount, captured_on })),
  };
  const changes: Partial<DatedFields> = {};
  if (fields.weekend_amount !== stored.weekend_amount) changes.weekend_amount = fields.weekend_amount;
  if (JSON.stringify(fields.seasons) !== JSON.stringify(stored.seasons)) changes.seasons = fields.seasons;
  if (JSON.stringify(fields.quotes) !== JSON.stringify(stored.quotes)) changes.quotes = fields.quotes;
  return changes;
}

/** A season row whose end is before its start (said beside its "to" field). */
export const reversed = (from: string, to: string): boolean =>
  DAY.test(from) && DAY.test(to) && dayNumber(to) < dayNumber(from);

/**
 * Why the dated prices cannot be saved yet, in words, or null: a row not filled in, an
 * amount out of range, or what the server would refuse (overlapping seasons, a season or
 * quote ending before it starts, two quotes for the same dates).
 */
export function datedProblem(state: DatedState, basis: CostBasis): string | null {
  const amountOk = (text: string) => validMoney(text) && moneyOf(text) <= MAX_MONEY;
  if (ratesApply(basis)) {
    if (state.weekend.trim() !== '' && !amountOk(state.weekend)) return 'The weekend rate must be an amount.';
    if (state.seasons.some((row) => !DAY.test(row.from) || !DAY.test(row.to) || !amountOk(row.amount)))
      return 'Give each season its dates and rate, or remove it.';
  }
  if (
    quotesApply(basis) &&
    state.quotes.some((row) => !DAY.test(row.start) || !DAY.test(row.end) || !amountOk(row.amount))
  )
    return 'Give each price its dates and amount, or remove it.';
  return datedPricesProblem({ amount: 0, basis, ...datedFields(state, basis) });
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What saving with this basis removes, said before it happens (never silently): a
 * weekend rate and seasons on a basis without nights, quotes on a basis per night.
 */
export function droppedByBasis(state: DatedState, basis: CostBasis): string | null {
  const lost: string[] = [];
  if (!ratesApply(basis)) {
    if (state.weekend.trim() !== '') lost.push('the weekend rate');
    if (state.seasons.length > 0) lost.push(count(state.seasons.length, 'season', 'seasons'));
  }
  if (!quotesApply(basis) && state.quotes.length > 0)
    lost.push(count(state.quotes.length, 'price for exact dates', 'prices for exact dates'));
  if (lost.length === 0) return null;
  return `This basis has no ${ratesApply(basis) ? 'exact-date prices' : 'nightly rates'}: saving removes ${lost.join(' and ')}.`;
}

/** "weekend $150.00 · 2 seasons" or "3 prices for exact dates": what the row's price also depends on. */
export function datedSummary(item: Partial<DatedFields>, currency: string): string {
  const parts: string[] = [];
  if (item.weekend_amount !== null && item.weekend_amount !== undefined)
    parts.push(`weekend ${formatMoney(item.weekend_amount, currency)}`);
  if (item.seasons?.length) parts.push(count(item.seasons.length, 'season', 'seasons'));
  if (item.quotes?.length) parts.push(count(item.quotes.length, 'price for exact dates', 'prices for exact dates'));
  return parts.join(' · ');
}

/** The item's price seen for exactly this window's dates, when it has one (it replaces the amount). */
export function quoteInUse(
  item: CostItem,
  window: { trip_start?: string | null; trip_end?: string | null },
): Quote | undefined {
  if (!quotesApply(item.basis) || !window.trip_start || !window.trip_end) return undefined;
  return quoteFor(item, dayNumber(window.trip_start), dayNumber(window.trip_end));
}

/** When the price this window uses was seen, and whether it is worth checking again. */
export function seenOn(
  item: CostItem,
  window: { trip_start?: string | null; trip_end?: string | null },
  today = utcDay(new Date()),
): { day: string | null; stale: boolean } {
  const day = capturedOnInUse(item, window);
  return { day: day ? day.slice(0, 10) : null, stale: isStale(day, dayNumber(today)) };
}
