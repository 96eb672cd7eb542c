// Who pays what (issue 40, docs/adr/0066-shares-rounding-and-settling-up.md): how a
// window's cost is split over the trip's people. Each item gives every person an exact
// weight (its split: equal among some, shares, exact amounts, nights present); a person's
// exact share is the sum over items of cost × weight ÷ Σ weights, a fraction kept exact
// with BigInts; the window's total is then apportioned once by largest remainder, ties in
// people order, so the shares add up to the total to the minor unit and the same input
// always gives the same cents. Settling up (balances, transfers) is settling.ts.
// Browser-safe like the rest of the core: the web app's split editor uses these rules.
import { dayNumber } from './calendar-date';
import { rateFraction } from './fx';
import { fromMinorUnits, toMinorUnits } from './money';
import { TEXT_LIMITS } from './text-limits';

export const SPLIT_KINDS = ['equal', 'shares', 'exact', 'nights'] as const;
export type SplitKind = (typeof SPLIT_KINDS)[number];

/** How one cost item is split over the trip's people (person ids); absent: equally among everyone. */
export type Split =
  | { kind: 'equal'; among?: string[] }
  | { kind: 'shares'; shares: Record<string, number> }
  | { kind: 'exact'; amounts: Record<string, number> }
  | { kind: 'nights' };

/** The days a person is there within a window ('YYYY-MM-DD' or ISO): nights from `from` to `to`. */
export interface Presence {
  from: string;
  to: string;
}

/** A trip names at most this many people. */
export const MAX_PEOPLE = 50;
export const MAX_PERSON_NAME = TEXT_LIMITS.personName;
/** The largest weight a `shares` split takes (no real split needs more). */
export const MAX_SHARE_WEIGHT = 1_000_000;

/** One cost to split: its exact cost in minor units and each person's weight (people order, Σ > 0). */
export interface SharedCost {
  cost: bigint;
  weights: readonly bigint[];
}

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [abs(a), abs(b)];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Floor division of BigInts (the remainder is never negative for a positive divisor). */
function floorDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator < 0n ? quotient - 1n : quotient;
}

/** Equal weights for everyone (the default split, and the fallback when no one has a weight). */
export const equalWeights = (count: number): bigint[] => Array.from({ length: count }, () => 1n);

/**
 * The minor units of `total = Σ cost` apportioned over `count` people by their exact
 * shares (Σ over costs of cost × weight ÷ Σ weights): each gets the floor of their
 * share, and the units left over (fewer than `count`) go one each to the largest
 * remainders, ties to the earlier person. The result always adds up to the total.
 */
export function apportion(costs: readonly SharedCost[], count: number): bigint[] {
  if (count === 0) return [];
  // One common denominator: the lcm of every cost's share denominator, each reduced first
  // (cost × weight ÷ Σ weights, over gcd(cost, Σ weights)), so an exact split in the trip's
  // currency adds nothing to it and an equal one at most the head count.
  const reduced = costs.map(({ cost, weights }) => {
    const sum = weights.reduce((a, b) => a + b, 0n);
    if (sum <= 0n) throw new Error('a cost to split needs someone with a weight');
    const common = gcd(cost, sum) || 1n;
    return { cost, weights, factor: cost / common, part: sum / common };
  });
  let denominator = 1n;
  for (const { part } of reduced) denominator = (denominator / gcd(denominator, part)) * part;
  const numerators = Array.from({ length: count }, () => 0n);
  let total = 0n;
  for (const { cost, weights, factor, part } of reduced) {
    total += cost;
    const scale = factor * (denominator / part);
    for (let person = 0; person < count; person += 1) {
      if (weights[person]) numerators[person] += scale * weights[person];
    }
  }
  const shares = numerators.map((numerator) => floorDiv(numerator, denominator));
  const remainders = numerators.map((numerator, person) => numerator - shares[person] * denominator);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const order = remainders
    .map((remainder, person) => ({ remainder, person }))
    .sort((a, b) => (a.remainder === b.remainder ? a.person - b.person : a.remainder > b.remainder ? -1 : 1));
  for (const { person } of order) {
    if (left <= 0n) break;
    shares[person] += 1n;
    left -= 1n;
  }
  return shares;
}

/** Nights a person is there in a window: their presence clipped to the window (all of it without one). */
export function presenceNights(
  window: { trip_start: string | null; trip_end: string | null },
  presence: Presence | undefined,
): number {
  if (!window.trip_start || !window.trip_end) return 0;
  const [start, end] = [dayNumber(window.trip_start), dayNumber(window.trip_end)];
  const from = presence ? Math.max(start, dayNumber(presence.from)) : start;
  const to = presence ? Math.min(end, dayNumber(presence.to)) : end;
  return Math.max(0, to - from);
}

