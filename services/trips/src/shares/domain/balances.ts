// Balances of one window (issue 40): what each person paid for its items, their share of
// those items (apportioned like every share, so Σ share = Σ paid), the payments between
// them, each balance (Σ = 0 exactly) and the transfers that settle up (the money core's
// settling.ts). Items not paid, or paid by someone not named, are left out and counted
// apart, so a balance is never made up from a cost nobody has paid yet.
import {
  apportion,
  AppError,
  balanceOf,
  currencyDigits,
  fromMinorUnits,
  settleAmount,
  transfersFor,
  type SharedCost,
} from '@tripcost/shared';
import { INSTANCE_NOT_FOUND, tripCurrency, type InstanceRecord, type TripRecord } from '../../trip';
import { paymentUnits } from './payments';
import { itemSharedCost, peopleOf, splitContext, windowSharedCosts } from './window-shares';

export const NO_COMMITTED_WINDOW =
  'No window is committed yet: commit one, or ask for a window’s balances with ?instance=<its id>.';

export interface SettleFigure {
  currency: string;
  amount: number;
  /** Units of `currency` per one unit of the trip's (1 in the trip's own). */
  rate: number;
  /** 'YYYY-MM-DD' of the frozen rate; null in the trip's currency. */
  rate_date: string | null;
  source: string | null;
}

export interface PersonBalance {
  person_id: string;
  paid: number;
  share: number;
  /** Above 0: owed to them; below 0: they owe. */
  balance: number;
  settle: SettleFigure;
}

export interface BalancesAnswer {
  currency: string;
  instance_id: string;
  people: PersonBalance[];
  transfers: { from: string; to: string; amount: number; currency: string }[];
  settled: boolean;
  /** What balances leave out: items not paid yet, and items paid by someone not named. */
  left_out: { not_paid: number; payer_not_named: number };
}

/** The window balances are about: the one asked for, else the committed one (409 when none). */
export function balancesWindow(trip: TripRecord, instanceId: string | undefined): InstanceRecord {
  const id = instanceId ?? trip.committedInstanceId;
  if (!id) throw new AppError(409, NO_COMMITTED_WINDOW, 'no_committed_window');
  const window = trip.instances.find((candidate) => candidate._id === id);
  if (!window) throw new AppError(404, INSTANCE_NOT_FOUND);
  return window;
}

/** Each person's figures in minor units, and what is left out, for one window. */
export function ledgerOf(trip: TripRecord, window: InstanceRecord) {
  const context = splitContext(trip, window);
  const index = new Map(context.ids.map((id, position) => [id, position]));
  const zero = () => context.ids.map(() => 0n);
  const [paid, sent, received] = [zero(), zero(), zero()];
  const costs: SharedCost[] = [];
  let [notPaid, unnamed] = [0n, 0n];
  const items = window.items ?? [];
  if (items.length === 0) notPaid = windowSharedCosts(trip, window, context)[0]?.cost ?? 0n;
  for (const item of items) {
    const cost = itemSharedCost(item, window, context);
    const payer = item.paid_by ? index.get(item.paid_by) : undefined;
    if (payer !== undefined) {
      costs.push(cost);
      paid[payer] += cost.cost;
    } else if (item.paid) unnamed += cost.cost;
    else notPaid += cost.cost;
  }
  for (const payment of trip.payments ?? []) {
    const [from, to] = [index.get(payment.from), index.get(payment.to)];
    if (from === undefined || to === undefined) continue;
    const units = paymentUnits(payment, trip);
    sent[from] += units;
    received[to] += units;
  }
  const share = apportion(costs, context.ids.length);
  const balances = context.ids.map((_, i) =>
    balanceOf({ paid: paid[i], share: share[i], sent: sent[i], received: received[i] }),
  );
  return { ids: context.ids, paid, share, balances, notPaid, unnamed };
}

