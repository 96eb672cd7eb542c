// The conflict's alertdialog itself (see ConflictChoice.tsx): its own chunk, fetched the
// first time a save collides — most sessions never need it.
import { useEffect, useId, useRef } from 'react';
import type { ConflictChoiceProps } from './conflictTypes';

export default function ConflictDialog({
  title,
  rows,
  onChoose,
  busy,
  theirsLabel = 'Take theirs',
}: ConflictChoiceProps) {
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
