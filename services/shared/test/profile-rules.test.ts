// Names of any script, countries, and places outside the US (docs/adr/0025-travellers-from-anywhere.md);
// a new traveller's home currency is their country's (docs/adr/0063-first-screens-read-right.md).
import cldrCurrencies from 'cldr-core/supplemental/currencyData.json';
import {
  checkProfileChange,
  checkRegistration,
  COUNTRY_CODES,
  COUNTRY_CURRENCIES,
  countryCurrency,
  countryName,
  countryOptions,
  homeCurrencyFor,
  homeCurrencyOf,
  isCountryCode,
  isCurrencyCode,
  PROFILE_MESSAGES,
  sanitizePostalCode,
  sanitizeZip,
  type StoredProfile,
} from '../src/domain';

const STORED: StoredProfile = {
  fname: 'Ann',
  lname: 'Lee',
  birthday: '1990-05-01',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
const FRENCH: StoredProfile = { ...STORED, city: 'Paris', state: 'Île-de-France', zip: '75001', country: 'FR' };

const registration = {
  fname: 'Ada',
  lname: 'Lovelace',
  email: 'ada@example.test',
  password: 'correct horse',
  birthday: '1990-12-10',
  city: 'Boston',
  state: 'MA',
  zip: '02118',
};

describe('names of any script', () => {
  const NAMES = [
    'Anaïs',
    'Ana Maria',
    "O'Neil",
    'O’Neil',
    'Smith-Jones',
    'José',
    'Jose\u0301', // the same name with a combining accent
    'Zoë',
    '李',
    'Владимир',
    'محمد',
    'ʻIolani',
    'Nguyễn',
    'Øyvind',
    'D’Artagnan-Lefèvre',
  ];

  it.each(NAMES)('when the first and last name are %p, then registration accepts them', (name) => {
    const result = checkRegistration({ ...registration, fname: name, lname: name });
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.value.profile.fname).toBe(name.normalize('NFC'));
  });

  const NOT_NAMES = [
    'Ada1',
    'A.',
    'Ada!',
    'Ada_Lovelace',
    '-Ada',
    'Ada-',
    "'Ada",
    'Ada  Maria',
    'Smith--Jones',
    '\u0301Ada',
    'Ada😀',
    'Ada\u200bLovelace',
    '<b>',
    '١٢٣',
  ];

  it.each(NOT_NAMES)('when a name is %p, then it is refused with the spec’s message', (name) => {
    expect(checkRegistration({ ...registration, fname: name })).toEqual({
      ok: false,
      field: 'fname',
      msg: 'First name must contain only letters.',
    });
    expect(checkRegistration({ ...registration, lname: name })).toEqual({
      ok: false,
      field: 'lname',
      msg: 'Last name must contain only letters.',
    });
  });

  it('when a name is trimmed, then surrounding spaces do not count; 51 letters are too many', () => {
    expect(checkRegistration({ ...registration, fname: '  Zoë  ' })).toMatchObject({
      ok: true,
      value: { profile: { fname: 'Zoë' } },
    });
    expect(checkRegistration({ ...registration, fname: 'é'.repeat(51) })).toMatchObject({
      msg: PROFILE_MESSAGES.firstNameLength,
    });
  });
});

