// How long the text a traveller types may be, one table for the services that refuse
// more (400 {msg}) and the web fields that count it as it is typed (docs/adr/0064).
// Nothing is ever cut to fit: a value over its limit is refused, never shortened.
import { WISHLIST_NAME_MAX } from './wishlist-name';
import { PROFILE_LIMITS } from './profile-limits';

export const TEXT_LIMITS = {
  /** A window's name (its `label`). */
  windowName: 60,
  windowNotes: 2000,
  itemName: 120,
  itemLink: 500,
  itemConfirmation: 64,
  /** Where the travellers set off. */
  origin: 120,
  /** A trip's place (`location_address`, `trip_location`). */
  address: 200,
  activity: 200,
  /** A person of the trip's People (who pays and shares). */
  personName: 60,
  /** The note of a payment between two of them. */
  paymentNote: 200,
  wishlistName: WISHLIST_NAME_MAX,
  firstName: PROFILE_LIMITS.nameMax,
  lastName: PROFILE_LIMITS.nameMax,
  city: PROFILE_LIMITS.cityMax,
  region: PROFILE_LIMITS.regionMax,
  postalCode: PROFILE_LIMITS.postalCodeMax,
  zip: PROFILE_LIMITS.zipLength,
  email: PROFILE_LIMITS.emailMax,
  password: PROFILE_LIMITS.passwordMax,
} as const;

/** From this share of its limit on, a field shows how much of it is used. */
export const TEXT_COUNTER_FROM = 0.8;

/**
 * A text's length as the services measure it against a limit: trimmed (they trim before
 * storing), in UTF-16 code units (what a JavaScript string's length is, so an emoji
 * counts 2 — the same count on both sides).
 */
export const textLength = (value: string): number => value.trim().length;

/** "Window name: at most 60 characters": what a field says when its text is over its limit. */
export const textLimitMessage = (label: string, max: number): string =>
  `${label}: at most ${max.toLocaleString('en-US')} characters`;

/** Over its limit: the message to show; within it, null. */
export function textLimitProblem(value: string, max: number, label: string): string | null {
  return textLength(value) > max ? textLimitMessage(label, max) : null;
}

/**
 * What one import may send (issue 43): the imports service refuses more, and the web's
 * import panel says so before sending instead of dropping files or cutting a paste.
 */
export const IMPORT_UPLOAD_LIMITS = {
  /** Bytes of one uploaded file, and of pasted text. */
  fileBytes: 5 * 1024 * 1024,
  filesPerRequest: 10,
} as const;
