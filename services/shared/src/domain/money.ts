// Money: amounts are decimal numbers of a currency's major unit (dollars) with at most
// its number of digits (2 for dollars), from 0 to one billion. Every sum, difference
// and share is computed in whole minor units (cents), so 0.1 + 0.2 shows as 0.30
// everywhere, and each division is rounded to a minor unit once. This file is the one
// home of those rules: the services and the web app import it (docs/adr/0029-money-and-date-core.md).

export const MAX_MONEY = 1_000_000_000;

/** Minor-unit digits of the default currency (USD cents); currencies.ts gives any currency's. */
export const DEFAULT_CURRENCY_DIGITS = 2;
/** The most minor-unit digits any currency has (CLF, UYW): what an input is kept to before its currency is known. */
export const MAX_CURRENCY_DIGITS = 4;

export const EXPENSE_FIELDS = ['stay_expense', 'travel_expense', 'car_expense', 'other_expense'] as const;
export type ExpenseField = (typeof EXPENSE_FIELDS)[number];

const unitsPerMajor = (digits: number): number => 10 ** digits;

/** An amount in whole minor units (cents): the nearest one, halves rounded up. */
export function toMinorUnits(amount: number, digits = DEFAULT_CURRENCY_DIGITS): number {
  return Math.round(amount * unitsPerMajor(digits));
}

/** Minor units (cents, a number or an exact BigInt sum) back to an amount. */
export function fromMinorUnits(units: number | bigint, digits = DEFAULT_CURRENCY_DIGITS): number {
  return Number(units) / unitsPerMajor(digits);
}

/** An amount rounded to the currency's minor unit. */
export function roundMoney(amount: number, digits = DEFAULT_CURRENCY_DIGITS): number {
  return fromMinorUnits(toMinorUnits(amount, digits), digits);
}

/** An amount rounded to cents (dollars). */
export const roundToCents = (amount: number): number => roundMoney(amount);

/** An equal share (per traveller, per night) of minor units, rounded to a minor unit. */
export function shareMinorUnits(units: number, parts: number): number {
  return Math.round(units / parts);
}

/** An equal share of a total in minor units, as an amount rounded to the minor unit. */
export function shareOf(units: number, parts: number, digits = DEFAULT_CURRENCY_DIGITS): number {
  return fromMinorUnits(shareMinorUnits(units, parts), digits);
}

/** Whether a value is a stored amount: a finite number from 0 to MAX_MONEY. */
export function isMoney(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_MONEY;
}

// Text amounts are plain decimals: digits with at most one decimal point ("12.50",
// "12", ".5"), optionally signed with "-" so that a negative is refused as a negative.
// Number() alone reads "12.5e5" as 1,250,000, "0x10" as 16 and "+7" as 7:
// a client's typo must not become a different amount.
const PLAIN_DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The number a plain decimal text writes, or NaN for anything else (exponents, hex, signs, separators). */
export function plainDecimal(text: string): number {
  const trimmed = text.trim();
  return PLAIN_DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
}

/**
 * A money input as typed or sent: missing, null or blank mean 0; otherwise a finite
 * number (or numeric text) from 0 to MAX_MONEY, rounded to `digits` (cents by default).
 * Anything else is `null` ("not an amount"), for the caller to report.
 */
export function parseMoney(value: unknown, digits = DEFAULT_CURRENCY_DIGITS): number | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 0;
  const amount = typeof value === 'number' ? value : typeof value === 'string' ? plainDecimal(value) : NaN;
  if (!isMoney(amount)) return null;
  return roundMoney(amount, digits);
}

/** A stored or received amount for display and sums: anything that is not an amount counts as 0. */
export function amountOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** One stored or received expense in minor units (0 when absent or not numeric). */
export const expenseMinorUnits = (value: unknown, digits = DEFAULT_CURRENCY_DIGITS): number =>
  toMinorUnits(amountOf(value), digits);

/** Sum of the four expenses in minor units, each 0 when absent or not numeric. */
export function totalMinorUnits(
  expenses: Partial<Record<ExpenseField, unknown>> | null | undefined,
  digits = DEFAULT_CURRENCY_DIGITS,
): number {
  if (!expenses) return 0;
  let units = 0;
  for (const field of EXPENSE_FIELDS) units += expenseMinorUnits(expenses[field], digits);
  return units;
}

/** Sum of the four expenses, each 0 when absent or not numeric, exact to the minor unit (`digits`, cents by default). */
export function totalCost(
  expenses: Partial<Record<ExpenseField, unknown>> | null | undefined,
  digits = DEFAULT_CURRENCY_DIGITS,
): number {
  return fromMinorUnits(totalMinorUnits(expenses, digits), digits);
}
