// 'Trip Instances' (docs/product.md §2): the trip's windows as cards, as the comparison board or
// as Flex dates (one window's total at other dates; the choice remembered per trip), with delete,
// commit, status, duplicate, naming, create and CSV export. Cards come newest first (the spec)
// or by start date, remembered per trip too.
import { FormError } from '../../../components/Form';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DownloadButton } from '../../../components/DownloadButton';
import { errorMessage } from '../../../lib/api';
import { useAppDispatch, type AppState } from '../../../lib/hooks';
import { useStore } from 'react-redux';
import { showToast, UNDO_TOAST_MS } from '../../../lib/toast';
import type { Instance, Trip } from '../../../lib/types';
import { useCommitInstanceMutation, useDeleteInstanceMutation } from '../api';
import {
  orderCards,
  rememberedOrder,
  rememberedView,
  rememberOrder,
  rememberView,
  type CardOrder,
  type WindowsView,
} from '../rules';
import { TripCurrencyProvider } from '../../currencies';
import { FlexDates } from '../../flex-dates';

import { WindowActionsProvider } from './WindowActions';
import { WindowCard } from './WindowCard';
import { useCanEdit, VotesProvider } from '../../sharing';
import './windows.css';
import './grid.css';
// After these: the board (a chunk of its own) brings its compare.css, whose rules come after them.
import { CompareBoard } from '../../compare';

export { preloadCompareChart } from '../../compare';

// Opened on demand: not in the trip page's first load (its budget, ADR 0022).
const CreateInstanceModal = lazy(() =>
  import('./CreateInstanceModal').then((m) => ({ default: m.CreateInstanceModal })),
);

const VIEW_LABELS: Record<WindowsView, string> = { cards: 'Cards', compare: 'Compare', flex: 'Flex dates' };

/** Deleting a window (asked first) and committing one (one at a time), with what they say. */
function useWindowCommands(trip: Trip) {
  const dispatch = useAppDispatch();
  const [confirm, confirmDialog] = useConfirm();
  const [committingId, setCommittingId] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const commitLock = useRef(false);
  const deleting = useRef(new Set<string>());
  const [commitInstance] = useCommitInstanceMutation();
  const [deleteInstance] = useDeleteInstanceMutation();
  const store = useStore<AppState>();

  async function onDelete(instance: Instance) {
    if (deleting.current.has(instance._id)) return;
    const ok = await confirm(
      instance.isCommitted
        ? 'Do you want to delete this committed instance?'
        : 'Delete this instance? It stays in the trip’s bin for 30 days.',
    );
    if (!ok) return;
    deleting.current.add(instance._id);
    setDeleteError('');
    try {
      await deleteInstance({ tripId: trip._id, instanceId: instance._id }).unwrap();
      // Without a network the deletion waits on this device (ADR 0038): say so, not "deleted".
      if (store.getState().session.offline) {
        const message = 'Deleted on this device — it will be deleted everywhere when you are back online';
        dispatch(showToast({ type: 'success', message }));
      } else {
        // Undo for 10 s: the window comes back from the trip's bin (loaded when pressed).
        const undo = () =>
          void import('../../history').then(({ undoAfterDelete }) =>
            undoAfterDelete(dispatch, { kind: 'window', tripId: trip._id, id: instance._id }),
          );
        dispatch(
          showToast({
            type: 'success',
            message: 'Instance deleted successfully',
            duration: UNDO_TOAST_MS,
            action: { label: 'Undo', run: undo },
          }),
        );
      }
    } catch {
      // The card is back (the optimistic removal was undone); docs/product.md §8 has an alert for
      // the trip overview and a message that stays beside the list.
      setDeleteError('Failed to delete instance. Please try again.');
      dispatch(showToast({ type: 'error', message: 'Failed to delete instance. Try again.' }));
    } finally {
      deleting.current.delete(instance._id);
    }
  }

  async function onCommit(instance: Instance) {
    // Only one commit at a time (docs/product.md §4).
    if (commitLock.current) return;
    commitLock.current = true;
    setCommittingId(instance._id);
    try {
      await commitInstance({ tripId: trip._id, instanceId: instance._id }).unwrap();
    } catch (error) {
      dispatch(showToast({ type: 'error', message: errorMessage(error, 'Failed to commit instance. Try again.') }));
    } finally {
      commitLock.current = false;
      setCommittingId(null);
    }
  }

  // Stable between renders (the latest onCommit through a ref), so the board's memoised rows are not redrawn for them.
  const latestCommit = useRef(onCommit);
  latestCommit.current = onCommit;
  const commit = useMemo(
    () => ({ committingId, onCommit: (instance: Instance) => void latestCommit.current(instance) }),
    [committingId],
  );
  return { onDelete, commit, deleteError, confirmDialog };
}

