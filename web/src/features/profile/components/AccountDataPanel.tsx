// The owner's data controls on their profile: download everything TripCost holds of
// them as one JSON file, or delete the account (password required) and everything in it.
import { Field, FormActions, FormError } from '../../../components/Form';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { keepOnDevice, rememberUser, setKeepOnDevice } from '../../../lib/offline/deviceStore';
import { showToast } from '../../../lib/toast';
import { useLogout } from '../../auth';
import { useDeleteAccountMutation, useExportMyDataMutation } from '../api';
import './profile.css';

export function AccountDataPanel() {
  const dispatch = useAppDispatch();
  const [exportMyData, { isLoading: exporting }] = useExportMyDataMutation();
  const [deleting, setDeleting] = useState(false);

  async function download() {
    try {
      const text = await exportMyData().unwrap();
      saveBlob(
        new Blob([text], { type: 'application/json' }),
        `tripcost-data-${new Date().toISOString().slice(0, 10)}.json`,
      );
    } catch (err) {
      dispatch(showToast({ type: 'error', message: errorMessage(err, 'Your data could not be downloaded.') }));
    }
  }

  return (
    <section className="panel account-data" aria-labelledby="account-data-title">
      <h2 id="account-data-title">Your data</h2>
      <p className="muted">
        Your trips, their date windows and costs, your wishlists and your profile are yours. Download a copy at any
        time, or delete your account and everything in it.
      </p>
      <KeepOnDeviceSetting />
      <div className="form-actions account-data__actions">
        <button type="button" className="btn btn--secondary" onClick={download} disabled={exporting}>
          {exporting ? 'Preparing…' : 'Download my data'}
        </button>
        <button type="button" className="btn btn--danger" onClick={() => setDeleting(true)}>
          Delete account
        </button>
      </div>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}

/** "Keep trips on this device": on by default; off wipes what this browser kept and keeps nothing more. */
function KeepOnDeviceSetting() {
  const userId = useAppSelector((s) => s.session.userId);
  const [on, setOn] = useState(keepOnDevice);
  async function toggle(next: boolean) {
    setOn(next);
    await setKeepOnDevice(next);
    if (next && userId) await rememberUser(userId).catch(() => {});
  }
  return (
    <div className="account-data__device">
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => void toggle(e.target.checked)} />
        Keep trips on this device
      </label>
      <p className="muted">
        Your trips, the windows you opened in the last 30 days, wishlists and profile stay in this browser so you can
        open them without a connection. Turn it off on a shared computer: what is kept is deleted at once, and always
        when you log out.
      </p>
    </div>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = useLogout();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    if (!password) {
      setError('Please enter your password to delete your account.');
      return;
    }
    try {
      const { msg } = await deleteAccount({ password }).unwrap();
      await logout('account-deleted');
      navigate('/', { replace: true });
      dispatch(showToast({ type: 'success', message: msg }));
    } catch (err) {
      setError(errorMessage(err, 'Your account could not be deleted. Please try again.'));
    }
  }

  return (
    <Modal title="Delete your account?" role="alertdialog" size="sm" onClose={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <p>This cannot be undone. Deleting your account removes, for good:</p>
        <ul className="account-data__list">
          <li>your profile and login (you are logged out on every device)</li>
          <li>every trip, with all its date windows and costs</li>
          <li>every wishlist</li>
        </ul>
        <p className="muted">You can download your data first if you want a copy.</p>
        <Field label="Your password">
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError('');
            }}
            data-autofocus
          />
        </Field>
        <FormError message={error} />
        <FormActions tone="danger" onCancel={onClose} submitLabel="Delete my account" busy={isLoading && 'Deleting…'} />
      </form>
    </Modal>
  );
}