describe('countries', () => {
  it('then the list is the 249 assigned ISO 3166-1 codes, each named by Intl', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES)
      expect({ code, name: names.of(code) }).toEqual({ code, name: expect.any(String) });
    for (const code of ['US', 'FR', 'GB', 'JP', 'BR', 'SS']) expect(isCountryCode(code)).toBe(true);
    // Reserved, withdrawn or not countries at all.
    for (const code of ['UK', 'EU', 'XK', 'ZZ', 'BU', 'YU', 'us', '']) expect(isCountryCode(code)).toBe(false);
  });

  it('then every country is offered by its name, sorted, and named in English', () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(options.find((option) => option.code === 'US')?.name).toBe('United States');
    expect(countryName('FR')).toBe('France');
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('when no country is sent, then registration stores US; a lower-case code is upper-cased; an unknown one is refused', () => {
    expect(checkRegistration(registration)).toMatchObject({ ok: true, value: { profile: { country: 'US' } } });
    expect(checkRegistration({ ...registration, country: ' ' })).toMatchObject({
      value: { profile: { country: 'US' } },
    });
    expect(checkRegistration({ ...registration, country: null })).toMatchObject({
      value: { profile: { country: 'US' } },
    });
    const french = { ...registration, country: 'fr', state: 'Île-de-France', zip: '75001' };
    expect(checkRegistration(french)).toMatchObject({ value: { profile: { country: 'FR', state: 'Île-de-France' } } });
    for (const country of ['UK', 'FRA', 'France', 'EU']) {
      expect(checkRegistration({ ...registration, country })).toEqual({
        ok: false,
        field: 'country',
        msg: 'Please choose a valid country.',
      });
    }
  });
});

describe('places', () => {
  const place = (state: string, zip: string, country = 'FR') =>
    checkRegistration({ ...registration, state, zip, country });

  it('when the country is the US, then the 50 states and the 5-digit zip stay, with the spec’s messages', () => {
    expect(place('Île-de-France', '75001', 'US')).toMatchObject({
      field: 'state',
      msg: 'Please choose a valid US state.',
    });
    expect(place('MA', 'SW1A 1AA', 'US')).toMatchObject({ field: 'zip', msg: 'Zip code must be exactly 5 digits.' });
    expect(place('DC', '20001', 'US')).toMatchObject({ msg: 'Please choose a valid US state.' });
    expect(place('ma', '02118', 'US')).toMatchObject({ ok: true, value: { profile: { state: 'MA' } } });
  });

  it.each([
    ['Île-de-France', '75001'],
    ["Hawke's Bay", '4110'],
    ['St. Gallen', '9000'],
    ['Baden-Württemberg', '70173'],
    ['東京都', '100-0001'],
    ['England', 'SW1A 1AA'],
    ['Ontario', 'K1A 0B6'],
    ['Lisboa', '1100-148'],
    ['R'.repeat(60), 'ABCDEFGHIJ12'],
    ['Q', 'A1'],
  ])('when a region is %p and a postal code %p outside the US, then they are kept as typed', (state, zip) => {
    expect(place(state, zip)).toMatchObject({ ok: true, value: { profile: { state, zip, country: 'FR' } } });
  });

  it('when a postal code is in lower case, then it is stored upper case', () => {
    expect(place('England', 'sw1a 1aa', 'GB')).toMatchObject({ value: { profile: { zip: 'SW1A 1AA' } } });
  });

  it.each([
    ['Région 10', PROFILE_MESSAGES.regionLetters],
    ['Paris!', PROFILE_MESSAGES.regionLetters],
    ['.Paris', PROFILE_MESSAGES.regionLetters],
    ['Paris-', PROFILE_MESSAGES.regionLetters],
    ['<script>', PROFILE_MESSAGES.regionLetters],
    ['R'.repeat(61), 'Region must be at most 60 characters.'],
  ])('when a region is %p, then it is refused: %s', (state, msg) => {
    expect(place(state, '75001')).toEqual({ ok: false, field: 'state', msg });
  });

  it.each(['1234567890123', '75001!', '-75001', '75001-', '75_001', '75\u00a0001'])(
    'when a postal code is %p, then it is refused',
    (zip) => {
      expect(place('Île-de-France', zip)).toEqual({
        ok: false,
        field: 'zip',
        msg: 'Postal code must be at most 12 letters, digits, spaces or hyphens.',
      });
    },
  );

  it('when a postal code or a zip is typed, then only allowed characters are kept and nothing is cut to a length', () => {
    expect(sanitizePostalCode('sw1a_1aa!')).toBe('sw1a1aa');
    // One too long stays whole, so the field can say it is too long (and the server refuses it).
    expect(sanitizePostalCode('1234567890123')).toBe('1234567890123');
    expect(sanitizeZip('12-345 6')).toBe('123456');
  });
});

