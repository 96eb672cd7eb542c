// What a trip's budget means: for the whole trip or per person (the trip's budget_basis,
// issue 24), in the words the trip header and the comparison board both use.
import { formatMoney } from './format';
import type { Trip } from './types';

export type BudgetBasis = Trip['budget_basis'];

/** The trip's budget basis; trips from before budget_basis existed count their budget for the whole trip. */
export const budgetBasisOf = (trip: Trip): BudgetBasis => trip.budget_basis ?? 'trip';

/** "Budget for the trip: $1,000.00" (in the trip's currency) / "Budget per person: $500.00", or null without a budget. */
export function budgetLabel(trip: Trip): string | null {
  if (trip.budget === null || trip.budget === undefined) return null;
  const what = budgetBasisOf(trip) === 'per_person' ? 'Budget per person' : 'Budget for the trip';
  return `${what}: ${formatMoney(trip.budget, trip.currency)}`;
}
