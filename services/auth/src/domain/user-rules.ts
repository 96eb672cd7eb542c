// Registration and profile rules. The rules and their messages live once in the
// shared domain module (the web app checks the same ones before sending); here a
// broken rule becomes the 400 the API answers, naming the field.
import {
  badRequest,
  checkProfileChange,
  checkRegistration,
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

function valueOr400<T>(result: RuleResult<T>): T {
  if (result.ok) return result.value;
  throw badRequest(result.msg, 'validation_failed', [{ path: result.field, message: result.msg }]);
}

export function validateRegistration(input: RegistrationInput, now = new Date()): ValidRegistration {
  return valueOr400(checkRegistration(input, now));
}

/** A profile change, merged with the stored profile and validated as it will be stored. */
export function validateProfileChange(input: ProfileInput, stored: StoredProfile, now = new Date()): UserProfileFields {
  return valueOr400(checkProfileChange(input, stored, now));
}
