// Profile checks on save: the same rules and messages as the auth service (one
// implementation, in @tripcost/shared/domain); the first failing message is shown.
import { checkProfileChange } from '@tripcost/shared/domain';
import type { Profile } from '../../lib/types';

export function validateProfile(p: Omit<Profile, '_id'>): string | null {
  // The form holds every field, so it is the profile as it will be stored.
  const result = checkProfileChange(p, p);
  return result.ok ? null : result.msg;
}
