// Each consistent change to a trip, as a pure function from the trip before to the
// trip after. This is the only place these rules exist: the trips service reads the
// stored trip, applies one of these and writes the result back with a
// compare-and-swap on its version (both stores, see domain/trip-store.ts). A change
// that the rules refuse throws the AppError the caller answers with.
import {
  AppError,
  datedPricesProblem,
  dayNumber,
  datesOutOfRange,
  dayString,
  isMoney,
  isTravelDay,
  LATEST_TRAVEL_DATE,
  EARLIEST_TRAVEL_DATE,
  MAX_CURRENCY_DIGITS,
  newId,
  roundMoney,
  notFound,
  sameDocument,
  toMinorUnits,
  type Quote,
  type RateTable,
} from '@tripcost/shared';
import { datesInvalid, shiftDate, statusOf, type BudgetBasis, type InstanceStatus } from '../../costs';
import {
  categoryOverCap,
  COST_CATEGORIES,
  type CostCategory,
  deriveWindowCosts,
  MAX_CATEGORY_TOTAL,
  MAX_ITEMS_PER_WINDOW,
  type CostItem,
} from '../../costs';
import {
  datedExpensesOf,
  EXPENSE_FIELDS,
  MAX_INSTANCES_PER_TRIP,
  MAX_TRAVELERS,
  NO_DATES_OR_EXPENSES,
  tripDigits,
  type DatedExpenses,
  type InstanceRecord,
  type TripRecord,
  INSTANCE_NOT_FOUND,
} from '../../trip';
import {
  applyCurrencyChange,
  itemNeedsRates,
  roundExpenses,
  settleItemCurrency,
  type ManualRate,
} from '../../currency';

export const COMMITTED_CANNOT_BE_ELIMINATED = 'The committed window cannot be eliminated. Clear the plan first.';
export const COMMITTED_STAYS_BOOKED = 'The committed window is booked. Clear the plan to change its status.';
export const ONLY_COMMITTED_IS_BOOKED = 'Only the committed window is booked. Commit this window instead.';
export const NOT_THE_PLAN = 'This window is not the committed plan, so there is no plan to clear.';
export const END_BEFORE_START = 'The end date cannot be before the start date.';
export const BUDGET_MESSAGE = 'The budget must be an amount from 0 to 1,000,000,000, or empty for no budget.';
export const TRAVELERS_MESSAGE = `Travellers must be a whole number from 1 to ${MAX_TRAVELERS}.`;
export const FIX_DATES_BEFORE_COMMIT =
  'This window’s end date is before its start date. Fix its dates before committing it.';
export const DATES_OUT_OF_RANGE = `Dates must be from ${EARLIEST_TRAVEL_DATE} to ${LATEST_TRAVEL_DATE}: give this window new dates.`;
export const EXPENSES_FROM_ITEMS =
  'This window’s expenses are calculated from its cost items. Change the items to change them.';

function requireInstance(trip: TripRecord, instanceId: string): InstanceRecord {
  const instance = trip.instances.find((candidate) => candidate._id === instanceId);
  if (!instance) throw notFound(INSTANCE_NOT_FOUND);
  return instance;
}

export type InstanceFields = Partial<DatedExpenses> & {
  activities?: string[];
  label?: string;
  status?: InstanceStatus;
  notes?: string;
};

export interface InstanceEdit {
  _id: string;
  fields: InstanceFields;
}

/** What PUT /getaway/:tripId may change (owner fields and ids never). */
export interface TripUpdate {
  isFavorite?: boolean;
  travelers?: number;
  /** null removes the budget. */
  budget?: number | null;
  budget_basis?: BudgetBasis;
  /** '' shows the default image. */
  image_url?: string;
  /** Where the travellers set off; '' clears it. */
  origin?: string;
  /** ISO 4217: a new trip currency converts the trip's amounts and re-prices its items (applyCurrencyChange). */
  currency?: string;
  /** Applied only while the trip has no instances; afterwards they follow the committed one. */
  tripFields?: Partial<DatedExpenses>;
  /** Each must name an existing instance; instances not listed are left as they are. */
  instanceEdits?: InstanceEdit[];
}

/** The fields a partial edit actually sets (absent means unchanged). */
export function pickDefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * A window is booked exactly when it is the committed one: committing books it,
 * clearing the plan unbooks it, and an edit may not break that.
 */
