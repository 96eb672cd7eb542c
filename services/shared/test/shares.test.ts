// Who pays what in the money core: each person's share of a window by largest remainder,
// the split kinds, balances that add up to 0, transfers that settle exactly in at most
// n − 1 steps, and conversions rounded once (docs/adr/0066-shares-rounding-and-settling-up.md).
import fc from 'fast-check';
import {
  apportion,
  balanceOf,
  convertMinorUnits,
  presenceNights,
  rateFraction,
  settleAmount,
  splitProblem,
  splitWeights,
  transfersFor,
  type SharedCost,
} from '../src';

const RUNS = { numRuns: 200 };
const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const window = { trip_start: '2030-05-01T00:00:00.000Z', trip_end: '2030-05-06T00:00:00.000Z' };
const PEOPLE = ['ada', 'bo', 'cy'];

describe('shares of a window', () => {
  it('when $100.00 is split equally among three, then the leftover cent goes to the first person', () => {
    expect(apportion([{ cost: 10_000n, weights: [1n, 1n, 1n] }], 3)).toEqual([3334n, 3333n, 3333n]);
  });

  it('when several items leave fractions, then the total is apportioned once, not rounded per item', () => {
    // Each item alone would give 1 cent to Ada (rounded per item: 34 + 34 = 68, a cent over).
    const costs: SharedCost[] = [
      { cost: 100n, weights: [1n, 1n, 1n] },
      { cost: 100n, weights: [1n, 1n, 1n] },
    ];
    expect(apportion(costs, 3)).toEqual([67n, 67n, 66n]);
  });

  it('when remainders tie, then people order decides, and the largest remainder wins otherwise', () => {
    // Exact shares 1/3·2 = 0.67, 0.67, 0.67 of 2 cents → the first two get one each.
    expect(apportion([{ cost: 2n, weights: [1n, 1n, 1n] }], 3)).toEqual([1n, 1n, 0n]);
    // Exact shares 0.2, 0.3, 0.5 of 1 cent → Cy (0.5) gets it.
    expect(apportion([{ cost: 1n, weights: [2n, 3n, 5n] }], 3)).toEqual([0n, 0n, 1n]);
  });

  it('when a split kind is given, then each person weighs what it says', () => {
    const nights = [5, 3, 5];
    expect(splitWeights(undefined, PEOPLE, nights, 2)).toEqual([1n, 1n, 1n]);
    expect(splitWeights({ kind: 'equal', among: ['ada', 'cy'] }, PEOPLE, nights, 2)).toEqual([1n, 0n, 1n]);
    expect(splitWeights({ kind: 'shares', shares: { ada: 1.5, bo: 2 } }, PEOPLE, nights, 2)).toEqual([15n, 20n, 0n]);
    expect(splitWeights({ kind: 'exact', amounts: { ada: 12.5, cy: 7.5 } }, PEOPLE, nights, 2)).toEqual([
      1250n,
      0n,
      750n,
    ]);
    expect(splitWeights({ kind: 'nights' }, PEOPLE, nights, 2)).toEqual([5n, 3n, 5n]);
    // Nobody has a night (a window without dates): equally among everyone.
    expect(splitWeights({ kind: 'nights' }, PEOPLE, [0, 0, 0], 2)).toEqual([1n, 1n, 1n]);
  });

  it('when someone is there for 3 of 5 nights, then their nights count only those, clipped to the window', () => {
    expect(presenceNights(window, undefined)).toBe(5);
    expect(presenceNights(window, { from: '2030-05-03', to: '2030-05-06' })).toBe(3);
    expect(presenceNights(window, { from: '2030-04-20', to: '2030-05-02' })).toBe(1);
    expect(presenceNights({ trip_start: null, trip_end: null }, undefined)).toBe(0);
  });

  it('when a split is wrong, then the problem is named (unknown people, empty among, weights, exact difference)', () => {
    const known = new Set(PEOPLE);
    const cost = { units: 32_000n, digits: 2, currency: 'EUR' };
    expect(splitProblem({ kind: 'equal', among: ['zed'] }, known, cost)).toMatch(/zed, who is not one/);
    expect(splitProblem({ kind: 'equal', among: [] }, known, cost)).toMatch(/at least one person/);
    expect(splitProblem({ kind: 'shares', shares: { ada: 0 } }, known, cost)).toMatch(/above 0/);
    expect(splitProblem({ kind: 'shares', shares: { ada: -1 } }, known, cost)).toMatch(/above 0/);
    expect(splitProblem({ kind: 'exact', amounts: { ada: 100, bo: 200 } }, known, cost)).toBe(
      'The exact amounts add up to 300.00 EUR, 20.00 EUR less than the item’s cost of 320.00 EUR.',
    );
    expect(splitProblem({ kind: 'exact', amounts: { ada: 120, bo: 200 } }, known, cost)).toBeNull();
    expect(splitProblem({ kind: 'nights' }, known, cost)).toBeNull();
  });
});

