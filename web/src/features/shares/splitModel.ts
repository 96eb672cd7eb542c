// The split editor's state (issue 40): how one item is split over the trip's people as
// the form holds it (text per person, as typed), and the split it sends. The rules — who
// may be named, weights above 0, exact amounts adding up to the item — are the shared
// money core's (splitProblem, exactRemainder); the server checks them again.
import { exactRemainder, splitProblem, toMinorUnits, type Split } from '@tripcost/shared/domain';
import type { CostItem, Trip } from '../../lib/types';

export type SplitChoice = 'everyone' | 'among' | 'shares' | 'exact' | 'nights';

export const SPLIT_CHOICES: { key: SplitChoice; label: string }[] = [
  { key: 'everyone', label: 'Equally among everyone' },
  { key: 'among', label: 'Equally among some' },
  { key: 'shares', label: 'By shares' },
  { key: 'exact', label: 'Exact amounts' },
  { key: 'nights', label: 'By nights present' },
];

export interface SplitState {
  choice: SplitChoice;
  /** Per person id: 'on' for among, a weight for shares, a plain decimal for exact amounts. */
  values: Record<string, string>;
  paidBy: string;
}

type People = Trip['people'];

export function splitStateOf(item: Pick<CostItem, 'split' | 'paid_by'>, people: People): SplitState {
  const split = item.split as Split | null;
  const values: Record<string, string> = {};
  let choice: SplitChoice = 'everyone';
  if (split?.kind === 'equal' && split.among) {
    choice = 'among';
    for (const id of split.among) values[id] = 'on';
  } else if (split?.kind === 'shares') {
    choice = 'shares';
    for (const [id, weight] of Object.entries(split.shares)) values[id] = String(weight);
  } else if (split?.kind === 'exact') {
    choice = 'exact';
    for (const [id, amount] of Object.entries(split.amounts)) values[id] = String(amount);
  } else if (split?.kind === 'nights') choice = 'nights';
  if (choice === 'everyone' || choice === 'nights') for (const person of people) values[person._id] = '';
  return { choice, values, paidBy: item.paid_by ?? '' };
}

/** The split as the route takes it (null: equally among everyone). */
export function splitOf(state: SplitState, people: People): Split | null {
  const named = people.filter((person) => (state.values[person._id] ?? '') !== '');
  if (state.choice === 'everyone') return null;
  if (state.choice === 'nights') return { kind: 'nights' };
  if (state.choice === 'among') return { kind: 'equal', among: named.map((person) => person._id) };
  const numbers = Object.fromEntries(named.map((person) => [person._id, Number(state.values[person._id])]));
  return state.choice === 'shares' ? { kind: 'shares', shares: numbers } : { kind: 'exact', amounts: numbers };
}

/** What cannot be saved yet, in the core's words; null when the split is fine. */
export function splitStateProblem(
  state: SplitState,
  people: People,
  cost: { amount: number; currency: string; digits: number },
): string | null {
  const split = splitOf(state, people);
  if (!split) return null;
  const known = new Set(people.map((person) => person._id));
  const units = BigInt(toMinorUnits(cost.amount, cost.digits));
  return splitProblem(split, known, { units, digits: cost.digits, currency: cost.currency });
}

/** An exact split's amount left to assign (the item's cost less what is typed), in the item's currency. */
export function remainderOf(state: SplitState, people: People, amount: number, digits: number): bigint {
  const typed = people.map((person) => Number(state.values[person._id] || 0));
  return exactRemainder(typed, amount, digits);
}
