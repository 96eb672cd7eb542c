// Where a traveller lives, for the register and profile forms: a country, then for the
// US the spec's state list and 5-digit zip, elsewhere a free region and a postal code
// (docs/adr/0025-travellers-from-anywhere.md). Limits and sanitising come from the
// shared rules, so the inputs never accept more than the server would.
import { Field } from './Form';
import { useMemo, type ChangeEvent } from 'react';
import {
  countryOptions,
  DEFAULT_COUNTRY,
  PROFILE_LIMITS,
  sanitizePostalCode,
  sanitizeZip,
  US_STATE_CODES,
} from '@tripcost/shared/domain';

export interface Place {
  country: string;
  state: string;
  zip: string;
}

interface Props {
  value: Place;
  onChange(change: Partial<Place>): void;
  /** Makes the ids unique on the page. */
  idPrefix: string;
  required?: boolean;
}

/** What the place becomes when the country changes: a US state cannot be a region, nor the reverse. */
export function withCountry(place: Place, country: string): Place {
  const wasUs = place.country === 'US';
  const isUs = country === 'US';
  if (wasUs === isUs) return { ...place, country };
  return { country, state: '', zip: isUs ? sanitizeZip(place.zip) : sanitizePostalCode(place.zip) };
}

export function PlaceFields({ value, onChange, idPrefix, required = false }: Props) {
  // The UI is in English, so are the country names.
  const countries = useMemo(() => countryOptions('en'), []);
  const country = value.country || DEFAULT_COUNTRY;
  const isUs = country === 'US';
  return (
    <>
      {/* Labels stand beside (not around) the selects: a label's name would otherwise take in
          every option ("Vatican City", "United States"), and a search for "City" or "State"
          would find the country. */}
      <Field id={`${idPrefix}-country`} label="Country">
        {(control) => (
          <select
            {...control}
            name="country"
            autoComplete="country"
            required={required}
            value={country}
            onChange={(e) => onChange(withCountry(value, e.target.value))}
          >
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}-state`} label={isUs ? 'State' : 'Region'}>
        {(control) => {
          const state = {
            ...control,
            name: 'state',
            autoComplete: 'address-level1',
            required,
            value: value.state,
            onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ state: e.target.value }),
          };
          return isUs ? (
            <select {...state}>
              <option value="">Select State</option>
              {US_STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          ) : (
            <input {...state} maxLength={PROFILE_LIMITS.regionMax} />
          );
        }}
      </Field>
      <Field
        id={`${idPrefix}-zip`}
        label={isUs ? 'Zip Code' : 'Postal Code'}
        hint={
          isUs
            ? `Must be exactly ${PROFILE_LIMITS.zipLength} digits.`
            : `Up to ${PROFILE_LIMITS.postalCodeMax} letters, digits, spaces or hyphens.`
        }
      >
        <input
          name="zip"
          inputMode={isUs ? 'numeric' : 'text'}
          autoComplete="postal-code"
          required={required}
          maxLength={isUs ? PROFILE_LIMITS.zipLength : PROFILE_LIMITS.postalCodeMax}
          value={value.zip}
          onChange={(e) => onChange({ zip: (isUs ? sanitizeZip : sanitizePostalCode)(e.target.value) })}
        />
      </Field>
    </>
  );
}
