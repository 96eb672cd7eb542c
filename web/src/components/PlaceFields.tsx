// Where a traveller lives, for the register and profile forms: a country, then for the
// US the spec's state list and 5-digit zip, elsewhere a free region and a postal code
// (docs/adr/0025-travellers-from-anywhere.md). Limits and sanitising come from the
// shared rules: a region or code over its limit is counted and refused at the field,
// never cut (TextLimit).
import { Field } from './Form';
import { useMemo } from 'react';
import {
  countryOptions,
  DEFAULT_COUNTRY,
  PROFILE_LIMITS,
  sanitizePostalCode,
  sanitizeZip,
  TEXT_LIMITS,
  US_STATE_CODES,
} from '@tripcost/shared/domain';
import { LimitedTextField } from './TextLimit';

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
      {isUs ? (
        <Field id={`${idPrefix}-state`} label="State">
          {(control) => (
            <select
              {...control}
              name="state"
              autoComplete="address-level1"
              required={required}
              value={value.state}
              onChange={(e) => onChange({ state: e.target.value })}
            >
              <option value="">Select State</option>
              {US_STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <LimitedTextField
          id={`${idPrefix}-state`}
          label="Region"
          max={TEXT_LIMITS.region}
          name="state"
          autoComplete="address-level1"
          required={required}
          value={value.state}
          onChange={(e) => onChange({ state: e.target.value })}
        />
      )}
      <LimitedTextField
        // A zip and a postal code are different fields: switching country starts the other afresh.
        key={isUs ? 'zip' : 'postal'}
        id={`${idPrefix}-zip`}
        label={isUs ? 'Zip Code' : 'Postal Code'}
        limitLabel={isUs ? 'Zip code' : 'Postal code'}
        max={isUs ? TEXT_LIMITS.zip : TEXT_LIMITS.postalCode}
        hint={
          isUs
            ? `Must be exactly ${PROFILE_LIMITS.zipLength} digits.`
            : `Up to ${PROFILE_LIMITS.postalCodeMax} letters, digits, spaces or hyphens.`
        }
        name="zip"
        inputMode={isUs ? 'numeric' : 'text'}
        autoComplete="postal-code"
        required={required}
        value={value.zip}
        onChange={(e) => onChange({ zip: (isUs ? sanitizeZip : sanitizePostalCode)(e.target.value) })}
      />
    </>
  );
}
