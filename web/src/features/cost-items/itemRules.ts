// A cost item's rules for the screen: its categories and bases, the server's limits, the
// preview of its cost (the shared rule), and the form's fields as typed and as sent.
// The amount and rate texts are plain decimals: what the money fields read (MoneyInput) or
// the stored number as text; plainDecimal turns them back into numbers.
import {
  fromMinorUnits,
  itemCost,
  MAX_MONEY,
  plainDecimal,
  TEXT_LIMITS,
  textLength,
  toMinorUnits,
  totalMinorUnits,
  type PricedItem,
} from '@tripcost/shared/domain';
import { digitsOf, formatMoney } from '../../lib/format';
import type { CostBasis, CostCategory, CostItem, Instance } from '../../lib/types';
import type { EstimateChoice, ItemInput } from '../windows';
import { datedFields, datedInput, datedProblem, datedStateOf, EMPTY_DATED, type DatedState } from './datedPrices';

export const CATEGORIES: { key: CostCategory; label: string; expense: keyof Instance }[] = [
  { key: 'stay', label: 'Stay', expense: 'stay_expense' },
  { key: 'travel', label: 'Travel', expense: 'travel_expense' },
  { key: 'car', label: 'Car', expense: 'car_expense' },
  { key: 'other', label: 'Other', expense: 'other_expense' },
];

export const BASES: { key: CostBasis; label: string }[] = [
  { key: 'total', label: 'Total' },
  { key: 'per_night', label: 'Per night' },
  { key: 'per_person', label: 'Per person' },
  { key: 'per_person_per_night', label: 'Per person per night' },
  { key: 'per_day', label: 'Per day' },
];

/** The server's limits on an item's fields (the core's TEXT_LIMITS, which the trips service checks). */
export const ITEM_LIMITS = {
  name: TEXT_LIMITS.itemName,
  confirmation: TEXT_LIMITS.itemConfirmation,
  link: TEXT_LIMITS.itemLink,
} as const;

/** What an item's `booked` flag is called on screen (see the note at the top). */
export const RESERVED_LABEL = 'Reserved';

/** The dates an item's cost depends on: the window's nights, first night and end (as the server sent them). */
export type WindowDates = Pick<Instance, 'nights' | 'trip_start' | 'trip_end'>;

/**
 * The item's cost for this window in the trip's currency (`digits` are its minor-unit
 * digits), as the server computes it: its rate on each of the window's nights (weekend
 * rate, seasons) or its quote for exactly the window's dates, times the basis; an item
 * in another currency is costed in its own and converted once at its frozen rate.
 */
export function previewCost(item: PricedItem, window: WindowDates, travellers: number, digits = 2): number {
  return itemCost(
    item,
    {
      nights: Math.max(0, window.nights ?? 0),
      travellers,
      start: window.trip_start ?? null,
      end: window.trip_end ?? null,
    },
    digits,
  );
}

/** A foreign item's cost in its own currency (the same rule, before conversion). */
export const ownCost = (item: PricedItem & { currency: string }, window: WindowDates, travellers: number): number =>
  previewCost({ ...item, fx: null }, window, travellers, digitsOf(item.currency));

