// Trip instances (spec §7): create, read, save, delete (optimistic) and commit.
import { api } from '../../lib/api';
import { patchTrip, replaceTrip, undoAll } from '../../lib/tripCache';
import type { LocationParts } from '../../lib/location';
import type { Instance, Trip } from '../../lib/types';

/** Weather for a window's dates: the daily forecast, or typical weather for those days. */
export interface WindowWeather {
  kind: 'forecast' | 'typical';
  days: { date: string; min: number; max: number; description?: string }[];
  years?: { from: number; to: number };
}

export type WindowWeatherArgs = LocationParts & { start: string; end: string };

export interface InstanceInput {
  trip_start: string | null;
  trip_end: string | null;
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
}

type InstanceRef = { tripId: string; instanceId: string };
const path = ({ tripId, instanceId }: InstanceRef) =>
  `/trips/getaway/${encodeURIComponent(tripId)}/instances/${encodeURIComponent(instanceId)}`;

export const instancesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWindowWeather: build.query<WindowWeather, WindowWeatherArgs>({
      query: ({ city, state, country, start, end }) => {
        const params = new URLSearchParams({ city: city ?? '', start, end });
        if (state) params.set('state', state);
        if (country) params.set('country', country);
        return `/weather/window?${params.toString()}`;
      },
    }),
    getInstance: build.query<{ trip: Trip; instance: Instance }, InstanceRef>({
      query: (ref) => path(ref),
      providesTags: (_r, _e, ref) => [{ type: 'Instance', id: ref.instanceId }],
    }),
    createInstance: build.mutation<Instance, { tripId: string; body: InstanceInput }>({
      query: ({ tripId, body }) => ({
        url: `/trips/getaway/${encodeURIComponent(tripId)}/instances`,
        method: 'POST',
        body,
      }),
      // The new instance goes first in the trip's list (spec §4).
      async onQueryStarted({ tripId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchTrip(dispatch, tripId, (trip) => {
            trip.instances = [data, ...(trip.instances ?? []).filter((i) => i._id !== data._id)];
          });
        } catch {
          // The caller reports the failure.
        }
      },
      invalidatesTags: [{ type: 'Trip', id: 'LIST' }],
    }),
    deleteInstance: build.mutation<unknown, InstanceRef>({
      query: (ref) => ({ url: path(ref), method: 'DELETE' }),
      async onQueryStarted({ tripId, instanceId }, { dispatch, queryFulfilled }) {
        const patches = patchTrip(dispatch, tripId, (trip) => {
          trip.instances = (trip.instances ?? []).filter((i) => i._id !== instanceId);
        });
        try {
          await queryFulfilled;
        } catch {
          undoAll(patches);
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Trip', id: 'LIST' }]),
    }),
    commitInstance: build.mutation<Trip, InstanceRef>({
      query: (ref) => ({ url: `${path(ref)}/commit`, method: 'PATCH', body: {} }),
      async onQueryStarted(_ref, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data && data._id) replaceTrip(dispatch, data);
        } catch {
          // The caller reports the failure.
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Trip', id: 'LIST' }]),
    }),
    saveInstance: build.mutation<unknown, { trip: Trip; instance: Instance }>({
      query: ({ trip, instance }) => ({
        url: `/trips/getaway/${encodeURIComponent(trip._id)}`,
        method: 'PUT',
        body: { instances: (trip.instances ?? []).map((i) => (i._id === instance._id ? instance : i)) },
      }),
      invalidatesTags: (_r, _e, { trip, instance }) => [
        { type: 'Instance', id: instance._id },
        { type: 'Trip', id: trip._id },
        { type: 'Trip', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetWindowWeatherQuery,
  useGetInstanceQuery,
  useCreateInstanceMutation,
  useDeleteInstanceMutation,
  useCommitInstanceMutation,
  useSaveInstanceMutation,
} = instancesApi;
