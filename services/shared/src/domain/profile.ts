// Registration and profile rules, checked in a fixed order; the first failing rule is
// reported (a form shows one message). The auth service turns a failure into a 400,
// the web app shows it before sending, so both always say the same thing.
import { parseCalendarDate } from './calendar-date';
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
} as const;

export const PROFILE_LIMITS = {
  nameMax: 50,
  cityMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  earliestBirthday: '1900-01-01',
} as const;

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
}

export type ProfileInput = Omit<RegistrationInput, 'email' | 'password'>;

export interface ProfileFields {
  fname: string;
  lname: string;
  /** YYYY-MM-DD */
  birthday: string;
  city: string;
  state: string;
  zip: string;
}

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

const LETTERS_ONLY = /^[A-Za-z]+$/;
// Deliberately simple: one @, a dot in the domain, no spaces. Deliverability is
// the mail server's business, not a regex's.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
const clean = (value: Maybe): string => (value ?? '').trim();

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkRegistration(input: RegistrationInput, now = new Date()): RuleResult<ValidRegistration> {
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
    return {
      email,
      password,
      profile: { ...checkPlace(input), fname: clean(input.fname), lname: clean(input.lname), birthday },
    };
  });
}

/**
 * A profile change: first name, last name, city, state and zip are required; the
 * birthday is required by the form only, so a missing one keeps `currentBirthday`.
 */
export function checkProfileChange(
  input: ProfileInput,
  currentBirthday: string,
  now = new Date(),
): RuleResult<ProfileFields> {
  return run(() => {
    const required = ['fname', 'lname', 'city', 'state', 'zip'] as const;
    if (!required.every((field) => present(input[field]))) throw broken(PROFILE_MESSAGES.allRequired, 'body');
    checkNames(input);
    const place = checkPlace(input);
    const birthday = present(input.birthday) ? checkBirthday(input.birthday, now) : currentBirthday;
    return { fname: clean(input.fname), lname: clean(input.lname), birthday, ...place };
  });
}

function checkNames(input: ProfileInput): void {
  const fname = clean(input.fname);
  const lname = clean(input.lname);
  if (!LETTERS_ONLY.test(fname)) throw broken(PROFILE_MESSAGES.firstNameLetters, 'fname');
  if (!LETTERS_ONLY.test(lname)) throw broken(PROFILE_MESSAGES.lastNameLetters, 'lname');
  if (fname.length > PROFILE_LIMITS.nameMax) throw broken(PROFILE_MESSAGES.firstNameLength, 'fname');
  if (lname.length > PROFILE_LIMITS.nameMax) throw broken(PROFILE_MESSAGES.lastNameLength, 'lname');
}

/** Zip, state and city, in that order (a wrong zip is reported before a wrong state). */
function checkPlace(input: ProfileInput): Pick<ProfileFields, 'city' | 'state' | 'zip'> {
  const city = clean(input.city);
  const zip = clean(input.zip);
  const state = clean(input.state).toUpperCase();
  if (!isValidZip(zip)) throw broken(PROFILE_MESSAGES.zip, 'zip');
  if (!isUsStateCode(state)) throw broken(PROFILE_MESSAGES.state, 'state');
  if (city.length > PROFILE_LIMITS.cityMax) throw broken(PROFILE_MESSAGES.cityLength, 'city');
  return { city, state, zip };
}

/** A real calendar date (YYYY-MM-DD or ISO), returned as YYYY-MM-DD. */
function checkBirthday(value: string, now: Date): string {
  const iso = parseCalendarDate(value.trim());
  if (!iso) throw broken(PROFILE_MESSAGES.birthdayInvalid, 'birthday');
  const day = iso.slice(0, 10);
  if (day < PROFILE_LIMITS.earliestBirthday) throw broken(PROFILE_MESSAGES.birthdayInvalid, 'birthday');
  // The browser sends the user's local date; a user east of UTC may already be a
  // day ahead, so "today" is allowed to be tomorrow in UTC.
  const latest = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (day > latest) throw broken(PROFILE_MESSAGES.birthdayInFuture, 'birthday');
  return day;
}
