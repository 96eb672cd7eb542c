// Profile (docs/product.md §2, §4, §5): another user's public details, read-only;
// the owner's full profile, which they can edit (rules: @tripcost/shared/domain),
// download with all their data, or delete.
import { FormActions, FormError } from '../../../components/Form';
import { Suspense, useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { todayDateInput, toDateInput } from '../../../lib/format';
import { useAppDispatch } from '../../../lib/hooks';
import { useCurrentUser } from '../../auth';
import { CurrencyPicker } from '../../currencies';
import { showToast } from '../../../lib/toast';
import type { Profile, ProfileAnswer } from '../../../lib/types';
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '@tripcost/shared/domain';
import { useGetProfileQuery, useUpdateProfileMutation } from '../api';
import { validateProfile } from '../validation';
import { AccountDataPanel } from './AccountDataPanel';
import { CalendarFeedPanel } from '../../notifications';
import { PersonFields, type Person } from '../../../components/PersonFields';
import { PlaceFields, type Place } from '../../../components/PlaceFields';
import { PublicProfileCard } from './PublicProfileCard';
import './profile.css';

type FormState = Omit<Profile, '_id'>;

function toForm(p: ProfileAnswer): FormState {
  return {
    fname: p.fname ?? '',
    lname: p.lname ?? '',
    birthday: toDateInput(p.birthday ?? '') || todayDateInput(),
    city: p.city ?? '',
    state: p.state ?? '',
    zip: p.zip ?? '',
    country: p.country || DEFAULT_COUNTRY,
    home_currency: p.home_currency || DEFAULT_CURRENCY,
  };
}

function ProfileSkeleton() {
  return (
    <div className="panel" role="status" aria-label="Loading profile" aria-busy="true">
      <div className="skeleton skeleton--title" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton skeleton--field" />
      ))}
    </div>
  );
}

type ProfileChange = Partial<Person & Place & Pick<FormState, 'home_currency'>>;

/** The owner's form: who, where, the home currency, and Save. */
function ProfileForm({
  form,
  canEdit,
  change,
  error,
  saving,
  onSubmit,
  cancel,
}: {
  form: FormState;
  canEdit: boolean;
  change: (fields: ProfileChange) => void;
  error: string;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  cancel: () => void;
}) {
  return (
    <form className="form form--grid" onSubmit={onSubmit}>
      <fieldset className="fieldset fieldset--plain field--full" disabled={!canEdit}>
        <div className="form--grid">
          <PersonFields value={form} onChange={change} />
          <PlaceFields idPrefix="profile" value={form} onChange={change} />
          <CurrencyPicker
            label="Home currency"
            className="field--full"
            value={form.home_currency}
            disabled={!canEdit}
            onChange={(home_currency) => change({ home_currency })}
            hint="New trips start in it; only you see it."
          />
        </div>
      </fieldset>
      <FormError message={error} className="field--full" />
      {canEdit && (
        <FormActions
          className="form-actions field--full"
          onCancel={cancel}
          submitLabel="Save"
          busy={saving && 'Saving…'}
        />
      )}
    </form>
  );
}

/** My own profile: the form, Edit and Save, and my account's data. */
function OwnProfile({
  profile,
  userId,
  form,
  setForm,
  editing,
  setEditing,
}: {
  profile: ProfileAnswer;
  userId: string;
  form: FormState;
  setForm: Dispatch<SetStateAction<FormState | null>>;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const canEdit = editing;
  const change = (fields: ProfileChange) => {
    setError('');
    setSuccess('');
    setForm((f) => (f ? { ...f, ...fields } : f));
  };

  function cancel() {
    setEditing(false);
    setError('');
    if (profile) setForm(toForm(profile));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit || saving || !form) return;
    const problem = validateProfile(form);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      // The home currency only when changed here: a traveller without one (an account made
      // before currencies, shown as USD) who sets a country gets that country's (ADR 0063).
      const { home_currency, ...rest } = form;
      const currencyChanged = home_currency !== toForm(profile).home_currency;
      await updateProfile({
        id: userId,
        body: {
          ...rest,
          ...(currencyChanged ? { home_currency } : {}),
          fname: form.fname.trim(),
          lname: form.lname.trim(),
          city: form.city.trim(),
        },
      }).unwrap();
      setEditing(false);
      setSuccess('Profile updated successfully.');
      dispatch(showToast({ type: 'success', message: 'Profile updated successfully.' }));
    } catch (err) {
      setError(errorMessage(err, 'Failed to update profile.'));
    }
  }

  return (
    <main className="page page--narrow">
      <Link to="/mytrips" className="back-link">
        ← Back to My Trips
      </Link>
      <div className="panel">
        <div className="section-header">
          <div>
            <h1 className="profile__name">
              {profile.fname} {profile.lname}
            </h1>
            <p className="muted">Manage your profile details.</p>
          </div>
          <button type="button" className="btn btn--secondary" onClick={() => (editing ? cancel() : setEditing(true))}>
            {editing ? 'Cancel' : 'Edit'}
          </button>
        </div>
        {success && (
          <p className="notice notice--success" role="status">
            {success}
          </p>
        )}
        <ProfileForm
          form={form}
          canEdit={canEdit}
          change={change}
          error={error}
          saving={saving}
          onSubmit={onSubmit}
          cancel={cancel}
        />
      </div>
      <Suspense fallback={null}>
        <CalendarFeedPanel />
      </Suspense>
      <AccountDataPanel />
    </main>
  );
}

export default function ProfilePage() {
  const { userId = '' } = useParams();
  const me = useCurrentUser();
  const isOwner = Boolean(me?._id) && me?._id === userId;
  const { data: profile, isLoading, isError } = useGetProfileQuery(userId);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<FormState | null>(null);

  useEffect(() => {
    if (profile && !editing) setForm(toForm(profile));
  }, [profile, editing]);

  if (isLoading || (profile && !form)) {
    return (
      <main className="page page--narrow">
        <ProfileSkeleton />
      </main>
    );
  }
  if (isError || !profile || !form) {
    return (
      <main className="page page--narrow page-message">
        {isError && <p className="muted">Failed to load profile.</p>}
        <p className="page-message__title">User not found</p>
        <Link to="/mytrips" className="btn btn--primary">
          Back to My Trips
        </Link>
      </main>
    );
  }

  if (!isOwner) {
    return (
      <main className="page page--narrow">
        <Link to="/mytrips" className="back-link">
          ← Back to My Trips
        </Link>
        <PublicProfileCard profile={profile} />
      </main>
    );
  }

  return (
    <OwnProfile
      profile={profile}
      userId={userId}
      form={form}
      setForm={setForm}
      editing={editing}
      setEditing={setEditing}
    />
  );
}
