// The window page's form as state: what is typed and since when (a session's draft kept
// for after the next login), and its saves (InstancePage.tsx draws it).
import { useEffect, useState, type FormEvent } from 'react';
import { amountOf } from '@tripcost/shared/domain';
import { toDateInput } from '../../../lib/format';
import { errorMessage, isConflict } from '../../../lib/api';
import { windowChanges, type Choice } from '../../../lib/merge';
import type { Instance, InstanceWithTrip, Trip } from '../../../lib/types';
import { useSessionDraft } from '../../auth';
import { useSaveConflict } from '../../saving';
import { useSaveInstanceMutation, type InstanceSave } from '../api';
import { changedFields, instanceInputFrom, type InstanceForm } from '../form';
import { CHANGED_ELSEWHERE, SAVE_FAILED } from '../messages';

export type FormState = InstanceForm & { label: string; notes: string };
/** The window and trip version the form was opened on: what "my changes" are measured from. */
export interface Opened {
  instance: Instance;
  version?: number;
}

/** What is kept when the session ends with the form open. */
export type Draft = { form: FormState; opened: Opened };

/** The fields changed since the form was opened: dates and amounts (form.ts), then the texts. */
function changesOf(base: Instance, form: FormState): InstanceSave['changes'] {
  const changes: InstanceSave['changes'] = changedFields(base, instanceInputFrom(form));
  if (form.label.trim() !== (base.label ?? '')) changes.label = form.label.trim();
  if (form.notes !== (base.notes ?? '')) changes.notes = form.notes;
  return changes;
}

export function toForm(instance: Instance): FormState {
  const amount = (v: unknown) => String(amountOf(v));
  return {
    start: toDateInput(instance.trip_start),
    end: toDateInput(instance.trip_end),
    stay: amount(instance.stay_expense),
    travel: amount(instance.travel_expense),
    car: amount(instance.car_expense),
    other: amount(instance.other_expense),
    label: instance.label ?? '',
    notes: instance.notes ?? '',
  };
}

/** The form's state: what is typed, since when, and a session's draft kept for after the next login. */
export function useWindowFormState(data: InstanceWithTrip | undefined, hidden: boolean) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<FormState | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState('');
  const { draft, consume } = useSessionDraft<Draft>('instance', () =>
    editing && form && opened ? { form, opened } : null,
  );

  useEffect(() => {
    if (data?.instance && !editing && !hidden) setForm(toForm(data.instance));
  }, [data, editing, hidden]);

  // Back after a session ended: the form as it was, measured from where it was opened.
  useEffect(() => {
    if (!draft || !data?.instance) return;
    setOpened(draft.opened);
    setForm(draft.form);
    setEditing(true);
    consume();
  }, [draft, data, consume]);

  return { editing, setEditing, form, setForm, opened, setOpened, error, setError };
}

export type FormControl = ReturnType<typeof useWindowFormState>;

/**
 * Editing and saving the window: only the fields changed since the form was opened, on
 * the version it was opened on; a conflict is the save home's one handling (useSaveConflict).
 */
export function useWindowSave(ref: { tripId: string; instanceId: string }, control: FormControl) {
  const { tripId, instanceId } = ref;
  const { editing, setEditing, form, setForm, opened, setOpened, setError } = control;
  const [saveInstance, { isLoading: saving }] = useSaveInstanceMutation();
  const conflicts = useSaveConflict();

  // What is typed stays as typed: a negative amount is refused on save by the field's
  // own check (min 0), with the browser's message, as in the create dialog.
  function setField(key: keyof FormState, value: string) {
    setError('');
    setForm((f) => (f ? { ...f, [key]: value } : f));
  }

  function startEditing(trip: Trip, instance: Instance) {
    setError('');
    conflicts.clear();
    setOpened({ instance, version: trip.version });
    setForm(toForm(instance));
    setEditing(true);
  }

  function stopEditing() {
    setEditing(false);
    setOpened(null);
    conflicts.clear();
  }

  async function send(save: InstanceSave) {
    try {
      await saveInstance(save).unwrap();
      stopEditing();
    } catch (failure) {
      if (conflicts.caught(failure)) {
        // Still editing: the user picks per the values shown; nothing is lost meanwhile.
      } else if (isConflict(failure)) {
        // The window is gone, or the trip kept changing: show what is stored now.
        stopEditing();
        setError(errorMessage(failure, CHANGED_ELSEWHERE));
      } else {
        setError(errorMessage(failure, SAVE_FAILED));
      }
    }
  }

  async function onSubmit(event: FormEvent, trip: Trip, instance: Instance) {
    event.preventDefault();
    // A field refusing what it holds (an amount, a name over its limit) keeps the form from being sent.
    if (!editing || saving || !form || !(event.currentTarget as HTMLFormElement).checkValidity()) return;
    setError('');
    conflicts.clear();
    const base = opened?.instance ?? instance;
    const changes = changesOf(base, form);
    if (Object.keys(changes).length === 0) {
      stopEditing();
      return;
    }
    await send({
      // The page's own query key: the answer is written into exactly that cache entry.
      tripId,
      instanceId,
      version: opened ? opened.version : trip.version,
      base,
      changes,
    });
  }

  /** Keep mine: every change of mine on the version now stored; take theirs: only the ones that did not collide. */
  async function settle(choice: Choice, instance: Instance) {
    const settled = conflicts.settle(choice);
    if (!settled) return;
    const now = settled.trip.instances.find((i) => i._id === instance._id);
    const fields = windowChanges(instance._id, settled.fields);
    if (!now || Object.keys(fields).length === 0) {
      stopEditing();
      return;
    }
    setOpened({ instance: now, version: settled.trip.version });
    await send({
      tripId,
      instanceId,
      version: settled.trip.version,
      base: now,
      changes: fields,
    });
  }

  return { saving, conflict: conflicts.conflict, setField, startEditing, stopEditing, onSubmit, settle };
}

export type WindowSave = ReturnType<typeof useWindowSave>;
