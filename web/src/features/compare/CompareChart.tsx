// The four cost categories of every window as stacked bars (plain SVG, in its own
// chunk: only the trip page loads it). Every bar is labelled with its window's total;
// the cheapest, committed, eliminated and dates-need-fixing windows are named in words
// beside their bars (and the committed one has a dashed outline), so nothing depends on
// colour. Categories differ by pattern as well as colour, and the legend names them.
// A trip budget is drawn as a dashed line. The picture is hidden from screen readers
// (and not focusable); the text summary under it says what it shows, in words.
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatMoney, formatShortDate } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { budgetBasisOf, budgetLabel, categoryDifferences, compactDateRange, datesInvalid, statusOf } from '../windows';

const CATEGORIES = [
  { key: 'stay_expense', label: 'Stay', color: '#0f766e', pattern: 'solid' },
  { key: 'travel_expense', label: 'Travel', color: '#1d4ed8', pattern: 'stripes' },
  { key: 'car_expense', label: 'Car', color: '#b45309', pattern: 'dots' },
  { key: 'other_expense', label: 'Other', color: '#7e22ce', pattern: 'crosshatch' },
] as const;

type Category = (typeof CATEGORIES)[number];

const ROW_HEIGHT = 44;
const AXIS_WIDTH = 104;
const FONT_SIZE = 12;
const MARGIN = { top: 4, right: 12, bottom: 4, left: 4 };
/** Room above the bars for the budget line's label. */
const BUDGET_LABEL_ROOM = 22;
/** Gap between a bar's end and its total. */
const TOTAL_OFFSET = 6;
/** Space between two amounts on the cost axis. */
const X_TICK_GAP = 20;
const INK = '#0f172a';

type Row = {
  id: string;
  name: string;
  /** Words beside the name: "★ Cheapest", "✓ Committed", "Eliminated", "Dates need fixing". */
  marks: string[];
  committed: boolean;
  eliminated: boolean;
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
  total: number;
  /** The window's total as printed at the end of its bar. */
  totalLabel: string;
  /** A zero-length segment at the end of the stack that carries the total's label. */
  end: 0;
};

/** A short name for the axis: the label, else the start date. */
const shortName = (window: Instance) => window.label || formatShortDate(window.trip_start);

/** What the budget line shows: only a budget for the whole trip is comparable with the bars (trip totals). */
function budgetLine(trip: Trip): number | null {
  if (trip.budget === null || trip.budget === undefined) return null;
  return budgetBasisOf(trip) === 'trip' ? trip.budget : null;
}

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

