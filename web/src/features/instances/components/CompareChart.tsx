// The four cost categories of every window as stacked bars (recharts, in its own
// chunk: only the trip page loads it). Categories differ by pattern as well as
// colour, and the legend names them; screen readers get a text summary, and anyone
// can switch to the same numbers as a table ("Show as table").
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis, type YAxisTickContentProps } from 'recharts';
import { formatMoney, formatShortDate } from '../../../lib/format';
import type { Instance } from '../../../lib/types';
import { statusOf, windowName } from '../compare';

const CATEGORIES = [
  { key: 'stay_expense', label: 'Stay', color: '#0f766e', pattern: 'solid' },
  { key: 'travel_expense', label: 'Travel', color: '#1d4ed8', pattern: 'stripes' },
  { key: 'car_expense', label: 'Car', color: '#b45309', pattern: 'dots' },
  { key: 'other_expense', label: 'Other', color: '#7e22ce', pattern: 'crosshatch' },
] as const;

type Category = (typeof CATEGORIES)[number];

const ROW_HEIGHT = 30;
const AXIS_WIDTH = 96;
const FONT_SIZE = 12;
const MARGIN = { top: 4, right: 12, bottom: 4, left: 4 };
/** Tick labels on one line: given no width, recharts does not measure their words to wrap them. */
const UNWRAPPED = { width: undefined };
const noLines = () => [];
/** Space between two amounts on the cost axis. */
const X_TICK_GAP = 20;

type Row = {
  id: string;
  name: string;
  eliminated: boolean;
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
  total: number;
};

/** A short name for the axis: the label, else the start date. */
const shortName = (window: Instance) => window.label || formatShortDate(window.trip_start);

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

