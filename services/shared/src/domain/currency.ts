// Currencies (issue 27): ISO 4217 codes and their minor-unit digits, from the platform's
// own Intl tables (no hand-typed list): 2 for USD, 0 for JPY, 3 for KWD. Browser-safe.

/** The trip currency when a request gives none, and the one of every trip stored before currencies. */
export const DEFAULT_CURRENCY = 'USD';

let known: Set<string> | null = null;

/** Whether `code` is an active ISO 4217 currency code (upper case, as the platform lists them). */
export function isCurrencyCode(code: string): boolean {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

/** The currency's minor-unit digits (2 for USD, 0 for JPY, 3 for KWD); 2 for a code the platform does not know. */
export function currencyDigits(code: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
}
