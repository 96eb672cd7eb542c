// Who a traveller is, for the register and profile forms: first and last name, date of
// birth and city, with the server's limits (shared rules), so the inputs never accept
// more than the server would.
import { PROFILE_LIMITS } from '@tripcost/shared/domain';
import type { ReactNode } from 'react';
import { Field } from './Form';

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
  const text = (key: Exclude<keyof Person, 'birthday'>, label: string, autoComplete: string, maxLength: number) => (
    <Field label={label}>
      <input
        name={key}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        value={value[key]}
        onChange={(e) => onChange({ [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <>
      {text('fname', 'First Name', 'given-name', PROFILE_LIMITS.nameMax)}
      {text('lname', 'Last Name', 'family-name', PROFILE_LIMITS.nameMax)}
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
      {text('city', 'City', 'address-level2', PROFILE_LIMITS.cityMax)}
    </>
  );
}
