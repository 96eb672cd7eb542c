// ISO 4217 currencies and their minor-unit digits (docs/adr/0034-exchange-rates.md).
import { data as isoList } from 'currency-codes';
import {
  CURRENCY_CODES,
  currencyDigits,
  currencyName,
  currencySymbol,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  roundMoney,
} from '../src/domain';

describe('currencies', () => {
  it('then the digits are ISO’s: 0 for JPY, 2 for USD and EUR, 3 for KWD, BHD and IQD, 4 for CLF', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('BHD')).toBe(3);
    // Intl says 0 for these three (CLDR cash rounding); ISO, and a bank statement, say otherwise.
    expect(currencyDigits('IQD')).toBe(3);
    expect(currencyDigits('HUF')).toBe(2);
    expect(currencyDigits('IDR')).toBe(2);
    expect(currencyDigits('CLF')).toBe(4);
    expect(roundMoney(1234.5678, currencyDigits('JPY'))).toBe(1235);
    expect(roundMoney(1.23456, currencyDigits('KWD'))).toBe(1.235);
  });

  it('when a code is not an active ISO 4217 currency, then it is refused (and digits throw, never guess 2)', () => {
    for (const code of ['eur', 'EURO', 'XXX', 'XAU', 'XTS', 'HRK', '', 'toString', '__proto__'])
      expect(isCurrencyCode(code)).toBe(false);
    expect(isCurrencyCode(42)).toBe(false);
    expect(() => currencyDigits('ABC')).toThrow(RangeError);
    expect(isCurrencyCode(DEFAULT_CURRENCY)).toBe(true);
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('then the generated list is the ISO list of the currency-codes package, less the codes without a minor unit', () => {
    const fromPackage = isoList.filter((entry) => !/^X(AG|AU|B[A-D]|DR|PD|PT|SU|TS|UA|XX)$/.test(entry.code));
    expect(CURRENCY_CODES).toEqual(fromPackage.map((entry) => entry.code).sort());
    for (const entry of fromPackage) expect(currencyDigits(entry.code)).toBe(entry.digits);
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
  });

  it('then each currency is named and shown by Intl, falling back to its code', () => {
    expect(currencyName('JPY')).toBe('Japanese Yen');
    expect(currencyName('EUR')).toBe('Euro');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('CAD')).toBe('CA$');
    expect(currencySymbol('KWD')).toBe('KWD');
  });
});
