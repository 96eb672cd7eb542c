// A window's name, edited in place on its card: "Name this window" (or "Rename", in the
// card's menu) opens a labelled field with Save and Cancel; Enter saves, Escape cancels,
// an empty name clears it. A refused save keeps the field open with the server's message;
// a name over its limit is said at the field and not sent (TextLimit).
import { FormActions, FormError } from '../../../components/Form';
import { limitDescribedBy, TextLimitNote, useTextLimit } from '../../../components/TextLimit';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import type { Instance } from '../../../lib/types';
import { useSetWindowFieldsMutation } from '../api';
import { LABEL_MAX, LABEL_NAME } from './windowNaming';

/** The name field, open until saved or cancelled (`onDone`). */
export default function WindowNameForm({
  tripId,
  window,
  onDone,
}: {
  tripId: string;
  window: Instance;
  onDone: () => void;
}) {
  const [value, setValue] = useState(window.label ?? '');
  const [error, setError] = useState('');
  const [setFields, { isLoading }] = useSetWindowFieldsMutation();
  const id = useId();
  const limit = useTextLimit(value, LABEL_MAX, LABEL_NAME);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading || limit.error) return;
    const label = value.trim();
    if (label === (window.label ?? '')) {
      onDone();
      return;
    }
    setError('');
    try {
      await setFields({ tripId, instanceId: window._id, fields: { label } }).unwrap();
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to save the name. Please try again.'));
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDone();
    }
  }

  return (
    <form className="window-name" onSubmit={onSubmit} onKeyDown={onKeyDown}>
      <label htmlFor={id} className="window-name__label">
        {LABEL_NAME}
      </label>
      <FormActions
        className="window-name__row"
        small
        submitFirst
        onCancel={onDone}
        submitLabel="Save"
        busy={isLoading && 'Saving…'}
      >
        <input
          id={id}
          className="control--compact"
          ref={limit.ref}
          value={value}
          placeholder="e.g. Spring week"
          autoFocus
          aria-invalid={error || limit.error ? true : undefined}
          aria-describedby={limitDescribedBy(id, limit, error ? `${id}-error` : undefined)}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormActions>
      <TextLimitNote id={id} limit={limit} />
      <FormError message={error} id={`${id}-error`} />
    </form>
  );
}
