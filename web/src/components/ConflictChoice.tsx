// The same field changed here and elsewhere (ADR 0026): both values, and the choice.
// An alertdialog inside the page (not a modal): the form behind it stays as typed, and
// the first choice takes the focus so a keyboard or screen-reader user lands on it. The
// dialog's code is a chunk of its own (ConflictDialog.tsx), fetched when first shown.
import { lazy, Suspense } from 'react';
import { targetOf, type Conflict } from '../lib/merge';

export interface ConflictRow {
  key: string;
  /** The field as the page labels it. */
  name: string;
  mine: string;
  theirs: string;
  /** Mine cannot be kept (e.g. an expense now calculated from cost items). */
  locked?: boolean;
  lockedWhy?: string;
}

/** A field both sides changed, as a row: named and with both values shown the page's way. */
export function conflictRowOf(
  conflict: Conflict,
  names: Record<string, string>,
  show: (field: string, value: unknown) => string,
): ConflictRow {
  const field = targetOf(conflict.key).field;
  return {
    key: conflict.key,
    name: names[field] ?? field,
    mine: show(field, conflict.mine),
    theirs: show(field, conflict.theirs),
  };
}

export type ConflictChoiceValue = 'mine' | 'theirs';

export interface ConflictChoiceProps {
  title: string;
  rows: ConflictRow[];
  onChoose: (choice: ConflictChoiceValue) => void;
  busy: boolean;
  theirsLabel?: string;
}

const ConflictDialog = lazy(() => import('./ConflictDialog'));

export function ConflictChoice(props: ConflictChoiceProps) {
  return (
    <Suspense fallback={null}>
      <ConflictDialog {...props} />
    </Suspense>
  );
}
