// What the sync strip shows when changes made offline need the traveller (ADR 0038):
// each conflict with both versions side by side (theirs, mine) and Keep mine / Keep
// theirs / Merge field by field, and each change that could not be applied with its
// reason and a Copy button. Loaded only when there are some, so every page's first load
// does not carry the conflict view.
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector, type AppState, type AppDispatch } from '../../lib/hooks';
import { COMMITTED, sameValue, targetOf, WINDOW_FIELD_NAMES, type Choice, type FieldKey } from '../../lib/merge';
import type { Trip } from '../../lib/types';
import { tripCache } from '../saving';
import type { QueuedChange } from '../../lib/offline/changeQueue';
import { dropChange } from '../../lib/offline/queueStore';
import { refreshQueue, settleConflict } from './replay';

/** The fields as the pages name them (trip settings, the window form, the item form). */
const FIELD_NAMES: Record<string, string> = {
  ...WINDOW_FIELD_NAMES,
  travelers: 'Travellers',
  budget: 'Budget',
  budget_basis: 'Budget applies',
  isFavorite: 'Favourite',
  currency: 'Currency',
  name: 'Name',
  amount: 'Amount',
  category: 'Category',
  basis: 'Applies',
  booked: 'Reserved',
  paid: 'Paid',
  link: 'Link',
  confirmation: 'Confirmation',
  weekend_amount: 'Weekend amount',
  seasons: 'Seasons',
  quotes: 'Quotes',
  fx: 'Exchange rate',
  committed: 'Plan (committed window)',
};

