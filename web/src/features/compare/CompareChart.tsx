// The four cost categories of every window as stacked bars (plain SVG, in its own
// chunk: only the trip page loads it). Every bar is labelled with its window's total;
// the cheapest, committed, eliminated and dates-need-fixing windows are named in words
// beside their bars (and the committed one has a dashed outline), so nothing depends on
// colour. Categories differ by pattern as well as colour, and the legend names them.
// A trip budget is drawn as a dashed line. The picture is hidden from screen readers
// (and not focusable); the text summary under it says what it shows, in words.
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { budgetLabel } from '../windows';
import {
  budgetLine,
  CATEGORIES,
  ROW_HEIGHT,
  AXIS_WIDTH,
  FONT_SIZE,
  MARGIN,
  BUDGET_LABEL_ROOM,
  TOTAL_OFFSET,
  INK,
  chartRows,
  chartSummary,
  costAxisTicks,
  nameLines,
  textWidth,
  type Category,
  type Row,
} from './chartModel';

// The chart's words and figures, where the tests read them.
export { chartRows, chartSummary, costAxisTicks, ellipsize, nameLines, wrapWords } from './chartModel';

function Pattern({ id, category }: { id: string; category: Category }) {
  const { color, pattern } = category;
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill={color} opacity={pattern === 'solid' ? 1 : 0.85} />
      {pattern === 'stripes' && <path d="M-2,10 L10,-2 M-2,2 L2,-2 M6,10 L10,6" stroke="#fff" strokeWidth="2" />}
      {pattern === 'dots' && <circle cx="4" cy="4" r="1.6" fill="#fff" />}
      {pattern === 'crosshatch' && <path d="M0,0 L8,8 M8,0 L0,8" stroke="#fff" strokeWidth="1.2" />}
    </pattern>
  );
}

export default function CompareChart({ trip, windows }: { trip: Trip; windows: Instance[] }) {
  const prefix = useId().replace(/:/g, '');
  const patternId = (category: Category) => `${prefix}-${category.pattern}`;
  const rows = useMemo(() => chartRows(trip, windows), [trip, windows]);
  const summary = useMemo(() => chartSummary(trip, windows), [trip, windows]);
  const budget = budgetLine(trip);
  const label = budgetLabel(trip);
  if (windows.length === 0) return null;

  return (
    <figure className="compare-chart">
      <figcaption className="compare-chart__caption">
        <span className="compare-chart__title">Costs by category</span>
      </figcaption>
      {/* Patterns live in their own SVG so the legend and the bars can both use them. */}
      <svg width="0" height="0" className="compare-chart__defs" aria-hidden="true" focusable="false">
        <defs>
          {CATEGORIES.map((category) => (
            <Pattern key={category.key} id={patternId(category)} category={category} />
          ))}
        </defs>
      </svg>
      <ul className="compare-chart__legend" aria-label="Categories">
        {CATEGORIES.map((category) => (
          <li key={category.key}>
            <svg width="14" height="14" aria-hidden="true" focusable="false">
              <rect width="14" height="14" rx="3" fill={`url(#${patternId(category)})`} />
            </svg>
            {category.label}
          </li>
        ))}
        {budget !== null && (
          <li>
            <svg width="18" height="14" aria-hidden="true" focusable="false">
              <line x1="9" y1="0" x2="9" y2="14" stroke={INK} strokeWidth="2" strokeDasharray="4 2" />
            </svg>
            {label}
          </li>
        )}
      </ul>
      <Plot rows={rows} patternId={patternId} budget={budget} currency={trip.currency} />
      <p className="compare-chart__summary">{summary}</p>
    </figure>
  );
}

/**
 * The bars, as plain SVG drawn once at the plot's real width. Not recharts: for 50
 * windows its render took ~100 ms of script plus forced layouts and garbage
 * (bench/web-compare.mjs --profile), while what is drawn here — stacked rectangles,
 * a label each, the cost axis and the budget line — is a few hundred elements that
 * need no layout engine (ADR 0033). The width is read in a layout effect (the page is
 * laid out for the first paint anyway), so the chart is painted at its final size; a
 * ResizeObserver follows later changes. Where nothing is laid out (width 0) nothing is
 * drawn. Text is measured on a canvas, never in the DOM.
 */
