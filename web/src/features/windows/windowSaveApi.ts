// Saving a window's fields: the window form (If-Match, a 412 merged by field) and a
// card's status or name (see setWindowFields).
import { tripPath } from '../../lib/api';
import type { Trip } from '../../lib/types';
import { cachedTrip, refetchAfter, senderOf, showSavedTrip, showTripWindow, type InstanceRef } from '../saving';
import { putInstanceChanges, type InstanceSave, type WindowFields } from './model';
import { windowApi } from './windowApi';

export const windowSaveApi = windowApi.injectEndpoints({
  endpoints: (build) => ({
    saveInstance: build.mutation<Trip, InstanceSave>({
      queryFn: (save, queryApi, _extra, baseQuery) => putInstanceChanges(senderOf(queryApi, baseQuery), save),
      onQueryStarted: ({ tripId, instanceId }, { dispatch, queryFulfilled }) =>
        showSavedTrip(dispatch, queryFulfilled, (answered) =>
          showTripWindow(dispatch, { tripId, instanceId }, answered),
        ),
      invalidatesTags: (_r, error, { tripId, instanceId }) =>
        refetchAfter(error)
          ? [
              { type: 'Instance', id: instanceId },
              { type: 'Trip', id: tripId },
              { type: 'Trip', id: 'LIST' },
            ]
          : [],
    }),
    /**
     * The status select and the name on a card: kept offline with the version they were
     * based on, like the window form (a conflict at replay is shown). Online, the card's
     * one field is the traveller's explicit choice and is stored as before, even when the
     * trip changed meanwhile (the card has no place to show a conflict).
     */
    setWindowFields: build.mutation<Trip, InstanceRef & { fields: WindowFields }>({
      queryFn: async ({ tripId, instanceId, fields }, queryApi, _extra, baseQuery) => {
        const trip = cachedTrip(queryApi.getState, tripId);
        const base = trip?.instances?.find((w) => w._id === instanceId);
        if (base) {
          const saved = await putInstanceChanges(senderOf(queryApi, baseQuery), {
            tripId,
            instanceId,
            version: trip?.version,
            base,
            changes: fields,
          });
          if (!('error' in saved) || saved.error?.status !== 412) return saved;
        }
        const body = { instances: [{ _id: instanceId, ...fields }] };
        return baseQuery({ url: tripPath(tripId), method: 'PUT', body }) as Promise<{ data: Trip }>;
      },
      onQueryStarted: ({ tripId, instanceId }, { dispatch, queryFulfilled }) =>
        showSavedTrip(dispatch, queryFulfilled, (answered) =>
          showTripWindow(dispatch, { tripId, instanceId }, answered),
        ),
    }),
    /** Clears the plan: the committed window is no longer committed. */
  }),
});
