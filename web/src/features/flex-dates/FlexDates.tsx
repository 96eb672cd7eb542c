// "Flex dates": one window's all-in total moved to other start dates (columns) and
// lengths (rows), from the server's grid (GET …/flex). Each cell is coloured on a
// scale and its figure written; the cheapest cell and each length's lowest are marked
// in words, estimated cells with "≈" and prices to re-check with "⚠". The grid follows
// the ARIA grid pattern (arrow keys, Home/End, one tab stop); Enter or a click opens
// "Add this window — …", which creates a window at the cell's dates (duplicate with a
// start and nights, so its total is the cell's).
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useAppDispatch } from '../../lib/hooks';
import { showToast } from '../../lib/toast';
import type { Instance, Trip } from '../../lib/types';
import { calendarDay } from '@tripcost/shared/domain';
import { windowName } from '../windows';
import {
  addWindowWording,
  cellDescription,
  cellFigure,
  cellKey,
  columnHeading,
  defaultRange,
  flexable,
  initialFlexWindow,
  marksOf,
  nightsWord,
  rangeProblem,
  scaleStep,
  shortRange,
  type CellMarks,
  type FlexCell,
  type FlexGrid,
  type FlexRange,
} from './flex';
import { useAddWindowAtMutation, useGetFlexGridQuery } from './flexApi';
import { useCanEdit } from '../sharing';
import { CheckPrices, FreshnessLine } from '../windows';
import './flex.css';

/** How long typing in the range controls settles before the grid is asked again. */
const RANGE_SETTLE_MS = 400;

export function FlexDates({ trip, windowId }: { trip: Trip; windowId?: string | null }) {
  const windows = useMemo(() => (trip.instances ?? []).filter(flexable), [trip.instances]);
  const [chosenId, setChosenId] = useState(() => initialFlexWindow(trip, windowId)?._id);
  // A window chosen elsewhere ("Flex dates" on a card) while this view is open.
  useEffect(() => {
    if (windowId) setChosenId(initialFlexWindow(trip, windowId)?._id);
    // Only a new request moves the choice (the trip changing does not).
  }, [windowId]);
  const window = windows.find((candidate) => candidate._id === chosenId) ?? initialFlexWindow(trip, null);

  if (!window) {
    return (
      <div className="flex-dates">
        <p className="muted">
          Flex dates needs a window with a start and an end date. Create one, and its total is tried at other dates
          here.
        </p>
      </div>
    );
  }
  return (
    <FlexForWindow key={window._id} trip={trip} window={window} windows={windows} onChoose={(id) => setChosenId(id)} />
  );
}

