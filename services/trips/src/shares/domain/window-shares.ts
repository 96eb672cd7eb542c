// Each person's share of a window (issue 40): every item costed in trip-currency minor
// units once (as the window's total is), weighted by its split, and the total apportioned
// once by largest remainder in people order (the money core's apportion), so the shares
// add up to the window's total exactly. Plain amounts (a window without items) are split
// equally among everyone. The same rule, restricted to the items a named person paid,
// gives the shares that balances settle (balances.ts).
import {
  apportion,
  currencyDigits,
  fromMinorUnits,
  itemCostMinorUnits,
  itemDigits,
  presenceNights,
  splitWeights,
  totalMinorUnits,
  equalWeights,
  type SharedCost,
} from '@tripcost/shared';
import { windowContext, type CostItem } from '../../costs';
import { tripCurrency, type InstanceRecord, type Person, type TripRecord } from '../../trip';

export interface ShareAnswer {
  person_id: string;
  /** In the trip's currency, a decimal of its major unit. */
  amount: number;
}

/** The trip's people, or none: a trip without people has no shares (it behaves as before issue 40). */
export const peopleOf = (trip: Pick<TripRecord, 'people'>): Person[] => trip.people ?? [];

/** How many travel: the people's count once they are named, else the plain number (1 when absent). */
export const travellersOf = (trip: Pick<TripRecord, 'people' | 'travelers'>): number =>
  peopleOf(trip).length || (trip.travelers ?? 1);

/** What splitting one window's items needs, computed once per window. */
export interface SplitContext {
  ids: string[];
  nights: number[];
  digits: number;
  travellers: number;
}

export function splitContext(trip: TripRecord, window: InstanceRecord): SplitContext {
  const ids = peopleOf(trip).map((person) => person._id);
  const nights = ids.map((id) => presenceNights(window, window.presence?.[id]));
  return { ids, nights, digits: currencyDigits(tripCurrency(trip)), travellers: trip.travelers ?? 1 };
}

/** One item as a cost to split: its cost in trip minor units and each person's weight. */
export function itemSharedCost(item: CostItem, window: InstanceRecord, context: SplitContext): SharedCost {
  const cost = itemCostMinorUnits(item, windowContext(window, context.travellers), context.digits);
  const weights = splitWeights(item.split, context.ids, context.nights, itemDigits(item, context.digits));
  return { cost, weights };
}

/** The costs a window's total is made of: its items, or its plain amounts split equally. */
export function windowSharedCosts(trip: TripRecord, window: InstanceRecord, context: SplitContext): SharedCost[] {
  const items = window.items ?? [];
  if (items.length === 0) {
    return [{ cost: BigInt(totalMinorUnits(window, context.digits)), weights: equalWeights(context.ids.length) }];
  }
  return items.map((item) => itemSharedCost(item, window, context));
}

/** Each person's share of the window in minor units, in people order ([] without people). */
export function windowShareUnits(trip: TripRecord, window: InstanceRecord): bigint[] {
  const context = splitContext(trip, window);
  if (context.ids.length === 0) return [];
  return apportion(windowSharedCosts(trip, window, context), context.ids.length);
}

/** The window's shares as answers give them ([] for a trip without people). */
export function windowShares(trip: TripRecord, window: InstanceRecord): ShareAnswer[] {
  const units = windowShareUnits(trip, window);
  const digits = currencyDigits(tripCurrency(trip));
  return peopleOf(trip).map((person, index) => ({
    person_id: person._id,
    amount: fromMinorUnits(units[index], digits),
  }));
}

/** The person the caller is on this trip (their user_id), if any. */
export const personOfUser = (trip: Pick<TripRecord, 'people'>, userId: string): Person | undefined =>
  peopleOf(trip).find((person) => person.user_id === userId);
