// Trips, and the weather and suggestions shown on a trip (docs/product.md §7 "Trips", "Places, weather, suggestions").
import { api } from '../../lib/api';
import type { LocationParts } from '../../lib/location';
import type { BudgetBasis } from '../../lib/budget';
import { keyedTripChanges, tripChanges, tripFields } from '../../lib/merge';
import { saveMerging, tripPath } from '../../lib/mergeSave';
import type { Trip, WeatherReport } from '../../lib/types';

export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrips: build.query<Trip[], void>({
      query: () => '/trips/getaway-trip',
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
     * Travellers and budget, saved in place from the trip header (null budget = none). With
     * `version` and `base` (the trip as shown when the change was made) it is sent with
     * If-Match and a 412 is merged by field (lib/mergeSave.ts); the same field changed
     * elsewhere answers a 412 carrying the conflict.
     */
    saveTripSettings: build.mutation<
      Trip,
      {
        tripId: string;
        travelers?: number;
        budget?: number | null;
        budget_basis?: BudgetBasis;
        version?: number;
        base?: Trip;
      }
    >({
      queryFn: ({ tripId, version, base, ...settings }, _api, _extra, baseQuery) =>
        saveMerging<Trip>(baseQuery, {
          tripId,
          version: base ? version : undefined,
          base: base ? tripFields(base) : {},
          mine: keyedTripChanges(settings),
          request: (fields) => ({ url: tripPath(tripId), method: 'PUT', body: tripChanges(fields) }),
        }),
      invalidatesTags: (_r, error, { tripId }) =>
        error && error.status !== 412
          ? []
          : [
              { type: 'Trip', id: tripId },
              { type: 'Trip', id: 'LIST' },
            ],
    }),
    deleteTrip: build.mutation<{ msg?: string }, string>({
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
    getFunPlaces: build.query<{ funPlaces: string }, string>({
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