/** The balances of one window as the answer gives them, in the trip's currency and each person's settle currency. */
export function balancesOf(trip: TripRecord, window: InstanceRecord): BalancesAnswer {
  const currency = tripCurrency(trip);
  const digits = currencyDigits(currency);
  const money = (units: bigint) => fromMinorUnits(units, digits);
  const ledger = ledgerOf(trip, window);
  const people = peopleOf(trip).map((person, i): PersonBalance => {
    const fx = person.settle_currency && person.settle_currency !== currency ? person.settle_fx : null;
    const settle: SettleFigure = fx
      ? {
          currency: person.settle_currency!,
          amount: fromMinorUnits(
            settleAmount(ledger.balances[i], fx.rate, digits, currencyDigits(person.settle_currency!)),
            currencyDigits(person.settle_currency!),
          ),
          rate: fx.rate,
          rate_date: fx.date,
          source: fx.source,
        }
      : { currency, amount: money(ledger.balances[i]), rate: 1, rate_date: null, source: null };
    return {
      person_id: person._id,
      paid: money(ledger.paid[i]),
      share: money(ledger.share[i]),
      balance: money(ledger.balances[i]),
      settle,
    };
  });
  return {
    currency,
    instance_id: window._id,
    people,
    transfers: transfersFor(ledger.balances).map((transfer) => ({
      from: ledger.ids[transfer.from],
      to: ledger.ids[transfer.to],
      amount: money(transfer.amount),
      currency,
    })),
    settled: ledger.balances.every((balance) => balance === 0n),
    left_out: { not_paid: money(ledger.notPaid), payer_not_named: money(ledger.unnamed) },
  };
}

/** Only one person's own figures (a viewer who sees their own share alone): their line and their transfers. */
export function ownBalances(answer: BalancesAnswer, personId: string): BalancesAnswer {
  return {
    ...answer,
    people: answer.people.filter((line) => line.person_id === personId),
    transfers: answer.transfers.filter((transfer) => transfer.from === personId || transfer.to === personId),
    left_out: { not_paid: 0, payer_not_named: 0 },
  };
}

/**
 * The balances CSV's two tables' headers (docs/product.md names the same lines). A balance
 * is written as two columns that are never negative — a cell starting with "-" is
 * neutralised as a formula (exports.ts), and a spreadsheet would read it as text.
 */
export const BALANCES_CSV_HEADER = [
  'Person',
  'Paid',
  'Share',
  'Is owed',
  'Owes',
  'Currency',
  'In settle currency',
  'Settle currency',
];
export const PAYMENTS_CSV_HEADER = ['Paid on', 'From', 'To', 'Amount', 'Currency', 'In trip currency', 'Note'];

/**
 * The rows of `GET …/balances.csv`: each person's paid, share and balance (and in their
 * settle currency), a blank row, then the payments — the answers' own figures, only those
 * the caller may see (`balances` and `payments` are already shaped for them).
 */
export function balancesRows(
  trip: TripRecord,
  balances: BalancesAnswer,
  payments: readonly {
    paid_on: string;
    from: string;
    to: string;
    amount: number;
    currency: string;
    trip_amount: number;
    note: string;
  }[],
): string[][] {
  const digits = currencyDigits(balances.currency);
  const name = new Map(peopleOf(trip).map((person) => [person._id, person.name]));
  const fixed = (amount: number, places = digits) => amount.toFixed(places);
  const people = balances.people.map((line) => [
    name.get(line.person_id) ?? '',
    fixed(line.paid),
    fixed(line.share),
    fixed(Math.max(0, line.balance)),
    fixed(Math.max(0, -line.balance)),
    balances.currency,
    fixed(Math.abs(line.settle.amount), currencyDigits(line.settle.currency)),
    line.settle.currency,
  ]);
  const paid = payments.map((payment) => [
    payment.paid_on,
    name.get(payment.from) ?? '',
    name.get(payment.to) ?? '',
    fixed(payment.amount, currencyDigits(payment.currency)),
    payment.currency,
    fixed(payment.trip_amount),
    payment.note,
  ]);
  return [BALANCES_CSV_HEADER, ...people, [], PAYMENTS_CSV_HEADER, ...paid];
}
