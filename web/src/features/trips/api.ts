// Trips, and the weather and suggestions shown on a trip (docs/product.md §7 "Trips", "Places, weather, suggestions").
import { api } from '../../lib/api';
import type { LocationParts } from '../../lib/location';
import { keyedTripChanges, tripChanges, tripFields } from '../../lib/merge';
import { conflictOf, saveMerging, tripPath } from '../../lib/mergeSave';
import type { AppDispatch } from '../../lib/hooks';
import { tripSummary } from '@tripcost/shared/domain';
import type { Answer, Body, FunPlaces, Trip, TripSummary, WeatherReport } from '../../lib/types';

/**
 * What the trip header changes, as the route takes it: a budget that is not a plain amount
 * is sent as typed (a string), and the server answers why not. A new currency converts
 * the budget and plain amounts at today's rate (503 when rates are unavailable: nothing changed).
 */
export type TripSettingsChange = Pick<
  Body<'/api/trips/getaway/{tripId}', 'put'>,
  'travelers' | 'budget' | 'budget_basis' | 'currency'
>;

export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The trip cards' list (Explore, All trips, My Trips, Past): summaries, not whole trips. */
    getTrips: build.query<TripSummary[], void>({
      query: () => '/trips/getaway-trip?view=summary',
      providesTags: (trips) => [
        ...(Array.isArray(trips) ? trips : []).map((t) => ({ type: 'Trip' as const, id: t._id })),
        { type: 'Trip' as const, id: 'LIST' },
      ],
    }),
    getTrip: build.query<Trip, string>({
      query: (tripId) => `/trips/getaway/${encodeURIComponent(tripId)}`,
      providesTags: (_r, _e, tripId) => [{ type: 'Trip', id: tripId }],
    }),
    /**
     * Travellers, budget and currency, saved in place from the trip header (null budget = none). With
     * `version` and `base` (the trip as shown when the change was made) it is sent with
     * If-Match and a 412 is merged by field (lib/mergeSave.ts); the same field changed
     * elsewhere answers a 412 carrying the conflict.
     */
    saveTripSettings: build.mutation<
      Trip,
      TripSettingsChange & {
        tripId: string;
        version?: number;
        base?: Trip;
      }
    >({
      queryFn: ({ tripId, version, base, ...settings }, _api, _extra, baseQuery) =>
        saveMerging(baseQuery, {
          tripId,
          version: base ? version : undefined,
          base: base ? tripFields(base) : {},
          mine: keyedTripChanges(settings),
          request: (fields) => ({ url: tripPath(tripId), method: 'PUT', body: tripChanges(fields) }),
        }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => showSavedTrip(dispatch, queryFulfilled),
      invalidatesTags: (_r, error, { tripId }) =>
        refetchAfter(error)
          ? [
              { type: 'Trip', id: tripId },
              { type: 'Trip', id: 'LIST' },
            ]
          : [],
    }),
    deleteTrip: build.mutation<Answer<'/api/trips/getaway/{tripId}', 'delete'>, string>({
      query: (tripId) => ({ url: `/trips/getaway/${encodeURIComponent(tripId)}`, method: 'DELETE' }),
      // Refetch the list after success and after failure alike (docs/product.md §8).
      invalidatesTags: [
        { type: 'Trip', id: 'LIST' },
        { type: 'Wishlist', id: 'LIST' },
      ],
    }),
    getWeather: build.query<WeatherReport, LocationParts>({
      query: ({ city, state, country }) => {
        const params = new URLSearchParams();
        if (city) params.set('city', city);
        if (state) params.set('state', state);
        if (country) params.set('country', country);
        params.set('units', 'metric');
        return `/weather?${params.toString()}`;
      },
    }),
    getFunPlaces: build.query<FunPlaces, string>({
      query: (location) => ({ url: '/chatgpt/fun-places', method: 'POST', body: { location } }),
    }),
  }),
});

export const {
  useGetTripsQuery,
  useGetTripQuery,
  useSaveTripSettingsMutation,
  useDeleteTripMutation,
  useGetWeatherQuery,
  useGetFunPlacesQuery,
} = tripsApi;

type TripShownListener = (dispatch: AppDispatch, trip: Trip) => void;
const tripShownListeners = new Set<TripShownListener>();

/**
 * Lets a feature keep its own caches of a trip (the window page's) in step whenever a
 * trip the server answered is shown: the trips feature cannot import those features.
 */
export function onAnsweredTrip(listener: TripShownListener): void {
  tripShownListeners.add(listener);
}

/**
 * Shows the trip a mutation answered everywhere it is cached: the single-trip entry, its
 * card in the trip list (summarised by the server's rule), and (through onAnsweredTrip) every open window of it. The answer is
 * the trip as stored, so nothing is refetched: one save is one request.
 */
export function showAnsweredTrip(dispatch: AppDispatch, trip: Trip): void {
  dispatch(tripsApi.util.upsertQueryData('getTrip', trip._id, trip));
  dispatch(
    tripsApi.util.updateQueryData('getTrips', undefined, (draft) => {
      const index = draft.findIndex((t) => t._id === trip._id);
      if (index >= 0) draft[index] = tripSummary(trip);
    }),
  );
  for (const listener of tripShownListeners) listener(dispatch, trip);
}

/**
 * After a save that answers the trip: the answer is shown; a 412 that could not be merged
 * carries the trip as stored now, which is shown too (the next save goes against it).
 */
export async function showSavedTrip(
  dispatch: AppDispatch,
  saved: Promise<{ data: Trip }>,
  show: (trip: Trip) => void = (trip) => showAnsweredTrip(dispatch, trip),
): Promise<void> {
  try {
    show((await saved).data);
  } catch (rejected) {
    const merge = conflictOf((rejected as { error?: unknown } | undefined)?.error);
    if (merge) show(merge.trip);
  }
}

/**
 * The only failure of a save whose cure is a refetch: a 412 that carries no trip (the trip
 * kept changing). A 412 with a merge carries the trip; any other failure changed nothing.
 */
export function refetchAfter(error: unknown): boolean {
  return Boolean(error) && (error as { status?: unknown }).status === 412 && !conflictOf(error);
}