function checkStatus(instance: InstanceRecord, status: InstanceStatus | undefined): void {
  if (status === undefined) return;
  if (instance.isCommitted) {
    if (status === 'eliminated') throw new AppError(400, COMMITTED_CANNOT_BE_ELIMINATED, 'committed_window');
    if (status !== 'booked') throw new AppError(400, COMMITTED_STAYS_BOOKED, 'committed_window');
  } else if (status === 'booked') {
    throw new AppError(400, ONLY_COMMITTED_IS_BOOKED, 'not_committed');
  }
}

/**
 * An itemised window's expenses are its items' sums (withDerivedCosts): a different
 * amount sent for one would be overwritten, so it is refused rather than answered 200
 * as if saved (ADR 0020). The amount it already has may be sent back unchanged.
 */
function checkExpenses(instance: InstanceRecord, fields: InstanceFields, digits: number): void {
  if (!instance.items?.length) return;
  const cents = (amount: unknown) => toMinorUnits(Number(amount), digits);
  const changed = EXPENSE_FIELDS.some(
    (field) => fields[field] !== undefined && cents(fields[field]) !== cents(instance[field]),
  );
  if (changed) throw new AppError(409, EXPENSES_FROM_ITEMS, 'expenses_from_items');
}

/**
 * The trip's own fields changed. A new currency is applied first (its amounts converted,
 * its items re-priced at `rates`; RatesNeeded without them), so the amounts the same
 * change sends (budget, expenses) are in the new currency.
 */
export function applyUpdate(before: TripRecord, update: TripUpdate, now: string, rates?: RateTable): TripRecord {
  const trip = update.currency === undefined ? before : applyCurrencyChange(before, update.currency, rates, now);
  const digits = tripDigits(trip);
  const known = new Set(trip.instances.map((instance) => instance._id));
  const unknown = (update.instanceEdits ?? []).find((edit) => !known.has(edit._id));
  if (unknown) throw new AppError(400, `The trip has no instance ${unknown._id}.`, 'unknown_instance');
  const edits = new Map(
    (update.instanceEdits ?? []).map((edit) => [edit._id, roundExpenses(pickDefined(edit.fields), digits)]),
  );
  const instances = trip.instances.map((instance) => {
    const fields = edits.get(instance._id);
    if (!fields) return instance;
    checkStatus(instance, fields.status);
    checkExpenses(instance, fields, digits);
    return { ...instance, ...fields };
  });
  const committed = instances.find((instance) => instance._id === trip.committedInstanceId);
  const ownFields = trip.instances.length === 0 ? roundExpenses(pickDefined(update.tripFields ?? {}), digits) : {};
  const committedFields = committed && edits.has(committed._id) ? datedExpensesOf(committed) : {};
  return {
    ...trip,
    ...ownFields,
    ...committedFields,
    isFavorite: update.isFavorite ?? trip.isFavorite,
    ...(update.travelers === undefined ? {} : { travelers: update.travelers }),
    ...(update.budget === undefined
      ? {}
      : { budget: update.budget === null ? null : roundMoney(update.budget, digits) }),
    ...(update.budget_basis === undefined ? {} : { budget_basis: update.budget_basis }),
    ...(update.image_url === undefined ? {} : { image_url: update.image_url }),
    ...(update.origin === undefined ? {} : { origin: update.origin }),
    instances,
    updated_at: now,
  };
}

export function applyAddInstance(trip: TripRecord, instance: InstanceRecord, now: string): TripRecord {
  checkStatus(instance, instance.status);
  if (trip.instances.length >= MAX_INSTANCES_PER_TRIP) {
    throw new AppError(409, `A trip can hold at most ${MAX_INSTANCES_PER_TRIP} instances.`, 'too_many_instances');
  }
  // A plain window's amounts are in the trip's currency, to its minor unit (a copy's already are).
  const added = instance.items?.length ? instance : roundExpenses(instance, tripDigits(trip));
  return { ...trip, instances: [added, ...trip.instances], updated_at: now };
}

/** Status of a window that stops being the plan: it was the favourite, so a top choice. */
const unbooked = (instance: InstanceRecord): InstanceStatus =>
  statusOf(instance) === 'booked' ? 'top_choice' : statusOf(instance);

/**
 * Marks the instance (booked), unmarks the others (the previously booked one becomes
 * a top choice) and copies its dates and expenses to the trip.
 */
