// A window's own requests: its weather, create, delete, commit and clear the plan, and
// re-pricing at today's rates. The window page's cache (getInstance) is the save home's
// (features/saving/tripCache.ts); saves are windowSaveApi.ts, items api.ts.
import { tripPath } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/offline/changeQueue';
import type { CommitAnswer, Instance, InstanceDeleted, RepriceAnswer, Trip, WindowWeather } from '../../lib/types';
import {
  createOrKeep,
  patchCachedTrip,
  removeOrKeep,
  senderOf,
  showAnsweredTrip,
  showTripWindow,
  tripCache,
  undoPatches,
  type InstanceRef,
} from '../saving';
import { changePlan, path, tripChanged, type InstanceInput } from './model';
import { batchedWindowWeather, type WindowWeatherArgs } from './weather';

export const windowApi = tripCache.injectEndpoints({
  endpoints: (build) => ({
    getWindowWeather: build.query<WindowWeather, WindowWeatherArgs>({
      queryFn: (args, _api, _extra, baseQuery) => batchedWindowWeather(args, baseQuery),
    }),
    /**
     * The answer is the new window only; the trip's totals and comparison change with it
     * and are the server's, so the trip and the list are refetched.
     */
    createInstance: build.mutation<Instance, { tripId: string; body: InstanceInput & { label?: string } }>({
      // Every create carries an Idempotency-Key; without a network it is kept to be sent later (ADR 0038).
      queryFn({ tripId, body }, queryApi, _extra, baseQuery) {
        const idempotencyKey = newIdempotencyKey();
        const headers = { 'Idempotency-Key': idempotencyKey };
        const args = { url: `${tripPath(tripId)}/instances`, method: 'POST', body, headers };
        return createOrKeep<Instance>(senderOf(queryApi, baseQuery), args, { tripId, body, idempotencyKey }, (w) => w);
      },
      invalidatesTags: (_r, error, { tripId }) => [
        { type: 'Trip', id: 'LIST' },
        ...(error ? [] : [{ type: 'Trip' as const, id: tripId }]),
      ],
    }),
    /** Optimistic: the window leaves the list at once, and comes back if the server refuses. */
    deleteInstance: build.mutation<InstanceDeleted, InstanceRef>({
      // Without a network the deletion is kept to be sent later (ADR 0038).
      queryFn: (ref, queryApi, _extra, baseQuery) =>
        removeOrKeep<InstanceDeleted>(
          senderOf(queryApi, baseQuery),
          { url: path(ref), method: 'DELETE' },
          ref,
          (kept) => kept,
        ),
      async onQueryStarted({ tripId, instanceId }, { dispatch, queryFulfilled }) {
        const patches = patchCachedTrip(dispatch, tripId, (trip) => {
          trip.instances = (trip.instances ?? []).filter((i) => i._id !== instanceId);
        });
        try {
          const { data } = await queryFulfilled;
          showAnsweredTrip(dispatch, data.trip);
        } catch {
          undoPatches(patches);
        }
      },
    }),
    commitInstance: build.mutation<CommitAnswer, InstanceRef>({
      queryFn: (ref, queryApi, _extra, baseQuery) =>
        changePlan<CommitAnswer>(senderOf(queryApi, baseQuery), queryApi.getState, ref, ref.instanceId, (trip) => ({
          ...trip,
          trip,
        })),
      async onQueryStarted(_ref, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          showAnsweredTrip(dispatch, data.trip);
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    /**
     * One instance, only its changed fields. The answer is the trip as stored: shown at
     * once, so the page never flashes the value before the save, and nothing is refetched.
     */
    clearPlan: build.mutation<Trip, InstanceRef>({
      queryFn: (ref, queryApi, _extra, baseQuery) =>
        changePlan(senderOf(queryApi, baseQuery), queryApi.getState, ref, null, (trip) => trip),
      invalidatesTags: tripChanged,
    }),
    repriceWindow: build.mutation<RepriceAnswer, InstanceRef>({
      query: (ref) => ({ url: `${path(ref)}/reprice`, method: 'POST', body: {} }),
      async onQueryStarted(ref, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          showTripWindow(dispatch, ref, data.trip);
        } catch {
          // The caller shows the failure (503: rates unavailable, nothing changed).
        }
      },
    }),
    /** The same for every window of the trip (the Compare view's button). */
    repriceTrip: build.mutation<RepriceAnswer, { tripId: string }>({
      query: ({ tripId }) => ({ url: `${tripPath(tripId)}/reprice`, method: 'POST', body: {} }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          showAnsweredTrip(dispatch, data.trip);
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});
