// What every change to a trip is checked against, and the helpers the changes share: the
// one rule tying items to expenses (withDerivedCosts), the window and trip checks, and
// whether a change changed anything. trip-changes.ts and item-changes.ts import these;
// this file imports neither.
import {
  AppError,
  datedPricesProblem,
  datesOutOfRange,
  isMoney,
  LATEST_TRAVEL_DATE,
  EARLIEST_TRAVEL_DATE,
  notFound,
  sameDocument,
} from '@tripcost/shared';
import { datesInvalid } from '../../costs';
import { checkPeopleRefs } from '../../shares';
import { categoryOverCap, deriveWindowCosts, MAX_CATEGORY_TOTAL, type CostItem } from '../../costs';
import {
  EXPENSE_FIELDS,
  MAX_TRAVELERS,
  tripDigits,
  type DatedExpenses,
  type InstanceRecord,
  type TripRecord,
  INSTANCE_NOT_FOUND,
} from '../../trip';

export const END_BEFORE_START = 'The end date cannot be before the start date.';

export const BUDGET_MESSAGE = 'The budget must be an amount from 0 to 1,000,000,000, or empty for no budget.';

export const TRAVELERS_MESSAGE = `Travellers must be a whole number from 1 to ${MAX_TRAVELERS}.`;

export const DATES_OUT_OF_RANGE = `Dates must be from ${EARLIEST_TRAVEL_DATE} to ${LATEST_TRAVEL_DATE}: give this window new dates.`;

export function requireInstance(trip: TripRecord, instanceId: string): InstanceRecord {
  const instance = trip.instances.find((candidate) => candidate._id === instanceId);
  if (!instance) throw notFound(INSTANCE_NOT_FOUND);
  return instance;
}

/** The fields a partial edit actually sets (absent means unchanged). */
export function pickDefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export const copyItem = (item: CostItem): CostItem => ({
  ...item,
  ...(item.seasons ? { seasons: item.seasons.map((season) => ({ ...season })) } : {}),
  ...(item.quotes ? { quotes: item.quotes.map((quote) => ({ ...quote })) } : {}),
});

/**
 * The one rule tying items to expenses, applied after every change: each window with
 * items has its four expenses equal to its items' sums for its current nights and the
 * trip's travellers, and the trip carries the committed window's expenses. A change
 * that would push a category above MAX_CATEGORY_TOTAL is refused (400), so totals
 * stay exact to the cent. Windows without items keep their own numbers.
 */
export function withDerivedCosts(trip: TripRecord): TripRecord {
  const travellers = trip.travelers ?? 1;
  const digits = tripDigits(trip);
  const instances = trip.instances.map((instance) => {
    if (!instance.items?.length) return instance;
    const over = categoryOverCap(instance, travellers, digits);
    if (over) {
      throw new AppError(
        400,
        `The ${over} items of a window can add up to at most ${MAX_CATEGORY_TOTAL.toLocaleString('en-US')}.`,
        'items_over_cap',
      );
    }
    const {
      paid_total: _paid,
      booked_total: _booked,
      to_pay: _toPay,
      fx_effect: _fxEffect,
      ...derived
    } = deriveWindowCosts(instance, travellers, digits);
    return derived;
  });
  const committed = instances.find((instance) => instance._id === trip.committedInstanceId);
  return { ...trip, ...(committed ? expensesOf(committed) : {}), instances };
}

function expensesOf(source: DatedExpenses) {
  const { stay_expense, travel_expense, car_expense, other_expense } = source;
  return { stay_expense, travel_expense, car_expense, other_expense };
}

const EXPENSE_LABELS: Record<(typeof EXPENSE_FIELDS)[number], string> = {
  stay_expense: 'The stay expense',
  travel_expense: 'The travel expense',
  car_expense: 'The car expense',
  other_expense: 'The other expense',
};
const MONEY_RANGE = 'must be a number from 0 to 1,000,000,000.';

/**
 * The rules on one window (or the trip's own dates and expenses) as it will be
 * stored: the end is not before the start when both are set, and every amount is
 * money (finite, 0 to 1e9). Applied after merging a change, never to the fields sent
 * alone, so no route and no partial body can store a window that breaks them (400).
 */
export function checkWindow(window: DatedExpenses & { items?: CostItem[] }): void {
  // A date stored before the range held reads as unset; a change keeps it only until new dates replace it.
  if (datesOutOfRange(window)) throw new AppError(400, DATES_OUT_OF_RANGE, 'date_out_of_range');
  if (datesInvalid(window)) throw new AppError(400, END_BEFORE_START, 'end_before_start');
  for (const field of EXPENSE_FIELDS) {
    if (!isMoney(window[field])) throw new AppError(400, `${EXPENSE_LABELS[field]} ${MONEY_RANGE}`, 'invalid_money');
  }
  for (const item of window.items ?? []) {
    if (!isMoney(item.amount)) throw new AppError(400, `The amount ${MONEY_RANGE}`, 'invalid_money');
    // Checked on the item as merged, so an edit of its basis alone cannot strand its rates.
    const problem = datedPricesProblem(item);
    if (problem) throw new AppError(400, problem, 'invalid_dated_prices');
  }
}

/** The fields a window's figures are computed from (its own inputs, before derivation). */
const inputsOf = (window: DatedExpenses & { items?: CostItem[] }): string =>
  JSON.stringify([
    window.trip_start,
    window.trip_end,
    ...(window.items?.length ? [window.items] : EXPENSE_FIELDS.map((field) => window[field])),
  ]);

/**
 * checkWindow over every window of the trip after a change, and over the trip's own
 * dates and expenses. A window stored before these rules held everywhere (its end
 * before its start) is never rewritten: it may stay as it is while other fields
 * change (label, notes, status, travellers), but a change to its dates, amounts or
 * items must leave it valid.
 */
export function checkTrip(before: TripRecord | null, after: TripRecord): void {
  const previous = new Map((before?.instances ?? []).map((window) => [window._id, window]));
  for (const window of after.instances) {
    const old = previous.get(window._id);
    if (old && inputsOf(old) === inputsOf(window)) continue;
    checkWindow(window);
  }
  if (!before || inputsOf(before) !== inputsOf(after)) {
    // The trip's copy of the plan: its dates and amounts are checked with the window's.
    checkWindow({ ...after, items: [] });
  }
  const travelers = after.travelers ?? 1;
  if (!Number.isInteger(travelers) || travelers < 1 || travelers > MAX_TRAVELERS) {
    throw new AppError(400, TRAVELERS_MESSAGE, 'invalid_travelers');
  }
  if (after.budget !== null && after.budget !== undefined && !isMoney(after.budget)) {
    throw new AppError(400, BUDGET_MESSAGE, 'invalid_money');
  }
}

/**
 * Every change ends here: the trip after it is checked as it will be stored
 * (checkTrip, and its references to people: checkPeopleRefs), then its itemised
 * expenses are derived again (withDerivedCosts).
 */
export function settleChange(before: TripRecord | null, after: TripRecord): TripRecord {
  checkTrip(before, after);
  checkPeopleRefs(before, after);
  return withDerivedCosts(after);
}

/** Stamped by every change; not a change on its own. */
const CHANGE_TIME = new Set(['updated_at']);

/**
 * A change whose trip, settled as it would be stored, equals the stored one apart from
 * the time of the change, changes nothing: the one rule that keeps an empty body, the
 * same values sent again or a field the caller's role may not set from writing a new
 * version (docs/adr/0054-writes-that-change-nothing.md).
 */
export function changesNothing(before: TripRecord, after: TripRecord): boolean {
  return sameDocument(before, after, CHANGE_TIME);
}
