// Trips, and the weather and suggestions shown on a trip (docs/product.md §7 "Trips", "Places, weather, suggestions").
import { tripPath } from '../../lib/api';
import type { LocationParts } from '../../lib/location';
import { keyedTripChanges, tripChanges, tripFields } from '../../lib/merge';
import type { Answer, Body, FunPlaces, Trip, WeatherReport } from '../../lib/types';
import { refetchAfter, saveMerging, senderOf, showSavedTrip, tripCache } from '../saving';

/**
 * What the trip header changes, as the route takes it: a budget that is not a plain amount
 * is sent as typed (a string), and the server answers why not. A new currency converts
 * the budget and plain amounts at today's rate (503 when rates are unavailable: nothing changed).
 */
export type TripSettingsChange = Pick<
  Body<'/api/trips/getaway/{tripId}', 'put'>,
  'travelers' | 'budget' | 'budget_basis' | 'currency' | 'people'
>;

// The trip and the list are the save home's caches (features/saving/tripCache.ts): every
// save writes them; the trips feature adds its own endpoints to them.
export const tripsApi = tripCache.injectEndpoints({
  endpoints: (build) => ({
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
      queryFn: ({ tripId, version, base, ...settings }, queryApi, _extra, baseQuery) =>
        saveMerging(senderOf(queryApi, baseQuery), {
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