export function applyCommit(trip: TripRecord, instanceId: string, now: string): TripRecord {
  const target = requireInstance(trip, instanceId);
  if (trip.committedInstanceId === instanceId && target.isCommitted && statusOf(target) === 'booked') return trip;
  // The plan's dates become the trip's: a window stored with its end before its start
  // (before the rule held on every route) cannot be the plan until it is fixed.
  if (datesInvalid(target)) {
    throw new AppError(400, datesOutOfRange(target) ? DATES_OUT_OF_RANGE : FIX_DATES_BEFORE_COMMIT, 'dates_invalid');
  }
  return {
    ...trip,
    ...datedExpensesOf(target),
    committedInstanceId: instanceId,
    instances: trip.instances.map((instance) =>
      instance._id === instanceId
        ? { ...instance, isCommitted: true, status: 'booked' }
        : { ...instance, isCommitted: false, status: unbooked(instance) },
    ),
    updated_at: now,
  };
}

/**
 * Clears the plan: the committed window is no longer committed (back to a top
 * choice) and the trip loses its commitment, dates and expenses, exactly as when the
 * committed window is removed. Only the committed window has a plan to clear (409).
 */
export function applyClearPlan(trip: TripRecord, instanceId: string, now: string): TripRecord {
  requireInstance(trip, instanceId);
  if (trip.committedInstanceId !== instanceId) throw new AppError(409, NOT_THE_PLAN, 'not_committed');
  return {
    ...trip,
    ...NO_DATES_OR_EXPENSES,
    committedInstanceId: null,
    instances: trip.instances.map((instance) =>
      instance.isCommitted || instance._id === instanceId
        ? { ...instance, isCommitted: false, status: unbooked(instance) }
        : instance,
    ),
    updated_at: now,
  };
}

/** Where a copy goes: its dates moved by whole days, or a new start and length (a flex grid cell). */
export type DuplicateTarget = { shiftDays: number } | { start: string; nights: number };

export const COPY_OUT_OF_RANGE = `The copy’s dates must fall from ${EARLIEST_TRAVEL_DATE} to ${LATEST_TRAVEL_DATE}.`;

function copiedDates(source: InstanceRecord, target: DuplicateTarget): Pick<InstanceRecord, 'trip_start' | 'trip_end'> {
  let dates: Pick<InstanceRecord, 'trip_start' | 'trip_end'>;
  if ('shiftDays' in target) {
    dates = {
      trip_start: shiftDate(source.trip_start, target.shiftDays),
      trip_end: shiftDate(source.trip_end, target.shiftDays),
    };
  } else {
    const start = dayNumber(target.start);
    const iso = (day: number) => `${dayString(day)}T00:00:00.000Z`;
    dates = { trip_start: iso(start), trip_end: iso(start + target.nights) };
  }
  // Computed dates keep the range given ones keep: a start near its end plus nights, or
  // an older out-of-range date moved, would be stored as a date no answer can show.
  const outside = (date: string | null) => date !== null && !isTravelDay(date);
  if (outside(dates.trip_start) || outside(dates.trip_end))
    throw new AppError(400, COPY_OUT_OF_RANGE, 'date_out_of_range');
  return dates;
}

/**
 * A copy of a window (costs with every rate, season and quote, label, activities,
 * notes) with its dates moved by `shiftDays` (missing dates stay missing) or set to a
 * start and a number of nights, still to be decided on, listed first. Its totals are
 * derived for its new dates like any window's, so a copy made from a flex grid cell
 * costs what the cell said. `newId` is the copy's id, chosen by the caller so a
 * retried change makes the same copy.
 */
export function applyDuplicate(
  trip: TripRecord,
  instanceId: string,
  target: DuplicateTarget,
  newId: string,
  now: string,
): TripRecord {
  const source = requireInstance(trip, instanceId);
  const copy: InstanceRecord = {
    ...source,
    _id: newId,
    ...copiedDates(source, target),
    activities: [...source.activities],
    ...(source.items ? { items: source.items.map(copyItem) } : {}),
    label: source.label ?? '',
    notes: source.notes ?? '',
    isCommitted: false,
    status: 'considering',
    created_at: now,
  };
  return applyAddInstance(trip, copy, now);
}

/** Removing the committed instance also clears the trip's commitment, dates and expenses. */
export function applyRemoveInstance(trip: TripRecord, instanceId: string, now: string): TripRecord {
  requireInstance(trip, instanceId);
  const wasCommitted = trip.committedInstanceId === instanceId;
  return {
    ...trip,
    ...(wasCommitted ? { ...NO_DATES_OR_EXPENSES, committedInstanceId: null } : {}),
    instances: trip.instances.filter((instance) => instance._id !== instanceId),
    updated_at: now,
  };
}

export function applyFavorite(trip: TripRecord, isFavorite: boolean, now: string): TripRecord {
  return { ...trip, isFavorite, updated_at: now };
}

export const ITEM_NOT_FOUND = 'Cost item not found.';

