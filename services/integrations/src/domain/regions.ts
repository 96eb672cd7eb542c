// Country and US-state names, both ways. Country names come from ICU
// (Intl.DisplayNames) so no table of ~250 names is hand-kept here; US states are
// the one admin level the offline data names readably (its adminCode is the USPS code).
import { US_STATE_NAMES } from '@tripcost/shared';
import { normaliseText } from './text';

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** 'PT' → 'Portugal'; undefined for codes ICU does not know. */
export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || upper === 'ZZ') return undefined;
  try {
    const name = regionNames.of(upper);
    return name && name !== upper ? name : undefined;
  } catch {
    return undefined;
  }
}

const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'south korea': 'KR',
  'north korea': 'KP',
  russia: 'RU',
  'czech republic': 'CZ',
  holland: 'NL',
  turkey: 'TR',
  'ivory coast': 'CI',
  uae: 'AE',
  'viet nam': 'VN',
};

let countryCodesByName: Map<string, string> | undefined;

function countryCodeIndex(): Map<string, string> {
  if (countryCodesByName) return countryCodesByName;
  const index = new Map<string, string>();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const name = countryName(code);
      if (name) index.set(normaliseText(name), code);
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) index.set(alias, code);
  countryCodesByName = index;
  return index;
}

/** 'Portugal', 'portugal', 'PT' or 'USA' → the ISO 3166-1 alpha-2 code. */
export function countryCode(nameOrCode: string): string | undefined {
  const trimmed = nameOrCode.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && countryName(trimmed)) return trimmed.toUpperCase();
  return countryCodeIndex().get(normaliseText(trimmed));
}

/** The 50 states (shared with the profile's rules) plus the places a city search also knows by code. */
const US_REGIONS: Record<string, string> = {
  ...US_STATE_NAMES,
  DC: 'District of Columbia',
  PR: 'Puerto Rico',
};

/** Does an admin-area name from a provider ('Ohio') match what the user gave ('OH' or 'ohio')? */
export function sameAdminArea(providerName: string | undefined, given: string): boolean {
  if (!providerName) return false;
  const wanted = normaliseText(US_REGIONS[given.trim().toUpperCase()] ?? given);
  return normaliseText(providerName) === wanted;
}
