// The use cases of who pays what (issue 40): a window's balances, the payments and
// recording or deleting one. Reads go through sharing's access rule; a payment is a
// change of the trip through the write path the trips service hands in (`change`),
// like every other change. What each role sees: owners, editors and viewers who see
// costs see everything; a viewer whose costs are hidden sees nothing, unless the owner
// turned on show_own_share: then only their own figures (their line, their transfers,
// the payments they are part of).
import { currencyDigits, forbidden, fromMinorUnits, newId, type AuthUser, type RateTable } from '@tripcost/shared';
import { COSTS_HIDDEN, can, costsHiddenFor, type ShareTally, type TripAccess } from '../../sharing';
import {
  roleOf,
  tripCurrency,
  type Action,
  type PaymentRecord,
  type Role,
  type TripRecord,
  type TripStore,
} from '../../trip';
import { csvFileName, csvTable } from '../../exports';
import { balancesOf, balancesRows, balancesWindow, ownBalances, type BalancesAnswer } from './balances';
import { applyAddPayment, applyRemovePayment, paymentNeedsRates, paymentUnits, type PaymentInput } from './payments';
import { applyLimit, myLimitOf } from './limits';
import { personOfUser, windowShares } from './window-shares';

export const OWN_PAYMENTS_ONLY = 'Viewers record and delete only payments they make themselves.';

/** The caller's own share of a window alongside everyone's (the ShareTally sharing shows). */
export const shareTally: ShareTally = (trip, instance, userId) => {
  const shares = windowShares(trip, instance);
  const mine = personOfUser(trip, userId);
  return { shares, my_share: mine ? (shares.find((share) => share.person_id === mine._id)?.amount ?? null) : null };
};

export interface PaymentView extends PaymentRecord {
  /** What it counts for in the trip's currency (converted once at its frozen rate). */
  trip_amount: number;
}

export interface PaymentsAnswer {
  currency: string;
  payments: PaymentView[];
}

/** A payment recorded or deleted, and the trip's version after it (for If-Match). */
export interface PaymentChanged {
  payment: PaymentView | null;
  version: number;
}

/** The payments the caller is part of on one trip (the account export's). */
export interface MyTripPayments {
  trip_id: string;
  location_address: string;
  currency: string;
  /** The caller's person on that trip. */
  person_id: string;
  payments: PaymentView[];
}

export interface SharesUseCases {
  /** Every payment the caller is part of, on each trip where they are a member and one of the people. */
  myPayments(user: AuthUser): Promise<MyTripPayments[]>;
  /** A window's balances (the committed one unless `instanceId`): 409 without a committed window. */
  balances(user: AuthUser, tripId: string, instanceId?: string): Promise<BalancesAnswer>;
  payments(user: AuthUser, tripId: string): Promise<PaymentsAnswer>;
  /** The balances and the payments as one CSV download, as the caller may see them. */
  balancesCsv(user: AuthUser, tripId: string, instanceId?: string): Promise<{ csv: string; fileName: string }>;
  addPayment(user: AuthUser, tripId: string, input: PaymentInput, precondition?: Precondition): Promise<PaymentChanged>;
  removePayment(
    user: AuthUser,
    tripId: string,
    paymentId: string,
    precondition?: Precondition,
  ): Promise<PaymentChanged>;
  /** Sets (a number) or removes (null) the caller's own private limit; answers it and the trip's version. */
  setMyLimit(user: AuthUser, tripId: string, max: number | null): Promise<{ my_limit: number | null; version: number }>;
}

/**
 * If-Match, the caller's Authorization for a change that needs today's rates, and
 * Made-At for a change made offline (the write path's Precondition).
 */
export interface Precondition {
  ifMatch?: string;
  authorization?: string;
  madeAt?: string;
}

/** A change of the trip through the write path (the trips service's): rates asked first when needed. */
export type ShareChange = (
  user: AuthUser,
  tripId: string,
  change: {
    needsRates(trip: TripRecord): boolean;
    apply(trip: TripRecord, at: string, rates: RateTable | undefined): TripRecord;
    /** A private limit: written like any change, but no live event tells the others (limits.ts). */
    private?: boolean;
    /** The day whose rates it needs (a payment's paid_on); absent: today's. */
    ratesDay?: string;
  },
  precondition: Precondition,
  action: Action,
) => Promise<TripRecord>;

/** Whose figures a reader may see: everyone's, only their own person's, or none (403). */
function seenBy(trip: TripRecord, role: Role, userId: string): { own: string | null } {
  if (!costsHiddenFor(trip, role)) return { own: null };
  const person = personOfUser(trip, userId);
  if (!trip.show_own_share || !person) throw forbidden(COSTS_HIDDEN);
  return { own: person._id };
}

