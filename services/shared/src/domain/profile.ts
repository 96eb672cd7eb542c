// Registration and profile rules, checked in a fixed order; the first failing rule is
// reported (a form shows one message). The auth service turns a failure into a 400,
// the web app shows it before sending, so both always say the same thing.
// Names and places depart from the spec's US-only rules (docs/adr/0025-travellers-from-anywhere.md):
// names may use any script, and a profile has a country; the US keeps its 50 states
// and 5-digit zips, other countries hold a free region and postal code.
import { addDays, calendarDay, parseCalendarDate, utcDay } from './calendar-date';
import { countryCurrency, DEFAULT_COUNTRY, isCountryCode, isRegionShape, isValidPostalCode } from './countries';
import { POSTAL_CODE_MAX, PROFILE_LIMITS, REGION_MAX } from './profile-limits';
import { DEFAULT_CURRENCY, isCurrencyCode } from './currencies';
import { isUsStateCode, isValidZip } from './us-places';

export const PROFILE_MESSAGES = {
  allRequired: 'All fields are required.',
  firstNameLetters: 'First name must contain only letters.',
  lastNameLetters: 'Last name must contain only letters.',
  firstNameLength: 'First name must be at most 50 characters.',
  lastNameLength: 'Last name must be at most 50 characters.',
  email: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  birthdayInvalid: 'Please enter a valid date of birth.',
  birthdayInFuture: 'Date of birth cannot be in the future.',
  cityLength: 'City must be at most 100 characters.',
  zip: 'Zip code must be exactly 5 digits.',
  state: 'Please choose a valid US state.',
  country: 'Please choose a valid country.',
  regionLetters: 'Region must contain only letters, spaces, hyphens, apostrophes and periods.',
  regionLength: `Region must be at most ${REGION_MAX} characters.`,
  postalCode: `Postal code must be at most ${POSTAL_CODE_MAX} letters, digits, spaces or hyphens.`,
  homeCurrency: 'Please choose a valid currency (a 3-letter ISO 4217 code such as USD or EUR).',
} as const;

export { PROFILE_LIMITS };

/** What a client may send; absent, null and blank all mean "missing". */
type Maybe = string | null | undefined;

export interface RegistrationInput {
  fname?: Maybe;
  lname?: Maybe;
  email?: Maybe;
  password?: Maybe;
  birthday?: Maybe;
  city?: Maybe;
  state?: Maybe;
  zip?: Maybe;
  /** ISO 3166-1 alpha-2; absent, null or blank means US. */
  country?: Maybe;
  /** ISO 4217; absent, null or blank: the country's currency at registration (see homeCurrencyFor). */
  home_currency?: Maybe;
}

export type ProfileInput = Omit<RegistrationInput, 'email' | 'password'>;

export interface ProfileFields {
  fname: string;
  lname: string;
  /** YYYY-MM-DD */
  birthday: string;
  city: string;
  /** A US state code when `country` is US, otherwise a region's name. */
  state: string;
  /** Five digits when `country` is US, otherwise a postal code. */
  zip: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** ISO 4217, upper case: the currency new trips start in. Private to its owner. */
  home_currency: string;
}

/**
 * A profile as stored: accounts made before countries existed have no country (they
 * are US), and those made before currencies no home currency (USD).
 */
export type StoredProfile = Omit<ProfileFields, 'country' | 'home_currency'> & {
  country?: string | null;
  home_currency?: string | null;
};

export interface ValidRegistration {
  email: string;
  password: string;
  profile: ProfileFields;
}

/** The first rule broken: which field, and the sentence to show. */
export interface RuleFailure {
  field: string;
  msg: string;
}

export type RuleResult<T> = { ok: true; value: T } | ({ ok: false } & RuleFailure);

