// Wishlists and the favourite flag they drive. The wishlist service tells the trips
// service (events) to set or clear a trip's isFavorite; the client never writes the
// flag. The heart changes at once in the cached trips (undone if the request fails)
// and the trips are not refetched here, so a refetch racing the event cannot show a
// stale heart; the next natural refetch reads the flag the server set.
import { api } from '../../lib/api';
import type { AppDispatch, AppState } from '../../lib/hooks';
import type { Answer, Message, TripRef, Wishlist } from '../../lib/types';
import { creating, newTempId, sendOrKeep } from '../../lib/offline/changeQueue';
import { saveAnswer } from '../../lib/offline/deviceStore';
import type { BaseQuery } from '../../lib/mergeSave';
import { patchCachedTrip, undoPatches } from '../trips';

const LIST = { type: 'Wishlist' as const, id: 'LIST' };

/** The heart shows `isFavorite` at once; undone if the request fails. */
async function favouriteOptimistically(
  dispatch: AppDispatch,
  tripIds: string[],
  isFavorite: boolean,
  queryFulfilled: Promise<unknown>,
) {
  const mark = (trip: { isFavorite: boolean }) => {
    trip.isFavorite = isFavorite;
  };
  const patches = tripIds.flatMap((id) => patchCachedTrip(dispatch, id, mark, mark));
  try {
    await queryFulfilled;
  } catch {
    undoPatches(patches);
  }
}

/** Every cached copy of the lists shows `recipe` at once; the patches undo it. */
function patchLists(dispatch: AppDispatch, getState: () => unknown, recipe: (lists: Wishlist[]) => Wishlist[] | void) {
  return wishlistsApi.util
    .selectCachedArgsForQuery(getState() as AppState, 'getWishlists')
    .map((email) => dispatch(wishlistsApi.util.updateQueryData('getWishlists', email, recipe)));
}

/**
 * Sends a change of a list; without a network keeps it (ADR 0038), and the lists kept on
 * the device show it as the cached ones already do (onQueryStarted), so a reload offline
 * and the refetch its tags cause read it too.
 */
async function sendOrKeepList<T>(
  baseQuery: BaseQuery,
  getState: () => unknown,
  args: { url: string; method: string; body?: unknown },
  meanwhile: T,
) {
  let kept = false;
  const answer = () => {
    kept = true;
    return meanwhile;
  };
  const answered = await sendOrKeep<T>(baseQuery, '', args, { answer });
  const state = getState() as AppState;
  const userId = state.session.userId;
  if (kept && userId) {
    for (const email of wishlistsApi.util.selectCachedArgsForQuery(state, 'getWishlists')) {
      const lists = wishlistsApi.endpoints.getWishlists.select(email)(state).data;
      const path = `/wishlist/getlists?email=${encodeURIComponent(email)}`;
      if (lists) await saveAnswer(userId, path, lists).catch(() => undefined);
    }
  }
  return answered;
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
    createWishlist: build.mutation<Wishlist, { list_name: string; trip: TripRef; email: string }>({
      queryFn: ({ list_name, trip, email }, _api, _extra, baseQuery) => {
        const tempId = newTempId();
        const body = { list_name, trips: [trip], email };
        return sendOrKeep(baseQuery, trip._id, creating('/wishlist/createlist', body), {
          tempId,
          answer: () => ({ _id: tempId, list_name, trips: [trip] }) as unknown as Wishlist,
        });
      },
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [trip._id], true, queryFulfilled),
      invalidatesTags: [LIST],
    }),
    addTripToWishlist: build.mutation<Wishlist, { wishlistId: string; trip: TripRef }>({
      queryFn: ({ wishlistId, trip }, _api, _extra, baseQuery) =>
        sendOrKeep(baseQuery, trip._id, creating(`/wishlist/addtrip/${encodeURIComponent(wishlistId)}`, trip), {
          answer: () => ({ _id: wishlistId, trips: [trip] }) as unknown as Wishlist,
        }),
      onQueryStarted: ({ trip }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [trip._id], true, queryFulfilled),
      invalidatesTags: (_r, _e, { wishlistId }) => [LIST, { type: 'WishlistTrips', id: wishlistId }],
    }),
    /** Unfavourite: the trip leaves its wishlist, and the server clears the flag. */
    unfavoriteTrip: build.mutation<Wishlist, { wishlistId: string; tripId: string }>({
      queryFn: ({ wishlistId, tripId }, _api, _extra, baseQuery) => {
        const url = `/wishlist/${encodeURIComponent(wishlistId)}/remove-trip/${encodeURIComponent(tripId)}`;
        return sendOrKeep(
          baseQuery,
          tripId,
          { url, method: 'DELETE' },
          {
            answer: () => ({ _id: wishlistId, trips: [] }) as unknown as Wishlist,
          },
        );
      },
      onQueryStarted: ({ tripId }, { dispatch, queryFulfilled }) =>
        favouriteOptimistically(dispatch, [tripId], false, queryFulfilled),
      invalidatesTags: (_r, _e, { wishlistId }) => [LIST, { type: 'WishlistTrips', id: wishlistId }],
    }),
    // The route declares no answer (services/wishlists): nothing here reads it. The new
    // name shows at once; kept offline, a name taken meanwhile is listed as not applied.
    renameWishlist: build.mutation<Wishlist, { wishlistId: string; name: string }>({
      queryFn: ({ wishlistId, name }, { getState }, _extra, baseQuery) =>
        sendOrKeepList(
          baseQuery,
          getState,
          { url: `/wishlist/editlist/${encodeURIComponent(wishlistId)}`, method: 'PUT', body: { name } },
          { _id: wishlistId, list_name: name } as Wishlist,
        ),
      async onQueryStarted({ wishlistId, name }, { dispatch, getState, queryFulfilled }) {
        const patches = patchLists(dispatch, getState, (lists) => {
          const list = lists.find((l) => l._id === wishlistId);
          if (list) list.list_name = name;
        });
        await queryFulfilled.catch(() => undoPatches(patches));
      },
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    /** Deleting a list unfavourites every trip in it (the server clears their flags). */
    deleteWishlist: build.mutation<Message, { wishlist: Wishlist }>({
      queryFn: ({ wishlist }, { getState }, _extra, baseQuery) =>
        sendOrKeepList(
          baseQuery,
          getState,
          { url: `/wishlist/removewishlist/${encodeURIComponent(wishlist._id)}`, method: 'DELETE' },
          { msg: 'Deleted on this device; sent when you are back online.' },
        ),
      onQueryStarted: ({ wishlist }, { dispatch, getState, queryFulfilled }) => {
        const patches = patchLists(dispatch, getState, (lists) => lists.filter((l) => l._id !== wishlist._id));
        void queryFulfilled.catch(() => undoPatches(patches));
        return favouriteOptimistically(
          dispatch,
          wishlist.trips.map((t) => t._id),
          false,
          queryFulfilled,
        );
      },
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
