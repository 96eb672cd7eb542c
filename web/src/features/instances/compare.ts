// How the comparison board words and orders the figures the server computed for a
// trip's windows (it never recomputes them: every client shows the same cents).
import { formatDateRange, formatMoney, utcDateFormat } from '../../lib/format';
import type { Comparison, Instance, InstanceStatus } from '../../lib/types';

export const STATUS_LABELS: Record<InstanceStatus, string> = {
  considering: 'Considering',
  top_choice: 'Top choice',
  eliminated: 'Eliminated',
  booked: 'Booked',
};
export const STATUSES = Object.keys(STATUS_LABELS) as InstanceStatus[];

export const statusOf = (window: Instance): InstanceStatus =>
  window.status ?? (window.isCommitted ? 'booked' : 'considering');

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
export function formatDelta(delta: number | null | undefined, lowest: number | null | undefined): string {
  if (delta === null || delta === undefined) return '—';
  const money = `+${formatMoney(delta)}`;
  if (!lowest) return money;
  return `${money} (+${((delta / lowest) * 100).toFixed(1)}%)`;
}

export const formatOptionalMoney = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '—' : formatMoney(amount);

/** "Under budget by $50.00" / "Over budget by $50.00" / "Exactly on budget", or null without a budget. */
export function budgetWording(comparison: Comparison | undefined): string | null {
  const over = comparison?.overBudgetBy;
  if (over === null || over === undefined) return null;
  if (over > 0) return `Over budget by ${formatMoney(over)}`;
  if (over < 0) return `Under budget by ${formatMoney(-over)}`;
  return 'Exactly on budget';
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

/** The Cards | Compare choice, remembered per trip in this browser. */
export type WindowsView = 'cards' | 'compare';
const viewKey = (tripId: string) => `tripcost:windows-view:${tripId}`;

export function rememberedView(tripId: string): WindowsView {
  try {
    return localStorage.getItem(viewKey(tripId)) === 'compare' ? 'compare' : 'cards';
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
