// A date window's own rules that both the trips service and the web app apply: where it
// stands in the decision, and what an itemised cost comes to for it (the basis it
// multiplies by is in cost-basis.ts).
import { dayNumber, daysOf } from './calendar-date';
import { basisMultiplier, type CostContext } from './cost-basis';
import { compiledRates, quoteFor, variesByDate, type PricedItem } from './dated-rates';
import { currencyDigits } from './currencies';
import { convertMinorUnits } from './fx';
import { DEFAULT_CURRENCY_DIGITS, fromMinorUnits, toMinorUnits } from './money';

/** Where a window stands in the decision. `booked` belongs to the committed window only. */
export const INSTANCE_STATUSES = ['considering', 'top_choice', 'eliminated', 'booked'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/** A window's status as travellers read it: the board's labels and the CSV's Status column. */
export const STATUS_LABELS: Record<InstanceStatus, string> = {
  considering: 'Considering',
  top_choice: 'Top choice',
  eliminated: 'Eliminated',
  booked: 'Booked',
};

/** A window's status; windows stored before statuses existed read as booked when committed. */
export const statusOf = (window: { status?: InstanceStatus | null; isCommitted?: boolean | null }): InstanceStatus =>
  window.status ?? (window.isCommitted ? 'booked' : 'considering');

/** The minor-unit digits an item's own prices are in: its currency's when it has a rate, else the trip's. */
export const itemDigits = (item: PricedItem, tripDigits: number): number =>
  item.fx && item.currency ? currencyDigits(item.currency) : tripDigits;

/**
 * An item's cost for a window in minor units of the trip's currency (`digits`): the
 * sum, over its nights (or days for per_day), of each one's rate (a season's, else the
 * weekend rate on a Friday or Saturday, else the amount), times travellers where the
 * basis says so; a total or per_person item uses the quote for exactly the window's
 * dates when it has one. An item in another currency (with `fx`) is costed in its own
 * currency's minor units, then converted once at its rate (or at `rate`, e.g. its
 * first_rate) and rounded half away from zero (fx.ts). A BigInt so that sums of any
 * number of items stay exact; `Number(…)` of it is exact below 2^53 (ADR 0020's caps).
 * This is the one plain form of the rule (dated-rates.ts explains the rates; the trips
 * service's flex grid is its batched form).
 */
export function itemCostMinorUnits(
  item: PricedItem,
  context: CostContext,
  digits = DEFAULT_CURRENCY_DIGITS,
  rate?: number,
): bigint {
  if (!item.fx) return ownCostMinorUnits(item, context, digits);
  const own = ownCostMinorUnits(item, context, itemDigits(item, digits));
  return convertMinorUnits(own, rate ?? item.fx.rate, itemDigits(item, digits), digits);
}

/** An item's cost in minor units of its own prices (`digits` are theirs). */
function ownCostMinorUnits(item: PricedItem, context: CostContext, digits: number): bigint {
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

/**
 * What the item's rate moves its cost by since its price was set: its cost at its rate
 * − its cost at its first_rate, in the trip's minor units (0 for an item in the trip's
 * currency).
 */
export function fxEffectMinorUnits(item: PricedItem, context: CostContext, digits = DEFAULT_CURRENCY_DIGITS): bigint {
  if (!item.fx || item.fx.first_rate === undefined) return 0n;
  return itemCostMinorUnits(item, context, digits) - itemCostMinorUnits(item, context, digits, item.fx.first_rate);
}

/** An item's cost (amount × basis) as an amount, exact to the minor unit. */
export function itemCost(item: PricedItem, context: CostContext, digits = DEFAULT_CURRENCY_DIGITS): number {
  return fromMinorUnits(itemCostMinorUnits(item, context, digits), digits);
}
