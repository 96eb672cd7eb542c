// An itemised cost's basis: what its amount counts once, per night, per traveller, per
// both or per day. Its own file because the dated rates and a window's costs both need it
// and neither should import the other for it.
import { daysOf } from './calendar-date';

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
