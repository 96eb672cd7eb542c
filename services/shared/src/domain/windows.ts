// A date window's own rules that both the trips service and the web app apply: where it
// stands in the decision, and what an itemised cost multiplies by (its basis).
import { daysOf } from './calendar-date';
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
 * An item's cost (amount × basis) in minor units, as a BigInt so that sums of any
 * number of items stay exact; `Number(…)` of it is exact below 2^53 (ADR 0020's caps).
 */
export function itemCostMinorUnits(
  item: { amount: number; basis: CostBasis },
  context: CostContext,
  digits = DEFAULT_CURRENCY_DIGITS,
): bigint {
  return BigInt(toMinorUnits(item.amount, digits)) * BigInt(basisMultiplier(item.basis, context));
}

/** An item's cost (amount × basis) as an amount, exact to the minor unit. */
export function itemCost(
  item: { amount: number; basis: CostBasis },
  context: CostContext,
  digits = DEFAULT_CURRENCY_DIGITS,
): number {
  return fromMinorUnits(itemCostMinorUnits(item, context, digits), digits);
}