export default function CompareChart({ windows, cheapestId }: { windows: Instance[]; cheapestId: string | null }) {
  const [asTable, setAsTable] = useState(false);
  const prefix = useId().replace(/:/g, '');
  const patternId = (category: Category) => `${prefix}-${category.pattern}`;
  const rows = useMemo<Row[]>(
    () =>
      windows.map((window) => ({
        id: window._id,
        name: shortName(window),
        eliminated: statusOf(window) === 'eliminated',
        stay_expense: window.stay_expense ?? 0,
        travel_expense: window.travel_expense ?? 0,
        car_expense: window.car_expense ?? 0,
        other_expense: window.other_expense ?? 0,
        total: window.total_cost ?? 0,
      })),
    [windows],
  );
  const summary = useMemo(() => chartSummary(windows, cheapestId), [windows, cheapestId]);
  if (windows.length === 0) return null;

  return (
    <figure className="compare-chart">
      <figcaption className="compare-chart__caption">
        <span className="compare-chart__title">Costs by category</span>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </figcaption>
      <p className="sr-only">{summary}</p>
      {/* Patterns live in their own SVG so the legend and the bars can both use them. */}
      <svg width="0" height="0" className="compare-chart__defs" aria-hidden="true">
        <defs>
          {CATEGORIES.map((category) => (
            <Pattern key={category.key} id={patternId(category)} category={category} />
          ))}
        </defs>
      </svg>
      <ul className="compare-chart__legend" aria-label="Categories">
        {CATEGORIES.map((category) => (
          <li key={category.key}>
            <svg width="14" height="14" aria-hidden="true">
              <rect width="14" height="14" rx="3" fill={`url(#${patternId(category)})`} />
            </svg>
            {category.label}
          </li>
        ))}
      </ul>
      {asTable ? (
        <div className="compare__scroll">
          <table className="compare__table compare-chart__table">
            <caption className="sr-only">Costs by category for each window</caption>
            <thead>
              <tr>
                <th scope="col">Window</th>
                {CATEGORIES.map((category) => (
                  <th scope="col" key={category.key}>
                    {category.label}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {windows.map((window, index) => (
                <tr key={window._id} className={rows[index].eliminated ? 'is-eliminated' : undefined}>
                  <th scope="row">{windowName(window)}</th>
                  {CATEGORIES.map((category) => (
                    <td key={category.key}>{formatMoney(rows[index][category.key])}</td>
                  ))}
                  <td>{formatMoney(rows[index].total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Plot rows={rows} patternId={patternId} />
      )}
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
function Plot({ rows, patternId }: { rows: Row[]; patternId: (category: Category) => string }) {
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
  const height = 40 + rows.length * ROW_HEIGHT;
  const { width, font } = layout;
  const measure = useMemo(() => textWidth(`${FONT_SIZE}px ${font}`), [font]);
  const costTicks = useMemo(() => costAxisTicks(rows, width, measure), [rows, width, measure]);

  return (
    <div ref={ref} className="compare-chart__plot" style={{ height }} aria-hidden="true">
      {width > 0 && (
        <BarChart width={width} height={height} data={rows} layout="vertical" margin={costTicks.margin}>
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
            tick={(props: YAxisTickContentProps) => <WindowTick {...props} measure={measure} />}
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
                <Cell key={row.id} fillOpacity={row.eliminated ? 0.3 : 1} strokeOpacity={row.eliminated ? 0.3 : 1} />
              ))}
            </Bar>
          ))}
        </BarChart>
      )}
    </div>
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
 * amount, centred on the axis's end, inside the picture.
 */
export function costAxisTicks(rows: Row[], width: number, measure: Measure) {
  const highest = Math.max(
    0,
    ...rows.map((row) => row.stay_expense + row.travel_expense + row.car_expense + row.other_expense),
  );
  let fitted: { ticks: number[]; margin: typeof MARGIN } | undefined;
  for (let steps = 4; steps >= 1; steps -= 1) {
    const step = roundStep(Math.max(highest, 1) / steps);
    const ticks = Array.from({ length: steps + 1 }, (_, index) => index * step);
    const label = measure(formatMoney(ticks[steps], 0)); // the widest
    const margin = { ...MARGIN, right: Math.max(MARGIN.right, Math.ceil(label / 2) + 2) };
    fitted = { ticks, margin };
    const axis = width - AXIS_WIDTH - margin.left - margin.right;
    if (axis / steps >= label + X_TICK_GAP) break;
  }
  return fitted!;
}

/** A window's name beside its bar, wrapped to the axis's width as recharts would wrap it. */
function WindowTick({
  x,
  y,
  width = AXIS_WIDTH,
  fill,
  className,
  payload,
  measure,
}: YAxisTickContentProps & { measure: Measure }) {
  const lines = wrapWords(String(payload.value), Number(width), measure);
  // recharts' vertical centring: half the extra lines up, then half a cap height down.
  const firstDy = `${0.355 - (lines.length - 1) / 2}em`;
  return (
    <text x={x} y={y} textAnchor="end" fill={fill} fontSize={FONT_SIZE} className={`recharts-text ${className ?? ''}`}>
      {lines.map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? firstDy : '1em'}>
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

/** What the chart shows, in words. */
export function chartSummary(windows: Instance[], cheapestId: string | null): string {
  if (windows.length === 0) return 'No windows to chart.';
  const cheapest = windows.find((window) => window._id === cheapestId);
  const parts = windows.map(
    (window) =>
      `${windowName(window)}: ${formatMoney(window.total_cost ?? 0)} (stay ${formatMoney(window.stay_expense ?? 0)}, travel ${formatMoney(
        window.travel_expense ?? 0,
      )}, car ${formatMoney(window.car_expense ?? 0)}, other ${formatMoney(window.other_expense ?? 0)})${
        statusOf(window) === 'eliminated' ? ', eliminated' : ''
      }.`,
  );
  const lead = `Stacked costs of ${windows.length} window${windows.length === 1 ? '' : 's'}.`;
  const best = cheapest ? ` Cheapest: ${windowName(cheapest)} at ${formatMoney(cheapest.total_cost ?? 0)}.` : '';
  return `${lead}${best} ${parts.join(' ')}`;
}