function FlexForWindow({
  trip,
  window,
  windows,
  onChoose,
}: {
  trip: Trip;
  window: Instance;
  windows: Instance[];
  onChoose: (id: string) => void;
}) {
  const pickerId = useId();
  const headingId = useId();
  const defaults = useMemo(() => defaultRange(window), [window]);
  const [draft, setDraft] = useState(() => rangeDraft(defaults));
  const [applied, setApplied] = useState<FlexRange>(defaults);
  const parsed = parseDraft(draft);
  const problem = rangeProblem(parsed);
  useEffect(() => {
    if (problem || sameRange(parsed, applied)) return undefined;
    const timer = setTimeout(() => setApplied(parsed), RANGE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [parsed, applied, problem]);

  const travellers = trip.travelers ?? 1;
  const query = useGetFlexGridQuery({ tripId: trip._id, instanceId: window._id, ...applied });
  const [opened, setOpened] = useState<FlexCell | null>(null);
  const itemised = (window.items?.length ?? 0) > 0;
  const grid = query.data;

  return (
    <section className="flex-dates" aria-labelledby={headingId}>
      <h3 id={headingId} className="sr-only">
        Flex dates
      </h3>
      <div className="flex-dates__controls">
        <label className="field flex-dates__picker" htmlFor={pickerId}>
          <span>Window</span>
          <select id={pickerId} value={window._id} onChange={(event) => onChoose(event.target.value)}>
            {windows.map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                {windowName(candidate)} · {formatMoney(candidate.total_cost ?? 0, trip.currency)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex-dates__range">
          <legend>Start dates</legend>
          <label className="field">
            <span>From</span>
            <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label className="field">
            <span>To</span>
            <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>
        </fieldset>
        <fieldset className="flex-dates__range">
          <legend>Nights</legend>
          <NightsInput
            label="Fewest"
            value={draft.minNights}
            onChange={(minNights) => setDraft({ ...draft, minNights })}
          />
          <NightsInput
            label="Most"
            value={draft.maxNights}
            onChange={(maxNights) => setDraft({ ...draft, maxNights })}
          />
        </fieldset>
        <button
          type="button"
          className="btn btn--ghost btn--sm flex-dates__reset"
          onClick={() => {
            setDraft(rangeDraft(defaults));
            setApplied(defaults);
          }}
        >
          Reset range
        </button>
      </div>
      <div className="flex-dates__window">
        <FreshnessLine window={window} />
        <CheckPrices window={window} />
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {!itemised && (
        <p className="flex-dates__hint" role="note">
          This window has plain amounts, so every other date shows the same total (≈ estimated).{' '}
          <Link to={`/trips/${trip._id}/instances/${window._id}`} state={{ trip, instance: window }}>
            Itemise it
          </Link>{' '}
          — a nightly stay rate, weekend and season rates, fares seen for exact dates — to see what other dates really
          cost.
        </p>
      )}
      <FlexLegend travellers={travellers} />
      {query.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error, 'The grid could not be loaded. Please try again.')}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => query.refetch()}>
            Try again
          </button>
        </p>
      ) : !grid ? (
        <p className="muted" role="status">
          Working out the totals…
        </p>
      ) : (
        <>
          {query.isFetching && (
            <p className="muted" role="status">
              Updating the totals…
            </p>
          )}
          <FlexSummary grid={grid} travellers={travellers} />
          <FlexTable grid={grid} window={window} travellers={travellers} onOpen={setOpened} />
        </>
      )}
      {opened && <AddWindowDialog trip={trip} window={window} cell={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}

type RangeDraft = { from: string; to: string; minNights: string; maxNights: string };
const rangeDraft = (range: FlexRange): RangeDraft => ({
  ...range,
  minNights: String(range.minNights),
  maxNights: String(range.maxNights),
});
const parseDraft = (draft: RangeDraft): FlexRange => ({
  from: draft.from,
  to: draft.to,
  minNights: draft.minNights === '' ? NaN : Number(draft.minNights),
  maxNights: draft.maxNights === '' ? NaN : Number(draft.maxNights),
});
const sameRange = (a: FlexRange, b: FlexRange) =>
  a.from === b.from && a.to === b.to && a.minNights === b.minNights && a.maxNights === b.maxNights;

/** Step `step` (0 cheapest … 5 dearest) of the grid's colour scale as a background (flex.css --flex-scale-n). */
const stepColour = (step: number): CSSProperties => ({ backgroundColor: `var(--flex-scale-${step})` });

function FlexLegend({ travellers }: { travellers: number }) {
  return (
    <ul className="flex-legend" aria-label="How to read the grid">
      <li>
        {travellers > 1 ? `Per person (${travellers} travellers), all in` : 'Trip total, all in'}; columns are start
        dates, rows are nights
      </li>
      <li className="flex-legend__scale">
        <span aria-hidden="true" className="flex-legend__swatches">
          {Array.from({ length: 6 }, (_, step) => (
            <span key={step} style={stepColour(step)} />
          ))}
        </span>
        cheaper to dearer
      </li>
      <li>
        <strong>★ Cheapest</strong> of the grid · <strong>Lowest</strong> for its length
      </li>
      <li>
        <strong>≈</strong> estimated: a fare or total without a price seen for those exact dates is assumed to hold
      </li>
      <li>
        <strong>⚠</strong> a price in it was seen over 14 days ago: re-check it
      </li>
    </ul>
  );
}

/** How far the arrow and page keys move, in rows and columns; the grid's edges stop them. */
const KEY_STEPS: Record<string, readonly [number, number]> = {
  ArrowRight: [0, 1],
  ArrowLeft: [0, -1],
  ArrowDown: [1, 0],
  ArrowUp: [-1, 0],
  PageDown: [0, 7],
  PageUp: [0, -7],
};

/** Where a key moves the grid's focus from `at` (`last` is the far corner); null for other keys. */
function keyMove(key: string, ctrlKey: boolean, at: Position, last: Position): Position | null {
  const step = KEY_STEPS[key];
  if (step) {
    return {
      row: Math.min(last.row, Math.max(0, at.row + step[0])),
      col: Math.min(last.col, Math.max(0, at.col + step[1])),
    };
  }
  if (key === 'Home') return ctrlKey ? { row: 0, col: 0 } : { ...at, col: 0 };
  if (key === 'End') return ctrlKey ? last : { ...at, col: last.col };
  return null;
}

function FlexSummary({ grid, travellers }: { grid: FlexGrid; travellers: number }) {
  const best = grid.cheapest.overall;
  if (!best) return <p className="muted">No dates in this range.</p>;
  // When the start date changes nothing at the cheapest length, naming one would
  // suggest it is cheaper than the others.
  const anyStart = grid.cells.every((cell) => cell.nights !== best.nights || cell.total_cost === best.total_cost);
  return (
    <p className="flex-dates__summary" aria-live="polite">
      Cheapest: <strong>{anyStart ? 'any start date' : shortRange(best.start, best.end)}</strong>,{' '}
      {nightsWord(best.nights)}, <strong>{formatMoney(cellFigure(best, travellers), grid.currency)}</strong>
      {travellers > 1 ? ' per person' : ''}
      {best.estimated ? ' (≈ estimated)' : ''}
      {best.stale ? ' (prices to re-check)' : ''}
    </p>
  );
}

/** Where the keyboard is in the grid (row = length, column = start date). */
type Position = { row: number; col: number };

/**
 * The grid: rows memoised, so moving the keyboard's position re-renders only the two
 * rows involved, and one key and click handler on the table (868 cells, no handler each).
 */
const FlexTable = memo(function FlexTable({
  grid,
  window,
  travellers,
  onOpen,
}: {
  grid: FlexGrid;
  window: Instance;
  travellers: number;
  onOpen: (cell: FlexCell) => void;
}) {
  const captionId = useId();
  const layout = useMemo(() => gridLayout(grid, travellers), [grid, travellers]);
  const { starts, lengths, rows } = layout;
  const ownKey = window.trip_start ? cellKey(window.trip_start, window.nights ?? 0) : '';
  const ownStart = window.trip_start ? calendarDay(window.trip_start) : '';
  const [position, setPosition] = useState<Position>(() => startPosition(layout, ownKey));
  const keyboard = useRef(false);
  const tableRef = useRef<HTMLTableElement>(null);
  // A new range may leave the position outside the grid.
  const row = Math.min(position.row, lengths.length - 1);
  const col = Math.min(position.col, starts.length - 1);

  // The window's own cell (where the keyboard starts) is scrolled into view, once per grid.
  const scrollerRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const cell = scroller?.querySelector<HTMLElement>('td[tabindex="0"]');
    if (!scroller || !cell) return;
    const sticky = scroller.querySelector<HTMLElement>('.flex-grid__length')?.offsetWidth ?? 0;
    const hidden = cell.offsetLeft + cell.offsetWidth > scroller.clientWidth || cell.offsetLeft < sticky;
    if (!hidden) return;
    const target = cell.offsetLeft - sticky - (scroller.clientWidth - sticky) / 3;
    // Scrolled to a column's edge: a sliver of a cut column beside the nights looked broken.
    const edges = [...(cell.parentElement?.querySelectorAll<HTMLElement>('td') ?? [])].map(
      (td) => td.offsetLeft - sticky,
    );
    scroller.scrollLeft = Math.max(0, ...edges.filter((edge) => edge <= target));
  }, [grid]);

  useEffect(() => {
    if (!keyboard.current) return;
    keyboard.current = false;
    tableRef.current?.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`)?.focus();
  }, [row, col]);

  const cellAt = useCallback((target: EventTarget) => {
    const element = (target as HTMLElement).closest<HTMLElement>('[data-col]');
    if (!element) return null;
    return { row: Number(element.dataset.row), col: Number(element.dataset.col) };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const at = cellAt(event.target);
    if (!at) return;
    const last = { row: lengths.length - 1, col: starts.length - 1 };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const cell = rows[at.row]?.cells[at.col];
      if (cell) onOpen(cell);
      return;
    }
    const next = keyMove(event.key, event.ctrlKey, at, last);
    if (!next) return;
    event.preventDefault();
    keyboard.current = true;
    setPosition(next);
  }

  function onClick(event: React.MouseEvent<HTMLTableElement>) {
    const at = cellAt(event.target);
    if (!at) return;
    setPosition(at);
    const cell = rows[at.row]?.cells[at.col];
    if (cell) onOpen(cell);
  }

  return (
    <div ref={scrollerRef} className="flex-grid__scroll" role="region" aria-labelledby={captionId}>
      <table
        ref={tableRef}
        className="flex-grid"
        role="grid"
        aria-labelledby={captionId}
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        <caption id={captionId} className="sr-only">
          Flex dates for {windowName(window)}: {travellers > 1 ? 'per person totals' : 'trip totals'} by start date and
          nights. Arrow keys move, Enter adds a window at those dates.
        </caption>
        <thead>
          <tr role="row">
            <th scope="col" role="columnheader" className="flex-grid__corner">
              Nights <span aria-hidden="true">╲</span> start
            </th>
            {starts.map((start) => {
              const heading = columnHeading(start);
              return (
                <th
                  key={start}
                  scope="col"
                  role="columnheader"
                  className={`flex-grid__start ${start === ownStart ? 'is-own' : ''} ${
                    heading.weekday === 'Fri' || heading.weekday === 'Sat' ? 'is-weekend' : ''
                  }`}
                >
                  <span className="flex-grid__weekday">{heading.weekday}</span> {heading.date}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((line, index) => (
            <FlexRow
              key={line.nights}
              index={index}
              line={line}
              activeCol={index === row ? col : -1}
              travellers={travellers}
              currency={grid.currency}
              ownKey={ownKey}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
});

type GridRow = {
  nights: number;
  cells: (FlexCell | null)[];
  steps: number[];
  marks: (CellMarks | undefined)[];
};

/** Columns, rows and each cell's colour step and marks, worked out once per answer. */
function gridLayout(grid: FlexGrid, travellers: number) {
  const starts = [...new Set(grid.cells.map((cell) => calendarDay(cell.start)))].sort();
  const lengths = [...new Set(grid.cells.map((cell) => cell.nights))].sort((a, b) => a - b);
  const byKey = new Map(grid.cells.map((cell) => [cellKey(cell.start, cell.nights), cell]));
  const marks = marksOf(grid);
  const figures = grid.cells.map((cell) => cellFigure(cell, travellers));
  const lowest = Math.min(...figures);
  const highest = Math.max(...figures);
  const rows: GridRow[] = lengths.map((nights) => {
    const cells = starts.map((start) => byKey.get(cellKey(start, nights)) ?? null);
    return {
      nights,
      cells,
      steps: cells.map((cell) => (cell ? scaleStep(cellFigure(cell, travellers), lowest, highest) : 0)),
      marks: cells.map((cell) => (cell ? marks.get(cellKey(cell.start, cell.nights)) : undefined)),
    };
  });
  return { starts, lengths, rows };
}

/** The keyboard starts on the window's own cell, else the cheapest, else the first. */
function startPosition(layout: ReturnType<typeof gridLayout>, ownKey: string): Position {
  const find = (predicate: (cell: FlexCell, marks?: CellMarks) => boolean) => {
    for (let row = 0; row < layout.rows.length; row += 1) {
      const line = layout.rows[row];
      const col = line.cells.findIndex((cell, index) => cell !== null && predicate(cell, line.marks[index]));
      if (col >= 0) return { row, col };
    }
    return null;
  };
  return (
    find((cell) => cellKey(cell.start, cell.nights) === ownKey) ??
    find((_, marks) => marks?.cheapest === true) ?? {
      row: 0,
      col: 0,
    }
  );
}

const FlexRow = memo(function FlexRow({
  index,
  line,
  activeCol,
  travellers,
  currency,
  ownKey,
}: {
  index: number;
  line: GridRow;
  activeCol: number;
  travellers: number;
  /** The grid's (the trip's) currency. */
  currency: string;
  ownKey: string;
}) {
  return (
    <tr role="row">
      <th scope="row" role="rowheader" className="flex-grid__length">
        {nightsWord(line.nights)}
      </th>
      {line.cells.map((cell, col) => {
        // Where the cell stands, for the keyboard (a roving tabindex) and for cellAt.
        const place = { role: 'gridcell', 'data-row': index, 'data-col': col, tabIndex: col === activeCol ? 0 : -1 };
        if (!cell) {
          return (
            <td key={col} {...place} aria-label="No total">
              —
            </td>
          );
        }
        const marks = line.marks[col];
        const own = cellKey(cell.start, cell.nights) === ownKey;
        const words = [
          marks?.cheapest ? '★ Cheapest' : '',
          marks?.rowLowest ? 'Lowest' : '',
          own ? 'This window' : '',
          cell.stale ? '⚠ Re-check' : '',
        ].filter(Boolean);
        return (
          <td
            key={col}
            {...place}
            className={`flex-cell${marks?.cheapest ? ' is-cheapest' : ''}${own ? ' is-own' : ''}`}
            style={stepColour(line.steps[col])}
            // The name says it all (dates, length, figure, marks); the visible words are its short form.
            aria-label={`${cellDescription(cell, travellers, currency, marks)}${own ? ', this window' : ''}`}
          >
            <span className="flex-cell__figure">
              {cell.estimated && <span className="flex-cell__estimate">≈</span>}
              {formatMoney(cellFigure(cell, travellers), currency)}
            </span>
            {words.length > 0 && <span className="flex-cell__marks">{words.join(' · ')}</span>}
          </td>
        );
      })}
    </tr>
  );
});

function AddWindowDialog({
  trip,
  window,
  cell,
  onClose,
}: {
  trip: Trip;
  window: Instance;
  cell: FlexCell;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [addWindow, { isLoading }] = useAddWindowAtMutation();
  // A viewer sees what a window at these dates would cost but cannot add it.
  const editable = useCanEdit();
  const [error, setError] = useState('');
  const travellers = trip.travelers ?? 1;
  const own =
    window.trip_start !== null &&
    calendarDay(window.trip_start ?? '') === calendarDay(cell.start) &&
    window.nights === cell.nights;
  const existing = (trip.instances ?? []).find(
    (other) =>
      other._id !== window._id &&
      other.trip_start &&
      other.trip_end &&
      calendarDay(other.trip_start) === calendarDay(cell.start) &&
      calendarDay(other.trip_end) === calendarDay(cell.end),
  );

  async function onAdd() {
    setError('');
    try {
      await addWindow({
        tripId: trip._id,
        instanceId: window._id,
        start: calendarDay(cell.start),
        nights: cell.nights,
      }).unwrap();
      dispatch(showToast({ type: 'success', message: `Window added: ${shortRange(cell.start, cell.end)}` }));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to add the window. Please try again.'));
    }
  }

  return (
    <Modal title={`${shortRange(cell.start, cell.end)}, ${nightsWord(cell.nights)}`} size="sm" onClose={onClose}>
      <div className="form">
        <p>
          {formatMoney(cell.total_cost, trip.currency)} in all
          {travellers > 1 ? `, ${formatMoney(cell.per_person, trip.currency)} per person` : ''}.
        </p>
        {cell.estimated && (
          <p className="flex-dates__hint">
            ≈ Estimated: some prices were not seen for these exact dates, so this window&apos;s are assumed. Check them
            once it is added.
          </p>
        )}
        {cell.stale && <p className="flex-dates__hint">⚠ A price in this total was seen over 14 days ago.</p>}
        {existing && <p className="muted">You already have a window at these dates: {windowName(existing)}.</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {own ? 'Close' : 'Cancel'}
          </button>
          {own || !editable ? null : (
            <button type="button" className="btn btn--primary" disabled={isLoading} onClick={onAdd} data-autofocus>
              {isLoading ? 'Adding…' : addWindowWording(cell, trip.currency)}
            </button>
          )}
        </div>
        {own && <p className="muted">These are this window&apos;s own dates.</p>}
      </div>
    </Modal>
  );
}

/** One end of the lengths range: whole nights, 1 to 60 (the grid's limits). */
function NightsInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={60}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
