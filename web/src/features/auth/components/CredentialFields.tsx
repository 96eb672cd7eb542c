// Email and password, for the login and register forms. Registering, each shows the
// server's limit as it nears it and refuses more (TextLimit); logging in has none.
import { TEXT_LIMITS } from '@tripcost/shared/domain';
import type { InputHTMLAttributes } from 'react';
import { Field } from '../../../components/Form';
import { LimitedTextField } from '../../../components/TextLimit';

interface Props {
  email: string;
  password: string;
  onChange(change: { email?: string; password?: string }): void;
  /** Registering: a new password, the server's lengths, each field across the form. */
  registering?: boolean;
}

function CredentialField({
  label,
  max,
  registering,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; max: number; registering: boolean; value: string }) {
  if (registering) return <LimitedTextField label={label} max={max} className="field--full" {...input} />;
  return (
    <Field label={label}>
      <input {...input} />
    </Field>
  );
}

export function CredentialFields({ email, password, onChange, registering = false }: Props) {
  return (
    <>
      <CredentialField
        label="Email"
        max={TEXT_LIMITS.email}
        registering={registering}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => onChange({ email: e.target.value })}
      />
      <CredentialField
        label="Password"
        max={TEXT_LIMITS.password}
        registering={registering}
        type="password"
        name="password"
        autoComplete={registering ? 'new-password' : 'current-password'}
        required
        value={password}
        onChange={(e) => onChange({ password: e.target.value })}
      />
    </>
  );
}
