// Email and password, for the login and register forms.
import { PROFILE_LIMITS } from '@tripcost/shared/domain';
import { Field } from '../../../components/Form';

interface Props {
  email: string;
  password: string;
  onChange(change: { email?: string; password?: string }): void;
  /** Registering: a new password, the server's lengths, each field across the form. */
  registering?: boolean;
}

export function CredentialFields({ email, password, onChange, registering = false }: Props) {
  const wide = registering ? 'field--full' : undefined;
  return (
    <>
      <Field label="Email" className={wide}>
        <input
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={registering ? PROFILE_LIMITS.emailMax : undefined}
          value={email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </Field>
      <Field label="Password" className={wide}>
        <input
          type="password"
          name="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          required
          maxLength={registering ? PROFILE_LIMITS.passwordMax : undefined}
          value={password}
          onChange={(e) => onChange({ password: e.target.value })}
        />
      </Field>
    </>
  );
}