function shown(field: string, value: unknown): string {
  // A status as the select names it: top_choice → Top choice.
  if (field === 'status' && typeof value === 'string') {
    const words = value.replace(/_/g, ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 10);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A window as the trip page names it: its name, else its dates (the plan's value is a window's id). */
function windowName(trip: Trip | undefined, id: unknown): string {
  if (id === null || id === undefined) return 'No plan';
  const window = trip?.instances.find((w) => w._id === id);
  if (!window) return 'A window not on this device';
  const day = (d: string | null) => (d ? d.slice(0, 10) : '?');
  return window.label || `${day(window.trip_start)} – ${day(window.trip_end)}`;
}

function titleOf(change: QueuedChange): string {
  if (COMMITTED in change.mine) return 'The plan changed while you were offline';
  const kinds = Object.keys(change.mine).map((key) => targetOf(key).kind);
  if (kinds.includes('item')) return 'This cost item changed while you were offline';
  if (kinds.includes('window')) return 'This window changed while you were offline';
  return 'This trip changed while you were offline';
}

type Store = { dispatch: AppDispatch; getState: () => AppState };

/** Keep mine, keep theirs, or merge field by field (then save the merged version, or go back). */
function ConflictActions({
  merging,
  setMerging,
  busy,
  onlyTheirs,
  fieldByField,
  choose,
  picks,
}: {
  merging: boolean;
  setMerging: (merging: boolean) => void;
  busy: boolean;
  onlyTheirs: boolean;
  fieldByField: boolean;
  choose: (choice: Choice | Record<FieldKey, Choice>) => void;
  picks: Record<FieldKey, Choice>;
}) {
  return (
    <div className="form-actions">
      {merging ? (
        <>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => choose(picks)}>
            Save merged version
          </button>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setMerging(false)}>
            Back
          </button>
        </>
      ) : (
        <>
          {!onlyTheirs && (
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => choose('mine')}>
              Keep mine
            </button>
          )}
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => choose('theirs')}>
            Keep theirs
          </button>
          {!onlyTheirs && fieldByField && (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setMerging(true)}>
              Merge field by field
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** Both versions side by side; the fields both sides changed are marked, and in a merge chosen one by one. */
function OfflineConflict({ change }: { change: QueuedChange }) {
  const store = useStore<AppState>() as Store;
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [merging, setMerging] = useState(false);
  const conflicts = change.conflict?.conflicts ?? [];
  const [picks, setPicks] = useState<Record<FieldKey, Choice>>(() =>
    Object.fromEntries(conflicts.map((c) => [c.key, c.locked ? 'theirs' : 'mine'])),
  );
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
  }, []);
  const versions = change.versions ?? {
    theirs: Object.fromEntries(conflicts.map((c) => [c.key, c.theirs])),
    mine: Object.fromEntries(conflicts.map((c) => [c.key, c.mine])),
  };
  const keys = [...new Set([...Object.keys(versions.theirs), ...Object.keys(versions.mine)])];
  const conflicting = new Map(conflicts.map((c) => [c.key, c]));
  const choose = async (choice: Choice | Record<FieldKey, Choice>) => {
    setBusy(true);
    try {
      await settleConflict(store, change, choice);
    } finally {
      setBusy(false);
    }
  };
  const onlyTheirs = conflicts.length > 0 && conflicts.every((c) => c.locked);
  const trip = useAppSelector((state) => tripCache.endpoints.getTrip.select(change.tripId)(state).data);
  const pick = (key: FieldKey, side: Choice, value: unknown) => {
    const conflict = conflicting.get(key);
    const text = key === COMMITTED ? windowName(trip, value) : shown(targetOf(key).field, value);
    if (!merging || !conflict) return text;
    return (
      <label className="offline-conflict__pick">
        <input
          type="radio"
          name={`${id}-${key}`}
          checked={picks[key] === side}
          disabled={side === 'mine' && conflict.locked}
          onChange={() => setPicks({ ...picks, [key]: side })}
        />{' '}
        {text}
      </label>
    );
  };
  return (
    <div ref={ref} className="notice offline-conflict" role="alertdialog" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>{titleOf(change)}</strong>
      </p>
      <p>
        Marked fields were changed on both sides. Your other changes are kept either way.
        {merging ? ' Choose a version for each marked field.' : ''}
      </p>
      <table className="offline-conflict__table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Theirs (on the server)</th>
            <th scope="col">Mine (this device)</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const differs = !sameValue(versions.theirs[key], versions.mine[key]);
            const field = targetOf(key).field;
            return (
              <tr key={key} className={conflicting.has(key) ? 'is-conflict' : differs ? 'is-changed' : undefined}>
                <th scope="row">
                  {FIELD_NAMES[field] ?? field}
                  {conflicting.has(key) ? ' ●' : ''}
                </th>
                <td>{pick(key, 'theirs', versions.theirs[key])}</td>
                <td>{pick(key, 'mine', versions.mine[key])}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConflictActions
        merging={merging}
        setMerging={setMerging}
        busy={busy}
        onlyTheirs={onlyTheirs}
        fieldByField={conflicts.length > 0}
        choose={(choice) => void choose(choice)}
        picks={picks}
      />
    </div>
  );
}

function FailedChange({ change }: { change: QueuedChange }) {
  const store = useStore<AppState>() as Store;
  // What was asked, as text: the fields of an edit, or the request kept as it was made (a rename…).
  const asked = change.request
    ? { request: `${change.request.method} ${change.request.url}`, body: change.request.body }
    : { changes: change.mine };
  const text = JSON.stringify({ ...(change.tripId ? { trip: change.tripId } : {}), ...asked }, null, 2);
  return (
    <div className="notice sync-failed" role="alert">
      <p>
        <strong>A change made offline could not be applied:</strong> {change.failed}
      </p>
      <pre className="sync-failed__text">{text}</pre>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void navigator.clipboard?.writeText(text).catch(() => undefined)}
        >
          Copy
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void dropChange(change).then(() => refreshQueue(store))}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}

/** The conflicts and the changes that could not be applied. */
export default function SyncProblems({ conflicts, failed }: { conflicts: QueuedChange[]; failed: QueuedChange[] }) {
  return (
    <>
      {conflicts.map((change) => (
        <OfflineConflict key={change.key} change={change} />
      ))}
      {failed.map((change) => (
        <FailedChange key={change.key} change={change} />
      ))}
    </>
  );
}
