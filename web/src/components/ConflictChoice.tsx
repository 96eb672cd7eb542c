// The same field changed here and elsewhere (ADR 0026): both values, and the choice.
// An alertdialog inside the page (not a modal): the form behind it stays as typed, and
// the first choice takes the focus so a keyboard or screen-reader user lands on it.
import { useEffect, useId, useRef } from 'react';
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

export function ConflictChoice({
  title,
  rows,
  onChoose,
  busy,
  theirsLabel = 'Take theirs',
}: {
  title: string;
  rows: ConflictRow[];
  onChoose: (choice: ConflictChoiceValue) => void;
  busy: boolean;
  theirsLabel?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
  }, []);
  const onlyTheirs = rows.every((row) => row.locked);
  return (
    <div
      ref={ref}
      className="notice merge-conflict"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
    >
      <p id={`${id}-title`}>
        <strong>{title}</strong>
      </p>
      <div id={`${id}-body`}>
        <p>Your other changes are kept. Choose which value to keep:</p>
        <ul>
          {rows.map((row) => (
            <li key={row.key}>
              {row.name}: Yours: {row.mine} / On the server: {row.theirs}
              {row.locked && row.lockedWhy ? ` (${row.lockedWhy})` : ''}
            </li>
          ))}
        </ul>
      </div>
      <div className="form-actions">
        {!onlyTheirs && (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => onChoose('mine')}>
            Keep mine
          </button>
        )}
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => onChoose('theirs')}>
          {theirsLabel}
        </button>
      </div>
    </div>
  );
}