// A name: letters of any script (with their combining marks: "Zoë" typed either way),
// in words joined by one space, hyphen or apostrophe ("Ana Maria", "Smith-Jones",
// "O'Neil", "O’Neil"). Digits, symbols and leading or trailing separators are not.
const NAME_SHAPE = /^(?:\p{L}\p{M}*)+(?:[ '’-](?:\p{L}\p{M}*)+)*$/u;
// Deliberately simple: one @, a dot in the domain, no spaces. Deliverability is
// the mail server's business, not a regex's.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const PROFILE_KEYS = ['fname', 'lname', 'birthday', 'city', 'state', 'zip', 'country', 'home_currency'] as const;

class Broken {
  constructor(readonly failure: RuleFailure) {}
}
const broken = (msg: string, field: string) => new Broken({ field, msg });

function run<T>(check: () => T): RuleResult<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof Broken) return { ok: false, ...error.failure };
    throw error;
  }
}

const present = (value: Maybe): value is string => typeof value === 'string' && value.trim() !== '';
// NFC, so that one name typed with precomposed or combining accents is stored alike.
const clean = (value: Maybe): string => (value ?? '').trim().normalize('NFC');

/** The country a profile has: accounts made before countries existed are US. */
export function countryOf(profile: { country?: string | null }): string {
  return profile.country || DEFAULT_COUNTRY;
}

/** The currency a profile prices in: accounts made before currencies existed are USD. */
export function homeCurrencyOf(profile: { home_currency?: string | null }): string {
  return profile.home_currency || DEFAULT_CURRENCY;
}

/**
 * The home currency a traveller starts with when they have none yet: their country's
 * (France → EUR, Switzerland → CHF), USD where the core knows no currency for it.
 */
export function homeCurrencyFor(country: string): string {
  return countryCurrency(country) ?? DEFAULT_CURRENCY;
}

/**
 * Which home currency a country gives a traveller without one. The auth service passes
 * homeCurrencyFor; the browser, which checks the rules before sending and never picks a
 * currency, leaves the default, so CLDR's map stays out of every page's first load.
 */
export type CountryCurrencyOf = (country: string) => string;
const noMap: CountryCurrencyOf = () => DEFAULT_CURRENCY;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkRegistration(
  input: RegistrationInput,
  now = new Date(),
  currencyOf: CountryCurrencyOf = noMap,
): RuleResult<ValidRegistration> {
  return run(() => {
    const required = ['fname', 'lname', 'email', 'password', 'birthday', 'city', 'state', 'zip'] as const;
    if (!required.every((field) => present(input[field]))) throw broken(PROFILE_MESSAGES.allRequired, 'body');
    checkNames(input);
    const email = normaliseEmail(input.email as string);
    if (email.length > PROFILE_LIMITS.emailMax || !EMAIL_SHAPE.test(email))
      throw broken(PROFILE_MESSAGES.email, 'email');
    const password = input.password as string;
    if (password.length < PROFILE_LIMITS.passwordMin) throw broken(PROFILE_MESSAGES.passwordTooShort, 'password');
    if (password.length > PROFILE_LIMITS.passwordMax) throw broken(PROFILE_MESSAGES.passwordTooLong, 'password');
    const birthday = checkBirthday(input.birthday as string, now);
    const place = checkPlace(input);
    return {
      email,
      password,
      profile: {
        ...place,
        fname: clean(input.fname),
        lname: clean(input.lname),
        birthday,
        home_currency: checkHomeCurrency(input, currencyOf(place.country)),
      },
    };
  });
}

/**
 * A profile change, validated as it will be stored: the fields sent replace the
 * stored ones, fields left out (undefined) keep them, and the whole result is
 * checked, so changing only the zip is checked against the stored country and
 * changing only the country against the stored state and zip. First name, last
 * name, city, state and zip may not be emptied (null or blank). The birthday is
 * required by the form only: a missing one keeps the stored birthday. A null or
 * blank country means the default, US, as at registration. A traveller without a home
 * currency (an account made before currencies) who sets another country gets that
 * country's, as at registration; a stored home currency is kept whatever the country.
 */
