// Which locale the money fields read typed amounts in (ADR 0061): the traveller's
// profile country's when it is known, else the browser's language. The app provides the
// profile's country (app/layout/AmountLocale.tsx); fields read it with useAmountLocale().
import { createContext, useContext } from 'react';

/** The browser's language, or en-US where there is no browser (tests without jsdom). */
const browserLanguage = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/**
 * A locale for a country: a language the browser lists for that region ("fr-CH" for a
 * Swiss traveller who reads French), else the region's likely language as CLDR has it
 * (`Intl.Locale#maximize`: FR → fr, CH → de, BE → nl), which Node's and Chromium's ICU
 * both carry. Only its marks matter here (which is decimal, which groups), and those
 * follow the region far more than the language; a country Intl does not know gives the
 * browser's language.
 */
export function localeOfCountry(country: string, languages: readonly string[] = []): string {
  try {
    const region = country.toUpperCase();
    const listed = languages.find((language) => new Intl.Locale(language).region === region);
    if (listed) return listed;
    const likely = new Intl.Locale('und', { region }).maximize();
    return `${likely.language}-${region}`;
  } catch {
    return browserLanguage();
  }
}

/** The profile country's locale, once the app knows it (null: the browser's language). */
export const AmountLocaleContext = createContext<string | null>(null);

/** The locale the money fields read amounts in. */
export function useAmountLocale(): string {
  return useContext(AmountLocaleContext) ?? browserLanguage();
}