describe('a profile change, validated as it will be stored', () => {
  it('when only the zip is sent, then it is checked against the stored country', () => {
    expect(checkProfileChange({ zip: 'SW1A 1AA' }, STORED)).toMatchObject({ msg: PROFILE_MESSAGES.zip });
    expect(checkProfileChange({ zip: '75002' }, FRENCH)).toMatchObject({
      ok: true,
      value: { ...FRENCH, zip: '75002' },
    });
    expect(checkProfileChange({ zip: 'SW1A 1AA' }, { ...FRENCH, country: 'GB' })).toMatchObject({ ok: true });
  });

  it('when only the country changes to the US while a region is stored, then the region is refused as a state', () => {
    expect(checkProfileChange({ country: 'US' }, FRENCH)).toEqual({
      ok: false,
      field: 'state',
      msg: 'Please choose a valid US state.',
    });
    expect(checkProfileChange({ country: 'US', state: 'NY', zip: '10001' }, FRENCH)).toMatchObject({
      ok: true,
      value: { country: 'US', state: 'NY', zip: '10001', city: 'Paris' },
    });
  });

  it('when only the state is sent, then it is checked against the stored country', () => {
    expect(checkProfileChange({ state: 'Normandie' }, STORED)).toMatchObject({ msg: PROFILE_MESSAGES.state });
    expect(checkProfileChange({ state: 'Normandie' }, FRENCH)).toMatchObject({ value: { state: 'Normandie' } });
  });

  it('when a stored profile has no country, then it is read as US and a change keeps it US', () => {
    expect(checkProfileChange({ city: 'Dallas' }, STORED)).toEqual({
      ok: true,
      value: { ...STORED, city: 'Dallas', country: 'US', home_currency: 'USD' },
    });
  });

  it('when a required field is emptied or nulled, then all fields are required; a left-out birthday is kept', () => {
    expect(checkProfileChange({ city: ' ' }, FRENCH)).toMatchObject({ msg: PROFILE_MESSAGES.allRequired });
    expect(checkProfileChange({ state: null }, FRENCH)).toMatchObject({ msg: PROFILE_MESSAGES.allRequired });
    expect(checkProfileChange({ birthday: '' }, FRENCH)).toMatchObject({ value: { birthday: '1990-05-01' } });
  });
});

