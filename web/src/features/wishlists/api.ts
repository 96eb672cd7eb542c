// Wishlists (spec §7) and the favourite flag they drive. The server flips a trip's
// isFavorite asynchronously (events); the cache is patched at once, the flag is also set
// explicitly so a refetch never shows a stale heart, and everything is undone on failure.
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

type MaybePromise<T> = T | PromiseLike<T>;
import { api } from '../../lib/api';
import { patchTrip, undoAll } from '../../lib/tripCache';
import type { Trip, Wishlist, WishlistTrip } from '../../lib/types';

const tripPath = (tripId: string) => `/trips/getaway/${encodeURIComponent(tripId)}`;

const LISTS = [
  { type: 'Wishlist' as const, id: 'LIST' },
  { type: 'Trip' as const, id: 'LIST' },
];

type BaseQuery = (args: FetchArgs) => MaybePromise<{ data?: unknown; error?: unknown }>;

/** Runs the wishlist request, then sets the trip's flag explicitly (see above). */
async function saveThenFavourite(baseQuery: BaseQuery, request: { url: string; body: unknown }, tripId: string) {
  const saved = await baseQuery({ ...request, method: 'POST' });
  if (saved.error) return { error: saved.error as FetchBaseQueryError };
  await baseQuery({ url: tripPath(tripId), method: 'PUT', body: { isFavorite: true } });
  return { data: saved.data as Wishlist };
}

/** The heart fills at once; undone if the save fails. */
async function favouriteOptimistically(
  dispatch: Parameters<typeof patchTrip>[0],
  tripId: string,
  queryFulfilled: Promise<unknown>,
) {
  const patches = patchTrip(dispatch, tripId, (t) => {
    t.isFavorite = true;
  });
  try {
    await queryFulfilled;
  } catch {
    undoAll(patches);
  }
}

export const wishlistsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWishlists: build.query<Wishlist[], string>({
      query: (email) => `/wishlist/getlists?email=${encodeURIComponent(email)}`,
      providesTags: (lists) => [
        ...(Array.isArray(lists) ? lists : []).map((l) => ({ type: 'Wishlist' as const, id: l._id })),
        { type: 'Wishlist' as const, id: 'LIST' },
      ],
    }),
    getWishlistTrips: build.query<{ trips: WishlistTrip[] }, string>({
      query: (id) => `/wishlist/spec-wishlist/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'WishlistTrips', id }],
    }),
    createWishlist: build.mutation<Wishlist, { list_name: string; trip: Trip; email: string }>({
      queryFn: ({ list_name, trip, email }, _api, _extra, baseQuery) =>
        saveThenFavourite(
          baseQuery,
          { url: '/wishlist/createlist', body: { list_name, trips: [trip], email } },
          trip._id,
        ),
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, trip._id, queryFulfilled),
      invalidatesTags: LISTS,
    }),
    addTripToWishlist: build.mutation<Wishlist, { wishlistId: string; trip: Trip }>({
      queryFn: ({ wishlistId, trip }, _api, _extra, baseQuery) =>
        saveThenFavourite(
          baseQuery,
          { url: `/wishlist/addtrip/${encodeURIComponent(wishlistId)}`, body: trip },
          trip._id,
        ),
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, trip._id, queryFulfilled),
      invalidatesTags: (_r, _e, { wishlistId }) => [...LISTS, { type: 'WishlistTrips', id: wishlistId }],
    }),
    /** Unfavourite: out of its wishlist when it is in one, and the flag off. */
    unfavoriteTrip: build.mutation<null, { wishlistId: string | null; tripId: string }>({
      async queryFn({ wishlistId, tripId }, _api, _extra, baseQuery) {
        if (wishlistId) {
          const removed = await baseQuery({
            url: `/wishlist/${encodeURIComponent(wishlistId)}/remove-trip/${encodeURIComponent(tripId)}`,
            method: 'DELETE',
          });
          if (removed.error) return { error: removed.error as FetchBaseQueryError };
          await baseQuery({ url: tripPath(tripId), method: 'PUT', body: { isFavorite: false } });
        } else {
          const flag = await baseQuery({ url: tripPath(tripId), method: 'PUT', body: { isFavorite: false } });
          if (flag.error) return { error: flag.error as FetchBaseQueryError };
        }
        return { data: null };
      },
      async onQueryStarted({ tripId }, { dispatch, queryFulfilled }) {
        const patches = patchTrip(dispatch, tripId, (t) => {
          t.isFavorite = false;
        });
        try {
          await queryFulfilled;
        } catch {
          undoAll(patches);
        }
      },
      invalidatesTags: (_r, _e, { wishlistId }) => [
        ...LISTS,
        ...(wishlistId ? [{ type: 'WishlistTrips' as const, id: wishlistId }] : []),
      ],
    }),
    renameWishlist: build.mutation<Wishlist, { wishlistId: string; name: string }>({
      query: ({ wishlistId, name }) => ({
        url: `/wishlist/editlist/${encodeURIComponent(wishlistId)}`,
        method: 'PUT',
        body: { name },
      }),
      invalidatesTags: (_r, error, { wishlistId }) =>
        error
          ? []
          : [
              { type: 'Wishlist', id: wishlistId },
              { type: 'Wishlist', id: 'LIST' },
            ],
    }),
    deleteWishlist: build.mutation<null, { wishlist: Wishlist }>({
      async queryFn({ wishlist }, _api, _extra, baseQuery) {
        const removed = await baseQuery({
          url: `/wishlist/removewishlist/${encodeURIComponent(wishlist._id)}`,
          method: 'DELETE',
        });
        if (removed.error) return { error: removed.error as FetchBaseQueryError };
        await Promise.all(
          wishlist.trips.map((t) => baseQuery({ url: tripPath(t._id), method: 'PUT', body: { isFavorite: false } })),
        );
        return { data: null };
      },
      async onQueryStarted({ wishlist }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          for (const t of wishlist.trips) {
            patchTrip(dispatch, t._id, (trip) => {
              trip.isFavorite = false;
            });
          }
        } catch {
          // The caller reports the failure.
        }
      },
      invalidatesTags: LISTS,
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
