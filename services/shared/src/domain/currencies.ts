// Currencies: which ISO 4217 codes exist and how many minor-unit digits each has (0 for
// JPY, 2 for USD, 3 for KWD, 4 for CLF). The codes and digits come from ISO's own list
// (currency-codes.ts, generated from a maintained package); names and symbols come from
// the runtime's Intl, so none are kept here. Intl's own digits are not used: they follow
// CLDR's cash rounding (0 for HUF, IDR and IQD, where ISO says 2, 2 and 3) and miss
// funds codes such as CLF (docs/adr/0034-exchange-rates.md).
import { CURRENCY_MINOR_DIGITS } from './currency-codes';

export type CurrencyCode = keyof typeof CURRENCY_MINOR_DIGITS;

/** Every active ISO 4217 currency code, sorted. */
export const CURRENCY_CODES = Object.keys(CURRENCY_MINOR_DIGITS) as CurrencyCode[];

/** What an amount without a currency (every amount before currencies existed) is in. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** An active ISO 4217 code, upper case ("EUR"; not "eur", "XXX" or "EURO"). */
export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(CURRENCY_MINOR_DIGITS, code);
}

/**
 * The minor-unit digits of a currency (the `digits` money.ts takes): 0 JPY, 2 USD, 3 KWD.
 * Throws on a code that is not an active ISO 4217 currency, so a typo never silently
 * becomes two digits; check input with isCurrencyCode first.
 */
export function currencyDigits(code: string): number {
  if (!isCurrencyCode(code)) throw new RangeError(`Not an ISO 4217 currency code: '${code}'`);
  return CURRENCY_MINOR_DIGITS[code];
}

/** The currency's English name from Intl ("Japanese Yen"), or the code when Intl has none. */
export function currencyName(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The currency's en-US symbol from Intl ("€", "¥", "$", "CA$"; unambiguous), or the code when it has none. */
export function currencySymbol(code: string, locale = 'en-US'): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}
