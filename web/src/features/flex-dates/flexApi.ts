// The Flex dates view's requests: the grid of one window moved to other dates, and
// adding a window at a cell's dates (the duplicate route with a start and nights,
// so the copy keeps every item with its rates, seasons and quotes: its total is the cell's).
import { shiftDate } from '@tripcost/shared/domain';
import { api } from '../../lib/api';
import { creating } from '../../lib/offline/changeQueue';
import { senderOf, sendOrKeep } from '../saving';
import type { Instance } from '../../lib/types';
import { keptCopy } from '../windows';
import type { FlexGrid, FlexRange } from './flex';

type InstanceRef = { tripId: string; instanceId: string };

const path = ({ tripId, instanceId }: InstanceRef) =>
  `/trips/getaway/${encodeURIComponent(tripId)}/instances/${encodeURIComponent(instanceId)}`;

export const flexApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFlexGrid: build.query<FlexGrid, InstanceRef & FlexRange>({
      query: ({ from, to, minNights, maxNights, ...ref }) => ({
        url: `${path(ref)}/flex`,
        params: { from, to, minNights, maxNights },
      }),
      // A change to the trip (an item, a new window) may change every cell.
      providesTags: (_r, _e, { tripId, instanceId }) => [
        { type: 'Trip', id: tripId },
        { type: 'Instance', id: instanceId },
      ],
    }),
    // Kept offline like any copy (ADR 0038), with an Idempotency-Key: a retry never adds two windows.
    addWindowAt: build.mutation<Instance, InstanceRef & { start: string; nights: number }>({
      queryFn: ({ start, nights, ...ref }, queryApi, _extra, baseQuery) => {
        const day = (days: number) => shiftDate(start, days);
        const dates = (): [string | null, string | null] => [day(0), day(nights)];
        const request = creating(`${path(ref)}/duplicate`, { start, nights });
        return sendOrKeep(
          senderOf(queryApi, baseQuery),
          ref.tripId,
          request,
          keptCopy(queryApi.getState, ref, dates, true),
        );
      },
      invalidatesTags: (_r, error, { tripId }) =>
        error
          ? []
          : [
              { type: 'Trip', id: tripId },
              { type: 'Trip', id: 'LIST' },
            ],
    }),
  }),
});

export const { useGetFlexGridQuery, useAddWindowAtMutation } = flexApi;