export function checkProfileChange(
  input: ProfileInput,
  stored: StoredProfile,
  now = new Date(),
  currencyOf: CountryCurrencyOf = noMap,
): RuleResult<ProfileFields> {
  return run(() => {
    const merged: ProfileInput = {};
    for (const field of PROFILE_KEYS) merged[field] = input[field] === undefined ? stored[field] : input[field];
    const required = ['fname', 'lname', 'city', 'state', 'zip'] as const;
    if (!required.every((field) => present(merged[field]))) throw broken(PROFILE_MESSAGES.allRequired, 'body');
    checkNames(merged);
    const place = checkPlace(merged);
    const birthday = present(input.birthday) ? checkBirthday(input.birthday, now) : stored.birthday;
    const countrySet = present(input.country) && place.country !== countryOf(stored);
    const home_currency = checkHomeCurrency(merged, countrySet ? currencyOf(place.country) : DEFAULT_CURRENCY);
    return { fname: clean(merged.fname), lname: clean(merged.lname), birthday, ...place, home_currency };
  });
}

function checkNames(input: ProfileInput): void {
  const fname = clean(input.fname);
  const lname = clean(input.lname);
  if (!NAME_SHAPE.test(fname)) throw broken(PROFILE_MESSAGES.firstNameLetters, 'fname');
  if (!NAME_SHAPE.test(lname)) throw broken(PROFILE_MESSAGES.lastNameLetters, 'lname');
  if (fname.length > PROFILE_LIMITS.nameMax) throw broken(PROFILE_MESSAGES.firstNameLength, 'fname');
  if (lname.length > PROFILE_LIMITS.nameMax) throw broken(PROFILE_MESSAGES.lastNameLength, 'lname');
}

/**
 * Country, zip, state and city, in that order (a wrong zip is reported before a wrong
 * state). In the US: the spec's 5-digit zip and 50 state codes, messages unchanged;
 * elsewhere a postal code and a region.
 */
function checkPlace(input: ProfileInput): Pick<ProfileFields, 'city' | 'state' | 'zip' | 'country'> {
  const country = present(input.country) ? clean(input.country).toUpperCase() : DEFAULT_COUNTRY;
  if (!isCountryCode(country)) throw broken(PROFILE_MESSAGES.country, 'country');
  const city = clean(input.city);
  if (country === 'US') {
    const zip = clean(input.zip);
    const state = clean(input.state).toUpperCase();
    if (!isValidZip(zip)) throw broken(PROFILE_MESSAGES.zip, 'zip');
    if (!isUsStateCode(state)) throw broken(PROFILE_MESSAGES.state, 'state');
    if (city.length > PROFILE_LIMITS.cityMax) throw broken(PROFILE_MESSAGES.cityLength, 'city');
    return { city, state, zip, country };
  }
  const zip = clean(input.zip).toUpperCase();
  const region = clean(input.state);
  if (!isValidPostalCode(zip)) throw broken(PROFILE_MESSAGES.postalCode, 'zip');
  if (!isRegionShape(region)) throw broken(PROFILE_MESSAGES.regionLetters, 'state');
  if (region.length > REGION_MAX) throw broken(PROFILE_MESSAGES.regionLength, 'state');
  if (city.length > PROFILE_LIMITS.cityMax) throw broken(PROFILE_MESSAGES.cityLength, 'city');
  return { city, state: region, zip, country };
}

/** Absent, null or blank: `fallback`; otherwise an active ISO 4217 code, any case ("eur" is EUR). */
function checkHomeCurrency(input: ProfileInput, fallback: string): string {
  if (!present(input.home_currency)) return fallback;
  const code = clean(input.home_currency).toUpperCase();
  if (!isCurrencyCode(code)) throw broken(PROFILE_MESSAGES.homeCurrency, 'home_currency');
  return code;
}

/** A real calendar date (YYYY-MM-DD or ISO), returned as YYYY-MM-DD. */
function checkBirthday(value: string, now: Date): string {
  const iso = parseCalendarDate(value.trim());
  if (!iso) throw broken(PROFILE_MESSAGES.birthdayInvalid, 'birthday');
  const day = calendarDay(iso);
  if (day < PROFILE_LIMITS.earliestBirthday) throw broken(PROFILE_MESSAGES.birthdayInvalid, 'birthday');
  // The browser sends the user's local date; a user east of UTC may already be a
  // day ahead, so "today" is allowed to be tomorrow in UTC.
  const latest = addDays(utcDay(now), 1);
  if (day > latest) throw broken(PROFILE_MESSAGES.birthdayInFuture, 'birthday');
  return day;
}
