// Payments between the trip's people (issue 40): recorded and deleted as changes of the
// trip (one write path, one version), each in its own currency at a rate frozen when it
// is recorded, converted once to the trip's minor units wherever a balance counts it.
import {
  AppError,
  convertMinorUnits,
  currencyDigits,
  isCurrencyCode,
  notFound,
  roundMoney,
  TEXT_LIMITS,
  toMinorUnits,
  type RateTable,
} from '@tripcost/shared';
import { checkCurrency, publishedRate } from '../../currency';
import { tripCurrency, type PaymentRecord, type TripRecord } from '../../trip';
import { peopleOf } from './window-shares';

export const MAX_PAYMENTS = 500;
export const MAX_PAYMENT_NOTE = TEXT_LIMITS.paymentNote;
export const PAYMENT_NOT_FOUND = 'Payment not found.';

export interface PaymentInput {
  from: string;
  to: string;
  amount: number;
  /** ISO 4217; the trip's when absent. */
  currency?: string;
  /** 'YYYY-MM-DD'. */
  paid_on: string;
  note?: string;
  /** The payer's own rate (trip-currency units per one unit of `currency`); absent: the one published on paid_on. */
  fx?: { rate: number } | null;
}

/** A payment's currency: the trip's when none is given. */
const currencyOf = (trip: Pick<TripRecord, 'currency'>, input: Pick<PaymentInput, 'currency'>): string =>
  input.currency ?? tripCurrency(trip);

/** Whether recording this payment needs today's rates: another currency than the trip's, without a rate of one's own. */
export const paymentNeedsRates = (trip: TripRecord, input: PaymentInput): boolean => {
  const currency = currencyOf(trip, input);
  return isCurrencyCode(currency) && currency !== tripCurrency(trip) && !input.fx;
};

/**
 * The payment recorded (its id chosen by the caller, so a retried change records one):
 * between two different people of the trip, above 0 in its currency's minor unit, at
 * most MAX_PAYMENTS per trip (409); in another currency its rate is the one published on
 * its paid_on day (`rates`: that day's table, asked by the write path), frozen now.
 */
export function applyAddPayment(
  trip: TripRecord,
  input: PaymentInput,
  id: string,
  now: string,
  rates?: RateTable,
): TripRecord {
  const known = new Set(peopleOf(trip).map((person) => person._id));
  for (const [field, personId] of [
    ['from', input.from],
    ['to', input.to],
  ] as const) {
    if (!known.has(personId)) {
      throw new AppError(400, `${field} names ${personId}, who is not one of the trip’s people.`, 'unknown_person');
    }
  }
  if (input.from === input.to) throw new AppError(400, 'A payment is from one person to another.', 'same_person');
  const payments = trip.payments ?? [];
  if (payments.length >= MAX_PAYMENTS) {
    throw new AppError(409, `A trip keeps at most ${MAX_PAYMENTS} payments.`, 'too_many_payments');
  }
  const currency = checkCurrency(currencyOf(trip, input));
  const amount = roundMoney(input.amount, currencyDigits(currency));
  if (amount <= 0) throw new AppError(400, 'A payment’s amount must be above 0.', 'invalid_money');
  const home = tripCurrency(trip);
  const fx =
    currency === home
      ? null
      : input.fx
        ? { rate: input.fx.rate, date: now.slice(0, 10), source: 'manual' }
        : publishedRate(rates, currency, home);
  const payment: PaymentRecord = {
    _id: id,
    from: input.from,
    to: input.to,
    amount,
    currency,
    fx,
    paid_on: input.paid_on.slice(0, 10),
    note: input.note ?? '',
    created_at: now,
  };
  return { ...trip, payments: [...payments, payment], updated_at: now };
}

export function applyRemovePayment(trip: TripRecord, paymentId: string, now: string): TripRecord {
  const payments = trip.payments ?? [];
  if (!payments.some((payment) => payment._id === paymentId)) throw notFound(PAYMENT_NOT_FOUND);
  return { ...trip, payments: payments.filter((payment) => payment._id !== paymentId), updated_at: now };
}

/** A payment in minor units of the trip's currency: converted once at its frozen rate. */
export function paymentUnits(payment: PaymentRecord, trip: Pick<TripRecord, 'currency'>): bigint {
  const tripDigits = currencyDigits(tripCurrency(trip));
  if (!payment.fx || payment.currency === tripCurrency(trip)) return BigInt(toMinorUnits(payment.amount, tripDigits));
  const digits = currencyDigits(payment.currency);
  return convertMinorUnits(BigInt(toMinorUnits(payment.amount, digits)), payment.fx.rate, digits, tripDigits);
}
