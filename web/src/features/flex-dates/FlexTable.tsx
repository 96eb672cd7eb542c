// The Flex dates grid: start dates across, nights down, each cell the window's total at
// those dates (the server's figures), coloured from cheaper to dearer. One key and click
// handler on the table; rows memoised.
import { calendarDay } from '@tripcost/shared/domain';
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
import { formatMoney } from '../../lib/format';
import { windowName } from '../windows';
import type { Instance } from '../../lib/types';
import {
  cellDescription,
  cellFigure,
  cellKey,
  columnHeading,
  marksOf,
  nightsWord,
  scaleStep,
  type CellMarks,
  type FlexCell,
  type FlexGrid,
} from './flex';

/** Step `step` (0 cheapest … 5 dearest) of the grid's colour scale as a background (flex.css --flex-scale-n). */
export const stepColour = (step: number): CSSProperties => ({ backgroundColor: `var(--flex-scale-${step})` });

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

/** Where the keyboard is in the grid (row = length, column = start date). */
type Position = { row: number; col: number };

/** Scrolls the window's own cell into view, once per grid; answers the scroller's ref. */
function useOwnCellInView(grid: FlexGrid) {
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
  return scrollerRef;
}

/** The start dates across the top, the window's own and the weekends marked. */
function GridHeader({ starts, ownStart }: { starts: string[]; ownStart: string }) {
  return (
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
  );
}

/**
 * The grid: rows memoised, so moving the keyboard's position re-renders only the two
 * rows involved, and one key and click handler on the table (868 cells, no handler each).
 */
export const FlexTable = memo(function FlexTable({
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
  const scrollerRef = useOwnCellInView(grid);

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
          <GridHeader starts={starts} ownStart={ownStart} />
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
