// Trip instances (spec §7): create, read, save, delete (optimistic) and commit.
import { api } from '../../lib/api';
import { patchTrip, replaceTrip, undoAll } from '../../lib/tripCache';
import type { LocationParts } from '../../lib/location';
import type { CostItem, Instance, InstanceStatus, Trip } from '../../lib/types';

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

export type ItemInput = Omit<CostItem, '_id'>;
/** The server's answer to an item change: the window and trip with every total derived again. */
export interface ItemAnswer {
  item?: CostItem;
  instance: Instance;
  trip: Trip;
}

/** What the comparison board edits on a window in place. */
export interface WindowFields {
  status?: InstanceStatus;
  label?: string;
  notes?: string;
}

/**
 * Every window's figures (Δ vs cheapest, the comparison) are computed by the server
 * over the whole trip, so a change to one window refetches the trip.
 */
const tripChanged = (_r: unknown, error: unknown, { tripId, instanceId }: InstanceRef) =>
  error
    ? []
    : [
        { type: 'Trip' as const, id: tripId },
        { type: 'Trip' as const, id: 'LIST' },
        { type: 'Instance' as const, id: instanceId },
      ];
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
      invalidatesTags: (_r, error, { tripId }) => [
        { type: 'Trip', id: 'LIST' },
        ...(error ? [] : [{ type: 'Trip' as const, id: tripId }]),
      ],
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
      invalidatesTags: tripChanged,
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
    setWindowFields: build.mutation<Trip, InstanceRef & { fields: WindowFields }>({
      query: ({ tripId, instanceId, fields }) => ({
        url: `/trips/getaway/${encodeURIComponent(tripId)}`,
        method: 'PUT',
        body: { instances: [{ _id: instanceId, ...fields }] },
      }),
      invalidatesTags: tripChanged,
    }),
    /** Clears the plan: the committed window is no longer committed. */
    clearPlan: build.mutation<Trip, InstanceRef>({
      query: (ref) => ({ url: `${path(ref)}/commit`, method: 'DELETE' }),
      invalidatesTags: tripChanged,
    }),
    duplicateInstance: build.mutation<Instance, InstanceRef & { shiftDays: number }>({
      query: ({ shiftDays, ...ref }) => ({ url: `${path(ref)}/duplicate`, method: 'POST', body: { shiftDays } }),
      invalidatesTags: tripChanged,
    }),
    addItem: build.mutation<ItemAnswer, InstanceRef & { item: ItemInput }>({
      query: ({ item, ...ref }) => ({ url: `${path(ref)}/items`, method: 'POST', body: item }),
      invalidatesTags: tripChanged,
    }),
    editItem: build.mutation<ItemAnswer, InstanceRef & { itemId: string; fields: Partial<ItemInput> }>({
      query: ({ itemId, fields, ...ref }) => ({
        url: `${path(ref)}/items/${encodeURIComponent(itemId)}`,
        method: 'PUT',
        body: fields,
      }),
      invalidatesTags: tripChanged,
    }),
    removeItem: build.mutation<ItemAnswer, InstanceRef & { itemId: string }>({
      query: ({ itemId, ...ref }) => ({ url: `${path(ref)}/items/${encodeURIComponent(itemId)}`, method: 'DELETE' }),
      invalidatesTags: tripChanged,
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
  useSetWindowFieldsMutation,
  useClearPlanMutation,
  useDuplicateInstanceMutation,
  useAddItemMutation,
  useEditItemMutation,
  useRemoveItemMutation,
} = instancesApi;
