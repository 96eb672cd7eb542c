// The comparison of a trip's date windows: every figure a client shows next to a
// window (total, nights, per night, per person, difference to the cheapest) and the
// trip's summary (cheapest, lowest, highest, spread, against the budget). All money
// arithmetic here is on whole cents, so every sum and difference is exact and every
// client shows the same figures to the cent; each division is rounded to cents once.

import {
  DEFAULT_CURRENCY_DIGITS,
  EXPENSE_FIELDS,
  datesInvalid,
  expenseMinorUnits,
  fromMinorUnits as toAmount,
  nightsBetween,
  shareMinorUnits,
  statusOf,
  toMinorUnits,
  totalMinorUnits,
  type InstanceStatus,
} from '@tripcost/shared';

// The money and date rules are the shared core's (also the web app's); the names this
// service has always used stay, as re-exports.
export {
  INSTANCE_STATUSES,
  datesInvalid,
  nightsBetween,
  shareOf,
  shiftDate,
  statusOf,
  type InstanceStatus,
} from '@tripcost/shared';
export { fromMinorUnits as fromCents, toMinorUnits as toCents, totalMinorUnits as totalCents } from '@tripcost/shared';

type ExpenseSource = Partial<Record<(typeof EXPENSE_FIELDS)[number], unknown>>;

export interface WindowLike extends ExpenseSource {
  _id: string;
  trip_start: string | null;
  trip_end: string | null;
  isCommitted?: boolean;
  status?: InstanceStatus;
}

/** Whether a trip's budget is for the whole trip or for each traveller. */
export const BUDGET_BASES = ['trip', 'per_person'] as const;
export type BudgetBasis = (typeof BUDGET_BASES)[number];

/** Which window `overBudgetBy` measures: the committed one once there is one, else the cheapest. */
export type BudgetMeasured = 'cheapest' | 'committed';

export interface Comparison {
  cheapestInstanceId: string | null;
  lowest: number | null;
  highest: number | null;
  spread: number | null;
  /**
   * The measured window's figure − budget (its total, or its per-person share with a
   * per-person budget): negative when under budget; null without a budget or a window to measure.
   */
  overBudgetBy: number | null;
  budget_measured: BudgetMeasured | null;
  /** The cheapest window's total rests on at least one stale price (see item-pricing.ts). */
  cheapest_is_stale: boolean;
}

export interface CategoryDeltas {
  stay: number;
  travel: number;
  car: number;
  other: number;
}

export interface WindowFigures {
  total_cost: number;
  nights: number | null;
  per_night: number | null;
  per_person: number;
  /** Total − cheapest total; null for an eliminated window, one with invalid dates, or when no window qualifies. */
  delta_vs_cheapest: number | null;
  /** Each category's expense − the cheapest window's; null exactly when delta_vs_cheapest is. */
  delta_by_category: CategoryDeltas | null;
  /** Stored with the end before the start (data from before the rule held everywhere): no nights, out of the comparison. */
  dates_invalid: boolean;
}

/** Whether `a` wins a tie on total against `b`: the earlier start date; undated windows come last. */
function startsEarlier(a: WindowLike, b: WindowLike): boolean {
  if (a.trip_start === b.trip_start) return false;
  if (!a.trip_start) return false;
  if (!b.trip_start) return true;
  return a.trip_start < b.trip_start;
}

const CATEGORY_FIELDS = [
  ['stay', 'stay_expense'],
  ['travel', 'travel_expense'],
  ['car', 'car_expense'],
  ['other', 'other_expense'],
] as const;

function categoryCents(window: ExpenseSource, digits: number): Record<keyof CategoryDeltas, number> {
  const cents = { stay: 0, travel: 0, car: 0, other: 0 };
  for (const [category, field] of CATEGORY_FIELDS) cents[category] = expenseMinorUnits(window[field], digits);
  return cents;
}

export interface ComparisonOptions {
  budget?: number | null;
  /** 'trip' when absent (trips stored before the basis existed). */
  budgetBasis?: BudgetBasis;
  travelers?: number;
  committedInstanceId?: string | null;
  /** Per window (same order): whether its total rests on a stale price. */
  staleWindows?: readonly boolean[];
  /** Minor-unit digits of the trip's currency (2, cents, when absent). */
  digits?: number;
}

