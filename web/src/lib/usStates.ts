// The 50 US state codes (spec §9: AL through WY, no DC or territories).
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const ZIP_LENGTH = 5;

/** Keeps digits only, at most five (the zip inputs filter as the user types). */
export function sanitizeZip(value: string): string {
  return value.replace(/\D/g, '').slice(0, ZIP_LENGTH);
}

export function isValidZip(value: string): boolean {
  return /^\d{5}$/.test(value);
}
