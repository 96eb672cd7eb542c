// Itemised costs of a window: each item's cost is its amount times its basis (nights,
// travellers, nights × travellers, days = nights + 1), and a window that has items takes
// its four category expenses from them; one without keeps its four plain numbers. The
// derived totals (paid, booked, still to pay) are computed here and nowhere else. All
// arithmetic is in integer cents with BigInt, so sums are exact to the cent at any size.
// The basis rule, nights and cents are the shared money and date core's (the web app's
// preview uses the same functions).
import {
  COST_BASES,
  DEFAULT_CURRENCY_DIGITS,
  basisMultiplier,
  fromMinorUnits,
  fxEffectMinorUnits,
  itemCost,
  itemCostMinorUnits,
  nightsOf,
  TEXT_LIMITS,
  totalMinorUnits,
  type CostBasis,
  type CostContext,
  type FxRate,
  type Quote,
  type Season,
  type Split,
} from '@tripcost/shared';

export { COST_BASES, basisMultiplier, itemCost, nightsOf, type CostBasis, type CostContext };
export { itemCostMinorUnits as itemCostCents } from '@tripcost/shared';

export const COST_CATEGORIES = ['stay', 'travel', 'car', 'other'] as const;
export const MAX_ITEMS_PER_WINDOW = 100;
export const MAX_ITEM_NAME = TEXT_LIMITS.itemName;
export const MAX_ITEM_LINK = TEXT_LIMITS.itemLink;
export const MAX_CONFIRMATION = TEXT_LIMITS.itemConfirmation;

export type CostCategory = (typeof COST_CATEGORIES)[number];

export interface CostItem {
  _id: string;
  category: CostCategory;
  name: string;
  /** Money ≥ 0 with cents. */
  amount: number;
  basis: CostBasis;
  booked: boolean;
  paid: boolean;
  /** '' or an https URL. */
  link: string;
  confirmation: string;
  /** The rate of a Friday or Saturday night (or day); null or absent: none (older items). */
  weekend_amount?: number | null;
  /** Rates for date ranges ('YYYY-MM-DD', inclusive), beating the weekend rate; absent on older items. */
  seasons?: Season[];
  /** Prices seen for exact dates (total and per_person bases); absent on older items. */
  quotes?: Quote[];
  /** 'YYYY-MM-DD' the amount was seen; null or absent on items stored before it existed (never stale). */
  captured_on?: string | null;
  /** ISO 4217; absent on items stored before currencies (the trip's currency). */
  currency?: string;
  /** The frozen rate, present exactly when the item's currency is not the trip's; null or absent otherwise. */
  fx?: FxRate | null;
  /** Who paid it (a person id, shares/); null or absent: no one named (with paid, someone not named). */
  paid_by?: string | null;
  /** How it is split over the trip's people; null or absent: equally among everyone. */
  split?: Split | null;
}

/** An item as answers show it: the dated-price fields, its currency and fx (null in the trip's currency) always present. */
export function itemView(item: CostItem, tripCurrency: string): Required<CostItem> {
  return {
    ...item,
    currency: item.currency ?? tripCurrency,
    fx: item.fx ?? null,
    weekend_amount: item.weekend_amount ?? null,
    seasons: item.seasons ?? [],
    quotes: item.quotes ?? [],
    captured_on: item.captured_on ?? null,
    paid_by: item.paid_by ?? null,
    split: item.split ?? null,
  };
}

/** What an item's cost for this window depends on besides the item: its dates, nights and the travellers. */
export const windowContext = (
  window: { trip_start: string | null; trip_end: string | null },
  travellers: number,
): CostContext => ({ nights: nightsOf(window), travellers, start: window.trip_start, end: window.trip_end });

const EXPENSE_OF: Record<CostCategory, 'stay_expense' | 'travel_expense' | 'car_expense' | 'other_expense'> = {
  stay: 'stay_expense',
  travel: 'travel_expense',
  car: 'car_expense',
  other: 'other_expense',
};

export interface ItemTotals {
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
  total: number;
  paid_total: number;
  booked_total: number;
  to_pay: number;
  /** Σ over items in another currency of (cost at its rate − cost at its first_rate). */
  fx_effect: number;
}

