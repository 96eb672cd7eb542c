// A trip's history, undo and the bins (docs/product.md §6 "Every change remembered").
// The server decides every rule (who may undo, what still can be, what fits the trip
// again); these calls ask and show its answer. A change they make refetches the trip
// and its history (one tag per trip), and My Trips for a trip brought back.
import { api, tripPath } from '../../lib/api';
import type { Answer } from '../../lib/types';

export type HistoryPage = Answer<'/api/trips/getaway/{tripId}/history', 'get'>;
export type HistoryEntry = HistoryPage['entries'][number];
export type TripBin = Answer<'/api/trips/getaway/{tripId}/bin', 'get'>;
export type BinRecord = TripBin['items'][number];
export type DeletedTrips = Answer<'/api/trips/bin', 'get'>;
type Undone = Answer<'/api/trips/getaway/{tripId}/history/{entryId}/undo', 'post'>;

/** Entries per page: a screen's worth, well under the API's 100. */
export const HISTORY_PAGE = 20;

const changed = (tripId: string) => [
  { type: 'Trip' as const, id: tripId },
  { type: 'Trip' as const, id: 'LIST' },
  { type: 'History' as const, id: tripId },
];

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    tripHistory: build.query<HistoryPage, { tripId: string; before?: string; actor?: string; instance?: string }>({
      // The filters are the server's (applied before paging), so a filtered page is full.
      query: ({ tripId, before, actor, instance }) => ({
        url: `${tripPath(tripId)}/history`,
        params: {
          limit: HISTORY_PAGE,
          ...(before ? { before } : {}),
          ...(actor ? { actor } : {}),
          ...(instance ? { instance } : {}),
        },
      }),
      providesTags: (_r, _e, { tripId }) => [{ type: 'History', id: tripId }],
    }),
    undoEntry: build.mutation<Undone, { tripId: string; entryId: string }>({
      query: ({ tripId, entryId }) => ({
        url: `${tripPath(tripId)}/history/${encodeURIComponent(entryId)}/undo`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { tripId }) => changed(tripId),
    }),
    tripBin: build.query<TripBin, string>({
      query: (tripId) => `${tripPath(tripId)}/bin`,
      providesTags: (_r, _e, tripId) => [{ type: 'History', id: tripId }],
    }),
    restoreFromBin: build.mutation<Undone, { tripId: string; binId: string }>({
      query: ({ tripId, binId }) => ({
        url: `${tripPath(tripId)}/bin/${encodeURIComponent(binId)}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { tripId }) => changed(tripId),
    }),
    deletedTrips: build.query<DeletedTrips, void>({
      query: () => '/trips/bin',
      providesTags: [{ type: 'History', id: 'TRIPS' }],
    }),
    restoreTrip: build.mutation<unknown, string>({
      query: (tripId) => ({ url: `/trips/bin/${encodeURIComponent(tripId)}/restore`, method: 'POST' }),
      invalidatesTags: (_r, _e, tripId) => [...changed(tripId), { type: 'History', id: 'TRIPS' }],
    }),
  }),
});

export const {
  useTripHistoryQuery,
  useLazyTripHistoryQuery,
  useUndoEntryMutation,
  useTripBinQuery,
  useRestoreFromBinMutation,
  useDeletedTripsQuery,
  useRestoreTripMutation,
} = historyApi;
