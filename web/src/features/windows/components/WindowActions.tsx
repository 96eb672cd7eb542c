// What can be done to one window, in the cards and in the comparison table alike:
// its status (a menu), "Duplicate…", "Flex dates" (its total at other dates), "Check
// prices" (searches on well-known sites), and Commit — or, on the committed window,
// "Committed ✓" with "Clear plan" (confirmed; its toast's Undo, 10 s, puts the plan back
// through the history's undo). A refused save shows the server's message.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useConfirm } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { showToast, undoableToast } from '../../../lib/toast';
import type { Instance, InstanceStatus } from '../../../lib/types';
import { useClearPlanMutation, useSetWindowFieldsMutation } from '../api';
import { STATUS_LABELS, statusOf, windowName } from '../rules';
// Opened on demand: not in the trip page's first load (its budget, ADR 0022).
const DuplicateDialog = lazy(() => import('./DuplicateDialog').then((m) => ({ default: m.DuplicateDialog })));
import { CheckPrices } from './PriceChecks';

/** Statuses a person picks; Booked comes from committing. */
export const PICKABLE: InstanceStatus[] = ['considering', 'top_choice', 'eliminated'];

export interface CommitControl {
  committingId: string | null;
  onCommit: (window: Instance) => void;
}

/**
 * What every window's actions of one list share: one set of save hooks and one confirm
 * dialog, not one per row — on a 50-window board the per-row hooks were 100 store
 * subscriptions, each run on every store change (issue 26).
 */
interface SharedActions {
  /** Windows whose status is being saved / whose plan is being cleared. */
  saving: ReadonlySet<string>;
  clearing: ReadonlySet<string>;
  onStatus: (window: Instance, next: InstanceStatus) => void;
  onClearPlan: (window: Instance) => void;
}

const ActionsContext = createContext<SharedActions | null>(null);

/** The save hooks every window's actions share; inside a WindowActionsProvider. */
export const useSharedActions = (): SharedActions => useContext(ActionsContext)!;

/** The id set `ids` with `id` added (on) or taken out. */
const toggled = (ids: ReadonlySet<string>, id: string, on: boolean) => {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/** One set of save hooks for every WindowActions below it (a board's rows, the cards). */
export function WindowActionsProvider({ tripId, children }: { tripId: string; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const [confirm, confirmDialog] = useConfirm();
  const [setFields] = useSetWindowFieldsMutation();
  const [clearPlan] = useClearPlanMutation();
  const [saving, setSaving] = useState<ReadonlySet<string>>(() => new Set());
  const [clearing, setClearing] = useState<ReadonlySet<string>>(() => new Set());

  const onStatus = useCallback(
    async (window: Instance, next: InstanceStatus) => {
      setSaving((ids) => toggled(ids, window._id, true));
      try {
        await setFields({ tripId, instanceId: window._id, fields: { status: next } }).unwrap();
      } catch (error) {
        dispatch(
          showToast({ type: 'error', message: errorMessage(error, 'Failed to save the status. Please try again.') }),
        );
      } finally {
        setSaving((ids) => toggled(ids, window._id, false));
      }
    },
    [dispatch, setFields, tripId],
  );

  const onClearPlan = useCallback(
    async (window: Instance) => {
      const ok = await confirm(
        'Clear the plan? This window stays as a top choice; the trip loses its committed dates and costs.',
        'Clear plan',
      );
      if (!ok) return;
      setClearing((ids) => toggled(ids, window._id, true));
      try {
        await clearPlan({ tripId, instanceId: window._id }).unwrap();
        // Undo for 10 s: the clearing's entry undone (the history chunk is loaded when pressed).
        const undo = () =>
          void import('../../history').then(({ undoAfterDelete }) =>
            undoAfterDelete(dispatch, { kind: 'change', tripId, action: 'commit', windowId: window._id }),
          );
        dispatch(undoableToast('Plan cleared', undo));
      } catch (error) {
        dispatch(
          showToast({ type: 'error', message: errorMessage(error, 'Failed to clear the plan. Please try again.') }),
        );
      } finally {
        setClearing((ids) => toggled(ids, window._id, false));
      }
    },
    [clearPlan, confirm, dispatch, tripId],
  );

  const shared = useMemo(
    () => ({
      saving,
      clearing,
      onStatus: (window: Instance, next: InstanceStatus) => void onStatus(window, next),
      onClearPlan: (window: Instance) => void onClearPlan(window),
    }),
    [saving, clearing, onStatus, onClearPlan],
  );
  return (
    <ActionsContext.Provider value={shared}>
      {children}
      {confirmDialog}
    </ActionsContext.Provider>
  );
}

interface WindowActionsProps {
  tripId: string;
  window: Instance;
  commit: CommitControl;
  compact?: boolean;
  /** Opens the Flex dates view on this window (where the trip page shows it). */
  onFlexDates?: (window: Instance) => void;
}

/** Inside a WindowActionsProvider. */
export function WindowActions({ tripId, window, commit, compact = false, onFlexDates }: WindowActionsProps) {
  const shared = useSharedActions();
  const [duplicating, setDuplicating] = useState(false);
  const savingStatus = shared.saving.has(window._id);
  const clearing = shared.clearing.has(window._id);
  const name = windowName(window);
  const status = statusOf(window);

  return (
    <div className={`window-actions ${compact ? 'window-actions--compact' : ''}`}>
      {/* Named by aria-label, not a <label> with hidden words: two elements fewer per row of a 50-window board (issue 26). */}
      <select
        className="window-actions__status"
        aria-label={`Status of ${name}`}
        value={status}
        disabled={window.isCommitted || savingStatus}
        onChange={(event) => shared.onStatus(window, event.target.value as InstanceStatus)}
      >
        {(window.isCommitted ? (['booked'] as InstanceStatus[]) : PICKABLE).map((option) => (
          <option key={option} value={option}>
            {STATUS_LABELS[option]}
          </option>
        ))}
      </select>
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
      <CheckPrices window={window} deferred={compact} />
      {window.isCommitted ? (
        <>
          <button type="button" className="btn btn--success btn--sm" disabled>
            Committed ✓
          </button>
          <button
            type="button"
            className="btn btn--ghost-danger btn--sm"
            disabled={clearing}
            onClick={() => shared.onClearPlan(window)}
          >
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
      {duplicating && <DuplicateWindow tripId={tripId} window={window} onClose={() => setDuplicating(false)} />}
    </div>
  );
}

/** "Duplicate…"'s dialog, loaded when first opened; says "Window duplicated" once it did. */
export function DuplicateWindow({
  tripId,
  window,
  onClose,
}: {
  tripId: string;
  window: Instance;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  return (
    <Suspense fallback={null}>
      <DuplicateDialog
        tripId={tripId}
        window={window}
        onClose={(duplicated) => {
          onClose();
          if (duplicated) dispatch(showToast({ type: 'success', message: 'Window duplicated' }));
        }}
      />
    </Suspense>
  );
}
