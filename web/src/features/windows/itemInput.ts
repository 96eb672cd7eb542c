// An item as a window's item routes take it.
import type { CostItem } from '../../lib/types';

/**
 * An item as sent: the dated-price fields may be left out (the service defaults them;
 * captured_on is today), the currency too (the trip's); fx is only ever a manual { rate }.
 */
export type ItemInput = Omit<
  CostItem,
  '_id' | 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on' | 'currency' | 'fx'
> &
  Partial<Pick<CostItem, 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on' | 'currency'>> & {
    fx?: { rate: number } | null;
  };

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
    // Lists are sent as they are: the server checks every row (400 with why).
    else if (field === 'seasons' && Array.isArray(value)) input.seasons = value as CostItem['seasons'];
    else if (field === 'quotes' && Array.isArray(value)) input.quotes = value as CostItem['quotes'];
    else if (field === 'currency' && typeof value === 'string') input.currency = value;
    // A rate of the traveller's own is sent as { rate }; null asks the published rate again.
    else if (field === 'fx' && value === null) input.fx = null;
    else if (field === 'fx' && typeof value === 'object' && typeof (value as { rate?: unknown }).rate === 'number')
      input.fx = { rate: (value as { rate: number }).rate };
  }
  return input;
}
