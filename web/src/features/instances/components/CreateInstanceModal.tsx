// 'Create New Trip Instance': an optional name, dates and four amounts; empty amounts become 0.
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useCreateInstanceMutation } from '../api';
import { instanceInputFrom } from '../form';
import { CREATE_FAILED } from '../messages';
import { LABEL_MAX } from './WindowName';

const EMPTY = { name: '', start: '', end: '', stay: '0', travel: '0', car: '0', other: '0' };
type FormState = typeof EMPTY;

export function CreateInstanceModal({ tripId, onClose }: { tripId: string; onClose: () => void }) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [error, setError] = useState('');
  const [createInstance, { isLoading }] = useCreateInstanceMutation();
  const set = (key: keyof FormState) => (value: string) => {
    setError('');
    setForm((f) => ({ ...f, [key]: value }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setError('');
    try {
      await createInstance({
        tripId,
        body: { ...instanceInputFrom(form), ...(form.name.trim() ? { label: form.name.trim() } : {}) },
      }).unwrap();
      setForm(EMPTY);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, CREATE_FAILED));
    }
  }

  const amount = (key: keyof FormState, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        min="0"
        step="0.01"
        inputMode="decimal"
        value={form[key]}
        onChange={(e) => set(key)(e.target.value)}
      />
    </label>
  );

  return (
    <Modal title="Create New Trip Instance" onClose={onClose}>
      <form className="form form--grid" onSubmit={onSubmit}>
        <label className="field">
          <span>Start Date</span>
          <input type="date" value={form.start} onChange={(e) => set('start')(e.target.value)} data-autofocus />
        </label>
        <label className="field">
          <span>End Date</span>
          <input type="date" value={form.end} onChange={(e) => set('end')(e.target.value)} />
        </label>
        <label className="field field--full">
          <span>Name (optional)</span>
          <input
            value={form.name}
            maxLength={LABEL_MAX}
            placeholder="e.g. Spring week"
            onChange={(e) => set('name')(e.target.value)}
          />
        </label>
        {amount('stay', 'Stay')}
        {amount('travel', 'Travel')}
        {amount('car', 'Car')}
        {amount('other', 'Other')}
        {error && (
          <p className="form-error field--full" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions field--full">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {isLoading ? 'Creating…' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
