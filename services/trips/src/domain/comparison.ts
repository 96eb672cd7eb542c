// The comparison of a trip's date windows: every figure a client shows next to a
// window (total, nights, per night, per person, difference to the cheapest) and the
// trip's summary (cheapest, lowest, highest, spread, against the budget). All money
// arithmetic here is on whole cents, so every sum and difference is exact and every
// client shows the same figures to the cent; each division is rounded to cents once.

import { EXPENSE_FIELDS } from '@tripcost/shared';

/** Where a window stands in the decision. `booked` belongs to the committed window only. */
export const INSTANCE_STATUSES = ['considering', 'top_choice', 'eliminated', 'booked'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

const DAY_MS = 86_400_000;

type ExpenseSource = Partial<Record<(typeof EXPENSE_FIELDS)[number], unknown>>;

/** The four expenses summed in cents, each 0 when absent or not numeric. */
export function totalCents(expenses: ExpenseSource): number {
  let cents = 0;
  for (const field of EXPENSE_FIELDS) {
    const value = expenses[field];
    if (typeof value === 'number' && Number.isFinite(value)) cents += Math.round(value * 100);
  }
  return cents;
}

export const toCents = (money: number): number => Math.round(money * 100);
export const fromCents = (cents: number): number => cents / 100;

/** Whole nights between two UTC-midnight ISO dates; null when either is missing. */
export function nightsBetween(start: string | null | undefined, end: string | null | undefined): number | null {
  if (!start || !end) return null;
  return Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);
}

/** An ISO date moved by whole days (UTC midnight stays UTC midnight); a missing date stays missing. */
export function shiftDate(date: string | null, days: number): string | null {
  return date === null ? null : new Date(Date.parse(date) + days * DAY_MS).toISOString();
}

export interface WindowLike extends ExpenseSource {
  _id: string;
  trip_start: string | null;
  trip_end: string | null;
  isCommitted?: boolean;
  status?: InstanceStatus;
}

/** A window's status; windows stored before statuses existed read as booked when committed. */
export const statusOf = (window: WindowLike): InstanceStatus =>
  window.status ?? (window.isCommitted ? 'booked' : 'considering');

export interface Comparison {
  cheapestInstanceId: string | null;
  lowest: number | null;
  highest: number | null;
  spread: number | null;
  /** Cheapest total − budget: negative when under budget; null without a budget or a cheapest window. */
  overBudgetBy: number | null;
}

export interface WindowFigures {
  total_cost: number;
  nights: number | null;
  per_night: number | null;
  per_person: number;
  /** Total − cheapest total; null for an eliminated window or when no window qualifies. */
  delta_vs_cheapest: number | null;
}

/** An equal share of a total in cents (per traveller, per night), rounded to cents. */
export const shareOf = (cents: number, parts: number): number => fromCents(Math.round(cents / parts));

/** Whether `a` wins a tie on total against `b`: the earlier start date; undated windows come last. */
function startsEarlier(a: WindowLike, b: WindowLike): boolean {
  if (a.trip_start === b.trip_start) return false;
  if (!a.trip_start) return false;
  if (!b.trip_start) return true;
  return a.trip_start < b.trip_start;
}

/**
 * The trip's comparison over its windows that are not eliminated, plus each window's
 * total in cents (same order as `windows`) for `windowFigures`. Ties on the total go
 * to the earlier start date, then to the window listed first.
 */
export function compareWindows(
  windows: readonly WindowLike[],
  budget: number | null | undefined,
): { comparison: Comparison; totals: number[]; cheapestCents: number | null } {
  const totals = new Array<number>(windows.length);
  let cheapest = -1;
  let lowest = 0;
  let highest = 0;
  for (let index = 0; index < windows.length; index += 1) {
    const window = windows[index];
    const cents = totalCents(window);
    totals[index] = cents;
    if (statusOf(window) === 'eliminated') continue;
    if (cheapest === -1) {
      cheapest = index;
      lowest = cents;
      highest = cents;
      continue;
    }
    if (cents > highest) highest = cents;
    if (cents < lowest || (cents === lowest && startsEarlier(window, windows[cheapest]))) {
      cheapest = index;
      lowest = cents;
    }
  }
  if (cheapest === -1) {
    return {
      comparison: { cheapestInstanceId: null, lowest: null, highest: null, spread: null, overBudgetBy: null },
      totals,
      cheapestCents: null,
    };
  }
  return {
    comparison: {
      cheapestInstanceId: windows[cheapest]._id,
      lowest: fromCents(lowest),
      highest: fromCents(highest),
      spread: fromCents(highest - lowest),
      overBudgetBy: budget === null || budget === undefined ? null : fromCents(lowest - toCents(budget)),
    },
    totals,
    cheapestCents: lowest,
  };
}

/** The figures shown beside one window, from its total in cents (see compareWindows). */
export function windowFigures(
  window: WindowLike,
  cents: number,
  cheapestCents: number | null,
  travelers: number,
): WindowFigures {
  const nights = nightsBetween(window.trip_start, window.trip_end);
  return {
    total_cost: fromCents(cents),
    nights,
    per_night: nights !== null && nights > 0 ? shareOf(cents, nights) : null,
    per_person: shareOf(cents, travelers),
    delta_vs_cheapest:
      cheapestCents === null || statusOf(window) === 'eliminated' ? null : fromCents(cents - cheapestCents),
  };
}
