// Drop confirmation files or paste their text → the bookings read from them, each with
// the window its dates fall in, its category and amount, and what was not understood →
// Add. A booking outside every window offers "New window for these dates".
import { IMPORT_UPLOAD_LIMITS } from '@tripcost/shared/domain';
import { useMemo, useState, type DragEvent } from 'react';
import { formatMoney } from '../../../lib/format';
import type { Trip } from '../../../lib/types';
import {
  useApplyImportMutation,
  useGetImportPlanQuery,
  useImportDocumentsMutation,
  type ApplyChoice,
  type ApplyOutcome,
  type ImportDraft,
  type PlanEntry,
  type Reservation,
} from '../api';
import '../imports.css';

const NEW_WINDOW = 'new';
const MB = IMPORT_UPLOAD_LIMITS.fileBytes / (1024 * 1024);
const CATEGORIES: PlanEntry['category'][] = ['stay', 'travel', 'car', 'other'];

const msgOf = (error: unknown) =>
  (error as { data?: { msg?: string } } | undefined)?.data?.msg ?? 'The import could not be read. Please try again.';

/** A reservation's dates as written: the day, and the time when the document gives one. */
const when = (value: string) => (value.length > 10 ? `${value.slice(0, 10)} ${value.slice(11, 16)}` : value);
const windowLabel = (w: Trip['instances'][number]) =>
  `${(w.trip_start ?? '').slice(0, 10)} – ${(w.trip_end ?? '').slice(0, 10)}`;

interface Row {
  chosen: boolean;
  target: string;
  category: PlanEntry['category'];
}

