// The comparison board: a summary line (lowest, highest, spread, which window the
// budget is measured against), status filter chips with counts, a table sortable by
// date, total and per night whose Δ column says why a window costs more (per category),
// and the stacked cost chart (its own chunk, loaded when the board is shown). Below
// ~1,000 px of room each row becomes a card (compare.css). Every figure comes from the
// server; this only words and orders them.
import { Suspense, useEffect, useMemo, useState, type ComponentType, type Dispatch, type SetStateAction } from 'react';
import { formatMoney } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import {
  budgetLabel,
  budgetWording,
  cheapestIsStale,
  countByStatus,
  formatOptionalMoney,
  hasForeignItems,
  RepriceTrip,
  sortWindows,
  STATUS_LABELS,
  STATUSES,
  statusOf,
  type CommitControl,
  type Sort,
  type SortKey,
  type StatusFilter,
} from '../windows';
import { useCanEdit } from '../sharing';
import { CompareRow } from './CompareRow';
import { PerPersonShares } from './PerPerson';
import './compare.css';

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
      <StatusChips
        filter={filter}
        setFilter={setFilter}
        counts={counts}
        shared={shared}
        everyoneOnly={everyoneOnly}
        setEveryoneOnly={setEveryoneOnly}
        forEveryone={forEveryone}
      />
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
      <PerPersonShares trip={trip} windows={shown} />
      <ChartArea trip={trip} windows={shown} />
    </div>
  );
}

/** The chart of the windows the table shows, once its chunk is here (or why not). */
function ChartArea({ trip, windows }: { trip: Trip; windows: Instance[] }) {
  const chart = useCompareChart();
  return chart.Chart ? (
    <chart.Chart trip={trip} windows={windows} />
  ) : chart.failed ? (
    <p className="muted" role="alert">
      The chart could not be loaded.{' '}
      <button type="button" className="btn btn--ghost btn--sm" onClick={chart.retry}>
        Try again
      </button>
    </p>
  ) : (
    <p className="muted">Loading the chart…</p>
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

/** The status filter chips with their counts, and (planning together) "Works for everyone". */
function StatusChips({
  filter,
  setFilter,
  counts,
  shared,
  everyoneOnly,
  setEveryoneOnly,
  forEveryone,
}: {
  filter: StatusFilter;
  setFilter: (filter: StatusFilter) => void;
  counts: Record<StatusFilter, number>;
  shared: boolean;
  everyoneOnly: boolean;
  setEveryoneOnly: Dispatch<SetStateAction<boolean>>;
  forEveryone: number;
}) {
  return (
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
  );
}

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
