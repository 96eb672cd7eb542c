// The four cost categories of every window as stacked bars (recharts, in its own
// chunk: only the trip page loads it). Every bar is labelled with its window's total;
// the cheapest, committed, eliminated and dates-need-fixing windows are named in words
// beside their bars (and the committed one has a dashed outline), so nothing depends on
// colour. Categories differ by pattern as well as colour, and the legend names them.
// A trip budget is drawn as a dashed line. The picture is hidden from screen readers
// (and not focusable); the text summary under it says what it shows, in words.
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { formatMoney, formatShortDate } from '../../../lib/format';
import type { Instance, Trip } from '../../../lib/types';
import { budgetBasisOf, budgetLabel, categoryDifferences, compactDateRange, datesInvalid, statusOf } from '../compare';

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
/** Tick labels on one line: given no width, recharts does not measure their words to wrap them. */
const UNWRAPPED = { width: undefined };
const noLines = () => [];
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
      totalLabel: formatMoney(total),
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
      <Plot rows={rows} patternId={patternId} budget={budget} />
      <p className="compare-chart__summary">{summary}</p>
    </figure>
  );
}

/**
 * The bars, drawn once at the plot's real width. Not ResponsiveContainer: it drew the
 * whole chart at a guessed width and then again once its effect had measured the
 * container. Here the width is read in a layout effect (the page is laid out for the
 * first paint anyway), so the chart is drawn once and painted at its final size; a
 * ResizeObserver follows later changes. Where nothing is laid out (width 0) nothing
 * is drawn. Tick labels are measured on a canvas rather than by recharts, which puts
 * every word into a DOM span and reads it back (a forced layout per word).
 */
function Plot({
  rows,
  patternId,
  budget,
}: {
  rows: Row[];
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
    () => costAxisTicks(rows, width, measure, budget ?? 0, measureBold),
    [rows, width, measure, budget, measureBold],
  );
  const margin = { ...costTicks.margin, top: costTicks.margin.top + top };

  return (
    <div ref={ref} className="compare-chart__plot" style={{ height }} aria-hidden="true">
      {width > 0 && (
        // No accessibility layer: it makes the SVG a focusable "application" inside a picture
        // that is hidden from screen readers (the summary under it says the same in words).
        <BarChart
          width={width}
          height={height}
          data={rows}
          layout="vertical"
          margin={margin}
          accessibilityLayer={false}
        >
          {/* No horizontal lines, so none to place: recharts would still measure every name to place them. */}
          <CartesianGrid horizontal={false} horizontalCoordinatesGenerator={noLines} strokeDasharray="3 3" />
          {/* A fixed number of amounts for the width, all shown: no label measuring to thin them out. */}
          <XAxis
            type="number"
            tickFormatter={(value: number) => formatMoney(value, 0)}
            fontSize={FONT_SIZE}
            domain={[0, costTicks.ticks.at(-1)!]}
            ticks={costTicks.ticks}
            interval={0}
            tick={UNWRAPPED}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={AXIS_WIDTH}
            fontSize={FONT_SIZE}
            interval={0}
            tick={(props: YAxisTickContentProps) => <WindowTick {...props} rows={rows} measure={measure} />}
          />
          <Tooltip formatter={(value) => formatMoney(Number(value))} />
          {CATEGORIES.map((category) => (
            <Bar
              key={category.key}
              dataKey={category.key}
              name={category.label}
              stackId="cost"
              fill={`url(#${patternId(category)})`}
              stroke={category.color}
              isAnimationActive={false}
            >
              {rows.map((row) => (
                <Cell
                  key={row.id}
                  fillOpacity={row.eliminated ? 0.3 : 1}
                  strokeOpacity={row.eliminated ? 0.5 : 1}
                  // The committed window's bar is outlined in dashes as well as named.
                  stroke={row.committed ? INK : category.color}
                  strokeWidth={row.committed ? 2 : 1}
                  strokeDasharray={row.committed ? '5 3' : undefined}
                />
              ))}
            </Bar>
          ))}
          {/* Zero-length, drawn by a custom shape so recharts keeps it: it carries each total's label. */}
          <Bar
            dataKey="end"
            stackId="cost"
            shape={noShape}
            legendType="none"
            tooltipType="none"
            isAnimationActive={false}
          >
            <LabelList
              dataKey="totalLabel"
              position="right"
              offset={TOTAL_OFFSET}
              fontSize={FONT_SIZE}
              fontWeight={700}
              fill={INK}
            />
          </Bar>
          {budget !== null && (
            <ReferenceLine
              x={budget}
              stroke={INK}
              strokeWidth={2}
              strokeDasharray="6 3"
              ifOverflow="extendDomain"
              label={(props: { viewBox?: { x?: number; y?: number } }) => (
                <BudgetLabel {...props} plotWidth={width} text={`Budget ${formatMoney(budget)}`} />
              )}
            />
          )}
        </BarChart>
      )}
    </div>
  );
}

