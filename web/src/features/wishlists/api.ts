// Wishlists and the favourite flag they drive. The wishlist service tells the trips
// service (events) to set or clear a trip's isFavorite; the client never writes the
// flag. The heart changes at once in the cached trips (undone if the request fails)
// and the trips are not refetched here, so a refetch racing the event cannot show a
// stale heart; the next natural refetch reads the flag the server set.
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import type { Answer, Message, Trip, Wishlist } from '../../lib/types';
import { patchCachedTrip, undoPatches } from '../trips';

const LIST = { type: 'Wishlist' as const, id: 'LIST' };

/** The heart shows `isFavorite` at once; undone if the request fails. */
async function favouriteOptimistically(
  dispatch: AppDispatch,
  tripIds: string[],
  isFavorite: boolean,
  queryFulfilled: Promise<unknown>,
) {
  const patches = tripIds.flatMap((id) =>
    patchCachedTrip(dispatch, id, (t) => {
      t.isFavorite = isFavorite;
    }),
  );
  try {
    await queryFulfilled;
  } catch {
    undoPatches(patches);
  }
}

export const wishlistsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWishlists: build.query<Wishlist[], string>({
      query: (email) => `/wishlist/getlists?email=${encodeURIComponent(email)}`,
      providesTags: (lists) => [
        ...(Array.isArray(lists) ? lists : []).map((l) => ({ type: 'Wishlist' as const, id: l._id })),
        LIST,
      ],
    }),
    getWishlistTrips: build.query<Answer<'/api/wishlist/spec-wishlist/{wishlistId}', 'get'>, string>({
      query: (id) => `/wishlist/spec-wishlist/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'WishlistTrips', id }],
    }),
    createWishlist: build.mutation<Wishlist, { list_name: string; trip: Trip; email: string }>({
      query: ({ list_name, trip, email }) => ({
        url: '/wishlist/createlist',
        method: 'POST',
        body: { list_name, trips: [trip], email },
      }),
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [trip._id], true, queryFulfilled),
      invalidatesTags: [LIST],
    }),
    addTripToWishlist: build.mutation<Wishlist, { wishlistId: string; trip: Trip }>({
      query: ({ wishlistId, trip }) => ({
        url: `/wishlist/addtrip/${encodeURIComponent(wishlistId)}`,
        method: 'POST',
        body: trip,
      }),
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [trip._id], true, queryFulfilled),
      invalidatesTags: (_r, _e, { wishlistId }) => [LIST, { type: 'WishlistTrips', id: wishlistId }],
    }),
    /** Unfavourite: the trip leaves its wishlist, and the server clears the flag. */
    unfavoriteTrip: build.mutation<Wishlist, { wishlistId: string; tripId: string }>({
      query: ({ wishlistId, tripId }) => ({
        url: `/wishlist/${encodeURIComponent(wishlistId)}/remove-trip/${encodeURIComponent(tripId)}`,
        method: 'DELETE',
      }),
      onQueryStarted: ({ tripId }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [tripId], false, queryFulfilled),
      invalidatesTags: (_r, _e, { wishlistId }) => [LIST, { type: 'WishlistTrips', id: wishlistId }],
    }),
    // The route declares no answer (services/wishlists): nothing here reads it.
    renameWishlist: build.mutation<Wishlist, { wishlistId: string; name: string }>({
      query: ({ wishlistId, name }) => ({
        url: `/wishlist/editlist/${encodeURIComponent(wishlistId)}`,
        method: 'PUT',
        body: { name },
      }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    /** Deleting a list unfavourites every trip in it (the server clears their flags). */
    deleteWishlist: build.mutation<Message, { wishlist: Wishlist }>({
      query: ({ wishlist }) => ({
        url: `/wishlist/removewishlist/${encodeURIComponent(wishlist._id)}`,
        method: 'DELETE',
      }),
      onQueryStarted: ({ wishlist }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(
          dispatch,
          wishlist.trips.map((t) => t._id),
          false,
          queryFulfilled,
        ),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useGetWishlistsQuery,
  useGetWishlistTripsQuery,
  useCreateWishlistMutation,
  useAddTripToWishlistMutation,
  useUnfavoriteTripMutation,
  useRenameWishlistMutation,
  useDeleteWishlistMutation,
} = wishlistsApi;
