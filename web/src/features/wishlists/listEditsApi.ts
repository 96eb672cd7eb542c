// Renaming and deleting a wishlist, loaded by the pages that offer them (Explore, the
// wishlist cards) rather than with every page that shows a heart. Both show at once and,
// without a network, are kept to be sent later (ADR 0038).
import { saveAnswer, savedAnswer } from '../../lib/offline/deviceStore';
import type { AppDispatch, AppState } from '../../lib/hooks';
import type { Message, Wishlist } from '../../lib/types';
import { senderOf, sendOrKeep, undoPatches, type Sender } from '../saving';
import { favouriteOptimistically, wishlistsApi } from './api';

const LIST = { type: 'Wishlist' as const, id: 'LIST' };

type ListsChange = (lists: Wishlist[]) => Wishlist[];

const renamed =
  (wishlistId: string, name: string): ListsChange =>
  (lists) =>
    lists.map((list) => (list._id === wishlistId ? { ...list, list_name: name } : list));
const without =
  (wishlistId: string): ListsChange =>
  (lists) =>
    lists.filter((list) => list._id !== wishlistId);

/** Every cached copy of the lists shows `change` at once; the patches undo it. */
function patchLists(dispatch: AppDispatch, getState: () => unknown, change: ListsChange) {
  return wishlistsApi.util
    .selectCachedArgsForQuery(getState() as AppState, 'getWishlists')
    .map((email) => dispatch(wishlistsApi.util.updateQueryData('getWishlists', email, change)));
}

/**
 * Sends a change of a list; without a network keeps it (ADR 0038) and makes it in the
 * lists kept on the device too (the cached ones show it from onQueryStarted), so a reload
 * offline and the refetch its tags cause read it as well.
 */
async function sendOrKeepList<T>(
  sender: Sender,
  getState: () => unknown,
  args: { url: string; method: string; body?: unknown },
  meanwhile: T,
  change: ListsChange,
) {
  let kept = false;
  const answer = () => {
    kept = true;
    return meanwhile;
  };
  const answered = await sendOrKeep<T>(sender, '', args, { answer });
  const state = getState() as AppState;
  const userId = state.session.userId;
  if (kept && userId) {
    for (const email of wishlistsApi.util.selectCachedArgsForQuery(state, 'getWishlists')) {
      const path = `/wishlist/getlists?email=${encodeURIComponent(email)}`;
      const lists = await savedAnswer(userId, path).catch(() => undefined);
      if (Array.isArray(lists)) await saveAnswer(userId, path, change(lists)).catch(() => undefined);
    }
  }
  return answered;
}

const listEditsApi = wishlistsApi.injectEndpoints({
  endpoints: (build) => ({
    // The route declares no answer (services/wishlists): nothing here reads it. The new
    // name shows at once; kept offline, a name taken meanwhile is listed as not applied.
    renameWishlist: build.mutation<Pick<Wishlist, '_id' | 'list_name'>, { wishlistId: string; name: string }>({
      queryFn: ({ wishlistId, name }, queryApi, _extra, baseQuery) =>
        sendOrKeepList(
          senderOf(queryApi, baseQuery),
          queryApi.getState,
          { url: `/wishlist/editlist/${encodeURIComponent(wishlistId)}`, method: 'PUT', body: { name } },
          { _id: wishlistId, list_name: name },
          renamed(wishlistId, name),
        ),
      async onQueryStarted({ wishlistId, name }, { dispatch, getState, queryFulfilled }) {
        const patches = patchLists(dispatch, getState, renamed(wishlistId, name));
        await queryFulfilled.catch(() => undoPatches(patches));
      },
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    /** Deleting a list unfavourites every trip in it (the server clears their flags). */
    deleteWishlist: build.mutation<Message, { wishlist: Pick<Wishlist, '_id'> & { trips: { _id: string }[] } }>({
      queryFn: ({ wishlist }, queryApi, _extra, baseQuery) =>
        sendOrKeepList(
          senderOf(queryApi, baseQuery),
          queryApi.getState,
          { url: `/wishlist/removewishlist/${encodeURIComponent(wishlist._id)}`, method: 'DELETE' },
          { msg: 'Deleted on this device; sent when you are back online.' },
          without(wishlist._id),
        ),
      onQueryStarted: ({ wishlist }, { dispatch, getState, queryFulfilled }) => {
        const patches = patchLists(dispatch, getState, without(wishlist._id));
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

export const { useRenameWishlistMutation, useDeleteWishlistMutation } = listEditsApi;
export { listEditsApi };
