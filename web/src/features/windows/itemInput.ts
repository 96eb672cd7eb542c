// An item as a window's item routes take it.
import type { CostItem } from '../../lib/types';

/**
 * An item as sent: the dated-price fields may be left out (the service defaults them;
 * captured_on is today), the currency too (the trip's), the payer and split too (none
 * named, equally among everyone); fx is only ever a manual { rate }.
 */
export type ItemInput = Omit<
  CostItem,
  '_id' | 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on' | 'currency' | 'fx' | 'paid_by' | 'split'
> &
  Partial<
    Pick<CostItem, 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on' | 'currency' | 'paid_by' | 'split'>
  > & {
    fx?: { rate: number } | null;
  };

/** A window's first item and the amount typed for its category before itemising: replace it, or keep both (ADR 0062). */
export type EstimateChoice = 'replace' | 'keep';

// Every category and basis the route takes; a new one in the API fails to compile here.
const CATEGORY: Record<CostItem['category'], true> = { stay: true, travel: true, car: true, other: true };
const BASIS: Record<CostItem['basis'], true> = {
  total: true,
  per_night: true,
  per_person: true,
  per_person_per_night: true,
  per_day: true,
};
const isKey = <K extends string>(set: Record<K, true>, value: unknown): value is K =>
  typeof value === 'string' && Object.hasOwn(set, value);

type Season = CostItem['seasons'][number];
type Quote = CostItem['quotes'][number];
type Kind = 'string' | 'number' | 'string or null';
/** Each field of a row and the kind of value it holds; a field the API adds fails to compile here. */
const SEASON_FIELDS: Record<keyof Season, Kind> = { from: 'string', to: 'string', amount: 'number' };
const QUOTE_FIELDS: Record<keyof Quote, Kind> = {
  start: 'string',
  end: 'string',
  amount: 'number',
  captured_on: 'string or null',
};
const ofKind = (value: unknown, kind: Kind) =>
  kind === 'string or null' ? value === null || typeof value === 'string' : typeof value === kind;
/** Whether `value` is a list of rows, each with every field of `fields` of its kind. */
const rowsOf = <Row>(value: unknown, fields: Record<keyof Row, Kind>): value is Row[] =>
  Array.isArray(value) &&
  value.every(
    (row: unknown) =>
      typeof row === 'object' &&
      row !== null &&
      Object.entries<Kind>(fields).every(([name, kind]) => ofKind((row as Record<string, unknown>)[name], kind)),
  );

/**
 * An item's fields as a merge resolved them (merge.ts keeps values untyped) → the fields
 * the item's PUT takes; a value of the wrong kind is left out rather than sent.
 */
export function itemInputOf(fields: Record<string, unknown>): Partial<ItemInput> {
  const input: Partial<ItemInput> = {};
  for (const [field, value] of Object.entries(fields)) {
    if ((field === 'name' || field === 'link' || field === 'confirmation') && typeof value === 'string') {
      input[field] = value;
    } else if (field === 'amount' && typeof value === 'number') input.amount = value;
    else if ((field === 'booked' || field === 'paid') && typeof value === 'boolean') input[field] = value;
    else if (field === 'basis' && isKey(BASIS, value)) input.basis = value;
    else if (field === 'category' && isKey(CATEGORY, value)) input.category = value;
    else if (field === 'weekend_amount' && (value === null || typeof value === 'number')) input.weekend_amount = value;
    // Lists of rows of the right shape are sent whole; the server checks their values (400 with why).
    else if (field === 'seasons' && rowsOf(value, SEASON_FIELDS)) input.seasons = value;
    else if (field === 'quotes' && rowsOf(value, QUOTE_FIELDS)) input.quotes = value;
    else if (field === 'currency' && typeof value === 'string') input.currency = value;
    else if (field === 'paid_by' && (value === null || typeof value === 'string')) input.paid_by = value;
    else if (field === 'split' && (value === null || typeof value === 'object'))
      input.split = value as ItemInput['split'];
    // A rate of the traveller's own is sent as { rate }; null asks the published rate again.
    else if (field === 'fx' && value === null) input.fx = null;
    else if (field === 'fx' && typeof value === 'object' && typeof (value as { rate?: unknown }).rate === 'number')
      input.fx = { rate: (value as { rate: number }).rate };
  }
  return input;
}
