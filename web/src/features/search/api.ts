// City search: autocomplete and place details from our own
// integration service (no third-party script in the browser), and creating the trip.
import { api } from '../../lib/api';
import type { NewTripBody, PlaceDetails, PlaceSuggestion, Trip } from '../../lib/types';

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    autocompleteCities: build.query<PlaceSuggestion[], { input: string; limit: number }>({
      query: ({ input, limit }) => `/places/autocomplete?input=${encodeURIComponent(input)}&limit=${limit}`,
      keepUnusedDataFor: 300,
    }),
    getPlaceDetails: build.query<PlaceDetails, string>({
      query: (placeId) => `/places-details?placeid=${encodeURIComponent(placeId)}`,
    }),
    createTrip: build.mutation<Trip, NewTripBody>({
      query: (body) => ({ url: '/trips/getaway-trip', method: 'POST', body }),
      invalidatesTags: [{ type: 'Trip', id: 'LIST' }],
    }),
  }),
});

export const { useAutocompleteCitiesQuery, useGetPlaceDetailsQuery, useCreateTripMutation } = searchApi;