export type ItemFields = Omit<CostItem, '_id'>;
/** A quote as sent: captured_on absent means seen today. */
export type QuoteInput = Omit<Quote, 'captured_on'> & { captured_on?: string | null };
/**
 * An item as sent: captured_on absent means "today" on creation and on a new amount;
 * currency absent means the trip's; fx is the traveller's own rate (null: the published one).
 */
export type ItemInput = Omit<ItemFields, 'quotes' | 'fx'> & { quotes?: QuoteInput[]; fx?: ManualRate | null };

const copyItem = (item: CostItem): CostItem => ({
  ...item,
  ...(item.seasons ? { seasons: item.seasons.map((season) => ({ ...season })) } : {}),
  ...(item.quotes ? { quotes: item.quotes.map((quote) => ({ ...quote })) } : {}),
});

export const CAPTURED_IN_FUTURE = 'A price cannot have been seen later than tomorrow (captured_on).';

/**
 * The day a price was seen: sent, or today when an item is created or its amount
 * changes without one (a quote without one was seen today). Never later than
 * tomorrow, the latest "today" anywhere on Earth (400). Items stored before this rule
 * keep captured_on absent (never stale).
 */
export function withCapturedOn(
  fields: Partial<ItemInput>,
  previous: CostItem | null,
  now: string,
): Partial<ItemFields> {
  const today = now.slice(0, 10);
  const tomorrow = dayString(dayNumber(today) + 1);
  const { quotes, fx: _manual, ...rest } = fields;
  const settled: Partial<ItemFields> = { ...rest };
  if (quotes !== undefined) {
    settled.quotes = quotes.map((quote) => ({
      ...quote,
      captured_on: quote.captured_on === undefined ? today : quote.captured_on,
    }));
  }
  if (fields.captured_on === undefined) {
    const newAmount =
      previous !== null &&
      fields.amount !== undefined &&
      toMinorUnits(fields.amount, MAX_CURRENCY_DIGITS) !== toMinorUnits(previous.amount, MAX_CURRENCY_DIGITS);
    if (previous === null || newAmount) settled.captured_on = today;
  }
  const days = [settled.captured_on, ...(settled.quotes ?? []).map((quote) => quote.captured_on)];
  if (days.some((day) => day && day > tomorrow)) throw new AppError(400, CAPTURED_IN_FUTURE, 'captured_in_future');
  return settled;
}

function withItems(
  trip: TripRecord,
  instanceId: string,
  change: (items: CostItem[]) => CostItem[],
  now: string,
): TripRecord {
  requireInstance(trip, instanceId);
  return {
    ...trip,
    instances: trip.instances.map((instance) => {
      if (instance._id !== instanceId) return instance;
      const items = change(instance.items ?? []);
      // The last item gone: the expenses are the sums of no items, not what they were.
      return items.length === 0 ? { ...instance, ...NO_EXPENSES, items } : { ...instance, items };
    }),
    updated_at: now,
  };
}

const NO_EXPENSES = { stay_expense: 0, travel_expense: 0, car_expense: 0, other_expense: 0 };

const EXPENSE_OF_CATEGORY: Record<CostCategory, (typeof EXPENSE_FIELDS)[number]> = {
  stay: 'stay_expense',
  travel: 'travel_expense',
  car: 'car_expense',
  other: 'other_expense',
};
const ENTERED_BEFORE_ITEMISING: Record<CostCategory, string> = {
  stay: 'Stay — entered before itemising',
  travel: 'Travel — entered before itemising',
  car: 'Car — entered before itemising',
  other: 'Other — entered before itemising',
};

/**
 * The items that keep a window's plain amounts when it is itemised: one item of basis
 * `total` per non-zero amount (its own category), so no figure is dropped when the
 * window's expenses become its items' sums (ADR 0023). `ids` name them in category
 * order (stay, travel, car, other), so a retried change makes the same items.
 */
export function itemsFromAmounts(window: DatedExpenses, ids: readonly string[]): CostItem[] {
  return COST_CATEGORIES.filter((category) => toMinorUnits(window[EXPENSE_OF_CATEGORY[category]]) !== 0).map(
    (category) => ({
      _id: ids[COST_CATEGORIES.indexOf(category)] ?? newId(),
      category,
      name: ENTERED_BEFORE_ITEMISING[category],
      amount: window[EXPENSE_OF_CATEGORY[category]],
      basis: 'total',
      booked: false,
      paid: false,
      link: '',
      confirmation: '',
    }),
  );
}

/**
 * Adds an item at the end of the window's list; at most MAX_ITEMS_PER_WINDOW (409).
 * The first item of a window with plain amounts comes after the items that keep
 * those amounts (itemsFromAmounts), so the total grows by exactly the item's cost.
 */
