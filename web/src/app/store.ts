// Store factory: one per app start, and a fresh one per component test.
import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, TAG_TYPES } from '../lib/api';
import { sessionSlice, type SessionState } from '../lib/session';
import { announce, type TabMessage } from '../lib/tabSync';
import { toastSlice } from '../lib/toast';
import { syncSlice } from '../lib/offline/syncSlice';
import { SaveHome } from '../features/saving';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  toasts: toastSlice.reducer,
  sync: syncSlice.reducer,
});

/** Mutations that change the session, not data: their news travels as logged-in / logged-out. */
const SESSION_MUTATIONS = new Set(['login', 'register', 'logout', 'deleteAccount']);

type MutationFulfilled = UnknownAction & {
  meta?: { arg?: { type?: string; endpointName?: string; originalArgs?: unknown }; requestStatus?: string };
};

/**
 * What another tab should refetch after this tab's mutation succeeded: the trip it named
 * (and the lists that show it), or, for a change not tied to one trip, every data tag.
 */
export function tagsChangedBy(
  endpointName: string,
  args: unknown,
): Extract<TabMessage, { type: 'data-changed' }>['tags'] | null {
  if (SESSION_MUTATIONS.has(endpointName)) return null;
  const tripId =
    args && typeof args === 'object' && 'tripId' in args ? (args as { tripId: unknown }).tripId : undefined;
  if (typeof tripId === 'string') {
    return [
      { type: 'Trip', id: tripId },
      { type: 'Trip', id: 'LIST' },
      'Instance',
      { type: 'Wishlist', id: 'LIST' },
      'WishlistTrips',
    ];
  }
  return TAG_TYPES.filter((tag) => tag !== 'User');
}

/** Tells the other tabs what this tab changed (lib/tabSync.ts). */
const announceChanges: Middleware = () => (next) => (action) => {
  const result = next(action);
  const { meta, type } = action as MutationFulfilled;
  if (
    typeof type === 'string' &&
    type.startsWith(`${api.reducerPath}/`) &&
    meta?.requestStatus === 'fulfilled' &&
    meta.arg?.type === 'mutation' &&
    meta.arg.endpointName
  ) {
    const tags = tagsChangedBy(meta.arg.endpointName, meta.arg.originalArgs);
    if (tags) announce({ type: 'data-changed', tags });
  }
  return result;
};

export function makeStore(preloaded?: { session?: Partial<SessionState> }) {
  const session = preloaded?.session ? { ...sessionSlice.getInitialState(), ...preloaded.session } : undefined;
  // This store's save home (features/saving): every endpoint reads it as the thunk's extra
  // argument, so what keeps a change made offline is this store's, connected where the app
  // starts (FullApp), never a module's.
  const saving = new SaveHome();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: session ? { session } : undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: saving },
        immutableCheck: { warnAfter: 200 },
        serializableCheck: { warnAfter: 200 },
      }).concat(api.middleware, announceChanges),
  });
  setupListeners(store.dispatch);
  return Object.assign(store, { saving });
}

export type AppStore = ReturnType<typeof makeStore>;
