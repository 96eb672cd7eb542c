// 'Create New Trip Instance': its dates, an optional name and four amounts; empty amounts become 0.
import { Field, FormActions, FormError } from '../../../components/Form';
import { MoneyInput } from '../../../components/MoneyInput';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useTripCurrency } from '../../currencies';
import { useCreateInstanceMutation } from '../api';
import { instanceInputFrom } from '../form';
import { CREATE_FAILED } from '../messages';
import { LABEL_MAX, LABEL_NAME } from './windowNaming';
import { LimitedTextField } from '../../../components/TextLimit';

const EMPTY = { name: '', start: '', end: '', stay: '0', travel: '0', car: '0', other: '0' };
type FormState = typeof EMPTY;

export function CreateInstanceModal({ tripId, onClose }: { tripId: string; onClose: () => void }) {
  // The trip's: the amounts are typed in it.
  const currency = useTripCurrency();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [error, setError] = useState('');
  const [createInstance, { isLoading }] = useCreateInstanceMutation();
  const set = (key: keyof FormState) => (value: string) => {
    setError('');
    setForm((f) => ({ ...f, [key]: value }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading || !(event.currentTarget as HTMLFormElement).checkValidity()) return;
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
    <Field label={label}>
      {(control) => <MoneyInput {...control} currency={currency} value={form[key]} onChange={set(key)} />}
    </Field>
  );

  return (
    <Modal title="Create New Trip Instance" onClose={onClose}>
      <form className="form form--grid" onSubmit={onSubmit}>
        {/* Dates are asked for here: a window without them has nothing to compare, yet its
            $0 would read as the cheapest (the API still takes one, as the spec has it). */}
        <Field label="Start Date">
          <input
            type="date"
            required
            value={form.start}
            onChange={(e) => set('start')(e.target.value)}
            data-autofocus
          />
        </Field>
        <Field label="End Date">
          <input type="date" required value={form.end} onChange={(e) => set('end')(e.target.value)} />
        </Field>
        <LimitedTextField
          label="Name (optional)"
          limitLabel={LABEL_NAME}
          max={LABEL_MAX}
          className="field--full"
          value={form.name}
          placeholder="e.g. Spring week"
          onChange={(e) => set('name')(e.target.value)}
        />
        {amount('stay', 'Stay')}
        {amount('travel', 'Travel')}
        {amount('car', 'Car')}
        {amount('other', 'Other')}
        <FormError message={error} className="field--full" />
        <FormActions
          className="form-actions field--full"
          onCancel={onClose}
          submitLabel="Create"
          busy={isLoading && 'Creating…'}
        />
      </form>
    </Modal>
  );
}
