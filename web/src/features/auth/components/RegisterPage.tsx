import { AuthCard } from './AuthCard';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormError } from '../../../components/Form';
import { errorMessage } from '../../../lib/api';
import { checkRegistration, DEFAULT_COUNTRY } from '@tripcost/shared/domain';
import { PersonFields, type Person } from '../../../components/PersonFields';
import { PlaceFields, type Place } from '../../../components/PlaceFields';
import { useRegisterMutation, type RegisterBody } from '../api';
import { CredentialFields } from './CredentialFields';
import './auth.css';

const EMPTY: RegisterBody = {
  fname: '',
  lname: '',
  email: '',
  password: '',
  birthday: '',
  city: '',
  state: '',
  zip: '',
  country: DEFAULT_COUNTRY,
  // No home currency: the server gives a new traveller their country's (France → EUR).
};

export default function RegisterPage() {
  const navigate = useNavigate();
  // Where the login page was asked to go afterwards (an invitation link): passed back to it.
  const next = useSearchParams()[0].get('next');
  const carryNext = next ? `next=${encodeURIComponent(next)}` : '';
  const [register, { isLoading }] = useRegisterMutation();
  const [form, setForm] = useState<RegisterBody>(EMPTY);
  const [error, setError] = useState('');

  const setFields = (change: Partial<Person & Place & Pick<RegisterBody, 'email' | 'password'>>) =>
    setForm((f) => ({ ...f, ...change }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    // The server's rules and messages, checked before sending (@tripcost/shared/domain).
    const checked = checkRegistration(form);
    if (!checked.ok) {
      setError(checked.msg);
      return;
    }
    setError('');
    try {
      await register({
        ...form,
        fname: form.fname.trim(),
        lname: form.lname.trim(),
        email: form.email.trim(),
        city: form.city.trim(),
      }).unwrap();
      navigate(`/login?created=1${carryNext && `&${carryNext}`}`);
    } catch (err) {
      setError(errorMessage(err, 'Registration failed. Please try again.'));
    }
  }

  return (
    <AuthCard
      wide
      title="Create your account"
      lead="Start comparing the real cost of your getaways."
      switchTo={
        <>
          Already have an account? <Link to={`/login${carryNext && `?${carryNext}`}`}>Log in</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="form form--grid">
        <PersonFields value={form} onChange={setFields} required>
          <CredentialFields email={form.email} password={form.password} onChange={setFields} registering />
        </PersonFields>
        <PlaceFields idPrefix="register" required value={form} onChange={setFields} />
        <FormError message={error} className="field--full" />
        <button type="submit" className="btn btn--primary btn--block field--full" disabled={isLoading}>
          {isLoading ? 'Creating account…' : 'Create account'}
        </button>
      </form>
    </AuthCard>
  );
}
