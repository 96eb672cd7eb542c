// Amounts as people type and paste them (src/domain/amount-text.ts, docs/adr/0061).
import fc from 'fast-check';
import { CURRENCY_CODES, currencyDigits, fromMinorUnits, MAX_MONEY, readAmountText } from '../src/domain';

const read = (text: string, locale: string, currency: string, extra = {}) =>
  readAmountText(text, { locale, currency, ...extra });
const amountOf = (text: string, locale: string, currency: string) => {
  const reading = read(text, locale, currency);
  return reading.ok ? reading.amount : reading.problem;
};

describe('readAmountText: what travellers type and paste', () => {
  it.each([
    // en-US
    ['12.50', 'en-US', 'USD', 12.5],
    ['12,50', 'en-US', 'USD', 12.5], // a decimal comma typed anyway: never ×100
    ['1,234', 'en-US', 'USD', 1234], // the locale reads a lone mark before three digits
    ['1,234.50', 'en-US', 'USD', 1234.5],
    ['$1,234.50', 'en-US', 'USD', 1234.5],
    ['USD 1,234.50', 'en-US', 'USD', 1234.5],
    ['1234.5 usd', 'en-US', 'USD', 1234.5],
    ['  7  ', 'en-US', 'USD', 7],
    ['.5', 'en-US', 'USD', 0.5],
    ['1.234,50', 'en-US', 'USD', 1234.5], // only one reading exists
    // fr-FR: decimal comma, narrow no-break space (U+202F) between thousands
    ['12,50', 'fr-FR', 'EUR', 12.5],
    ['45,90', 'fr-FR', 'GBP', 45.9],
    ['1\u202f234,50', 'fr-FR', 'EUR', 1234.5],
    ['1\u00a0234,50 €', 'fr-FR', 'EUR', 1234.5],
    ['1 234,50 €', 'fr-FR', 'EUR', 1234.5],
    ['€ 1.234,50', 'fr-FR', 'EUR', 1234.5],
    ['12.50', 'fr-FR', 'EUR', 12.5],
    ['1,234', 'fr-FR', 'EUR', 'too_many_decimals'], // 1.234 in France: three decimals, shown, not guessed
    // de-DE and de-CH
    ['1.234,50', 'de-DE', 'EUR', 1234.5],
    ['1.234', 'de-DE', 'EUR', 1234],
    ['12.50', 'de-DE', 'EUR', 12.5],
    ["CHF 1'234.50", 'de-CH', 'CHF', 1234.5],
    ['1’234.50 CHF', 'de-CH', 'CHF', 1234.5],
    ["1'234,50", 'de-CH', 'CHF', 1234.5],
    // currencies with other digits
    ['1,500', 'ja-JP', 'JPY', 1500],
    ['¥1,500', 'ja-JP', 'JPY', 1500],
    ['12.5', 'ja-JP', 'JPY', 'too_many_decimals'],
    ['1.234', 'en-US', 'KWD', 1.234],
    ['-0', 'en-US', 'USD', 0],
  ])('%j in %s (%s) → %j', (text, locale, currency, expected) => {
    expect(amountOf(text, locale, currency)).toBe(expected);
  });

  it.each([
    ['12.5e5', 'not_amount'],
    ['1e5', 'not_amount'],
    ['0x10', 'not_amount'],
    ['Infinity', 'not_amount'],
    ['twelve', 'not_amount'],
    ['1.2.3', 'not_amount'],
    ['1,2,3', 'not_amount'],
    ['12,5,0', 'not_amount'],
    ['1,23,456', 'not_amount'],
    ['1 23,50', 'not_amount'],
    ['1 234.567,5', 'not_amount'],
    ['.', 'not_amount'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['12.345', 'too_many_decimals'],
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['-$5', 'negative'],
    ['$-5', 'negative'],
    ['--5', 'not_amount'],
    ['€12', 'other_currency'],
    ['12 EUR', 'other_currency'],
    ['GBP 12', 'other_currency'],
    ['1000000000.01', 'too_large'],
    ['99999999999999999999', 'too_large'],
  ])('%j is refused in en-US (USD) as %s, with a message', (text, problem) => {
    const reading = read(text, 'en-US', 'USD');
    expect(reading).toMatchObject({ ok: false, problem });
    expect(reading.ok ? '' : reading.msg).toMatch(/\S/);
  });

  it('says what to type in the traveller’s own way of writing amounts', () => {
    expect(read('12.5e5', 'fr-FR', 'EUR')).toMatchObject({ msg: '“12.5e5” is not an amount. Type it like 12,50.' });
    expect(read('12.5e5', 'en-US', 'USD')).toMatchObject({ msg: '“12.5e5” is not an amount. Type it like 12.50.' });
    expect(read('12.5', 'en-US', 'JPY')).toMatchObject({ msg: 'JPY amounts have no decimals.' });
    expect(read('€12', 'en-US', 'USD')).toMatchObject({
      msg: 'This amount is in USD: type it in USD, or add it as a cost item in its own currency.',
    });
  });

  it('reads exchange rates with six decimals, above 0', () => {
    const rate = { digits: 6, allowZero: false, max: 1_000_000 };
    expect(read('1,085432', 'fr-FR', 'EUR', rate)).toMatchObject({ ok: true, amount: 1.085432 });
    expect(read('0,0000001', 'fr-FR', 'EUR', rate)).toMatchObject({ ok: false, problem: 'too_many_decimals' });
    expect(read('0', 'fr-FR', 'EUR', rate)).toMatchObject({ ok: false, problem: 'zero' });
  });

  it('gives back every amount Intl writes, in every currency’s digits and these locales', () => {
    const locales = ['en-US', 'en-GB', 'fr-FR', 'de-DE', 'de-CH', 'es-ES', 'it-IT', 'ja-JP', 'en-IN', 'nl-NL', 'pl-PL'];
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.constantFrom(...locales),
        fc.integer({ min: 0, max: 10 ** 13 }),
        fc.constantFrom('decimal', 'currency') as fc.Arbitrary<'decimal' | 'currency'>,
        (currency, locale, seed, style) => {
          const digits = currencyDigits(currency);
          const minor = seed % (MAX_MONEY * 10 ** digits + 1);
          const amount = fromMinorUnits(minor, digits);
          const written = new Intl.NumberFormat(locale, {
            style,
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(amount);
          // Indian grouping (12,34,567) is not groups of three: not read, never misread.
          const reading = read(written, locale, currency);
          if (locale === 'en-IN' && amount >= 100_000) return !reading.ok || reading.minor === minor;
          return reading.ok && reading.minor === minor;
        },
      ),
      { numRuns: 200 },
    );
  });
});