export function applyAddItem(
  trip: TripRecord,
  instanceId: string,
  input: ItemInput & { _id: string },
  now: string,
  fromAmountIds: readonly string[] = [],
  rates?: RateTable,
): TripRecord {
  const window = requireInstance(trip, instanceId);
  const { fx: manual, ...fields } = input;
  const captured = { ...fields, ...withCapturedOn(input, null, now) } as CostItem;
  const item = settleItemCurrency(captured, null, manual, trip, rates, now.slice(0, 10));
  const kept = window.items?.length ? [] : itemsFromAmounts(window, fromAmountIds);
  return withItems(
    trip,
    instanceId,
    (items) => {
      if (items.length + kept.length >= MAX_ITEMS_PER_WINDOW) {
        throw new AppError(409, `A window can hold at most ${MAX_ITEMS_PER_WINDOW} cost items.`, 'too_many_items');
      }
      return [...kept, ...items, item];
    },
    now,
  );
}

/**
 * Whether adding this item needs today's published rate, worked out from the body and the
 * stored trip before the change applies (the write path asks first). The checks that come
 * before a rate in applyAddItem run first, so their errors come first, as they would.
 */
export function addItemNeedsRates(trip: TripRecord, instanceId: string, input: ItemInput, now: string): boolean {
  if (!trip.instances.some((instance) => instance._id === instanceId)) return false;
  const { fx: manual, ...fields } = input;
  const captured = { ...fields, ...withCapturedOn(input, null, now) } as CostItem;
  return itemNeedsRates(captured, null, manual, trip);
}

/** Whether editing the item needs today's published rate (as addItemNeedsRates, for applyEditItem). */
export function editItemNeedsRates(
  trip: TripRecord,
  instanceId: string,
  itemId: string,
  fields: Partial<ItemInput>,
  now: string,
): boolean {
  const window = trip.instances.find((instance) => instance._id === instanceId);
  const previous = window?.items?.find((item) => item._id === itemId);
  if (!previous) return false;
  const settled = withCapturedOn(pickDefined(fields), previous, now);
  return itemNeedsRates({ ...previous, ...settled }, previous, fields.fx, trip);
}

export function applyEditItem(
  trip: TripRecord,
  instanceId: string,
  itemId: string,
  fields: Partial<ItemInput>,
  now: string,
  rates?: RateTable,
): TripRecord {
  return withItems(
    trip,
    instanceId,
    (items) => {
      const previous = items.find((item) => item._id === itemId);
      if (!previous) throw notFound(ITEM_NOT_FOUND);
      const settled = withCapturedOn(pickDefined(fields), previous, now);
      const merged = settleItemCurrency(
        { ...previous, ...settled },
        previous,
        fields.fx,
        trip,
        rates,
        now.slice(0, 10),
      );
      return items.map((item) => (item._id === itemId ? merged : item));
    },
    now,
  );
}

/**
 * "Still this price": the item's price in use for the window was seen again today —
 * its own captured_on, and the captured_on of the quote for the window's exact dates
 * when one is in use. The amount does not change.
 */
export function applyCheckedItem(trip: TripRecord, instanceId: string, itemId: string, now: string): TripRecord {
  const window = requireInstance(trip, instanceId);
  const today = now.slice(0, 10);
  const [start, end] = [window.trip_start, window.trip_end].map((date) => (date ? dayNumber(date) : null));
  return withItems(
    trip,
    instanceId,
    (items) => {
      if (!items.some((item) => item._id === itemId)) throw notFound(ITEM_NOT_FOUND);
      return items.map((item) => {
        if (item._id !== itemId) return item;
        const quotes = item.quotes?.map((quote) =>
          dayNumber(quote.start) === start && dayNumber(quote.end) === end ? { ...quote, captured_on: today } : quote,
        );
        return { ...item, captured_on: today, ...(quotes ? { quotes } : {}) };
      });
    },
    now,
  );
}

export function applyRemoveItem(trip: TripRecord, instanceId: string, itemId: string, now: string): TripRecord {
  return withItems(
    trip,
    instanceId,
    (items) => {
      if (!items.some((item) => item._id === itemId)) throw notFound(ITEM_NOT_FOUND);
      return items.filter((item) => item._id !== itemId);
    },
    now,
  );
}

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
 * (checkTrip), then its itemised expenses are derived again (withDerivedCosts).
 */
export function settleChange(before: TripRecord | null, after: TripRecord): TripRecord {
  checkTrip(before, after);
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