const noShape = () => <g />;

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
 * The amounts on the cost axis and the chart's margins. recharts would measure every
 * amount's label in the DOM (a forced layout each) to drop the ones that collide;
 * here the axis gets round steps from $0, as many (up to 5 amounts) as fit the width
 * with the widest label measured once, and a right margin that keeps the last
 * amount, centred on the axis's end, and the widest bar total inside the picture.
 */
export function costAxisTicks(
  rows: Pick<Row, 'total' | 'totalLabel'>[],
  width: number,
  measure: Measure,
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
    const step = roundStep(Math.max(highest, 1) / steps);
    const ticks = Array.from({ length: steps + 1 }, (_, index) => index * step);
    const label = measure(formatMoney(ticks[steps], 0)); // the widest
    const margin = { ...MARGIN, right: Math.max(MARGIN.right, Math.ceil(label / 2) + 2, totalRoom) };
    fitted = { ticks, margin };
    const axis = width - AXIS_WIDTH - margin.left - margin.right;
    if (axis / steps >= label + X_TICK_GAP) break;
  }
  return fitted!;
}

/**
 * A window's name beside its bar, wrapped to the axis's width as recharts would wrap it,
 * with what marks it out ("★ Cheapest", "✓ Committed") in bold on the lines under it.
 */
function WindowTick({
  x,
  y,
  width = AXIS_WIDTH,
  fill,
  className,
  payload,
  rows,
  measure,
}: YAxisTickContentProps & { rows: Row[]; measure: Measure }) {
  const marks = rows[payload.index]?.marks ?? [];
  const names = wrapWords(String(payload.value), Number(width), measure);
  const lines = [...names, ...marks];
  // recharts' vertical centring: half the extra lines up, then half a cap height down.
  const firstDy = `${0.355 - (lines.length - 1) / 2}em`;
  return (
    <text x={x} y={y} textAnchor="end" fill={fill} fontSize={FONT_SIZE} className={`recharts-text ${className ?? ''}`}>
      {lines.map((line, index) => (
        <tspan
          key={index}
          x={x}
          dy={index === 0 ? firstDy : '1em'}
          fontWeight={index >= names.length ? 700 : undefined}
        >
          {line}
        </tspan>
      ))}
    </text>
  );
}

type Measure = (text: string) => number;

/** Text width in px for a CSS font, from a canvas (no layout); a rough estimate where there is none (jsdom). */
function textWidth(font: string): Measure {
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return (text) => text.length * FONT_SIZE * 0.6;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/** Greedy word wrap, as recharts' Text does it: a word joins the line while line + space + word < width. */
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

const summaryName = (window: Instance) => window.label || compactDateRange(window.trip_start, window.trip_end);

/** One window's difference to the cheapest per category, as "stay +$150.00, travel +$30.00". */
function categoryWords(window: Instance): string {
  const differences = categoryDifferences(window);
  if (!differences) return '';
  // "+$150.00 stay" → "stay +$150.00": the summary leads with the category.
  const words = differences.split(', ').map((part) => {
    const [amount, name] = part.split(' ');
    return `${name} ${amount}`;
  });
  return ` (${words.join(', ')})`;
}

/**
 * What the chart shows, in words: the cheapest window and by how much (and why, per
 * category) it is cheaper than each other window, the committed window, the budget, and
 * the windows left out of the comparison. Every amount is a server figure.
 */
export function chartSummary(trip: Trip, windows: readonly Instance[]): string {
  if (windows.length === 0) return 'No windows to chart.';
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
        window.delta_vs_cheapest === 0
          ? `the same as ${summaryName(window)}`
          : `${formatMoney(window.delta_vs_cheapest!)} less than ${summaryName(window)}${categoryWords(window)}`,
      );
    const lead = `Cheapest: ${summaryName(cheapest)}, ${formatMoney(cheapest.total_cost ?? 0)}`;
    sentences.push(others.length > 0 ? `${lead} — ${others.join('; ')}.` : `${lead}.`);
  } else {
    sentences.push('No window is compared: each is eliminated or has dates that need fixing.');
  }
  const committed = windows.find((window) => window.isCommitted);
  if (committed) sentences.push(`Committed: ${summaryName(committed)}, ${formatMoney(committed.total_cost ?? 0)}.`);
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
