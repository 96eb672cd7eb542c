// Money: amounts are dollars with at most two decimals, from 0 to one billion. Totals
// are summed in whole cents so that 0.1 + 0.2 shows as 0.30 everywhere.

export const MAX_MONEY = 1_000_000_000;

export const EXPENSE_FIELDS = ['stay_expense', 'travel_expense', 'car_expense', 'other_expense'] as const;
export type ExpenseField = (typeof EXPENSE_FIELDS)[number];

export function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * A money input as typed or sent: missing, null or blank mean 0; otherwise a finite
 * number (or numeric text) from 0 to MAX_MONEY, rounded to cents. Anything else is
 * `null` ("not an amount"), for the caller to report.
 */
export function parseMoney(value: unknown): number | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 0;
  const amount = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_MONEY) return null;
  return roundToCents(amount);
}

/** A stored or received amount for display and sums: anything that is not an amount counts as 0. */
export function amountOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** Sum of the four expenses, each 0 when absent or not numeric, exact to the cent. */
export function totalCost(expenses: Partial<Record<ExpenseField, unknown>> | null | undefined): number {
  if (!expenses) return 0;
  let cents = 0;
  for (const field of EXPENSE_FIELDS) cents += Math.round(amountOf(expenses[field]) * 100);
  return cents / 100;
}
