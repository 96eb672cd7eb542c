// Registration and profile rules. The rules and their messages live once in the
// shared domain module (the web app checks the same ones before sending); here a
// broken rule becomes the 400 the API answers, naming the field.
import {
  badRequest,
  checkProfileChange,
  checkRegistration,
  homeCurrencyFor,
  normaliseEmail,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  type ProfileInput,
  type RegistrationInput,
  type RuleResult,
  type StoredProfile,
  type ValidRegistration,
} from '@tripcost/shared';
import type { UserProfileFields } from './user-store';

export { normaliseEmail, type ProfileInput, type RegistrationInput, type ValidRegistration } from '@tripcost/shared';
export const RULE_MESSAGES = PROFILE_MESSAGES;

/**
 * What auth says beyond the shared rules, so that a value over a limit is always told
 * its limit: the shared email rule calls a too-long email malformed, and the routes'
 * cap on absurd input (http/routes.ts) must name a limit for the state and zip, which
 * depend on the country.
 */
export const AUTH_MESSAGES = {
  emailLength: `Email must be at most ${PROFILE_LIMITS.emailMax} characters.`,
  stateOrRegionLength: `State or region must be at most ${PROFILE_LIMITS.regionMax} characters.`,
  zipOrPostalCodeLength: `Zip or postal code must be at most ${PROFILE_LIMITS.postalCodeMax} characters.`,
} as const;

function valueOr400<T>(result: RuleResult<T>): T {
  if (result.ok) return result.value;
  throw badRequest(result.msg, 'validation_failed', [{ path: result.field, message: result.msg }]);
}

export function validateRegistration(input: RegistrationInput, now = new Date()): ValidRegistration {
  const result = checkRegistration(input, now, homeCurrencyFor);
  // Same rule, same order; only the sentence says what is wrong with a long email.
  const tooLong = typeof input.email === 'string' && normaliseEmail(input.email).length > PROFILE_LIMITS.emailMax;
  if (!result.ok && result.field === 'email' && tooLong) {
    return valueOr400({ ok: false, field: 'email', msg: AUTH_MESSAGES.emailLength });
  }
  return valueOr400(result);
}

/** A profile change, merged with the stored profile and validated as it will be stored. */
export function validateProfileChange(input: ProfileInput, stored: StoredProfile, now = new Date()): UserProfileFields {
  return valueOr400(checkProfileChange(input, stored, now, homeCurrencyFor));
}
