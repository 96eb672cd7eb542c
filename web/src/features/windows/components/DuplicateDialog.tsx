// "Duplicate…": copies a window with its dates moved by a number of days (default +7),
// with one-click "+7 days" / "−7 days" shortcuts. A refused copy shows the server's message.
import { Field, FormActions, FormError } from '../../../components/Form';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import type { Instance } from '../../../lib/types';
import { useDuplicateInstanceMutation } from '../copyApi';
import { windowName } from '../rules';

const MAX_SHIFT = 365;

export function DuplicateDialog({
  tripId,
  window,
  onClose,
}: {
  tripId: string;
  window: Instance;
  onClose: (duplicated: boolean) => void;
}) {
  const [days, setDays] = useState('7');
  const [error, setError] = useState('');
  const [duplicate, { isLoading }] = useDuplicateInstanceMutation();

  async function copyShiftedBy(shiftDays: number) {
    setError('');
    try {
      await duplicate({ tripId, instanceId: window._id, shiftDays }).unwrap();
      onClose(true);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to duplicate the window. Please try again.'));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const shift = Number(days);
    if (!Number.isInteger(shift) || Math.abs(shift) > MAX_SHIFT) {
      setError(`Enter a whole number of days from -${MAX_SHIFT} to ${MAX_SHIFT}.`);
      return;
    }
    void copyShiftedBy(shift);
  }

  return (
    <Modal title="Duplicate window" size="sm" onClose={() => onClose(false)}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="muted">A copy of {windowName(window)} with the same costs, moved by:</p>
        <div className="form-actions form-actions--start">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={isLoading}
            onClick={() => copyShiftedBy(7)}
          >
            +7 days
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={isLoading}
            onClick={() => copyShiftedBy(-7)}
          >
            −7 days
          </button>
        </div>
        <Field label="Shift in days">
          <input
            type="number"
            inputMode="numeric"
            step={1}
            min={-MAX_SHIFT}
            max={MAX_SHIFT}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            data-autofocus
          />
        </Field>
        <FormError message={error} />
        <FormActions onCancel={() => onClose(false)} submitLabel="Duplicate" busy={isLoading && 'Duplicating...'} />
      </form>
    </Modal>
  );
}
