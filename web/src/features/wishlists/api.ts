// Wishlists and the favourite flag they drive. The wishlist service tells the trips
// service (events) to set or clear a trip's isFavorite; the client never writes the
// flag. The heart changes at once in the cached trips (undone if the request fails)
// and the trips are not refetched here, so a refetch racing the event cannot show a
// stale heart; the next natural refetch reads the flag the server set.
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import type { Answer, TripRef, Wishlist } from '../../lib/types';
import { creating, newTempId } from '../../lib/offline/changeQueue';
import { patchCachedTrip, senderOf, sendOrKeep, undoPatches } from '../saving';

/**
 * A list change kept on the device without a network (ADR 0038) answers what the device
 * knows of the list — its id (a temporary one for a new list), the name typed, the trips
 * it touched — not a whole list; the lists refetch once the change is sent.
 */
export interface KeptList {
  _id: string;
  list_name?: string;
  trips: TripRef[];
}
/** What a list change answers: the server's list, or, kept offline, a KeptList. */
export type ListAnswer = Wishlist | KeptList;

const LIST = { type: 'Wishlist' as const, id: 'LIST' };

/** The heart shows `isFavorite` at once; undone if the request fails. */
export async function favouriteOptimistically(
  dispatch: AppDispatch,
  tripIds: string[],
  isFavorite: boolean,
  queryFulfilled: Promise<unknown>,
) {
  const mark = (trip: { isFavorite?: boolean }) => {
    trip.isFavorite = isFavorite;
  };
  const patches = tripIds.flatMap((id) => patchCachedTrip(dispatch, id, mark, mark));
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
    // Creating a list and adding or removing a trip are kept offline (ADR 0038); a create carries an Idempotency-Key.
    // Renaming and deleting a list: listEditsApi.ts (loaded by the pages that offer them).
    createWishlist: build.mutation<ListAnswer, { list_name: string; trip: TripRef; email: string }>({
      queryFn: ({ list_name, trip, email }, queryApi, _extra, baseQuery) => {
        const tempId = newTempId();
        const body = { list_name, trips: [trip], email };
        return sendOrKeep(senderOf(queryApi, baseQuery), trip._id, creating('/wishlist/createlist', body), {
          tempId,
          answer: (): KeptList => ({ _id: tempId, list_name, trips: [trip] }),
        });
      },
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [trip._id], true, queryFulfilled),
      invalidatesTags: [LIST],
    }),
    addTripToWishlist: build.mutation<ListAnswer, { wishlistId: string; trip: TripRef }>({
      queryFn: ({ wishlistId, trip }, queryApi, _extra, baseQuery) =>
        sendOrKeep(
          senderOf(queryApi, baseQuery),
          trip._id,
          creating(`/wishlist/addtrip/${encodeURIComponent(wishlistId)}`, trip),
          {
            answer: (): KeptList => ({ _id: wishlistId, trips: [trip] }),
          },
        ),
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [trip._id], true, queryFulfilled),
      invalidatesTags: (_r, _e, { wishlistId }) => [LIST, { type: 'WishlistTrips', id: wishlistId }],
    }),
    /** Unfavourite: the trip leaves its wishlist, and the server clears the flag. */
    unfavoriteTrip: build.mutation<ListAnswer, { wishlistId: string; tripId: string }>({
      queryFn: ({ wishlistId, tripId }, queryApi, _extra, baseQuery) => {
        const url = `/wishlist/${encodeURIComponent(wishlistId)}/remove-trip/${encodeURIComponent(tripId)}`;
        return sendOrKeep(
          senderOf(queryApi, baseQuery),
          tripId,
          { url, method: 'DELETE' },
          {
            answer: (): KeptList => ({ _id: wishlistId, trips: [] }),
          },
        );
      },
      onQueryStarted: ({ tripId }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [tripId], false, queryFulfilled),
      invalidatesTags: (_r, _e, { wishlistId }) => [LIST, { type: 'WishlistTrips', id: wishlistId }],
    }),
  }),
});

export const {
  useGetWishlistsQuery,
  useGetWishlistTripsQuery,
  useCreateWishlistMutation,
  useAddTripToWishlistMutation,
  useUnfavoriteTripMutation,
} = wishlistsApi;
