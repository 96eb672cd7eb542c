// What the sync strip shows when changes made offline need the traveller (ADR 0038):
// each conflict with both values and Keep mine / Keep theirs, and each change that could
// not be applied with its reason and a Copy button. Loaded only when there are some, so
// every page's first load does not carry the conflict view.
import { useState } from 'react';
import { useStore } from 'react-redux';
import { ConflictChoice, conflictRowOf, type ConflictChoiceValue } from '../../../components/ConflictChoice';
import type { AppState, AppDispatch } from '../../../lib/hooks';
import { targetOf } from '../../../lib/merge';
import type { QueuedChange } from '../../../lib/offline/changeQueue';
import { dropChange } from '../../../lib/offline/changeQueue';
import { refreshQueue, settleConflict } from '../offlineSync';

/** The fields as the pages name them (trip settings, the window form, the item form). */
const FIELD_NAMES: Record<string, string> = {
  travelers: 'Travellers',
  budget: 'Budget',
  budget_basis: 'Budget applies',
  trip_start: 'Start Date',
  trip_end: 'End Date',
  stay_expense: 'Stay (Lodging)',
  travel_expense: 'Travel Costs',
  car_expense: 'Car Rental',
  other_expense: 'Other Expenses',
  label: 'Window name',
  notes: 'Notes',
  status: 'Status',
  name: 'Name',
  amount: 'Amount',
};
const shown = (_field: string, value: unknown) =>
  value === null || value === undefined || value === '' ? '(empty)' : String(value);

function titleOf(change: QueuedChange): string {
  const kinds = Object.keys(change.mine).map((key) => targetOf(key).kind);
  if (kinds.includes('item')) return 'This cost item changed while you were offline';
  if (kinds.includes('window')) return 'This window changed while you were offline';
  return 'This trip changed while you were offline';
}

function OfflineConflict({ change }: { change: QueuedChange }) {
  const store = useStore<AppState>() as { dispatch: AppDispatch; getState: () => AppState };
  const [busy, setBusy] = useState(false);
  const rows = (change.conflict?.conflicts ?? []).map((conflict) => ({
    ...conflictRowOf(conflict, FIELD_NAMES, shown),
    locked: conflict.locked,
  }));
  const choose = async (choice: ConflictChoiceValue) => {
    setBusy(true);
    try {
      await settleConflict(store, change, choice);
    } finally {
      setBusy(false);
    }
  };
  return <ConflictChoice title={titleOf(change)} rows={rows} onChoose={choose} busy={busy} theirsLabel="Keep theirs" />;
}

function FailedChange({ change }: { change: QueuedChange }) {
  const store = useStore<AppState>() as { dispatch: AppDispatch; getState: () => AppState };
  const text = JSON.stringify({ trip: change.tripId, changes: change.mine }, null, 2);
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
