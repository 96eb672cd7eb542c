// What the Compare chart draws and says, apart from drawing it: its rows (one per
// window, its categories stacked), the cost axis, the names fitted beside the bars, and
// the summary in words under the picture. Every amount is a server figure.
import { formatMoney, formatShortDate } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { budgetBasisOf, budgetLabel, categoryDifferences, compactDateRange, datesInvalid, statusOf } from '../windows';

/** The chart's layout, in px. */
export const ROW_HEIGHT = 44;
export const AXIS_WIDTH = 104;
export const FONT_SIZE = 12;
export const MARGIN = { top: 4, right: 12, bottom: 4, left: 4 };
/** Room above the bars for the budget line's label. */
export const BUDGET_LABEL_ROOM = 22;
/** Gap between a bar's end and its total. */
export const TOTAL_OFFSET = 6;
/** Space between two amounts on the cost axis. */
export const X_TICK_GAP = 20;
export const INK = '#0f172a';

export const CATEGORIES = [
  { key: 'stay_expense', label: 'Stay', color: '#0f766e', pattern: 'solid' },
  { key: 'travel_expense', label: 'Travel', color: '#1d4ed8', pattern: 'stripes' },
  { key: 'car_expense', label: 'Car', color: '#b45309', pattern: 'dots' },
  { key: 'other_expense', label: 'Other', color: '#7e22ce', pattern: 'crosshatch' },
] as const;

export type Category = (typeof CATEGORIES)[number];

export type Row = {
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
export function budgetLine(trip: Trip): number | null {
  if (trip.budget === null || trip.budget === undefined) return null;
  return budgetBasisOf(trip) === 'trip' ? trip.budget : null;
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

export type Measure = (text: string) => number;

/** Text width in px for a CSS font, from a canvas (no layout); a rough estimate where there is none (jsdom). */
export function textWidth(font: string): Measure {
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
