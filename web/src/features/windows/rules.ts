// How the comparison board words and orders the figures the server computed for a
// trip's windows (it never recomputes them: every client shows the same cents).
import { STATUS_LABELS, statusOf as windowStatus } from '@tripcost/shared/domain';
import { formatDateRange, formatMoney, signedMoney, utcDateFormat } from '../../lib/format';

export { signedMoney };
import { budgetBasisOf } from '../../lib/budget';
import type { Instance, InstanceStatus, Trip } from '../../lib/types';

export { budgetBasisOf, budgetLabel, type BudgetBasis } from '../../lib/budget';

/** A window's differences to the cheapest window, per category (server figures, money). */
export type CategoryDeltas = NonNullable<Instance['delta_by_category']>;

/** A window stored with its end before its start: no nights, per night or Δ, never Cheapest. */
export const datesInvalid = (window: Instance): boolean => window.dates_invalid === true;

export { STATUS_LABELS };
export const STATUSES = Object.keys(STATUS_LABELS) as InstanceStatus[];

/** The server's rule (the shared core), so a window stored before statuses reads the same here. */
export const statusOf: (window: Instance) => InstanceStatus = windowStatus;

const monthAndDay = utcDateFormat({ month: 'short', day: 'numeric' });

/** "Mar 1 – Mar 5, 2030" (the year once when both dates share it), for narrow cells. */
export function compactDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const sameYear = start && end && start.slice(0, 4) === end.slice(0, 4);
  if (!sameYear) return formatDateRange(start, end);
  const monthDay = (value: string) => monthAndDay(new Date(value));
  return `${monthDay(start)} – ${monthDay(end)}, ${start.slice(0, 4)}`;
}

/** "Easter week · Mar 1, 2030 – Mar 5, 2030", or just the dates. */
export function windowName(window: Instance): string {
  const dates = formatDateRange(window.trip_start, window.trip_end);
  return window.label ? `${window.label} · ${dates}` : dates;
}

/** "+$120.00 (+9.7%)" against the cheapest total; the percentage only when the cheapest costs something. */
export function formatDelta(
  delta: number | null | undefined,
  lowest: number | null | undefined,
  currency: string,
): string {
  if (delta === null || delta === undefined) return '—';
  const money = `+${formatMoney(delta, currency)}`;
  if (!lowest) return money;
  return `${money} (+${((delta / lowest) * 100).toFixed(1)}%)`;
}

export const formatOptionalMoney = (amount: number | null | undefined, currency: string): string =>
  amount === null || amount === undefined ? '—' : formatMoney(amount, currency);

const CATEGORY_NAMES: (keyof CategoryDeltas)[] = ['stay', 'travel', 'car', 'other'];

/**
 * "+$150.00 stay, +$30.00 travel": a window's difference to the cheapest per category,
 * one part each, categories without a difference left out; none when the server sent none.
 */
export function categoryDifferences(window: Instance, currency: string): string[] {
  const deltas = window.delta_by_category;
  if (!deltas) return [];
  return CATEGORY_NAMES.filter((name) => deltas[name] !== 0).map(
    (name) => `${signedMoney(deltas[name], currency)} ${name}`,
  );
}

/**
 * Which window the budget is measured against and by how much, in words:
 * "Cheapest window is $50.00 under budget", "Committed window is $20.00 per person over
 * budget", "Cheapest window is exactly on budget"; null without a budget.
 */
export function budgetWording(trip: Trip): string | null {
  const comparison = trip.comparison;
  const over = comparison?.overBudgetBy;
  if (over === null || over === undefined) return null;
  const measured = comparison?.budget_measured === 'committed' ? 'Committed window' : 'Cheapest window';
  const perPerson = budgetBasisOf(trip) === 'per_person' ? ' per person' : '';
  if (over > 0) return `${measured} is ${formatMoney(over, trip.currency)}${perPerson} over budget`;
  if (over < 0) return `${measured} is ${formatMoney(-over, trip.currency)}${perPerson} under budget`;
  return `${measured} is exactly on budget`;
}

export type SortKey = 'date' | 'total' | 'per_night';
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** Missing values (no date, no nights) sort last in either direction. */
function sortValue(window: Instance, key: SortKey): number | null {
  if (key === 'date') return window.trip_start ? Date.parse(window.trip_start) : null;
  if (key === 'total') return window.total_cost ?? 0;
  return window.per_night ?? null;
}

export function sortWindows(windows: readonly Instance[], sort: Sort): Instance[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...windows].sort((a, b) => {
    const [x, y] = [sortValue(a, sort.key), sortValue(b, sort.key)];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x - y) * sign;
  });
}

export type StatusFilter = 'all' | InstanceStatus;

export function countByStatus(windows: readonly Instance[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = {
    all: windows.length,
    considering: 0,
    top_choice: 0,
    eliminated: 0,
    booked: 0,
  };
  for (const window of windows) counts[statusOf(window)] += 1;
  return counts;
}

/** The Cards | Compare | Flex dates choice, remembered per trip in this browser. */
export type WindowsView = 'cards' | 'compare' | 'flex';
const viewKey = (tripId: string) => `tripcost:windows-view:${tripId}`;
const VIEWS: readonly string[] = ['cards', 'compare', 'flex'];

export function rememberedView(tripId: string): WindowsView {
  try {
    const stored = localStorage.getItem(viewKey(tripId)) ?? '';
    return VIEWS.includes(stored) ? (stored as WindowsView) : 'cards';
  } catch {
    return 'cards'; // storage disabled: the default view
  }
}

export function rememberView(tripId: string, view: WindowsView): void {
  try {
    localStorage.setItem(viewKey(tripId), view);
  } catch {
    // Storage disabled or full: the choice lasts for this page only.
  }
}

/** How the cards are ordered: the spec's newest window first, or by start date (undated last). */
export type CardOrder = 'newest' | 'start';
const orderKey = (tripId: string) => `tripcost:windows-order:${tripId}`;

export function rememberedOrder(tripId: string): CardOrder {
  try {
    return localStorage.getItem(orderKey(tripId)) === 'start' ? 'start' : 'newest';
  } catch {
    return 'newest';
  }
}

export function rememberOrder(tripId: string, order: CardOrder): void {
  try {
    localStorage.setItem(orderKey(tripId), order);
  } catch {
    // Storage disabled or full: the choice lasts for this page only.
  }
}

/** The windows in the chosen card order; the server already lists them newest first. */
export function orderCards(windows: readonly Instance[], order: CardOrder): Instance[] {
  return order === 'start' ? sortWindows(windows, { key: 'date', direction: 'ascending' }) : [...windows];
}

/** Whether a trip has anything to re-price: an item in another currency than the trip's. */
export const hasForeignItems = (trip: Trip): boolean =>
  (trip.instances ?? []).some((window) => (window.items ?? []).some((item) => item.fx));
