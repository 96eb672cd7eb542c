// A date window's own rules that both the trips service and the web app apply: where it
// stands in the decision, and what an itemised cost multiplies by (its basis).
import { daysOf } from './calendar-date';
import { compiledRates, dayNumber, quoteFor, variesByDate, type PricedItem } from './dated-rates';
import { DEFAULT_CURRENCY_DIGITS, fromMinorUnits, toMinorUnits } from './money';

/** Where a window stands in the decision. `booked` belongs to the committed window only. */
export const INSTANCE_STATUSES = ['considering', 'top_choice', 'eliminated', 'booked'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/** A window's status; windows stored before statuses existed read as booked when committed. */
export const statusOf = (window: { status?: InstanceStatus | null; isCommitted?: boolean | null }): InstanceStatus =>
  window.status ?? (window.isCommitted ? 'booked' : 'considering');

/** How an item's amount counts: once, per night, per traveller, per both, or per day (nights + 1). */
export const COST_BASES = ['total', 'per_night', 'per_person', 'per_person_per_night', 'per_day'] as const;
export type CostBasis = (typeof COST_BASES)[number];

/** What a basis multiplies by: the window's nights (0 when undated) and the trip's travellers. */
export interface CostContext {
  nights: number;
  travellers: number;
  /**
   * The window's first night (YYYY-MM-DD or an ISO date at UTC midnight) and its end,
   * for prices that vary by date; absent or null, every night costs the item's amount
   * and no quote applies (a preview without dates, an undated window).
   */
  start?: string | null;
  end?: string | null;
}

/** The whole number an item's amount is multiplied by for its basis. */
export function basisMultiplier(basis: CostBasis, { nights, travellers }: CostContext): number {
  switch (basis) {
    case 'total':
      return 1;
    case 'per_night':
      return nights;
    case 'per_person':
      return travellers;
    case 'per_person_per_night':
      return nights * travellers;
    case 'per_day':
      return daysOf(nights);
  }
}

/**
 * An item's cost for a window in minor units: the sum, over its nights (or days for
 * per_day), of each one's rate (a season's, else the weekend rate on a Friday or
 * Saturday, else the amount), times travellers where the basis says so; a total or
 * per_person item uses the quote for exactly the window's dates when it has one.
 * A BigInt so that sums of any number of items stay exact; `Number(…)` of it is exact
 * below 2^53 (ADR 0020's caps). This is the one plain form of the rule (dated-rates.ts
 * explains the rates; the trips service's flex grid is its batched form).
 */
export function itemCostMinorUnits(item: PricedItem, context: CostContext, digits = DEFAULT_CURRENCY_DIGITS): bigint {
  const start = context.start ? dayNumber(context.start) : null;
  if (item.basis === 'total' || item.basis === 'per_person') {
    const end = context.end ? dayNumber(context.end) : null;
    const quote = start !== null && end !== null ? quoteFor(item, start, end) : undefined;
    const amount = quote ? quote.amount : item.amount;
    return BigInt(toMinorUnits(amount, digits)) * BigInt(basisMultiplier(item.basis, context));
  }
  if (start === null || !variesByDate(item)) {
    return BigInt(toMinorUnits(item.amount, digits)) * BigInt(basisMultiplier(item.basis, context));
  }
  const count = item.basis === 'per_day' ? daysOf(context.nights) : context.nights;
  const rates = compiledRates(item, digits);
  let units = 0;
  for (let day = start; day < start + count; day += 1) units += rates.rateOf(day);
  return BigInt(units) * BigInt(item.basis === 'per_person_per_night' ? context.travellers : 1);
}

/** An item's cost (amount × basis) as an amount, exact to the minor unit. */
export function itemCost(item: PricedItem, context: CostContext, digits = DEFAULT_CURRENCY_DIGITS): number {
  return fromMinorUnits(itemCostMinorUnits(item, context, digits), digits);
}
