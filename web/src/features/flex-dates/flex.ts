// How the Flex dates view words, colours and ranges the grid the server computed
// (GET …/instances/:id/flex): every total, per-person figure, difference and mark
// of cheapness comes from the server; this only picks defaults, words and a colour.
import { addDays, calendarDay, daysBetween } from '@tripcost/shared/domain';
import { formatMoney, utcDateFormat } from '../../lib/format';
import type { components } from '../../lib/api-types';
import type { Instance, Trip } from '../../lib/types';
import { datesInvalid, signedMoney, statusOf } from '../windows';

/** One cell of the grid: this window's items moved to `start` for `nights` (the server's figures). */
export type FlexCell = components['schemas']['FlexCell'];
/** GET …/instances/:id/flex: every cell, and the cheapest overall and per length. */
export type FlexGrid = components['schemas']['FlexGrid'];

/** What the grid is asked for: start dates from…to, lengths minNights…maxNights. */
export interface FlexRange {
  from: string;
  to: string;
  minNights: number;
  maxNights: number;
}

/** The server's limits (the trips service answers 400 beyond them). */
export const FLEX_LIMITS = { startDates: 62, lengths: 14, minNights: 1, maxNights: 60 } as const;
/** The default range: the window's start ± this many days, its nights ± LENGTH_SPAN. */
const DATE_SPAN = 14;
const LENGTH_SPAN = 2;

/** Windows the grid can start from: dated, with valid dates. */
export const flexable = (window: Instance): boolean =>
  Boolean(window.trip_start && window.trip_end) && !datesInvalid(window) && (window.nights ?? 0) >= 1;

/** The window the view opens on: the one asked for, else the trip's cheapest, else the first that can. */
export function initialFlexWindow(trip: Trip, wanted?: string | null): Instance | undefined {
  const windows = (trip.instances ?? []).filter(flexable);
  return (
    windows.find((window) => window._id === wanted) ??
    windows.find((window) => window._id === trip.comparison?.cheapestInstanceId) ??
    windows.find((window) => statusOf(window) !== 'eliminated') ??
    windows[0]
  );
}

/** Start ± 14 days, nights ± 2 (at least one night), inside the server's limits. */
export function defaultRange(window: Instance): FlexRange {
  const start = calendarDay(window.trip_start!);
  const nights = Math.max(1, window.nights ?? 1);
  const minNights = Math.max(FLEX_LIMITS.minNights, nights - LENGTH_SPAN);
  const maxNights = Math.min(FLEX_LIMITS.maxNights, nights + LENGTH_SPAN);
  return { from: addDays(start, -DATE_SPAN), to: addDays(start, DATE_SPAN), minNights, maxNights };
}

/** Why a range cannot be asked for, in words; null when it can. */
export function rangeProblem(range: FlexRange): string | null {
  const dates = /^\d{4}-\d{2}-\d{2}$/;
  if (!dates.test(range.from) || !dates.test(range.to)) return 'Choose the first and last start dates.';
  const starts = daysBetween(range.from, range.to) + 1;
  if (starts < 1) return 'The last start date must not be before the first.';
  if (starts > FLEX_LIMITS.startDates)
    return `Choose at most ${FLEX_LIMITS.startDates} start dates (about two months).`;
  const { minNights, maxNights } = range;
  if (!Number.isInteger(minNights) || !Number.isInteger(maxNights)) return 'Nights are whole numbers.';
  if (minNights < FLEX_LIMITS.minNights || maxNights > FLEX_LIMITS.maxNights)
    return `Nights go from ${FLEX_LIMITS.minNights} to ${FLEX_LIMITS.maxNights}.`;
  if (minNights > maxNights) return 'The fewest nights must not be more than the most.';
  if (maxNights - minNights + 1 > FLEX_LIMITS.lengths) return `Choose at most ${FLEX_LIMITS.lengths} lengths.`;
  return null;
}

