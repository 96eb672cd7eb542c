// Trip instances: create, read, save, delete (optimistic) and commit.
import { api } from '../../lib/api';
import type { Instance, Trip } from '../../lib/types';
import { patchCachedTrip, replaceCachedTrip, undoPatches } from '../trips';

export interface InstanceInput {
  trip_start: string | null;
  trip_end: string | null;
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
}

type InstanceRef = { tripId: string; instanceId: string };

export interface InstanceSave extends InstanceRef {
  /** The trip version the edit started from; sent as If-Match so a change made meanwhile is not overwritten. */
  version?: number;
  /** Only the fields the user changed. */
  changes: Partial<InstanceInput>;
}

const tripPath = (tripId: string) => `/trips/getaway/${encodeURIComponent(tripId)}`;
const path = ({ tripId, instanceId }: InstanceRef) => `${tripPath(tripId)}/instances/${encodeURIComponent(instanceId)}`;

/** An entity tag for a trip version, as the trips service sends it in ETag. */
export const versionTag = (version: number) => `"${version}"`;

export const instancesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInstance: build.query<{ trip: Trip; instance: Instance }, InstanceRef>({
      query: (ref) => path(ref),
      providesTags: (_r, _e, ref) => [
        { type: 'Instance', id: ref.instanceId },
        { type: 'Trip', id: ref.tripId },
      ],
    }),
    createInstance: build.mutation<Instance, { tripId: string; body: InstanceInput }>({
      query: ({ tripId, body }) => ({ url: `${tripPath(tripId)}/instances`, method: 'POST', body }),
      // The new instance goes first in the trip's list.
      async onQueryStarted({ tripId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchCachedTrip(dispatch, tripId, (trip) => {
            trip.instances = [data, ...(trip.instances ?? []).filter((i) => i._id !== data._id)];
          });
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: [{ type: 'Trip', id: 'LIST' }],
    }),
    deleteInstance: build.mutation<unknown, InstanceRef>({
      query: (ref) => ({ url: path(ref), method: 'DELETE' }),
      async onQueryStarted({ tripId, instanceId }, { dispatch, queryFulfilled }) {
        const patches = patchCachedTrip(dispatch, tripId, (trip) => {
          trip.instances = (trip.instances ?? []).filter((i) => i._id !== instanceId);
        });
        try {
          await queryFulfilled;
        } catch {
          undoPatches(patches);
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Trip', id: 'LIST' }]),
    }),
    commitInstance: build.mutation<Trip, InstanceRef>({
      query: (ref) => ({ url: `${path(ref)}/commit`, method: 'PATCH', body: {} }),
      async onQueryStarted(_ref, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data && data._id) replaceCachedTrip(dispatch, data);
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Trip', id: 'LIST' }]),
    }),
    /** One instance, only its changed fields; a 412 (changed elsewhere) refetches the trip too. */
    saveInstance: build.mutation<Trip, InstanceSave>({
      query: ({ tripId, instanceId, version, changes }) => ({
        url: tripPath(tripId),
        method: 'PUT',
        headers: version === undefined ? undefined : { 'If-Match': versionTag(version) },
        body: { instances: [{ _id: instanceId, ...changes }] },
      }),
      invalidatesTags: (_r, error, { tripId, instanceId }) =>
        error && error.status !== 412
          ? []
          : [
              { type: 'Instance', id: instanceId },
              { type: 'Trip', id: tripId },
              { type: 'Trip', id: 'LIST' },
            ],
    }),
  }),
});

export const {
  useGetInstanceQuery,
  useCreateInstanceMutation,
  useDeleteInstanceMutation,
  useCommitInstanceMutation,
  useSaveInstanceMutation,
} = instancesApi;