/** A value in a conflict box: lists (seasons, quotes) by their count. */
export function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} rows`;
  if (value && typeof value === 'object' && 'rate' in value) return `rate ${String(value.rate)}`;
  if (value === null) return 'none';
  return String(value ?? '');
}

export const categoryLabel = (key: CostCategory) => CATEGORIES.find((category) => category.key === key)?.label ?? key;

/** "A", "A and B", "A, B and C". */
export function listOf(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The amount typed for `category` before itemising — an estimate the window's first item
 * may stand for (ADR 0062); 0 once the window has items (its amounts are items then) or
 * when none was typed.
 */
export function typedEstimate(window: Pick<Instance, 'items' | ExpenseKey>, category: CostCategory): number {
  if ((window.items ?? []).length > 0) return 0;
  const expense = CATEGORIES.find((one) => one.key === category)?.expense as ExpenseKey;
  return Number(window[expense] ?? 0);
}

type ExpenseKey = 'stay_expense' | 'travel_expense' | 'car_expense' | 'other_expense';

/**
 * The window's total once an item costing `cost` (in the trip's currency, `digits` its
 * minor-unit digits) is added to `category` as its first item: the typed amounts (which
 * become items), with the category's own dropped when the item replaces it, plus the item.
 */
export function totalWithItem(
  window: Pick<Instance, ExpenseKey>,
  category: CostCategory,
  cost: number,
  choice: EstimateChoice,
  digits: number,
): number {
  const expense = CATEGORIES.find((one) => one.key === category)?.expense as ExpenseKey;
  const amounts = choice === 'replace' ? { ...window, [expense]: 0 } : window;
  return fromMinorUnits(totalMinorUnits(amounts, digits) + toMinorUnits(cost, digits), digits);
}

/** "Hotel replaces the Stay estimate of $420.00.": the amount typed before itemising, dropped for the item. */
export function replacedNotice(
  replaced: { name: string; category: CostCategory; amount: number },
  currency: string,
): string {
  return `${replaced.name} replaces the ${categoryLabel(replaced.category)} estimate of ${formatMoney(replaced.amount, currency)}.`;
}

/** What the server did with the plain amounts when the first item was added. */
export function itemisedNotice(made: CostItem[]): string {
  const amounts = listOf(
    made.map((item) => `${categoryLabel(item.category)} ${formatMoney(item.amount, item.currency)}`),
  );
  const are = made.length === 1 ? 'is now an item' : 'are now items';
  return `Your earlier ${amounts} ${are}, so the total is unchanged plus the new item.`;
}

export interface ItemFieldsState {
  name: string;
  amount: string;
  basis: CostBasis;
  link: string;
  confirmation: string;
  dated: DatedState;
  /** The item's own currency (ISO 4217). */
  currency: string;
  /** A rate of the traveller's own (trip-currency units per item-currency unit); '' for the published one. */
  rate: string;
}

/** Whether the typed rate is usable: empty (the published rate) or a number above 0. */
export const rateProblem = (
  fields: ItemFieldsState,
  tripCurrency: string,
  rated: boolean | undefined,
): string | null => {
  if (fields.currency === tripCurrency) return null;
  const text = fields.rate.trim();
  if (text === '') return rated === false ? `No published rate for ${fields.currency}: please enter your own.` : null;
  const rate = plainDecimal(text);
  return Number.isFinite(rate) && rate > 0 ? null : 'A rate is a number above 0.';
};

export const fieldsOf = (item: CostItem): ItemFieldsState => ({
  name: item.name,
  amount: String(item.amount),
  basis: item.basis,
  link: item.link ?? '',
  confirmation: item.confirmation ?? '',
  dated: datedStateOf(item),
  currency: item.currency,
  // Only a rate the traveller gave is theirs to edit; a published one is re-asked, not typed.
  rate: item.fx?.source === 'manual' ? String(item.fx.rate) : '',
});

export function validFields(fields: ItemFieldsState, tripCurrency: string, rated: boolean | undefined): boolean {
  const value = plainDecimal(fields.amount);
  return (
    rateProblem(fields, tripCurrency, rated) === null &&
    fields.name.trim() !== '' &&
    (['name', 'link', 'confirmation'] as const).every((key) => textLength(fields[key]) <= ITEM_LIMITS[key]) &&
    fields.amount !== '' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= MAX_MONEY &&
    datedProblem(fields.dated, fields.basis) === null
  );
}

/** The item as the form would save it, for the cost preview. */
export const pricedOf = (fields: ItemFieldsState): PricedItem & { currency: string } => ({
  amount: plainDecimal(fields.amount),
  basis: fields.basis,
  currency: fields.currency,
  ...datedFields(fields.dated, fields.basis),
});

/** The rate the saved item will have, when known before saving: the typed one, else the item's frozen one. */
export function knownRate(fields: ItemFieldsState, item?: CostItem): number | null {
  if (fields.rate.trim() !== '') return plainDecimal(fields.rate);
  return item?.fx && item.currency === fields.currency && item.fx.source !== 'manual' ? item.fx.rate : null;
}

/** What an edit changes about the item's currency and rate (nothing when neither changed). */
export function currencyChanges(item: CostItem, fields: ItemFieldsState, tripCurrency: string): Partial<ItemInput> {
  const changes: Partial<ItemInput> = {};
  if (fields.currency !== item.currency) changes.currency = fields.currency;
  if (fields.currency === tripCurrency) return changes;
  const typed = fields.rate.trim();
  const manual = item.fx?.source === 'manual';
  if (typed !== '') {
    const rate = plainDecimal(typed);
    if (!(manual && item.fx?.rate === rate && changes.currency === undefined)) changes.fx = { rate };
  } else if (manual && changes.currency === undefined) {
    // The traveller's own rate removed: today's published rate again.
    changes.fx = null;
  }
  return changes;
}

/** A new item as its form sends it: not reserved, not paid, a rate only when the traveller typed one. */
export function newItemInput(fields: ItemFieldsState, category: CostCategory, tripCurrency: string): ItemInput {
  return {
    category,
    name: fields.name.trim(),
    amount: plainDecimal(fields.amount),
    basis: fields.basis,
    booked: false,
    paid: false,
    link: fields.link.trim(),
    confirmation: fields.confirmation.trim(),
    ...datedInput(fields.dated, fields.basis),
    currency: fields.currency,
    ...(fields.currency !== tripCurrency && fields.rate.trim() !== ''
      ? { fx: { rate: plainDecimal(fields.rate) } }
      : {}),
  };
}

/** A new item's form: empty, in the trip's currency. */
export const emptyFields = (currency: string): ItemFieldsState => ({
  name: '',
  amount: '',
  basis: 'total',
  link: '',
  confirmation: '',
  dated: EMPTY_DATED,
  currency,
  rate: '',
});
