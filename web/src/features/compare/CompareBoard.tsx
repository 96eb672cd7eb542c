// The comparison board: a summary line (lowest, highest, spread, which window the
// budget is measured against), status filter chips with counts, a table sortable by
// date, total and per night whose Δ column says why a window costs more (per category),
// and the stacked cost chart (its own chunk, loaded when the board is shown). Below
// ~1,000 px of room each row becomes a card (compare.css). Every figure comes from the
// server; this only words and orders them.
import { Fragment, memo, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { formatMoney } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import {
  budgetLabel,
  budgetWording,
  categoryDifferences,
  compactDateRange,
  datesInvalid,
  countByStatus,
  formatDelta,
  formatOptionalMoney,
  hasForeignItems,
  sortWindows,
  STATUS_LABELS,
  STATUSES,
  statusOf,
  windowName,
  type Sort,
  type SortKey,
  type StatusFilter,
} from '../windows';
import { fxEffectWording } from '../currencies';
import { cheapestIsStale } from '../windows';
import { FreshnessLine } from '../windows';
import { RepriceTrip, WindowActions, type CommitControl } from '../windows';
import { useCanEdit, VoteButtons } from '../sharing';

type ChartComponent = ComponentType<{ trip: Trip; windows: Instance[] }>;

let loadedChart: ChartComponent | undefined;
let loadingChart: Promise<ChartComponent> | undefined;

/** The chart's chunk, fetched once; a failed fetch may be tried again. */
function loadChart(): Promise<ChartComponent> {
  loadingChart ??= import('./CompareChart').then(
    (module) => (loadedChart = module.default),
    (error: unknown) => {
      loadingChart = undefined;
      throw error;
    },
  );
  return loadingChart;
}

/**
 * Starts loading the chart's chunk without waiting for the trip, so a
 * trip that opens on Compare shows its chart as soon as the data arrives.
 */
export function preloadCompareChart(): void {
  void loadChart().catch(() => undefined); // the board shows the failure and offers a retry
}

/**
 * The chart component once its chunk is here. Not React.lazy + Suspense: React
 * holds a revealed Suspense boundary back until 300 ms after its fallback showed
 * (it throttles reveals), which made the chart appear ~300 ms after the table even
 * when the chunk was already loaded. A chunk that is here renders in the same
 * pass as the table; one still loading renders as soon as it arrives.
 */
function useCompareChart() {
  const [chart, setChart] = useState<{ Chart?: ChartComponent; failed?: boolean }>(() => ({ Chart: loadedChart }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loadedChart) {
      const Chart = loadedChart;
      setChart((shown) => (shown.Chart ? shown : { Chart })); // no re-render when drawn from the first one
      return;
    }
    let current = true;
    loadChart().then(
      (Chart) => current && setChart({ Chart }),
      () => current && setChart({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return { ...chart, retry: () => setAttempt((count) => count + 1) };
}

// Only trips with items in another currency offer it: not in the board's first load.

const SORTABLE: Record<SortKey, string> = { date: 'Dates', total: 'Total', per_night: 'Per night' };

export function CompareBoard({
  trip,
  commit,
  onFlexDates,
}: {
  trip: Trip;
  commit: CommitControl;
  onFlexDates?: (window: Instance) => void;
}) {
  const [sort, setSort] = useState<Sort>({ key: 'date', direction: 'ascending' });
  const [filter, setFilter] = useState<StatusFilter>('all');
  // Planning together: only the windows every member voted yes on.
  const [everyoneOnly, setEveryoneOnly] = useState(false);
  const editable = useCanEdit();
  const chart = useCompareChart();
  const windows = trip.instances ?? [];
  const shared = (trip.members?.length ?? 0) > 1;
  const counts = useMemo(() => countByStatus(windows), [windows]);
  const forEveryone = windows.filter((window) => window.works_for_everyone).length;
  const cheapestStale = cheapestIsStale(trip);
  // The chart draws the windows the table shows, in its order (with a filter on, only those).
  const inOrder = useMemo(() => sortWindows(windows, sort), [windows, sort]);
  const shown = useMemo(
    () =>
      inOrder.filter(
        (window) => (filter === 'all' || statusOf(window) === filter) && (!everyoneOnly || window.works_for_everyone),
      ),
    [inOrder, filter, everyoneOnly],
  );

  return (
    <div className="compare">
      <CompareSummary trip={trip} />
      {editable && hasForeignItems(trip) && (
        <Suspense fallback={null}>
          <RepriceTrip trip={trip} />
        </Suspense>
      )}
      <div className="chips" role="group" aria-label="Filter windows by status">
        {(['all', ...STATUSES] as StatusFilter[]).map((option) => (
          <button
            key={option}
            type="button"
            className={`chip ${filter === option ? 'chip--selected' : ''}`}
            aria-pressed={filter === option}
            onClick={() => setFilter(option)}
          >
            {option === 'all' ? 'All' : STATUS_LABELS[option]} ({counts[option]})
          </button>
        ))}
        {shared && (
          <button
            type="button"
            className={`chip chip--everyone ${everyoneOnly ? 'chip--selected' : ''}`}
            aria-pressed={everyoneOnly}
            onClick={() => setEveryoneOnly((on) => !on)}
          >
            Works for everyone ({forEveryone})
          </button>
        )}
      </div>
      {/* Explicit roles: the narrow layout restyles the table as cards, and some browsers drop a
          restyled table's semantics. */}
      <div className="compare__scroll" role="region" aria-label="Comparison table" tabIndex={0}>
        <table className="compare__table" role="table">
          <caption className="sr-only">
            Date windows of {trip.location_address}: costs, per night, per person and the difference to the cheapest
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              <SortableHeader column="date" sort={sort} onSort={setSort} />
              <PlainHeaders names={['Nights', 'Stay', 'Travel', 'Car', 'Other']} />
              <SortableHeader column="total" sort={sort} onSort={setSort} />
              <SortableHeader column="per_night" sort={sort} onSort={setSort} />
              <PlainHeaders names={['Per person', 'Δ vs cheapest', shared ? 'Status & votes' : 'Status']} />
            </tr>
          </thead>
          <tbody role="rowgroup">
            {/* Rows are memoised: a board re-render (a vote, a save elsewhere) redraws only the windows that changed. */}
            {shown.map((window) => (
              <CompareRow
                key={window._id}
                tripId={trip._id}
                window={window}
                cheapest={trip.comparison?.cheapestInstanceId === window._id}
                cheapestForEveryone={trip.comparison?.cheapestForEveryoneId === window._id}
                shared={shared}
                editable={editable}
                cheapestStale={cheapestStale}
                lowest={trip.comparison?.lowest}
                currency={trip.currency}
                commit={commit}
                onFlexDates={onFlexDates}
              />
            ))}
          </tbody>
        </table>
        {shown.length === 0 && (
          <p className="muted compare__empty">
            {everyoneOnly ? 'No window works for everyone yet.' : 'No windows with this status.'}
          </p>
        )}
      </div>
      {chart.Chart ? (
        <chart.Chart trip={trip} windows={shown} />
      ) : chart.failed ? (
        <p className="muted" role="alert">
          The chart could not be loaded.{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={chart.retry}>
            Try again
          </button>
        </p>
      ) : (
        <p className="muted">Loading the chart…</p>
      )}
    </div>
  );
}

export function CompareSummary({ trip }: { trip: Trip }) {
  const comparison = trip.comparison;
  if (!comparison || comparison.lowest === null) {
    return (
      <p className="compare__summary muted">
        No window to compare yet: every window is eliminated, has dates that need fixing, or none exists.
      </p>
    );
  }
  const budget = budgetWording(trip);
  const currency = trip.currency;
  const over = (comparison.overBudgetBy ?? 0) > 0;
  return (
    <p className="compare__summary" aria-live="polite">
      <span>Lowest {formatMoney(comparison.lowest, currency)}</span>
      <span>Highest {formatOptionalMoney(comparison.highest, currency)}</span>
      <span>Spread {formatOptionalMoney(comparison.spread, currency)}</span>
      {budget && (
        <>
          <span className="compare__budget">{budgetLabel(trip)}</span>
          <span className={over ? 'compare__over' : 'compare__under'}>{budget}</span>
        </>
      )}
    </p>
  );
}

function SortableHeader({ column, sort, onSort }: { column: SortKey; sort: Sort; onSort: (sort: Sort) => void }) {
  const active = sort.key === column;
  const next: Sort = {
    key: column,
    direction: active && sort.direction === 'ascending' ? 'descending' : 'ascending',
  };
  return (
    <th scope="col" role="columnheader" aria-sort={active ? sort.direction : 'none'} className="compare__sortable">
      <button type="button" className="compare__sort" onClick={() => onSort(next)}>
        {SORTABLE[column]}
        <span aria-hidden="true">{active ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

/*
 * A row's cells are plain <td>s naming their column in data-label (shown when the row
 * is a card, the header row hidden then): no component per cell — 500 fewer for React to
 * build on a 50-window board (issue 26).
 */
/** The four expense columns of a row, in the order of their headers. */
const EXPENSE_COLUMNS = [
  { label: 'Stay', field: 'stay_expense', className: 'compare__stay' },
  { label: 'Travel', field: 'travel_expense', className: 'compare__travel' },
  { label: 'Car', field: 'car_expense', className: 'compare__car' },
  { label: 'Other', field: 'other_expense', className: 'compare__other' },
] as const;

const CompareRow = memo(function CompareRow({
  tripId,
  window,
  cheapest,
  cheapestForEveryone,
  shared,
  editable,
  cheapestStale,
  lowest,
  currency,
  commit,
  onFlexDates,
}: {
  tripId: string;
  window: Instance;
  /** The cheapest of the windows every member voted yes on (the server's `cheapestForEveryoneId`). */
  cheapestForEveryone: boolean;
  /** The trip has members besides the owner: votes are shown. */
  shared: boolean;
  /** My role may change the window (else its status is shown as text). */
  editable: boolean;
  /** The trip's currency: every figure of the row is in it. */
  currency: string;
  cheapest: boolean;
  /** The cheapest rests on a price seen over 14 days ago (the server's `cheapest_is_stale`). */
  cheapestStale: boolean;
  lowest: number | null | undefined;
  commit: CommitControl;
  onFlexDates?: (window: Instance) => void;
}) {
  const eliminated = statusOf(window) === 'eliminated';
  const invalid = datesInvalid(window);
  const differences = categoryDifferences(window, currency);
  // What exchange rates moved the total by since its prices were set, apart from price changes.
  const fxEffect = fxEffectWording(window.fx_effect, currency);
  return (
    <tr role="row" className={eliminated ? 'is-eliminated' : undefined} aria-label={windowName(window)}>
      <th scope="row" role="rowheader" className="compare__name">
        {window.label && <span className="compare__label">{window.label}</span>}
        <span className="compare__window">{compactDateRange(window.trip_start, window.trip_end)}</span>
        {window.isCommitted && <span className="badge badge--success">Committed</span>}
        <FreshnessLine window={window} />
      </th>

      <td role="cell" data-label="Nights" className="compare__nights">
        {invalid ? '—' : (window.nights ?? '—')}
      </td>
      {EXPENSE_COLUMNS.map(({ label, field, className }) => (
        <td key={field} role="cell" data-label={label} className={className}>
          {formatMoney(window[field] ?? 0, currency)}
        </td>
      ))}
      <td role="cell" data-label="Total" className="compare__total">
        <span className="compare__amount">{formatMoney(window.total_cost ?? 0, currency)}</span>
        {fxEffect && <span className="compare__fx-effect">{fxEffect}</span>}
      </td>
      <td role="cell" data-label="Per night" className="compare__per-night">
        {invalid ? '—' : formatOptionalMoney(window.per_night, currency)}
      </td>
      <td role="cell" data-label="Per person" className="compare__per-person">
        {formatOptionalMoney(window.per_person, currency)}
      </td>
      <td role="cell" data-label="Δ vs cheapest" className="compare__delta">
        {invalid ? (
          <span className="badge badge--warning">Dates need fixing</span>
        ) : cheapest ? (
          <span className="badge badge--cheapest">{cheapestStale ? 'Cheapest · prices to re-check' : 'Cheapest'}</span>
        ) : eliminated ? (
          <span className="compare__eliminated">Eliminated</span>
        ) : (
          <>
            <span className="compare__delta-total">{formatDelta(window.delta_vs_cheapest, lowest, currency)}</span>
            {differences.length > 0 && (
              <span className="compare__categories">
                {/* Each "−$40.00 stay" stays on one line: the sign never wraps away from its amount. */}
                {differences.map((part, index) => (
                  <Fragment key={part}>
                    {index > 0 && ', '}
                    <span className="compare__category">{part}</span>
                  </Fragment>
                ))}
              </span>
            )}
          </>
        )}
        {cheapestForEveryone && <span className="badge badge--everyone">Cheapest for everyone</span>}
      </td>
      <td role="cell" data-label={shared ? 'Status & votes' : 'Status'} className="compare__actions">
        {editable ? (
          <WindowActions tripId={tripId} window={window} commit={commit} compact onFlexDates={onFlexDates} />
        ) : (
          STATUS_LABELS[statusOf(window)]
        )}
        {/* In the actions' cell, not a column of their own: the table already fills the page. */}
        {shared && (
          <VoteButtons
            tripId={tripId}
            instanceId={window._id}
            votes={window.votes}
            worksForEveryone={window.works_for_everyone}
            label={windowName(window)}
            compact
          />
        )}
      </td>
    </tr>
  );
});

/** Column headers the board does not sort by. */
function PlainHeaders({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name) => (
        <th key={name} scope="col" role="columnheader" className="compare__secondary">
          {name}
        </th>
      ))}
    </>
  );
}
