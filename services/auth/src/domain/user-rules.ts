// Registration and profile rules (spec §5, issue 3). Each check runs in the spec's
// order and the first failing one is reported, as the web app shows one message.
import { badRequest, parseCalendarDate } from '@tripcost/shared';
import type { UserProfileFields } from '../store/user-store';
import { isUsStateCode } from './us-states';

export const RULE_MESSAGES = {
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

export interface ValidRegistration {
  email: string;
  password: string;
  profile: UserProfileFields;
}

const LETTERS_ONLY = /^[A-Za-z]+$/;
const FIVE_DIGITS = /^\d{5}$/;
// Deliberately simple: one @, a dot in the domain, no spaces. Deliverability is
// the mail server's business, not a regex's.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_NAME = 50;
const MAX_CITY = 100;
const MAX_EMAIL = 254;
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;
const EARLIEST_BIRTHDAY = '1900-01-01';

const fail = (msg: string, field: string) => badRequest(msg, 'validation_failed', [{ path: field, message: msg }]);

const present = (value: Maybe): value is string => typeof value === 'string' && value.trim() !== '';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateRegistration(input: RegistrationInput, now = new Date()): ValidRegistration {
  const required = ['fname', 'lname', 'email', 'password', 'birthday', 'city', 'state', 'zip'] as const;
  if (!required.every((field) => present(input[field]))) throw fail(RULE_MESSAGES.allRequired, 'body');
  checkNames(input);
  const email = normaliseEmail(input.email as string);
  if (email.length > MAX_EMAIL || !EMAIL_SHAPE.test(email)) throw fail(RULE_MESSAGES.email, 'email');
  const password = input.password as string;
  if (password.length < MIN_PASSWORD) throw fail(RULE_MESSAGES.passwordTooShort, 'password');
  if (password.length > MAX_PASSWORD) throw fail(RULE_MESSAGES.passwordTooLong, 'password');
  const birthday = checkBirthday(input.birthday as string, now);
  return {
    email,
    password,
    profile: { ...checkPlace(input), fname: clean(input.fname), lname: clean(input.lname), birthday },
  };
}

/**
 * A profile change: first name, last name, city, state and zip are required; the
 * birthday is required by the form only, so a missing one keeps the stored date.
 */
export function validateProfileChange(
  input: ProfileInput,
  currentBirthday: string,
  now = new Date(),
): UserProfileFields {
  const required = ['fname', 'lname', 'city', 'state', 'zip'] as const;
  if (!required.every((field) => present(input[field]))) throw fail(RULE_MESSAGES.allRequired, 'body');
  checkNames(input);
  const place = checkPlace(input);
  const birthday = present(input.birthday) ? checkBirthday(input.birthday, now) : currentBirthday;
  return { fname: clean(input.fname), lname: clean(input.lname), birthday, ...place };
}

function checkNames(input: ProfileInput): void {
  const fname = clean(input.fname);
  const lname = clean(input.lname);
  if (!LETTERS_ONLY.test(fname)) throw fail(RULE_MESSAGES.firstNameLetters, 'fname');
  if (!LETTERS_ONLY.test(lname)) throw fail(RULE_MESSAGES.lastNameLetters, 'lname');
  if (fname.length > MAX_NAME) throw fail(RULE_MESSAGES.firstNameLength, 'fname');
  if (lname.length > MAX_NAME) throw fail(RULE_MESSAGES.lastNameLength, 'lname');
}

/** City, zip and state, checked in the spec's order (zip before state). */
function checkPlace(input: ProfileInput): Pick<UserProfileFields, 'city' | 'state' | 'zip'> {
  const city = clean(input.city);
  const zip = clean(input.zip);
  const state = clean(input.state).toUpperCase();
  if (!FIVE_DIGITS.test(zip)) throw fail(RULE_MESSAGES.zip, 'zip');
  if (!isUsStateCode(state)) throw fail(RULE_MESSAGES.state, 'state');
  if (city.length > MAX_CITY) throw fail(RULE_MESSAGES.cityLength, 'city');
  return { city, state, zip };
}

/** A real calendar date (YYYY-MM-DD or ISO), returned as YYYY-MM-DD. */
function checkBirthday(value: string, now: Date): string {
  const iso = parseCalendarDate(value.trim());
  if (!iso) throw fail(RULE_MESSAGES.birthdayInvalid, 'birthday');
  const day = iso.slice(0, 10);
  if (day < EARLIEST_BIRTHDAY) throw fail(RULE_MESSAGES.birthdayInvalid, 'birthday');
  // The browser sends the user's local date; a user east of UTC may already be a
  // day ahead, so "today" is allowed to be tomorrow in UTC.
  const latest = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (day > latest) throw fail(RULE_MESSAGES.birthdayInFuture, 'birthday');
  return day;
}

function clean(value: Maybe): string {
  return (value ?? '').trim();
}
