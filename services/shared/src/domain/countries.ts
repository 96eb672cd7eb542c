// Countries and the places a profile keeps outside the US. Which codes exist comes
// from ISO 3166-1 (country-codes.ts, generated from a maintained list); what they are
// called comes from the runtime's Intl.DisplayNames, so no names are kept here.
import { POSTAL_CODE_MAX, REGION_MAX } from './profile-limits';
import { COUNTRY_CODES } from './country-codes';
import { COUNTRY_CURRENCIES } from './country-currencies';
import { isCurrencyCode, type CurrencyCode } from './currencies';

export { COUNTRY_CODES, COUNTRY_CURRENCIES };
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** What an account without a country (made before countries existed, or a client that sends none) means. */
export const DEFAULT_COUNTRY = 'US';

const countryCodes: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** An assigned ISO 3166-1 alpha-2 code, upper case ("FR"; not "fr", "UK" or "EU"). */
export function isCountryCode(value: string): value is CountryCode {
  return countryCodes.has(value);
}

/**
 * The currency a country pays in today ("FR" → EUR, "CH" → CHF), from Unicode CLDR
 * (country-currencies.ts); undefined where the core knows none (Antarctica).
 */
export function countryCurrency(country: string): CurrencyCode | undefined {
  const code = Object.prototype.hasOwnProperty.call(COUNTRY_CURRENCIES, country) ? COUNTRY_CURRENCIES[country] : '';
  return isCurrencyCode(code) ? code : undefined;
}

export { POSTAL_CODE_MAX, REGION_MAX };

// A region outside the US ("Île-de-France", "Hawke's Bay", "St. Gallen"): letters of
// any script with their combining marks, spaces, hyphens, apostrophes and periods,
// starting with a letter and ending with a letter or period. Digits and symbols are
// not part of a region's name.
const REGION_SHAPE = /^\p{L}(?:[\p{L}\p{M} '’.-]*[\p{L}\p{M}.])?$/u;
// A postal code outside the US ("75001", "SW1A 1AA", "K1A 0B6", "1010-123"): letters,
// digits, spaces and hyphens, starting and ending with a letter or digit.
const POSTAL_CODE_SHAPE = /^[\p{L}\d](?:[\p{L}\d -]*[\p{L}\d])?$/u;

export const isRegionShape = (value: string): boolean => REGION_SHAPE.test(value);

export function isValidPostalCode(value: string): boolean {
  return value.length <= POSTAL_CODE_MAX && POSTAL_CODE_SHAPE.test(value);
}

/**
 * What a postal code input keeps as the user types: allowed characters only. Never cut to
 * a length: one too long is shown whole and refused with its limit (docs/adr/0064).
 */
export function sanitizePostalCode(value: string): string {
  return value.replace(/[^\p{L}\d -]/gu, '');
}

/** A country's name in `locale` ("France"); the code itself if the runtime does not know it. */
export function countryName(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country as {code, name}, sorted by name in `locale`: what a country picker offers. */
export function countryOptions(locale = 'en'): Array<{ code: CountryCode; name: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
