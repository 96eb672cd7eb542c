// Who a traveller is, for the register and profile forms: first and last name, date of
// birth and city, with the server's limits (the core's TEXT_LIMITS) counted and refused at
// the field, never cut (TextLimit).
import { TEXT_LIMITS } from '@tripcost/shared/domain';
import type { ReactNode } from 'react';
import { Field } from './Form';
import { LimitedTextField } from './TextLimit';

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
  const text = (key: Exclude<keyof Person, 'birthday'>, label: string, autoComplete: string, max: number) => (
    <LimitedTextField
      label={label}
      limitLabel={label[0] + label.slice(1).toLowerCase()}
      max={max}
      name={key}
      autoComplete={autoComplete}
      required={required}
      value={value[key]}
      onChange={(e) => onChange({ [key]: e.target.value })}
    />
  );
  return (
    <>
      {text('fname', 'First Name', 'given-name', TEXT_LIMITS.firstName)}
      {text('lname', 'Last Name', 'family-name', TEXT_LIMITS.lastName)}
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
      {text('city', 'City', 'address-level2', TEXT_LIMITS.city)}
    </>
  );
}