const weekday = utcDateFormat({ weekday: 'short' });
const weekdayLong = utcDateFormat({ weekday: 'long' });
const monthDay = utcDateFormat({ month: 'short', day: 'numeric' });
const dayOnly = utcDateFormat({ day: 'numeric' });
const asDate = (day: string) => new Date(`${calendarDay(day)}T00:00:00Z`);

/** Column header: { weekday: 'Thu', date: 'Mar 12' }. */
export const columnHeading = (day: string) => ({ weekday: weekday(asDate(day)), date: monthDay(asDate(day)) });

/** "Mar 12–17" or "Mar 30 – Apr 2". */
export function shortRange(start: string, end: string): string {
  const [a, b] = [asDate(start), asDate(end)];
  if (a.getUTCMonth() === b.getUTCMonth() && a.getUTCFullYear() === b.getUTCFullYear())
    return `${monthDay(a)}–${dayOnly(b)}`;
  return `${monthDay(a)} – ${monthDay(b)}`;
}

export const nightsWord = (nights: number) => `${nights} ${nights === 1 ? 'night' : 'nights'}`;

/** The figure a cell shows: the total, or per person when more than one travels. */
export const cellFigure = (cell: FlexCell, travellers: number): number =>
  travellers > 1 ? cell.per_person : cell.total_cost;

/** What marks a cell out, as the words beside its figure. */
export interface CellMarks {
  cheapest: boolean;
  /** The cheapest of its length (row). */
  rowLowest: boolean;
}

/** Cells keyed by "start|nights" for the grid's lookups. */
export const cellKey = (start: string, nights: number) => `${calendarDay(start)}|${nights}`;

export function marksOf(grid: FlexGrid): Map<string, CellMarks> {
  const marks = new Map<string, CellMarks>();
  const mark = (cell: FlexCell, field: keyof CellMarks) => {
    const key = cellKey(cell.start, cell.nights);
    const current = marks.get(key) ?? { cheapest: false, rowLowest: false };
    current[field] = true;
    marks.set(key, current);
  };
  for (const cell of grid.cheapest.per_length) mark(cell, 'rowLowest');
  if (grid.cheapest.overall) mark(grid.cheapest.overall, 'cheapest');
  return marks;
}

/** The number of colour steps from cheapest to dearest (flex.css has one class per step). */
export const SCALE_STEPS = 6;

/** A cell's step on the colour scale (0 = cheapest) between the grid's lowest and highest figure. */
export function scaleStep(value: number, lowest: number, highest: number): number {
  if (highest <= lowest) return 0;
  return Math.min(SCALE_STEPS - 1, Math.floor(((value - lowest) / (highest - lowest)) * SCALE_STEPS));
}

/** What a screen reader hears for a cell: dates, length, figure and every mark. */
export function cellDescription(cell: FlexCell, travellers: number, currency: string, marks?: CellMarks): string {
  const parts = [
    `${weekdayLong(asDate(cell.start))} ${monthDay(asDate(cell.start))} to ${weekdayLong(asDate(cell.end))} ${monthDay(asDate(cell.end))}`,
    nightsWord(cell.nights),
    travellers > 1
      ? `${formatMoney(cell.per_person, currency)} per person, ${formatMoney(cell.total_cost, currency)} in all`
      : `${formatMoney(cell.total_cost, currency)} in all`,
  ];
  if (marks?.cheapest) parts.push('cheapest of the grid');
  if (marks?.rowLowest) parts.push(`lowest for ${nightsWord(cell.nights)}`);
  if (cell.estimated) parts.push('estimated');
  if (cell.stale) parts.push('prices to re-check');
  return parts.join(', ');
}

/** "Add this window — Mar 12–17, 5 nights, $1,234.00 (−$210.00 vs this window)". */
export function addWindowWording(cell: FlexCell, currency: string): string {
  const delta =
    cell.delta_vs_window === 0
      ? 'the same as this window'
      : `${signedMoney(cell.delta_vs_window, currency)} vs this window`;
  return `Add this window — ${shortRange(cell.start, cell.end)}, ${nightsWord(cell.nights)}, ${formatMoney(cell.total_cost, currency)} (${delta})`;
}