export function chartRows(trip: Trip, windows: readonly Instance[]): Row[] {
  const cheapestId = trip.comparison?.cheapestInstanceId ?? null;
  return windows.map((window) => {
    const eliminated = statusOf(window) === 'eliminated';
    const marks = [
      window._id === cheapestId ? '★ Cheapest' : '',
      window.isCommitted ? '✓ Committed' : '',
      eliminated ? 'Eliminated' : '',
      datesInvalid(window) ? 'Dates need fixing' : '',
    ].filter(Boolean);
    const total = window.total_cost ?? 0;
    return {
      id: window._id,
      name: shortName(window),
      marks,
      committed: window.isCommitted === true,
      eliminated,
      stay_expense: window.stay_expense ?? 0,
      travel_expense: window.travel_expense ?? 0,
      car_expense: window.car_expense ?? 0,
      other_expense: window.other_expense ?? 0,
      total,
      totalLabel: formatMoney(total, trip.currency),
      end: 0,
    };
  });
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
      {rows.map((row, index) => {
        const centre = rowTop(index) + ROW_HEIGHT / 2;
        const barTop = centre - BAR_HEIGHT / 2;
        const lines = [...names[index], ...row.marks];
        // Vertical centring of the name's lines on the bar: half the extra lines up.
        const firstDy = `${0.355 - (lines.length - 1) / 2}em`;
        let from = 0;
        return (
          <g key={row.id} className="compare-chart__row">
            <text x={left - TICK - TICK_GAP} y={centre} textAnchor="end" fontSize={FONT_SIZE} fill="#475569">
              {/* The whole name, where the lines beside the bar had to cut it short. */}
              <title>{row.name}</title>
              {lines.map((line, line_) => (
                <tspan
                  key={line_}
                  x={left - TICK - TICK_GAP}
                  dy={line_ === 0 ? firstDy : '1em'}
                  fontWeight={line_ >= names[index].length ? 700 : undefined}
                  fill={line_ >= names[index].length ? INK : undefined}
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
      })}
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

/** Round steps for the cost axis, as multiples of a power of ten. */
const STEP_MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The smallest round step ≥ `rough`. */
function roundStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  return (STEP_MANTISSAS.find((mantissa) => mantissa * power >= rough) ?? 10) * power;
}

/**
 * The amounts on the cost axis and the chart's margins. Nothing is measured in the DOM
 * to drop labels that collide: the axis gets round steps from 0, as many (up to 5 amounts) as fit the width
 * with the widest label measured once, and a right margin that keeps the last
 * amount, centred on the axis's end, and the widest bar total inside the picture.
 */
export function costAxisTicks(
  rows: Pick<Row, 'total' | 'totalLabel'>[],
  width: number,
  measure: Measure,
  currency: string,
  budget = 0,
  measureTotal: Measure = measure,
) {
  // The longest bar is the highest total (the server's sum of the four amounts); the axis
  // reaches the budget too, so its line is on the picture.
  const highest = Math.max(0, budget, ...rows.map((row) => row.total));
  // Each total is printed just after its bar, so the widest needs room right of the axis's end.
  const totalRoom = Math.ceil(Math.max(0, ...rows.map((row) => measureTotal(row.totalLabel)))) + TOTAL_OFFSET + 6;
  let fitted: { ticks: number[]; margin: typeof MARGIN } | undefined;
  for (let steps = 4; steps >= 1; steps -= 1) {
    // Whole units at least: the labels have no decimals, so $0.25 steps read "$0 $0 $1".
    const step = Math.max(1, roundStep(Math.max(highest, 1) / steps));
    const ticks = Array.from({ length: steps + 1 }, (_, index) => index * step);
    const label = measure(formatMoney(ticks[steps], currency, 0)); // the widest
    const margin = { ...MARGIN, right: Math.max(MARGIN.right, Math.ceil(label / 2) + 2, totalRoom) };
    fitted = { ticks, margin };
    const axis = width - AXIS_WIDTH - margin.left - margin.right;
    if (axis / steps >= label + X_TICK_GAP) break;
  }
  return fitted!;
}

type Measure = (text: string) => number;

/** Text width in px for a CSS font, from a canvas (no layout); a rough estimate where there is none (jsdom). */
function textWidth(font: string): Measure {
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return (text) => text.length * FONT_SIZE * 0.6;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/** Greedy word wrap: a word joins the line while line + space + word < width. */
export function wrapWords(text: string, width: number, measure: Measure): string[] {
  const space = measure(' ');
  const lines: { words: string[]; width: number }[] = [];
  for (const word of text.split(/[ \f\n\r\t\v\u2028\u2029]+/).filter(Boolean)) {
    const wordWidth = measure(word);
    const line = lines.at(-1);
    if (line && line.width + space + wordWidth < width) {
      line.words.push(word);
      line.width += space + wordWidth;
    } else {
      lines.push({ words: [word], width: wordWidth });
    }
  }
  return lines.map((line) => line.words.join(' '));
}

/** Lines of label beside a bar: its 44 px row holds three of 12 px. */
const LABEL_LINES = 3;

/** `text` cut to `width` with an ellipsis (whole when it fits). */
export function ellipsize(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  let kept = text;
  while (kept.length > 0 && measure(`${kept.trimEnd()}…`) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/**
 * A window's name beside its bar: wrapped to the axis width, but in at most the lines its
 * marks leave ("★ Cheapest" and the others keep a line each, and the name two at most),
 * the last one cut with an ellipsis — a long name no longer runs into the marks or
 * the next row. The whole name is the label's <title>.
 */
export function nameLines(name: string, marks: number, width: number, measure: Measure): string[] {
  const room = Math.max(1, Math.min(2, LABEL_LINES - marks));
  const lines = wrapWords(name, width, measure);
  const kept = lines.slice(0, room);
  if (lines.length > room) kept[room - 1] = `${kept[room - 1]} ${lines.slice(room).join(' ')}`;
  return kept.map((line) => ellipsize(line, width, measure));
}

const summaryName = (window: Instance) => window.label || compactDateRange(window.trip_start, window.trip_end);

/** One window's difference to the cheapest per category, as "stay +$150.00, travel +$30.00". */
function categoryWords(window: Instance, currency: string): string {
  const differences = categoryDifferences(window, currency);
  if (differences.length === 0) return '';
  // "+$150.00 stay" → "stay +$150.00": the summary leads with the category.
  const words = differences.map((part) => {
    const [amount, name] = part.split(' ');
    return `${name} ${amount}`;
  });
  return ` (${words.join(', ')})`;
}

/**
 * What the chart shows, in words: the cheapest window and how much more (and why, per
 * category) each other window costs, the committed window, the budget, and
 * the windows left out of the comparison. Every amount is a server figure.
 */
export function chartSummary(trip: Trip, windows: readonly Instance[]): string {
  if (windows.length === 0) return 'No windows to chart.';
  const currency = trip.currency;
  const cheapestId = trip.comparison?.cheapestInstanceId ?? null;
  const cheapest = windows.find((window) => window._id === cheapestId);
  const sentences: string[] = [];
  if (cheapest) {
    const others = windows
      .filter(
        (window) =>
          window._id !== cheapestId &&
          !datesInvalid(window) &&
          statusOf(window) !== 'eliminated' &&
          window.delta_vs_cheapest !== null &&
          window.delta_vs_cheapest !== undefined,
      )
      .map((window) =>
        // Each other window's difference from the cheapest, its categories signed the same way.
        window.delta_vs_cheapest === 0
          ? `${summaryName(window)} costs the same`
          : `${summaryName(window)} costs ${formatMoney(window.delta_vs_cheapest!, currency)} more${categoryWords(window, currency)}`,
      );
    const lead = `Cheapest: ${summaryName(cheapest)}, ${formatMoney(cheapest.total_cost ?? 0, currency)}`;
    sentences.push(others.length > 0 ? `${lead} — ${others.join('; ')}.` : `${lead}.`);
  } else if (windows.some((window) => !datesInvalid(window) && statusOf(window) !== 'eliminated')) {
    // A filter on the board left the cheapest out of the windows drawn.
    sentences.push('The cheapest window is not among those shown.');
  } else {
    sentences.push('No window is compared: each is eliminated or has dates that need fixing.');
  }
  const committed = windows.find((window) => window.isCommitted);
  if (committed)
    sentences.push(`Committed: ${summaryName(committed)}, ${formatMoney(committed.total_cost ?? 0, currency)}.`);
  const label = budgetLabel(trip);
  if (label) {
    sentences.push(
      budgetLine(trip) === null
        ? `${label} — the bars are whole-trip totals, so no budget line is drawn; compare the Per person column.`
        : `${label}, drawn as a dashed line.`,
    );
  }
  const left = windows
    .filter((window) => datesInvalid(window) || statusOf(window) === 'eliminated')
    .map((window) => `${summaryName(window)} (${datesInvalid(window) ? 'dates need fixing' : 'eliminated'})`);
  if (left.length > 0) sentences.push(`Not compared: ${left.join(', ')}.`);
  return sentences.join(' ');
}
