// Store factory: one per app start, and a fresh one per component test.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { sessionSlice, type SessionState } from '../lib/session';
import { toastSlice } from '../lib/toast';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  toasts: toastSlice.reducer,
});

export function makeStore(preloaded?: { session?: Partial<SessionState> }) {
  const session = preloaded?.session ? { ...sessionSlice.getInitialState(), ...preloaded.session } : undefined;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: session ? { session } : undefined,
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { warnAfter: 200 }, serializableCheck: { warnAfter: 200 } }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
