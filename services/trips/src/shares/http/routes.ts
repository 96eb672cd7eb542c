// Who pays what (issue 40): a window's balances and the payments between the trip's
// people. A payment is a change of the trip (its version moves: the answer carries the
// new ETag, and If-Match is honoured like every change).
import {
  defineRoute,
  etagOf,
  IDEMPOTENCY_DOC,
  objectIdSchema,
  withIdempotencyResponses,
  type RouteContext,
} from '@tripcost/shared';
import { z } from 'zod';
import { sendCsv } from '../../exports';
import { moneyAnswer, type ReplayedWhile } from '../../sharing';
import { preconditionOf, tripParams } from '../../trip';
import type { SharesUseCases } from '../domain/shares-service';
import { balancesQuery, limitBody, paymentBody } from './schemas';

const tags = ['trips'];

const rateAnswer = z.object({ rate: z.number(), date: z.string(), source: z.string() });

const paymentAnswer = z
  .object({
    _id: z.string(),
    from: z.string().describe('person id'),
    to: z.string().describe('person id'),
    amount: z.number().describe('in `currency`'),
    currency: z.string(),
    fx: rateAnswer
      .nullable()
      .describe('trip-currency units per one unit of `currency`, frozen when recorded; null in the trip’s currency'),
    paid_on: z.string().describe('YYYY-MM-DD'),
    note: z.string(),
    created_at: z.string(),
    trip_amount: moneyAnswer.describe('what it counts for in the trip’s currency (converted once)'),
  })
  .meta({ id: 'Payment' });

export const balancesAnswer = z
  .object({
    currency: z.string().describe('the trip’s: every amount here but settle is in it'),
    instance_id: z.string().describe('the window these balances are about'),
    people: z.array(
      z
        .object({
          person_id: z.string(),
          paid: moneyAnswer.describe('what they paid for the window’s items'),
          share: moneyAnswer.describe('their share of the items a named person paid (Σ share = Σ paid)'),
          balance: moneyAnswer.describe('paid − share + payments made − payments received: above 0 owed to them'),
          settle: z
            .object({
              currency: z.string(),
              amount: z.number(),
              rate: z.number().describe('settle-currency units per one trip-currency unit (1 in the trip’s own)'),
              rate_date: z.string().nullable(),
              source: z.string().nullable(),
            })
            .describe('the balance in their settle currency at its frozen rate'),
        })
        .meta({ id: 'PersonBalance' }),
    ),
    transfers: z
      .array(z.object({ from: z.string(), to: z.string(), amount: moneyAnswer, currency: z.string() }))
      .describe('at most n − 1; applied, they bring every balance to exactly 0 (largest debtor pays largest creditor)'),
    settled: z.boolean().describe('every balance is 0'),
    left_out: z
      .object({ not_paid: moneyAnswer, payer_not_named: moneyAnswer })
      .describe('costs balances leave out: items not paid yet (and plain amounts), items paid by someone not named'),
  })
  .meta({ id: 'Balances' });

const paymentsAnswer = z.object({ currency: z.string(), payments: z.array(paymentAnswer) }).meta({ id: 'Payments' });
const paymentChangedAnswer = z
  .object({
    payment: paymentAnswer.nullable().describe('the payment recorded; null when one was deleted'),
    version: z.number().int().describe('the trip’s version after the change (also its ETag)'),
  })
  .meta({ id: 'PaymentChanged' });

const myPaymentsAnswer = z
  .array(
    z
      .object({
        trip_id: z.string(),
        location_address: z.string(),
        currency: z.string().describe('the trip’s: trip_amount is in it'),
        person_id: z.string().describe('the caller’s person on that trip'),
        payments: z.array(paymentAnswer),
      })
      .meta({ id: 'MyTripPayments' }),
  )
  .describe('trips where the caller is a member and one of the people, with the payments they are part of');

const readErrors = {
  403: 'Not a member, or a viewer whose costs are hidden (unless the owner shows them their own share)',
  404: 'No such trip or window',
};

/** The caller's own payments on every trip (the account export reads them). */
export function myPaymentRoutes(ctx: RouteContext, trips: SharesUseCases) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/payments',
    summary:
      'Every payment the caller is part of, per trip where they are a member and one of the people (the account export)',
    tags,
    auth: 'required',
    responses: { 200: { description: 'The caller’s payments by trip', schema: myPaymentsAnswer } },
    handler: async ({ user }) => ({ body: await trips.myPayments(user) }),
  });
}

const limitAnswer = z
  .object({
    my_limit: z.number().nullable().describe('your private limit in the trip’s currency; null: none'),
    version: z.number().int().describe('the trip’s version after the change'),
  })
  .meta({ id: 'MyLimit' });