const paymentView = (payment: PaymentRecord, trip: TripRecord): PaymentView => ({
  ...payment,
  trip_amount: fromMinorUnits(paymentUnits(payment, trip), currencyDigits(tripCurrency(trip))),
});

/** The trip's payments as a reader sees them: all, or (`own`: their person) those they are part of. */
function paymentsSeen(trip: TripRecord, own: string | null): PaymentsAnswer {
  const payments = (trip.payments ?? []).filter((payment) => !own || payment.from === own || payment.to === own);
  return { currency: tripCurrency(trip), payments: payments.map((payment) => paymentView(payment, trip)) };
}

/** Owners and editors manage every payment; another member only their own (from themselves), when they see their figures. */
function checkPaymentAuthor(trip: TripRecord, userId: string, from: string): void {
  const role = roleOf(trip, userId);
  if (can(role, 'edit')) return;
  const { own } = seenBy(trip, role ?? 'viewer', userId);
  const person = own ?? personOfUser(trip, userId)?._id;
  if (!person || person !== from) throw forbidden(OWN_PAYMENTS_ONLY);
}

export function createSharesUseCases(deps: {
  access: Pick<TripAccess, 'tripFor'>;
  store: Pick<TripStore, 'idsNamingUser' | 'findByIds'>;
  change: ShareChange;
}): SharesUseCases {
  const { access, change, store } = deps;
  /** A window's balances and the payments, each shaped for the caller, and the trip they are of. */
  async function readable(user: AuthUser, tripId: string, instanceId?: string) {
    const { trip, role } = await access.tripFor(user.id, tripId, 'read');
    const { own } = seenBy(trip, role, user.id);
    const all = balancesOf(trip, balancesWindow(trip, instanceId));
    return { trip, balances: own ? ownBalances(all, own) : all, payments: paymentsSeen(trip, own) };
  }
  return {
    async myPayments(user) {
      const trips = await store.findByIds(await store.idsNamingUser(user.id));
      return trips.flatMap((trip): MyTripPayments[] => {
        const person = personOfUser(trip, user.id);
        // Only trips they may still read: a former member's trips are their owners' again.
        if (!person || roleOf(trip, user.id) === null) return [];
        const payments = (trip.payments ?? []).filter(
          (payment) => payment.from === person._id || payment.to === person._id,
        );
        if (payments.length === 0) return [];
        return [
          {
            trip_id: trip._id,
            location_address: trip.location_address,
            currency: tripCurrency(trip),
            person_id: person._id,
            payments: payments.map((payment) => paymentView(payment, trip)),
          },
        ];
      });
    },
    balances: async (user, tripId, instanceId) => (await readable(user, tripId, instanceId)).balances,
    async payments(user, tripId) {
      const { trip, role } = await access.tripFor(user.id, tripId, 'read');
      return paymentsSeen(trip, seenBy(trip, role, user.id).own);
    },
    async balancesCsv(user, tripId, instanceId) {
      const { trip, balances, payments } = await readable(user, tripId, instanceId);
      return {
        csv: csvTable(balancesRows(trip, balances, payments.payments)),
        fileName: csvFileName(trip, 'balances'),
      };
    },
    async addPayment(user, tripId, input, precondition = {}) {
      const id = newId();
      const changed = await change(
        user,
        tripId,
        {
          needsRates: (trip) => paymentNeedsRates(trip, input),
          // Converted at the rate of the day it was paid, frozen now (issue 40).
          ratesDay: input.paid_on.slice(0, 10),
          apply: (trip, at, rates) => {
            checkPaymentAuthor(trip, user.id, input.from);
            return applyAddPayment(trip, input, id, at, rates);
          },
        },
        precondition,
        'read',
      );
      const payment = changed.payments?.find((candidate) => candidate._id === id);
      return { payment: payment ? paymentView(payment, changed) : null, version: changed.version ?? 0 };
    },
    async removePayment(user, tripId, paymentId, precondition = {}) {
      const changed = await change(
        user,
        tripId,
        {
          needsRates: () => false,
          apply: (trip, at) => {
            const payment = trip.payments?.find((candidate) => candidate._id === paymentId);
            if (payment) checkPaymentAuthor(trip, user.id, payment.from);
            return applyRemovePayment(trip, paymentId, at);
          },
        },
        precondition,
        'read',
      );
      return { payment: null, version: changed.version ?? 0 };
    },
    async setMyLimit(user, tripId, max) {
      const changed = await change(
        user,
        tripId,
        { needsRates: () => false, apply: (trip, at) => applyLimit(trip, user.id, max, at), private: true },
        {},
        'read',
      );
      return { my_limit: myLimitOf(changed, user.id) ?? null, version: changed.version ?? 0 };
    },
  };
}