/**
 * The trip's comparison over its windows that are neither eliminated nor dated end
 * before start, and every window's figures (same order as `windows`), computed here
 * and nowhere else. Ties on the total go to the earlier start date, then to the
 * window listed first. The budget measures the committed window once there is a
 * valid one (the plan is what the traveller pays), otherwise the cheapest.
 */
export function compareWindows(
  windows: readonly WindowLike[],
  options: ComparisonOptions = {},
): { comparison: Comparison; figures: WindowFigures[] } {
  const travelers = options.travelers ?? 1;
  const digits = options.digits ?? DEFAULT_CURRENCY_DIGITS;
  const fromMinorUnits = (units: number) => toAmount(units, digits);
  const shareOf = (units: number, parts: number) => toAmount(shareMinorUnits(units, parts), digits);
  const totals = windows.map((window) => totalMinorUnits(window, digits));
  const invalid = windows.map((window) => datesInvalid(window));
  let cheapest = -1;
  let lowest = 0;
  let highest = 0;
  for (let index = 0; index < windows.length; index += 1) {
    const window = windows[index];
    const cents = totals[index];
    if (statusOf(window) === 'eliminated' || invalid[index]) continue;
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
  const cheapestCategories = cheapest === -1 ? null : categoryCents(windows[cheapest], digits);
  const figures = windows.map((window, index): WindowFigures => {
    const cents = totals[index];
    const nights = invalid[index] ? null : nightsBetween(window.trip_start, window.trip_end);
    const compared = cheapestCategories !== null && statusOf(window) !== 'eliminated' && !invalid[index];
    let deltaByCategory: CategoryDeltas | null = null;
    if (compared) {
      const own = categoryCents(window, digits);
      deltaByCategory = {
        stay: fromMinorUnits(own.stay - cheapestCategories.stay),
        travel: fromMinorUnits(own.travel - cheapestCategories.travel),
        car: fromMinorUnits(own.car - cheapestCategories.car),
        other: fromMinorUnits(own.other - cheapestCategories.other),
      };
    }
    return {
      total_cost: fromMinorUnits(cents),
      nights,
      per_night: nights !== null && nights > 0 ? shareOf(cents, nights) : null,
      per_person: shareOf(cents, travelers),
      delta_vs_cheapest: compared ? fromMinorUnits(cents - lowest) : null,
      delta_by_category: deltaByCategory,
      dates_invalid: invalid[index],
    };
  });

  const committedIndex = windows.findIndex(
    (window, index) => window._id === options.committedInstanceId && !invalid[index],
  );
  const measured: BudgetMeasured | null = committedIndex !== -1 ? 'committed' : cheapest !== -1 ? 'cheapest' : null;
  const measuredIndex = measured === 'committed' ? committedIndex : cheapest;
  const budget = options.budget;
  let overBudgetBy: number | null = null;
  if (budget !== null && budget !== undefined && measured !== null) {
    const measuredCents =
      options.budgetBasis === 'per_person' ? shareMinorUnits(totals[measuredIndex], travelers) : totals[measuredIndex];
    overBudgetBy = fromMinorUnits(measuredCents - toMinorUnits(budget, digits));
  }
  const budget_measured = overBudgetBy === null ? null : measured;
  const cheapest_is_stale = cheapest !== -1 && (options.staleWindows?.[cheapest] ?? false);
  const comparison: Comparison =
    cheapest === -1
      ? {
          cheapestInstanceId: null,
          lowest: null,
          highest: null,
          spread: null,
          overBudgetBy,
          budget_measured,
          cheapest_is_stale,
        }
      : {
          cheapestInstanceId: windows[cheapest]._id,
          lowest: fromMinorUnits(lowest),
          highest: fromMinorUnits(highest),
          spread: fromMinorUnits(highest - lowest),
          overBudgetBy,
          budget_measured,
          cheapest_is_stale,
        };
  return { comparison, figures };
}

/**
 * The cheapest window that works for everyone (the comparison's choice among them:
 * neither eliminated nor dated end before start); null when none.
 */
export function cheapestForEveryone(
  instances: ReadonlyArray<{ _id: string; total_cost: number; status: InstanceStatus; dates_invalid: boolean }>,
  works: (instanceId: string) => boolean,
): string | null {
  let best: { _id: string; total_cost: number } | null = null;
  for (const instance of instances) {
    if (instance.status === 'eliminated' || instance.dates_invalid || !works(instance._id)) continue;
    if (best === null || instance.total_cost < best.total_cost) best = instance;
  }
  return best?._id ?? null;
}