/** A member's own private limit (limits.ts). */
function limitRoute(ctx: RouteContext, trips: SharesUseCases) {
  defineRoute(ctx, {
    method: 'put',
    path: '/api/trips/getaway/:tripId/members/me/limit',
    summary:
      'Set or remove (null) your private limit on your own share of a window. Only you see it (my_limit in your answers about the trip); a window works for everyone only when every limited member’s share is within their limit. Never in history, exports, copies or live events',
    tags,
    auth: 'required',
    params: tripParams,
    body: limitBody,
    responses: {
      200: { description: 'Your limit and the trip’s version', schema: limitAnswer },
      400: 'max is not an amount from 0 to 1,000,000,000 or null',
      403: 'Not a member, or a member who is none of the trip’s people',
      404: 'No such trip',
    },
    handler: async ({ params, body, user }) => ({ body: await trips.setMyLimit(user, params.tripId, body.max) }),
  });
}

export function shareRoutes(ctx: RouteContext, trips: SharesUseCases, replayedWhile: ReplayedWhile) {
  limitRoute(ctx, trips);

  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/balances',
    summary:
      'Who owes whom for a window (the committed one, or ?instance=): what each person paid, their share, their balance (Σ = 0) and in their settle currency, and the transfers that settle up. A viewer who sees only their own share gets only their own figures',
    tags,
    auth: 'required',
    params: tripParams,
    query: balancesQuery,
    responses: {
      200: { description: 'The window’s balances', schema: balancesAnswer },
      ...readErrors,
      409: 'No window is committed and none was asked for with ?instance= (code no_committed_window)',
    },
    handler: async ({ params, query, user }) => ({ body: await trips.balances(user, params.tripId, query.instance) }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/balances.csv',
    summary:
      'The balances (each person’s paid, share and balance, and in their settle currency) then the payments, as one CSV table, as the caller may see them',
    tags,
    auth: 'required',
    params: tripParams,
    query: balancesQuery,
    responses: {
      200: 'text/csv',
      ...readErrors,
      409: 'No window is committed and none was asked for with ?instance= (code no_committed_window)',
    },
    handler: async ({ params, query, user, res }) =>
      sendCsv(res, await trips.balancesCsv(user, params.tripId, query.instance)),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/payments',
    summary: 'The payments between the trip’s people (a viewer who sees only their own share: those they are part of)',
    tags,
    auth: 'required',
    params: tripParams,
    responses: { 200: { description: 'The payments, oldest first', schema: paymentsAnswer }, ...readErrors },
    handler: async ({ params, user }) => ({ body: await trips.payments(user, params.tripId) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/trips/getaway/:tripId/payments',
    summary:
      'Record a payment from one person to another (owner or editor; another member only from themselves). In another currency it is converted at the rate published on its paid_on day (or the last day before it), frozen now; more than is owed is allowed (the balance turns)' +
      IDEMPOTENCY_DOC,
    tags,
    auth: 'required',
    before: [replayedWhile('read')],
    params: tripParams,
    body: paymentBody,
    responses: withIdempotencyResponses({
      201: { description: 'The payment and the trip’s new version', schema: paymentChangedAnswer },
      400: 'An unknown person, the same person twice, an amount not above 0, a bad date or currency, a currency without a published rate and no fx.rate, a Made-At that is not a time',
      403: 'Not a member, or a viewer recording someone else’s payment',
      404: 'No such trip',
      409: 'The trip already keeps 500 payments, or a simultaneous change collided',
      412: 'If-Match names an older version of the trip',
      503: 'The payment is in another currency and exchange rates are unavailable: nothing saved',
    }),
    handler: async ({ params, body, user, req, res }) => {
      const answer = await trips.addPayment(user, params.tripId, body, preconditionOf(req));
      res.setHeader('ETag', etagOf(answer));
      return { status: 201, body: answer };
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/trips/getaway/:tripId/payments/:paymentId',
    summary: 'Delete a payment (owner or editor; another member only one they made)',
    tags,
    auth: 'required',
    params: tripParams.extend({ paymentId: objectIdSchema('payment id') }),
    responses: {
      200: { description: 'Deleted: payment is null, version the trip’s new one', schema: paymentChangedAnswer },
      400: 'The payment id is not one, or a Made-At that is not a time',
      403: 'Not a member, or a viewer deleting someone else’s payment',
      404: 'No such trip or payment',
      412: 'If-Match names an older version of the trip',
    },
    handler: async ({ params, user, req, res }) => {
      const answer = await trips.removePayment(user, params.tripId, params.paymentId, preconditionOf(req));
      res.setHeader('ETag', etagOf(answer));
      return { body: answer };
    },
  });
}
