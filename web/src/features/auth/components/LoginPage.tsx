import { AuthCard } from './AuthCard';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { FormError } from '../../../components/Form';
import { errorMessage } from '../../../lib/api';
import { useAppSelector } from '../../../lib/hooks';
import { SESSION_ENDED, selectIsLoggedIn } from '../../../lib/session';
import { useLoginMutation } from '../api';
import { useCompleteLogin } from '../hooks/useSession';
import { CredentialFields } from './CredentialFields';
import './auth.css';

/** Where to go after login: a path of this app from ?next= (never another site), else My Trips. */
export function afterLogin(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/mytrips';
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const expired = useAppSelector((s) => s.session.expired);
  const next = afterLogin(params.get('next'));
  // An invitation opened logged out (?next=/join/…) survives a detour through registering.
  const carryNext = params.get('next') ? `?next=${encodeURIComponent(next)}` : '';
  const [login, { isLoading }] = useLoginMutation();
  const completeLogin = useCompleteLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  if (isLoggedIn && !submitting) return <Navigate to={next} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading || submitting) return;
    setError('');
    setSubmitting(true);
    try {
      const { accesstoken } = await login({ email: email.trim(), password }).unwrap();
      await completeLogin(accesstoken);
      navigate(next);
    } catch (err) {
      setError(errorMessage(err, 'Login failed. Please try again.'));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      lead="Log in to plan your next getaway."
      switchTo={
        <>
          New to TripCost? <Link to={`/register${carryNext}`}>Create an account</Link>
        </>
      }
    >
      {expired && (
        <p className="notice" role="alert">
          {SESSION_ENDED}
        </p>
      )}
      {next.startsWith('/join/') && (
        // The invitation preview needs a login, so the trip's name is not known here yet.
        <p className="notice" role="status">
          Log in or create an account to join this trip.
        </p>
      )}
      {params.get('created') === '1' && (
        <p className="notice notice--success" role="status">
          Account created. Please log in.
        </p>
      )}
      <form onSubmit={onSubmit} className="form">
        <CredentialFields
          email={email}
          password={password}
          onChange={(change) => {
            if (change.email !== undefined) setEmail(change.email);
            if (change.password !== undefined) setPassword(change.password);
          }}
        />
        <FormError message={error} />
        <button type="submit" className="btn btn--primary btn--block" disabled={isLoading || submitting}>
          {isLoading || submitting ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </AuthCard>
  );
}