/** Positive decimals as whole numbers of one common scale (1.5 and 2 → 3 and 4), exactly. */
function wholeWeights(values: readonly number[]): bigint[] {
  const fractions = values.map((value) => (value > 0 ? rateFraction(value) : ([0n, 1n] as [bigint, bigint])));
  const scale = fractions.reduce((most, [, denominator]) => (denominator > most ? denominator : most), 1n);
  return fractions.map(([numerator, denominator]) => numerator * (scale / denominator));
}

/**
 * Each person's weight in one item's split, in `people` order. `nights[i]` is person i's
 * nights in the window (presenceNights); `digits` are the item's own currency's (exact
 * amounts are in it). A split that leaves everyone at 0 (nobody has a night, or it names
 * only people no longer on the trip) is equal among everyone.
 */
export function splitWeights(
  split: Split | null | undefined,
  people: readonly string[],
  nights: readonly number[],
  digits: number,
): bigint[] {
  let weights: bigint[];
  if (!split || (split.kind === 'equal' && !split.among)) weights = equalWeights(people.length);
  else if (split.kind === 'equal') {
    const among = new Set(split.among);
    weights = people.map((id) => (among.has(id) ? 1n : 0n));
  } else if (split.kind === 'shares') weights = wholeWeights(people.map((id) => split.shares[id] ?? 0));
  else if (split.kind === 'exact') {
    weights = people.map((id) => BigInt(Math.max(0, toMinorUnits(split.amounts[id] ?? 0, digits))));
  } else weights = nights.map((count) => BigInt(Math.max(0, count)));
  return weights.some((weight) => weight > 0n) ? weights : equalWeights(people.length);
}

/** The people ids a split names (to check they are on the trip, and to keep them from being removed). */
export function peopleNamedBy(split: Split | null | undefined): string[] {
  if (!split) return [];
  if (split.kind === 'equal') return split.among ?? [];
  if (split.kind === 'shares') return Object.keys(split.shares);
  if (split.kind === 'exact') return Object.keys(split.amounts);
  return [];
}

/** An amount of minor units as text with its currency: '20.00 EUR', '1500 JPY'. */
export const moneyText = (units: bigint | number, digits: number, currency: string): string =>
  `${fromMinorUnits(units, digits).toFixed(digits)} ${currency}`;

/**
 * What is wrong with a split, or null. `known` are the trip's people ids; `cost` is the
 * item's cost in its own currency's minor units (`digits`, `currency`), which exact
 * amounts must add up to. The first broken rule is named.
 */
export function splitProblem(
  split: Split,
  known: ReadonlySet<string>,
  cost: { units: bigint; digits: number; currency: string },
): string | null {
  const unknown = peopleNamedBy(split).find((id) => !known.has(id));
  if (unknown !== undefined) return `The split names ${unknown}, who is not one of the trip’s people.`;
  if (split.kind === 'equal' && split.among !== undefined && split.among.length === 0) {
    return 'Split equally among at least one person (or leave among out for everyone).';
  }
  if (split.kind === 'equal' && split.among && new Set(split.among).size !== split.among.length) {
    return 'A split names each person once.';
  }
  if (split.kind === 'shares') {
    const weights = Object.values(split.shares);
    if (weights.length === 0) return 'A split by shares needs at least one person’s share.';
    if (weights.some((weight) => !Number.isFinite(weight) || weight <= 0 || weight > MAX_SHARE_WEIGHT)) {
      return `Each share must be a number above 0 and at most ${MAX_SHARE_WEIGHT.toLocaleString('en-US')}.`;
    }
  }
  if (split.kind === 'exact') {
    const amounts = Object.values(split.amounts);
    if (amounts.length === 0) return 'An exact split needs at least one person’s amount.';
    if (amounts.some((amount) => !Number.isFinite(amount) || amount < 0)) {
      return 'Each exact amount must be a number of at least 0.';
    }
    const sum = amounts.reduce((units, amount) => units + BigInt(toMinorUnits(amount, cost.digits)), 0n);
    const difference = sum - cost.units;
    if (difference !== 0n) {
      const how = difference > 0n ? 'more' : 'less';
      return `The exact amounts add up to ${moneyText(sum, cost.digits, cost.currency)}, ${moneyText(abs(difference), cost.digits, cost.currency)} ${how} than the item’s cost of ${moneyText(cost.units, cost.digits, cost.currency)}.`;
    }
  }
  return null;
}

/**
 * What is left to assign in an exact split as it is typed: the item's cost in its own
 * currency's minor units less the amounts typed so far (each rounded to the currency's
 * digits, as splitProblem adds them). 0 when they add up; below 0 when they are over.
 */
export function exactRemainder(amounts: readonly number[], cost: number, digits: number): bigint {
  const typed = amounts.reduce((units, amount) => units + BigInt(toMinorUnits(amount, digits)), 0n);
  return BigInt(toMinorUnits(cost, digits)) - typed;
}