function Plot({
  rows,
  patternId,
  budget,
  currency,
}: {
  rows: Row[];
  /** The trip's: the axis and the budget are in it. */
  currency: string;
  patternId: (category: Category) => string;
  budget: number | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState({ width: 0, font: '' });
  useLayoutEffect(() => {
    const plot = ref.current;
    if (!plot) return undefined;
    const measured = (width: number) => Math.round(width);
    setLayout({ width: measured(plot.getBoundingClientRect().width), font: getComputedStyle(plot).fontFamily });
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const width = measured(entry.contentRect.width);
      setLayout((shown) => (shown.width === width ? shown : { ...shown, width }));
    });
    observer.observe(plot);
    return () => observer.disconnect();
  }, []);
  const top = budget === null ? 0 : BUDGET_LABEL_ROOM;
  const height = 40 + top + rows.length * ROW_HEIGHT;
  const { width, font } = layout;
  const measure = useMemo(() => textWidth(`${FONT_SIZE}px ${font}`), [font]);
  // The totals are bold, so wider than the axis's amounts.
  const measureBold = useMemo(() => textWidth(`700 ${FONT_SIZE}px ${font}`), [font]);
  const costTicks = useMemo(
    () => costAxisTicks(rows, width, measure, currency, budget ?? 0, measureBold),
    [rows, width, measure, currency, budget, measureBold],
  );
  const names = useMemo(
    // The room left of the axis's ticks: a line as wide as AXIS_WIDTH ran out of the picture.
    () => rows.map((row) => nameLines(row.name, row.marks.length, AXIS_WIDTH - TICK - TICK_GAP, measure)),
    [rows, measure],
  );

  return (
    <div ref={ref} className="compare-chart__plot" style={{ height }} aria-hidden="true">
      {width > 0 && (
        <Bars
          rows={rows}
          names={names}
          width={width}
          height={height}
          top={top}
          ticks={costTicks.ticks}
          margin={costTicks.margin}
          patternId={patternId}
          budget={budget}
          currency={currency}
        />
      )}
    </div>
  );
}

/** Bar thickness in a row (the rest of ROW_HEIGHT is the gap between bars). */
const BAR_HEIGHT = 28;
/** Axis tick length and the gap between a tick and its words. */
const TICK = 6;
const TICK_GAP = 2;
const GRID = '#cbd5e1';

function Bars({
  rows,
  names,
  width,
  height,
  top,
  ticks,
  margin,
  patternId,
  budget,
  currency,
}: {
  rows: Row[];
  currency: string;
  names: string[][];
  width: number;
  height: number;
  top: number;
  ticks: number[];
  margin: typeof MARGIN;
  patternId: (category: Category) => string;
  budget: number | null;
}) {
  const left = margin.left + AXIS_WIDTH;
  const right = Math.max(left + 1, width - margin.right);
  const plotTop = margin.top + top;
  const plotBottom = height - margin.bottom - 30;
  const highest = ticks.at(-1) || 1;
  const x = (amount: number) => left + (Math.max(0, amount) / highest) * (right - left);
  const rowTop = (index: number) => plotTop + index * ROW_HEIGHT;

  return (
    <svg width={width} height={height} className="compare-chart__svg" focusable="false">
      {ticks.map((tick) => (
        <g key={tick} className="compare-chart__tick">
          <line x1={x(tick)} x2={x(tick)} y1={plotTop} y2={plotBottom} stroke={GRID} strokeDasharray="3 3" />
          <line x1={x(tick)} x2={x(tick)} y1={plotBottom} y2={plotBottom + TICK} stroke="#64748b" />
          <text
            x={x(tick)}
            y={plotBottom + TICK + TICK_GAP}
            dy="0.71em"
            textAnchor="middle"
            fontSize={FONT_SIZE}
            fill="#475569"
          >
            {formatMoney(tick, currency, 0)}
          </text>
        </g>
      ))}
      <line x1={left} x2={right} y1={plotBottom} y2={plotBottom} stroke="#64748b" />
      <line x1={left} x2={left} y1={plotTop} y2={plotBottom} stroke="#64748b" />
      {rows.map((row, index) => (
        <BarRow
          key={row.id}
          row={row}
          names={names[index]}
          top={rowTop(index)}
          left={left}
          x={x}
          patternId={patternId}
          currency={currency}
        />
      ))}
      {budget !== null && (
        <g className="compare-chart__budget">
          <line
            x1={x(budget)}
            x2={x(budget)}
            y1={plotTop}
            y2={plotBottom}
            stroke={INK}
            strokeWidth={2}
            strokeDasharray="6 3"
          />
          <BudgetLabel
            viewBox={{ x: x(budget), y: plotTop }}
            plotWidth={width}
            text={`Budget ${formatMoney(budget, currency)}`}
          />
        </g>
      )}
    </svg>
  );
}