/** How the windows show (cards, Compare, Flex dates), the cards' order, the CSV and Create. */
function GridTools({
  trip,
  view,
  chooseView,
  order,
  setOrder,
  editable,
  onCreate,
}: {
  trip: Trip;
  view: WindowsView;
  chooseView: (view: WindowsView) => void;
  order: CardOrder;
  setOrder: (order: CardOrder) => void;
  editable: boolean;
  onCreate: () => void;
}) {
  return (
    <div className="instances__tools">
      <div className="segmented" role="group" aria-label="Show windows as">
        {(['cards', 'compare', 'flex'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="segmented__option"
            aria-pressed={view === option}
            onClick={() => chooseView(option)}
          >
            {VIEW_LABELS[option]}
          </button>
        ))}
      </div>
      {view === 'cards' && (trip.instances ?? []).length > 1 && (
        <label className="instances__order">
          <span>Sort:</span>
          <select
            className="control--compact"
            value={order}
            onChange={(event) => {
              const next = event.target.value as CardOrder;
              setOrder(next);
              rememberOrder(trip._id, next);
            }}
          >
            <option value="newest">Newest first</option>
            <option value="start">By start date</option>
          </select>
        </label>
      )}
      {(trip.instances ?? []).length > 0 && (
        <DownloadButton
          path={`/trips/getaway/${encodeURIComponent(trip._id)}/comparison.csv`}
          fallbackName="comparison.csv"
          label="Download CSV"
          failure="Failed to make the CSV file. Please try again."
        />
      )}
      {editable && (
        <button type="button" className="btn btn--primary" onClick={onCreate}>
          Create New Instance
        </button>
      )}
    </div>
  );
}

export function InstanceGrid({ trip }: { trip: Trip }) {
  const { onDelete, commit, deleteError, confirmDialog } = useWindowCommands(trip);
  const [creating, setCreating] = useState(false);
  const [view, setView] = useState<WindowsView>(() => rememberedView(trip._id));
  const [order, setOrder] = useState<CardOrder>(() => rememberedOrder(trip._id));
  // The window Flex dates opens on ("Flex dates" on a card or row); else the cheapest.
  const [flexWindowId, setFlexWindowId] = useState<string | null>(null);
  // A viewer reads and votes: no control here that the server would refuse them.
  const editable = useCanEdit();
  const instances = trip.instances ?? [];
  const cards = useMemo(() => orderCards(instances, order), [instances, order]);

  const tripId = trip._id;
  const chooseView = useCallback(
    (next: WindowsView) => {
      setView(next);
      rememberView(tripId, next);
    },
    [tripId],
  );
  const openFlex = useCallback(
    (instance: Instance) => {
      setFlexWindowId(instance._id);
      chooseView('flex');
    },
    [chooseView],
  );

  const cardActions = useMemo(() => ({ commit, onDelete, onFlexDates: openFlex }), [commit, onDelete, openFlex]);

  return (
    // One set of save and vote hooks for all the windows below (not one per card or row).
    <WindowActionsProvider tripId={trip._id}>
      <TripCurrencyProvider currency={trip.currency}>
        <VotesProvider>
          <section className="instances" aria-labelledby="instances-heading">
            <div className="section-header">
              <h2 id="instances-heading">Trip Instances</h2>
              <GridTools
                trip={trip}
                view={view}
                chooseView={chooseView}
                order={order}
                setOrder={setOrder}
                editable={editable}
                onCreate={() => setCreating(true)}
              />
            </div>
            <FormError message={deleteError} />
            {instances.length === 0 ? (
              <div className="empty-state">
                <p className="empty-state__title">No instances yet</p>
                <p className="muted">Add dates and costs to compare options for this trip.</p>
              </div>
            ) : view === 'compare' ? (
              <Suspense fallback={<p className="muted">Loading the comparison…</p>}>
                <CompareBoard trip={trip} commit={commit} onFlexDates={openFlex} />
              </Suspense>
            ) : view === 'flex' ? (
              <Suspense fallback={<p className="muted">Loading flexible dates…</p>}>
                <FlexDates trip={trip} windowId={flexWindowId} />
              </Suspense>
            ) : (
              <ul className="card-grid instance-grid" aria-label="Trip instances">
                {cards.map((instance) => (
                  <WindowCard
                    key={instance._id}
                    trip={trip}
                    instance={instance}
                    editable={editable}
                    actions={cardActions}
                  />
                ))}
              </ul>
            )}
            {creating && (
              <Suspense fallback={null}>
                <CreateInstanceModal tripId={trip._id} onClose={() => setCreating(false)} />
              </Suspense>
            )}
            {confirmDialog}
          </section>
        </VotesProvider>
      </TripCurrencyProvider>
    </WindowActionsProvider>
  );
}
