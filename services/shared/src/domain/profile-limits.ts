// How long a profile's fields may be: a module of its own, with nothing else in it, so
// that what needs only the numbers (the web's text limits on every page) does not pull
// the profile rules and the country tables into the browser with them.

/** A US zip code's digits. */
export const ZIP_LENGTH = 5;
/** Another country's region (a state, province, county…). */
export const REGION_MAX = 60;
/** Another country's postal code. */
export const POSTAL_CODE_MAX = 12;

export const PROFILE_LIMITS = {
  nameMax: 50,
  cityMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  earliestBirthday: '1900-01-01',
  zipLength: ZIP_LENGTH,
  regionMax: REGION_MAX,
  postalCodeMax: POSTAL_CODE_MAX,
} as const;
