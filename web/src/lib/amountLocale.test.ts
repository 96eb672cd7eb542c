// The locale money fields read amounts in, from the traveller's profile country.
import { localeOfCountry } from './amountLocale';

describe('the locale of a country', () => {
  it.each([
    ['FR', [], 'fr-FR'],
    ['CH', [], 'de-CH'],
    ['US', [], 'en-US'],
    ['DE', ['en-US'], 'de-DE'],
    // A language the browser lists for that region wins: a Swiss traveller reading French.
    ['CH', ['en-US', 'fr-CH', 'de'], 'fr-CH'],
    ['fr', [], 'fr-FR'],
  ])('%s with the browser listing %j is %s', (country, languages, locale) => {
    expect(localeOfCountry(country, languages)).toBe(locale);
  });

  it('is the browser’s language for what is not a country', () => {
    expect(localeOfCountry('France', [])).toBe(navigator.language);
  });
});
