// Profile checks on save (spec §5), in order; the first failing message is the one shown.
import { US_STATES, isValidZip } from '../../lib/usStates';
import type { Profile } from '../../lib/types';

const LETTERS = /^[A-Za-z]+$/;

export function validateProfile(p: Omit<Profile, '_id'>): string | null {
  if (![p.fname, p.lname, p.city, p.state, p.zip].every((v) => v && v.trim() !== '')) {
    return 'All fields are required.';
  }
  if (!LETTERS.test(p.fname.trim())) return 'First name must contain only letters.';
  if (!LETTERS.test(p.lname.trim())) return 'Last name must contain only letters.';
  if (!isValidZip(p.zip)) return 'Zip code must be exactly 5 digits.';
  if (!(US_STATES as readonly string[]).includes(p.state)) return 'Please choose a state from the list.';
  return null;
}
