// Settling up (issue 40, docs/adr/0066-shares-rounding-and-settling-up.md): from what each
// person paid, their share of it and the payments between them, each one's balance (Σ = 0
// exactly) and the transfers that bring every balance to 0 (largest debtor pays largest
// creditor, ties in people order: at most n − 1 of them). Amounts are whole minor units of
// the trip's currency; shares.ts makes the shares. Browser-safe like the rest of the core.
import { convertMinorUnits } from './fx';

/** What one person's balance is made of, in minor units of the trip's currency. */
export interface LedgerLine {
  /** What they paid for the trip's items (the items they are the payer of). */
  paid: bigint;
  /** Their share of those items (apportioned: the shares add up to Σ paid). */
  share: bigint;
  /** Payments they made to other people. */
  sent: bigint;
  /** Payments other people made to them. */
  received: bigint;
}

/**
 * A person's balance: what they are owed (above 0) or owe (below 0). Paying an item
 * or another person raises it; a share of the costs or a payment received lowers it.
 * When Σ paid = Σ share (apportion) and every payment is sent by one and received by
 * another, the balances add up to exactly 0.
 */
export const balanceOf = (line: LedgerLine): bigint => line.paid - line.share + line.sent - line.received;

/** One transfer that settles up: `from` pays `to` (indexes in people order). */
export interface Transfer {
  from: number;
  to: number;
  amount: bigint;
}

/** The index of the largest value by `pick` (> 0), ties to the earlier index; -1 when none. */
function largest(values: readonly bigint[], pick: (value: bigint) => bigint): number {
  let best = -1;
  for (let index = 0; index < values.length; index += 1) {
    const value = pick(values[index]);
    if (value > 0n && (best === -1 || value > pick(values[best]))) best = index;
  }
  return best;
}

/**
 * Transfers that bring every balance to exactly 0 (balances must add up to 0): the
 * largest debtor pays the largest creditor as much as settles one of them, ties to the
 * earlier person, until no one owes. Each transfer settles at least one person, so
 * there are at most n − 1 (not always the fewest possible: that problem is NP-hard).
 */
export function transfersFor(balances: readonly bigint[]): Transfer[] {
  const left = [...balances];
  if (left.reduce((a, b) => a + b, 0n) !== 0n) throw new Error('balances must add up to 0 to be settled');
  const transfers: Transfer[] = [];
  for (;;) {
    const debtor = largest(left, (value) => -value);
    const creditor = largest(left, (value) => value);
    if (debtor === -1 || creditor === -1) return transfers;
    const amount = -left[debtor] < left[creditor] ? -left[debtor] : left[creditor];
    transfers.push({ from: debtor, to: creditor, amount });
    left[debtor] += amount;
    left[creditor] -= amount;
  }
}

/**
 * A balance in another currency at a frozen rate (units of `toDigits`' currency per one
 * unit of the trip's), converted exactly and rounded once, half away from zero, so a
 * debt and the same credit convert to the same amount.
 */
export const settleAmount = (balance: bigint, rate: number, fromDigits: number, toDigits: number): bigint =>
  convertMinorUnits(balance, rate, fromDigits, toDigits);