describe('balances and transfers', () => {
  it('when Ada paid $90 of a $90 dinner split three ways, then she is owed $60 and the others pay her $30 each', () => {
    const share = apportion([{ cost: 9000n, weights: [1n, 1n, 1n] }], 3);
    const balances = [9000n, 0n, 0n].map((paid, i) => balanceOf({ paid, share: share[i], sent: 0n, received: 0n }));
    expect(balances).toEqual([6000n, -3000n, -3000n]);
    expect(transfersFor(balances)).toEqual([
      { from: 1, to: 0, amount: 3000n },
      { from: 2, to: 0, amount: 3000n },
    ]);
  });

  it('when a payment is larger than what is owed, then the balance turns the other way round', () => {
    const balances = [
      balanceOf({ paid: 0n, share: 3000n, sent: 5000n, received: 0n }),
      balanceOf({ paid: 3000n, share: 0n, sent: 0n, received: 5000n }),
    ];
    expect(balances).toEqual([2000n, -2000n]);
    expect(transfersFor(balances)).toEqual([{ from: 1, to: 0, amount: 2000n }]);
  });

  it('when balances do not add up to 0, then nothing is made up to settle them', () => {
    expect(() => transfersFor([1n, 0n])).toThrow(/add up to 0/);
  });

  it('when a balance is shown in another currency, then a debt and a credit convert alike, rounded once', () => {
    expect(settleAmount(-1005n, 0.5, 2, 2)).toBe(-503n);
    expect(settleAmount(1005n, 0.5, 2, 2)).toBe(503n);
    expect(settleAmount(12_345n, 150.25, 2, 0)).toBe(18_548n);
  });
});

// Generators: 1–12 people, 1–30 items each with a cost and a weight vector that has someone.
const peopleCount = fc.integer({ min: 1, max: 12 });
const costsFor = (count: number) =>
  fc.array(
    fc.record({
      cost: fc.bigInt({ min: 0n, max: 10_000_000_000n }),
      weights: fc
        .array(fc.bigInt({ min: 0n, max: 1000n }), { minLength: count, maxLength: count })
        .filter((weights) => weights.some((weight) => weight > 0n)),
    }),
    { minLength: 0, maxLength: 30 },
  );
const windowCase = peopleCount.chain((count) => fc.tuple(fc.constant(count), costsFor(count)));

describe('properties of the money core', () => {
  it('Σ shares = the total, each share within one minor unit of its exact value, and the same input gives the same cents', () => {
    fc.assert(
      fc.property(windowCase, ([count, costs]) => {
        const shares = apportion(costs, count);
        expect(sum(shares)).toBe(sum(costs.map((cost) => cost.cost)));
        expect(apportion(costs, count)).toEqual(shares);
        // Exact share ≤ share + 1 and ≥ share − 1 (in units of the common denominator, scaled by 1e6).
        for (let person = 0; person < count; person += 1) {
          const exact = costs.reduce(
            (acc, { cost, weights }) => acc + (cost * weights[person] * 1_000_000n) / sum(weights),
            0n,
          );
          expect(exact - shares[person] * 1_000_000n).toBeLessThan(1_000_000n + BigInt(costs.length));
          expect(shares[person] * 1_000_000n - exact).toBeLessThan(1_000_000n + BigInt(costs.length));
        }
      }),
      RUNS,
    );
  });

  const ledger = peopleCount.chain((count) =>
    fc.tuple(
      costsFor(count),
      fc.array(fc.integer({ min: 0, max: count - 1 }), { minLength: 30, maxLength: 30 }),
      fc.array(
        fc.record({
          from: fc.integer({ min: 0, max: count - 1 }),
          to: fc.integer({ min: 0, max: count - 1 }),
          amount: fc.bigInt({ min: 1n, max: 100_000_000n }),
        }),
        { maxLength: 40 },
      ),
      fc.constant(count),
    ),
  );

  it('Σ balances = 0, the transfers are at most n − 1 and, applied, bring every balance to exactly 0', () => {
    fc.assert(
      fc.property(ledger, ([costs, payers, payments, count]) => {
        const share = apportion(costs, count);
        const paid = Array.from({ length: count }, () => 0n);
        costs.forEach((cost, index) => (paid[payers[index]] += cost.cost));
        const [sent, received] = [paid.map(() => 0n), paid.map(() => 0n)];
        for (const payment of payments) {
          sent[payment.from] += payment.amount;
          received[payment.to] += payment.amount;
        }
        const balances = paid.map((_, i) =>
          balanceOf({ paid: paid[i], share: share[i], sent: sent[i], received: received[i] }),
        );
        expect(sum(balances)).toBe(0n);
        const transfers = transfersFor(balances);
        expect(transfers.length).toBeLessThanOrEqual(Math.max(0, count - 1));
        const after = [...balances];
        for (const transfer of transfers) {
          expect(transfer.amount).toBeGreaterThan(0n);
          after[transfer.from] += transfer.amount;
          after[transfer.to] -= transfer.amount;
        }
        expect(after).toEqual(balances.map(() => 0n));
      }),
      RUNS,
    );
  });

  it('a conversion rounds once: within half a minor unit of the exact product, a debt the mirror of its credit', () => {
    const rate = fc.double({ min: 0.0001, max: 10_000, noNaN: true, noDefaultInfinity: true });
    const digits = fc.constantFrom(0, 2, 3);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), rate, digits, digits, (units, r, from, to) => {
        const converted = settleAmount(units, r, from, to);
        expect(settleAmount(-units, r, from, to)).toBe(-converted);
        expect(converted).toBe(convertMinorUnits(units, r, from, to));
        // |converted − exact| ≤ ½ minor unit, checked in exact integers on the rate's own fraction.
        const [numerator, denominator] = rateFraction(r);
        const scale = denominator * 10n ** BigInt(from);
        const gap = converted * scale - units * numerator * 10n ** BigInt(to);
        expect((gap < 0n ? -gap : gap) * 2n).toBeLessThanOrEqual(scale);
      }),
      RUNS,
    );
  });
});
