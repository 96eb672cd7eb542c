// Who pays what (issue 40, docs/product.md §4 "Who pays what"): a window's balances and
// the payments between the trip's people. Every figure is the server's (the shared money
// core computes it there); this only asks and sends. A payment recorded without a network
// waits in the offline queue with its Idempotency-Key and is sent once when it is back
// (ADR 0038), like other changes.
import { tripPath } from '../../lib/api';
import { creating } from '../../lib/offline/changeQueue';
import type { Answer, Body } from '../../lib/types';
import { senderOf, sendOrKeep, tripCache } from '../saving';

export type Balances = Answer<'/api/trips/getaway/{tripId}/balances', 'get'>;
export type PersonBalance = Balances['people'][number];
export type Payments = Answer<'/api/trips/getaway/{tripId}/payments', 'get'>;
export type PaymentInput = Body<'/api/trips/getaway/{tripId}/payments', 'post'>;
/** A payment recorded: the server's answer, or `kept` when it waits on this device to be sent. */
export type PaymentRecorded = { kept: false; version: number } | { kept: true };

/** What the balances are asked for: a window (absent: the committed one) as of a trip version (a new version asks again). */
export interface BalancesAsk {
  tripId: string;
  instanceId?: string;
  version?: number;
}

export const sharesApi = tripCache.injectEndpoints({
  endpoints: (build) => ({
    getBalances: build.query<Balances, BalancesAsk>({
      query: ({ tripId, instanceId }) => ({
        url: `${tripPath(tripId)}/balances`,
        params: instanceId ? { instance: instanceId } : undefined,
      }),
    }),
    getPayments: build.query<Payments, { tripId: string; version?: number }>({
      query: ({ tripId }) => `${tripPath(tripId)}/payments`,
    }),
    addPayment: build.mutation<PaymentRecorded, { tripId: string; payment: PaymentInput }>({
      queryFn: async ({ tripId, payment }, queryApi, _extra, baseQuery) => {
        const sent = await sendOrKeep<{ version: number } | null>(
          senderOf(queryApi, baseQuery),
          tripId,
          creating(`${tripPath(tripId)}/payments`, payment),
          { answer: () => null },
        );
        if ('error' in sent) return { error: sent.error };
        return { data: sent.data ? { kept: false, version: sent.data.version } : { kept: true } };
      },
      // The trip's version moved: the trip (and so the balances asked with its version) are fetched again.
      invalidatesTags: (result, _error, { tripId }) => (result && !result.kept ? [{ type: 'Trip', id: tripId }] : []),
    }),
    removePayment: build.mutation<unknown, { tripId: string; paymentId: string }>({
      query: ({ tripId, paymentId }) => ({
        url: `${tripPath(tripId)}/payments/${encodeURIComponent(paymentId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, error, { tripId }) => (error ? [] : [{ type: 'Trip', id: tripId }]),
    }),
    setMyLimit: build.mutation<unknown, { tripId: string; max: number | null }>({
      query: ({ tripId, max }) => ({ url: `${tripPath(tripId)}/members/me/limit`, method: 'PUT', body: { max } }),
      invalidatesTags: (_r, error, { tripId }) => (error ? [] : [{ type: 'Trip', id: tripId }]),
    }),
  }),
});

export const {
  useGetBalancesQuery,
  useGetPaymentsQuery,
  useAddPaymentMutation,
  useRemovePaymentMutation,
  useSetMyLimitMutation,
} = sharesApi;
