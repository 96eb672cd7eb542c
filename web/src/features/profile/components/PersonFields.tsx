// Who a traveller is, for the register and profile forms: first and last name, date of
// birth and city, with the server's limits (shared rules), so the inputs never accept
// more than the server would.
import { PROFILE_LIMITS } from '@tripcost/shared/domain';
import type { ReactNode } from 'react';
import { Field } from '../../../components/Form';

export interface Person {
  fname: string;
  lname: string;
  birthday: string;
  city: string;
}

interface Props {
  value: Person;
  onChange(change: Partial<Person>): void;
  /** Names and city required too (registering); the date of birth always is. */
  required?: boolean;
  /** What the form asks between the names and the date of birth (the register form's email and password). */
  children?: ReactNode;
}

export function PersonFields({ value, onChange, required = false, children }: Props) {
  return (
    <>
      <Field label="First Name">
        <input
          name="fname"
          autoComplete="given-name"
          required={required}
          maxLength={PROFILE_LIMITS.nameMax}
          value={value.fname}
          onChange={(e) => onChange({ fname: e.target.value })}
        />
      </Field>
      <Field label="Last Name">
        <input
          name="lname"
          autoComplete="family-name"
          required={required}
          maxLength={PROFILE_LIMITS.nameMax}
          value={value.lname}
          onChange={(e) => onChange({ lname: e.target.value })}
        />
      </Field>
      {children}
      <Field label="Date of Birth">
        <input
          type="date"
          name="birthday"
          required
          value={value.birthday}
          onChange={(e) => onChange({ birthday: e.target.value })}
        />
      </Field>
      <Field label="City">
        <input
          name="city"
          autoComplete="address-level2"
          required={required}
          maxLength={PROFILE_LIMITS.cityMax}
          value={value.city}
          onChange={(e) => onChange({ city: e.target.value })}
        />
      </Field>
    </>
  );
}
