// Each consistent change to a window's cost items, as a pure function from the trip before
// to the trip after (as trip-changes.ts is for the trip and its windows): added, edited,
// checked and removed, and whether a change needs today's exchange rates first.
import {
  AppError,
  dayNumber,
  dayString,
  MAX_CURRENCY_DIGITS,
  newId,
  notFound,
  toMinorUnits,
  type Quote,
  type RateTable,
} from '@tripcost/shared';
import { COST_CATEGORIES, type CostCategory, MAX_ITEMS_PER_WINDOW, type CostItem } from '../../costs';
import { EXPENSE_FIELDS, type DatedExpenses, type TripRecord } from '../../trip';
import { itemNeedsRates, settleItemCurrency, type ManualRate } from '../../currency';
import { withPayer } from '../../shares';
import { requireInstance, pickDefined } from './change-checks';

export const ITEM_NOT_FOUND = 'Cost item not found.';

export type ItemFields = Omit<CostItem, '_id'>;
/** A quote as sent: captured_on absent means seen today. */
export type QuoteInput = Omit<Quote, 'captured_on'> & { captured_on?: string | null };
/**
 * An item as sent: captured_on absent means "today" on creation and on a new amount;
 * currency absent means the trip's; fx is the traveller's own rate (null: the published one).
 */
export type ItemInput = Omit<ItemFields, 'quotes' | 'fx'> & { quotes?: QuoteInput[]; fx?: ManualRate | null };

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
 * What the first item of a window with plain amounts does to the typed amount of its own
 * category (an estimate): `keep` turns it into an item like every other amount, so the
 * category holds both; `replace` drops it, so the category's cost is the new item alone.
 */
export const ESTIMATE_CHOICES = ['keep', 'replace'] as const;
export type EstimateChoice = (typeof ESTIMATE_CHOICES)[number];

/**
 * Adds an item at the end of the window's list; at most MAX_ITEMS_PER_WINDOW (409).
 * The first item of a window with plain amounts comes after the items that keep
 * those amounts (itemsFromAmounts), so the total grows by exactly the item's cost —
 * except, with `estimate: 'replace'`, the amount of the item's own category, which the
 * item replaces. A window that has items already has no typed amounts left: nothing to replace.
 */
export function applyAddItem(
  trip: TripRecord,
  instanceId: string,
  input: ItemInput & { _id: string },
  now: string,
  fromAmountIds: readonly string[] = [],
  rates?: RateTable,
  estimate: EstimateChoice = 'keep',
): TripRecord {
  const window = requireInstance(trip, instanceId);
  const { fx: manual, ...fields } = input;
  const captured = { ...fields, ...withCapturedOn(input, null, now) } as CostItem;
  const item = withPayer(settleItemCurrency(captured, null, manual, trip, rates, now.slice(0, 10)), input);
  const kept = window.items?.length
    ? []
    : itemsFromAmounts(window, fromAmountIds).filter((made) => estimate === 'keep' || made.category !== item.category);
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
      const merged = withPayer(
        settleItemCurrency({ ...previous, ...settled }, previous, fields.fx, trip, rates, now.slice(0, 10)),
        fields,
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
