// The same field changed here and elsewhere (ADR 0026): both values, and the choice.
// An alertdialog inside the page (not a modal): the form behind it stays as typed, and
// the first choice takes the focus so a keyboard or screen-reader user lands on it. The
// dialog's code is a chunk of its own (ConflictDialog.tsx), fetched when first shown.
import { lazy, Suspense } from 'react';
import { targetOf, type Conflict } from '../../lib/merge';
import type { ConflictChoiceProps, ConflictRow } from './conflictTypes';

export type { ConflictChoiceProps, ConflictChoiceValue, ConflictRow } from './conflictTypes';

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

const ConflictDialog = lazy(() => import('./ConflictDialog'));

export function ConflictChoice(props: ConflictChoiceProps) {
  return (
    <Suspense fallback={null}>
      <ConflictDialog {...props} />
    </Suspense>
  );
}
