// Converting money between currencies (issue 27, docs/adr/0035-money-in-any-currency.md).
// A rate is trip-currency units per one item-currency unit, a JavaScript number as the
// rates service publishes it. Conversion is exact: the rate's decimal form is read as a
// fraction of BigInts, the amount is in whole minor units, and the result is rounded once,
// half away from zero, to the target currency's minor unit. Browser-safe.
import { daysBetween } from './calendar-date';

/** The frozen rate of an item in another currency than its trip's. */
export interface FxRate {
  /** Trip-currency units per one item-currency unit. */
  rate: number;
  /** 'YYYY-MM-DD': the day the rate was published (or entered, for a manual rate). */
  date: string;
  /** Who published it: 'ECB', 'bundled', …, or 'manual' for a rate the traveller gave. */
  source: string;
  /** The rate when the item's price was last set; fx_effect measures against it. */
  first_rate: number;
}

/** The largest rate accepted (no real currency pair comes near it). */
export const MAX_FX_RATE = 1_000_000_000;

/** Whether a value is a usable rate: a finite number above 0, at most MAX_FX_RATE. */
export const isFxRate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_FX_RATE;

/** A positive finite number as an exact fraction [numerator, denominator] of its shortest decimal form. */
export function rateFraction(rate: number): [bigint, bigint] {
  const [mantissa, exponentText] = String(rate).toLowerCase().split('e');
  const exponent = exponentText ? Number(exponentText) : 0;
  const [whole, fraction = ''] = mantissa.split('.');
  const scale = fraction.length - exponent;
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? [digits, 10n ** BigInt(scale)] : [digits * 10n ** BigInt(-scale), 1n];
}

/** numerator / denominator rounded to the nearest whole number, halves away from zero (denominator > 0). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return quotient + (numerator < 0n ? -1n : 1n);
}

/**
 * Minor units of one currency (`fromDigits`) converted at `rate` to minor units of
 * another (`toDigits`), exact and rounded once, half away from zero.
 */
export function convertMinorUnits(units: bigint, rate: number, fromDigits: number, toDigits: number): bigint {
  const [numerator, denominator] = rateFraction(rate);
  return divideRounded(units * numerator * 10n ** BigInt(toDigits), denominator * 10n ** BigInt(fromDigits));
}

/** A published rate table: `rates[code]` units of each currency per one `base` unit. */
export interface RateTable {
  base: string;
  date: string;
  source: string;
  rates: Record<string, number>;
}

/**
 * How many `to` units one `from` unit is worth by a table (a cross rate through its base),
 * or null when the table does not rate one of the two.
 */
export function crossRate(table: RateTable, from: string, to: string): number | null {
  if (from === to) return 1;
  const per = (code: string): number | null =>
    code === table.base ? 1 : isFxRate(table.rates[code]) ? table.rates[code] : null;
  const [fromPer, toPer] = [per(from), per(to)];
  if (fromPer === null || toPer === null) return null;
  const rate = toPer / fromPer;
  return isFxRate(rate) ? rate : null;
}

/** A rate published (or entered) more than this many days before today is old: shown as such wherever it is shown. */
export const RATE_OLD_AFTER_DAYS = 7;

/**
 * Whether a rate of `date` ('YYYY-MM-DD') is old on `today` ('YYYY-MM-DD'): more than
 * RATE_OLD_AFTER_DAYS days before it (docs/adr/0064). A rate without a date is not said old.
 */
export function isOldRate(date: string | null | undefined, today: string): boolean {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return false;
  return daysBetween(date.slice(0, 10), today) > RATE_OLD_AFTER_DAYS;
}
