// What can be done to one window, in the cards and in the comparison table alike:
// its status (a menu), "Duplicate…", "Flex dates" (its total at other dates), "Check
// prices" (searches on well-known sites), and Commit — or, on the committed window,
// "Committed ✓" with "Clear plan" (confirmed). A refused save shows the server's message.
import { lazy, Suspense, useState } from 'react';
import { useConfirm } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { showToast } from '../../../lib/toast';
import type { Instance, InstanceStatus } from '../../../lib/types';
import { useClearPlanMutation, useSetWindowFieldsMutation } from '../api';
import { STATUS_LABELS, statusOf, windowName } from '../compare';
// Opened on demand: not in the trip page's first load (its budget, ADR 0022).
const DuplicateDialog = lazy(() => import('./DuplicateDialog').then((m) => ({ default: m.DuplicateDialog })));
import { CheckPrices } from './PriceChecks';

/** Statuses a person picks; Booked comes from committing. */
const PICKABLE: InstanceStatus[] = ['considering', 'top_choice', 'eliminated'];

export interface CommitControl {
  committingId: string | null;
  onCommit: (window: Instance) => void;
}

export function WindowActions({
  tripId,
  window,
  commit,
  compact = false,
  onFlexDates,
}: {
  tripId: string;
  window: Instance;
  commit: CommitControl;
  compact?: boolean;
  /** Opens the Flex dates view on this window (where the trip page shows it). */
  onFlexDates?: (window: Instance) => void;
}) {
  const dispatch = useAppDispatch();
  const [confirm, confirmDialog] = useConfirm();
  const [duplicating, setDuplicating] = useState(false);
  const [setFields, { isLoading: savingStatus }] = useSetWindowFieldsMutation();
  const [clearPlan, { isLoading: clearing }] = useClearPlanMutation();
  const name = windowName(window);
  const status = statusOf(window);
  const failed = (error: unknown, fallback: string) =>
    dispatch(showToast({ type: 'error', message: errorMessage(error, fallback) }));

  async function onStatus(next: InstanceStatus) {
    try {
      await setFields({ tripId, instanceId: window._id, fields: { status: next } }).unwrap();
    } catch (error) {
      failed(error, 'Failed to save the status. Please try again.');
    }
  }

  async function onClearPlan() {
    const ok = await confirm(
      'Clear the plan? This window stays as a top choice; the trip loses its committed dates and costs.',
      'Clear plan',
    );
    if (!ok) return;
    try {
      await clearPlan({ tripId, instanceId: window._id }).unwrap();
      dispatch(showToast({ type: 'success', message: 'Plan cleared' }));
    } catch (error) {
      failed(error, 'Failed to clear the plan. Please try again.');
    }
  }

  return (
    <div className={`window-actions ${compact ? 'window-actions--compact' : ''}`}>
      <label className="window-actions__status">
        <span className="sr-only">Status of {name}</span>
        <select
          value={status}
          disabled={window.isCommitted || savingStatus}
          onChange={(event) => onStatus(event.target.value as InstanceStatus)}
        >
          {(window.isCommitted ? (['booked'] as InstanceStatus[]) : PICKABLE).map((option) => (
            <option key={option} value={option}>
              {STATUS_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-label={`Duplicate ${name}`}
        onClick={() => setDuplicating(true)}
      >
        Duplicate…
      </button>
      {onFlexDates && window.trip_start && window.trip_end && !window.dates_invalid && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={`Flex dates for ${name}`}
          onClick={() => onFlexDates(window)}
        >
          Flex dates
        </button>
      )}
      <CheckPrices window={window} />
      {window.isCommitted ? (
        <>
          <button type="button" className="btn btn--success btn--sm" disabled>
            Committed ✓
          </button>
          <button type="button" className="btn btn--ghost-danger btn--sm" disabled={clearing} onClick={onClearPlan}>
            Clear plan
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={commit.committingId !== null}
          onClick={() => commit.onCommit(window)}
        >
          {commit.committingId === window._id ? 'Committing...' : 'Commit'}
        </button>
      )}
      {duplicating && (
        <Suspense fallback={null}>
          <DuplicateDialog
            tripId={tripId}
            window={window}
            onClose={(duplicated) => {
              setDuplicating(false);
              if (duplicated) dispatch(showToast({ type: 'success', message: 'Window duplicated' }));
            }}
          />
        </Suspense>
      )}
      {confirmDialog}
    </div>
  );
}