/** Category sums, paid/booked totals and the exchange-rate effect of a list of items, in the trip's currency (`digits`). */
export function itemTotals(
  items: readonly CostItem[],
  context: CostContext,
  digits = DEFAULT_CURRENCY_DIGITS,
): ItemTotals {
  const fromCents = (units: bigint): number => fromMinorUnits(units, digits);
  const byCategory: Record<CostCategory, bigint> = { stay: 0n, travel: 0n, car: 0n, other: 0n };
  let [paid, booked, fxEffect] = [0n, 0n, 0n];
  for (const item of items) {
    const cents = itemCostMinorUnits(item, context, digits);
    byCategory[item.category] += cents;
    if (item.paid) paid += cents;
    if (item.booked) booked += cents;
    fxEffect += fxEffectMinorUnits(item, context, digits);
  }
  const total = byCategory.stay + byCategory.travel + byCategory.car + byCategory.other;
  return {
    stay_expense: fromCents(byCategory.stay),
    travel_expense: fromCents(byCategory.travel),
    car_expense: fromCents(byCategory.car),
    other_expense: fromCents(byCategory.other),
    total: fromCents(total),
    paid_total: fromCents(paid),
    booked_total: fromCents(booked),
    to_pay: fromCents(total - paid),
    fx_effect: fromCents(fxEffect),
  };
}

export interface ItemisedWindow {
  trip_start: string | null;
  trip_end: string | null;
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
  items?: CostItem[];
}

/**
 * The window with its four expenses taken from its items when it has any, and its
 * paid/booked/still-to-pay totals. A window without items keeps its plain numbers
 * and has nothing paid or booked. Called after every change to items, dates or
 * travellers, so the stored numbers always equal a computation from scratch.
 */
export function deriveWindowCosts<W extends ItemisedWindow>(
  window: W,
  travellers: number,
  digits = DEFAULT_CURRENCY_DIGITS,
): W & PaymentTotals {
  const items = window.items ?? [];
  if (items.length === 0) return { ...window, ...paymentTotals(window, travellers, digits) };
  const totals = itemTotals(items, windowContext(window, travellers), digits);
  const derived = { ...window } as W & PaymentTotals;
  for (const category of COST_CATEGORIES) {
    (derived as ItemisedWindow)[EXPENSE_OF[category]] = totals[EXPENSE_OF[category]];
  }
  derived.paid_total = totals.paid_total;
  derived.booked_total = totals.booked_total;
  derived.to_pay = totals.to_pay;
  derived.fx_effect = totals.fx_effect;
  return derived;
}

export type PaymentTotals = Pick<ItemTotals, 'paid_total' | 'booked_total' | 'to_pay' | 'fx_effect'>;

/** Paid, booked, still to pay and the exchange-rate effect of a window; without items all of its total is still to pay. */
export function paymentTotals(
  window: ItemisedWindow,
  travellers: number,
  digits = DEFAULT_CURRENCY_DIGITS,
): PaymentTotals {
  const items = window.items ?? [];
  if (items.length === 0) {
    // Read per window of every answer: the window itself is not copied (deriveWindowCosts does).
    return {
      paid_total: 0,
      booked_total: 0,
      to_pay: fromMinorUnits(totalMinorUnits(window, digits), digits),
      fx_effect: 0,
    };
  }
  const { paid_total, booked_total, to_pay, fx_effect } = itemTotals(items, windowContext(window, travellers), digits);
  return { paid_total, booked_total, to_pay, fx_effect };
}

/**
 * The most one category of a window may add up to: the same ceiling as a plain
 * expense, so every derived figure stays a whole number of cents well inside the
 * range a double holds exactly (4 × 1e9 dollars is 4e11 cents, far below 2^53).
 */
export const MAX_CATEGORY_TOTAL = 1_000_000_000;

/** The category that would exceed MAX_CATEGORY_TOTAL with these items, if any. */
export function categoryOverCap(
  window: ItemisedWindow,
  travellers: number,
  digits = DEFAULT_CURRENCY_DIGITS,
): CostCategory | null {
  const totals = itemTotals(window.items ?? [], windowContext(window, travellers), digits);
  return COST_CATEGORIES.find((category) => totals[EXPENSE_OF[category]] > MAX_CATEGORY_TOTAL) ?? null;
}