/** One window's bar: its name and marks beside it, its categories stacked, its total at the end. */
function BarRow({
  row,
  names,
  top,
  left,
  x,
  patternId,
  currency,
}: {
  row: Row;
  /** The name's lines, fitted beside the bar. */
  names: string[];
  top: number;
  left: number;
  x: (amount: number) => number;
  patternId: (category: Category) => string;
  currency: string;
}) {
  const centre = top + ROW_HEIGHT / 2;
  const barTop = centre - BAR_HEIGHT / 2;
  const lines = [...names, ...row.marks];
  // Vertical centring of the name's lines on the bar: half the extra lines up.
  const firstDy = `${0.355 - (lines.length - 1) / 2}em`;
  let from = 0;
  return (
    <g className="compare-chart__row">
      <text x={left - TICK - TICK_GAP} y={centre} textAnchor="end" fontSize={FONT_SIZE} fill="#475569">
        {/* The whole name, where the lines beside the bar had to cut it short. */}
        <title>{row.name}</title>
        {lines.map((line, line_) => (
          <tspan
            key={line_}
            x={left - TICK - TICK_GAP}
            dy={line_ === 0 ? firstDy : '1em'}
            fontWeight={line_ >= names.length ? 700 : undefined}
            fill={line_ >= names.length ? INK : undefined}
          >
            {line}
          </tspan>
        ))}
      </text>
      {CATEGORIES.map((category) => {
        const amount = row[category.key];
        if (amount <= 0) return null;
        const x0 = x(from);
        from += amount;
        return (
          <rect
            key={category.key}
            className="compare-chart__bar"
            x={x0}
            y={barTop}
            width={Math.max(0, x(from) - x0)}
            height={BAR_HEIGHT}
            fill={`url(#${patternId(category)})`}
            fillOpacity={row.eliminated ? 0.3 : 1}
            strokeOpacity={row.eliminated ? 0.5 : 1}
            // The committed window's bar is outlined in dashes as well as named.
            stroke={row.committed ? INK : category.color}
            strokeWidth={row.committed ? 2 : 1}
            strokeDasharray={row.committed ? '5 3' : undefined}
          >
            <title>{`${row.name} · ${category.label} ${formatMoney(amount, currency)}`}</title>
          </rect>
        );
      })}
      <text
        className="compare-chart__total"
        x={x(row.total) + TOTAL_OFFSET}
        y={centre}
        dy="0.355em"
        fontSize={FONT_SIZE}
        fontWeight={700}
        fill={INK}
      >
        {row.totalLabel}
      </text>
    </g>
  );
}

/** The budget line's label above the bars, kept inside the picture on whichever side has room. */
function BudgetLabel({
  viewBox,
  plotWidth,
  text,
}: {
  viewBox?: { x?: number; y?: number };
  plotWidth: number;
  text: string;
}) {
  const x = viewBox?.x ?? 0;
  const y = (viewBox?.y ?? 0) - 8;
  const anchor = x > plotWidth / 2 ? 'end' : 'start';
  return (
    <text
      x={x + (anchor === 'end' ? -4 : 4)}
      y={y}
      textAnchor={anchor}
      fontSize={FONT_SIZE}
      fontWeight={700}
      fill={INK}
    >
      {text}
    </text>
  );
}