export default function ImportPanel({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<ImportDraft | null>(null);
  const [read, reading] = useImportDocumentsMutation();
  const [error, setError] = useState('');

  const [notice, setNotice] = useState('');
  // Nothing is dropped without a word: past the service's limits the panel says what was left out.
  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const tooBig = chosen.filter((file) => file.size > IMPORT_UPLOAD_LIMITS.fileBytes);
    const fitting = chosen.filter((file) => file.size <= IMPORT_UPLOAD_LIMITS.fileBytes);
    const room = Math.max(0, IMPORT_UPLOAD_LIMITS.filesPerRequest - files.length);
    const left = [...tooBig.map((file) => `${file.name} is over ${MB} MB`)];
    if (fitting.length > room) {
      left.push(`at most ${IMPORT_UPLOAD_LIMITS.filesPerRequest} files at once: ${fitting.length - room} not added`);
    }
    setNotice(left.length > 0 ? `${left.join('; ')}.` : '');
    setFiles((before) => [...before, ...fitting.slice(0, room)]);
  };
  const pasteTooLong = new Blob([text]).size > IMPORT_UPLOAD_LIMITS.fileBytes;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    add(event.dataTransfer.files);
  };
  const submit = async () => {
    setError('');
    try {
      setDraft(await read({ files, text }).unwrap());
    } catch (failure) {
      setError(msgOf(failure));
    }
  };

  return (
    <section className="panel import-panel" aria-label="Import bookings">
      <header className="import-panel__head">
        <h2>Import bookings</h2>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
      </header>
      {!draft && (
        <>
          <label className="import-drop" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
            <span>Drop confirmation emails, PDFs, pages, calendar files or passes here, or choose them</span>
            <input
              type="file"
              multiple
              aria-label="Confirmation files"
              accept=".eml,.pdf,.html,.htm,.ics,.pkpass,.json,.txt,message/rfc822,application/pdf,text/calendar,text/html"
              onChange={(e) => add(e.target.files)}
            />
          </label>
          {files.length > 0 && (
            <ul className="import-files">
              {files.map((file, i) => (
                <li key={`${file.name}-${i}`}>{file.name}</li>
              ))}
            </ul>
          )}
          <label className="import-text">
            Or paste a confirmation
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={4}
              aria-invalid={pasteTooLong || undefined}
            />
          </label>
          {pasteTooLong && (
            <p className="form-error" role="alert">
              The pasted text is over {MB} MB.
            </p>
          )}
          {notice && (
            <p role="status" className="import-notice">
              {notice}
            </p>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={reading.isLoading || pasteTooLong || (files.length === 0 && !text.trim())}
            onClick={submit}
          >
            {reading.isLoading ? 'Reading…' : 'Read bookings'}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="import-error">
          {error}
        </p>
      )}
      {draft && <Review trip={trip} draft={draft} onDone={onClose} />}
    </section>
  );
}

function Review({ trip, draft, onDone }: { trip: Trip; draft: ImportDraft; onDone: () => void }) {
  const plan = useGetImportPlanQuery({ draftId: draft._id, tripId: trip._id });
  const [edits, setEdits] = useState<Record<number, Partial<Row>>>({});
  const [apply, applying] = useApplyImportMutation();
  const [outcome, setOutcome] = useState<ApplyOutcome | null>(null);
  const [error, setError] = useState('');
  const rows = useMemo(
    () =>
      draft.reservations.map((_, index): Row => {
        const entry = plan.data?.[index];
        const base: Row = {
          chosen: entry ? !entry.duplicate : true,
          target: entry?.instanceId ?? NEW_WINDOW,
          category: entry?.category ?? 'other',
        };
        return { ...base, ...edits[index] };
      }),
    [draft, plan.data, edits],
  );
  const change = (index: number, edit: Partial<Row>) =>
    setEdits((before) => ({ ...before, [index]: { ...before[index], ...edit } }));

  const addChosen = async () => {
    const items: ApplyChoice[] = rows.flatMap((row, index) => {
      if (!row.chosen) return [];
      const r = draft.reservations[index];
      const target =
        row.target === NEW_WINDOW
          ? { new_window: { start: r.start.slice(0, 10), end: r.end.slice(0, 10) } }
          : { instanceId: row.target };
      return [{ index, category: row.category, ...target }];
    });
    setError('');
    try {
      setOutcome(await apply({ draftId: draft._id, tripId: trip._id, items }).unwrap());
    } catch (failure) {
      setError(msgOf(failure));
    }
  };

  if (outcome) return <Outcome draft={draft} outcome={outcome} onDone={onDone} />;

  return (
    <div className="import-review">
      {draft.reservations.length > 0 ? (
        <ReviewTable trip={trip} draft={draft} rows={rows} plan={plan.data} onChange={change} />
      ) : (
        <p>No booking was found.</p>
      )}
      {draft.problems.length > 0 && (
        <div className="import-problems">
          <h3>Not understood</h3>
          <ul>
            {draft.problems.map((p, i) => (
              <li key={i}>
                <strong>{p.file}</strong>: {p.msg}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p role="alert" className="import-error">
          {error}
        </p>
      )}
      {draft.reservations.length > 0 && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={plan.isLoading || applying.isLoading || !rows.some((row) => row.chosen)}
          onClick={addChosen}
        >
          {applying.isLoading ? 'Adding…' : 'Add'}
        </button>
      )}
    </div>
  );
}

function ReviewRow(props: {
  trip: Trip;
  reservation: Reservation;
  row: Row;
  duplicate: boolean;
  onChange: (edit: Partial<Row>) => void;
}) {
  const { trip, reservation: r, row, duplicate, onChange } = props;
  const label = [r.provider, r.name].filter(Boolean).join(' · ');
  return (
    <tr className={duplicate ? 'import-row import-row--duplicate' : 'import-row'}>
      <td>
        <input
          type="checkbox"
          aria-label={`Add ${label}`}
          checked={row.chosen}
          onChange={(e) => onChange({ chosen: e.target.checked })}
        />
      </td>
      <td>
        {label}
        {r.confirmation && <span className="import-code"> #{r.confirmation}</span>}
        {duplicate && <span className="import-note"> Already in this trip</span>}
      </td>
      <td>
        {when(r.start)}
        {r.end !== r.start && ` → ${when(r.end)}`}
      </td>
      <td>
        <select
          aria-label={`Window for ${label}`}
          value={row.target}
          onChange={(e) => onChange({ target: e.target.value })}
        >
          {trip.instances.map((w) => (
            <option key={w._id} value={w._id}>
              {windowLabel(w)}
            </option>
          ))}
          <option value={NEW_WINDOW}>New window for these dates</option>
        </select>
      </td>
      <td>
        <select
          aria-label={`Category for ${label}`}
          value={row.category}
          onChange={(e) => onChange({ category: e.target.value as Row['category'] })}
        >
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </td>
      <td>{r.amount !== undefined && r.currency ? formatMoney(r.amount, r.currency) : '—'}</td>
    </tr>
  );
}

function Outcome({ draft, outcome, onDone }: { draft: ImportDraft; outcome: ApplyOutcome; onDone: () => void }) {
  return (
    <div className="import-outcome" role="status">
      <p>
        Added {outcome.added.length} booking{outcome.added.length === 1 ? '' : 's'}.
        {outcome.skipped.length > 0 && ` Skipped ${outcome.skipped.length}.`}
      </p>
      {outcome.skipped.length > 0 && (
        <ul>
          {outcome.skipped.map((s) => (
            <li key={s.index}>
              {draft.reservations[s.index]?.name}: {s.msg}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn--secondary" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

function ReviewTable(props: {
  trip: Trip;
  draft: ImportDraft;
  rows: Row[];
  plan: PlanEntry[] | undefined;
  onChange: (index: number, edit: Partial<Row>) => void;
}) {
  const { trip, draft, rows, plan, onChange } = props;
  return (
    <table className="import-table">
      <thead>
        <tr>
          <th scope="col">Add</th>
          <th scope="col">Booking</th>
          <th scope="col">Dates</th>
          <th scope="col">Window</th>
          <th scope="col">Category</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {draft.reservations.map((r, index) => (
          <ReviewRow
            key={index}
            trip={trip}
            reservation={r}
            row={rows[index]}
            duplicate={plan?.[index]?.duplicate ?? false}
            onChange={(edit) => onChange(index, edit)}
          />
        ))}
      </tbody>
    </table>
  );
}