describe('home currency', () => {
  it('when none is given or stored, then it is USD; a code in any case is stored upper case', () => {
    expect(checkRegistration(registration)).toMatchObject({ value: { profile: { home_currency: 'USD' } } });
    expect(checkRegistration({ ...registration, home_currency: ' eur ' })).toMatchObject({
      value: { profile: { home_currency: 'EUR' } },
    });
    expect(checkProfileChange({ home_currency: 'jpy' }, STORED)).toMatchObject({ value: { home_currency: 'JPY' } });
    expect(homeCurrencyOf({})).toBe('USD');
    expect(homeCurrencyOf({ home_currency: 'GBP' })).toBe('GBP');
  });

  it('when a change leaves it out, then the stored one is kept; null or blank resets it to USD', () => {
    const inEuros = { ...FRENCH, home_currency: 'EUR' };
    expect(checkProfileChange({ city: 'Lyon' }, inEuros)).toMatchObject({ value: { home_currency: 'EUR' } });
    expect(checkProfileChange({ home_currency: null }, inEuros)).toMatchObject({ value: { home_currency: 'USD' } });
  });

  it('when a traveller registers with a country and no home currency, then it is their country’s (ISO 4217)', () => {
    const from = (country: string, place = { city: 'Somewhere', state: 'Some Region', zip: '1000' }) =>
      checkRegistration({ ...registration, ...place, country }, new Date(), homeCurrencyFor);
    expect(from('FR')).toMatchObject({ value: { profile: { country: 'FR', home_currency: 'EUR' } } });
    expect(from('ch')).toMatchObject({ value: { profile: { country: 'CH', home_currency: 'CHF' } } });
    expect(from('JP')).toMatchObject({ value: { profile: { home_currency: 'JPY' } } });
    expect(from('GB')).toMatchObject({ value: { profile: { home_currency: 'GBP' } } });
    expect(from('US', { city: 'Boston', state: 'MA', zip: '02118' })).toMatchObject({
      value: { profile: { home_currency: 'USD' } },
    });
    // A currency chosen at registration wins over the country's.
    expect(
      checkRegistration(
        {
          ...registration,
          city: 'Paris',
          state: 'Île-de-France',
          zip: '75001',
          country: 'FR',
          home_currency: 'USD',
        },
        new Date(),
        homeCurrencyFor,
      ),
    ).toMatchObject({
      value: { profile: { home_currency: 'USD' } },
    });
    // Antarctica has no currency of its own: USD, as before currencies followed countries.
    expect(from('AQ')).toMatchObject({ value: { profile: { home_currency: 'USD' } } });
  });

  it('when a traveller without a home currency sets a country, then they get its currency; one with a home currency keeps it', () => {
    const toFrance = { country: 'FR', city: 'Paris', state: 'Île-de-France', zip: '75001' };
    // Made before currencies existed: no home currency stored.
    expect(checkProfileChange(toFrance, STORED, new Date(), homeCurrencyFor)).toMatchObject({
      value: { country: 'FR', home_currency: 'EUR' },
    });
    expect(
      checkProfileChange(toFrance, { ...STORED, home_currency: 'USD' }, new Date(), homeCurrencyFor),
    ).toMatchObject({
      value: { home_currency: 'USD' },
    });
    expect(
      checkProfileChange({ ...toFrance, home_currency: 'GBP' }, STORED, new Date(), homeCurrencyFor),
    ).toMatchObject({
      value: { home_currency: 'GBP' },
    });
    // Sending the country already stored sets nothing: a change of zip keeps USD.
    expect(checkProfileChange({ country: 'FR', zip: '69001' }, FRENCH, new Date(), homeCurrencyFor)).toMatchObject({
      value: { home_currency: 'USD' },
    });
    // The browser checks the same rules without CLDR's map: it never picks the currency.
    expect(checkProfileChange(toFrance, STORED)).toMatchObject({ value: { home_currency: 'USD' } });
  });

  it('then each country maps to one active ISO 4217 currency, the one CLDR says it pays in today', () => {
    expect([countryCurrency('FR'), countryCurrency('CH'), countryCurrency('US'), countryCurrency('PS')]).toEqual([
      'EUR',
      'CHF',
      'USD',
      'ILS',
    ]);
    expect(countryCurrency('AQ')).toBeUndefined();
    expect(countryCurrency('toString')).toBeUndefined();
    expect(homeCurrencyFor('DE')).toBe('EUR');
    expect(homeCurrencyFor('AQ')).toBe('USD');
    for (const [country, currency] of Object.entries(COUNTRY_CURRENCIES)) {
      expect(isCountryCode(country)).toBe(true);
      expect(countryCurrency(country)).toBe(currency);
    }
    expect(Object.keys(COUNTRY_CURRENCIES).length).toBeGreaterThan(240);
  });

  it('then the generated map is what CLDR’s supplemental data says each country’s legal tender is', () => {
    const regions = cldrCurrencies.supplemental.currencyData.region as Record<
      string,
      Record<string, { _to?: string; _tender?: string }>[]
    >;
    for (const country of COUNTRY_CODES) {
      const current = (regions[country] ?? [])
        .map((entry) => Object.entries(entry)[0]!)
        .find(([code, period]) => period._to === undefined && period._tender !== 'false' && isCurrencyCode(code));
      expect([country, COUNTRY_CURRENCIES[country]]).toEqual([country, current?.[0]]);
    }
  });

  it('when the code is not an active ISO 4217 currency, then the change is refused with its field', () => {
    for (const home_currency of ['EURO', 'XXX', 'ABC', 'US$', '€'])
      expect(checkProfileChange({ home_currency }, STORED)).toEqual({
        ok: false,
        field: 'home_currency',
        msg: PROFILE_MESSAGES.homeCurrency,
      });
  });
});
