// Profile checks on save: the same rules and messages as the auth service (one
// implementation, in @tripcost/shared/domain); the first failing message is shown.
import { checkProfileChange } from '@tripcost/shared/domain';
import type { Profile } from '../../lib/types';

export function validateProfile(p: Omit<Profile, '_id'>): string | null {
  // The form always holds a birthday; the stored one only matters when it is left out.
  const result = checkProfileChange(p, p.birthday);
  return result.ok ? null : result.msg;
}
