// Who is logged in: the access token (memory only), the logged-in flag and the user
// (spec §4 "Session"). The refresh token lives in an httpOnly cookie the browser keeps.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from './types';

export interface SessionState {
  status: 'loading' | 'ready';
  token: string | null;
  isLogged: boolean;
  user: User | null;
  error: string | null;
  /** Toggled after a trip is created so the planning lists know to refresh (spec §4). */
  tripsRefreshFlag: boolean;
}

const initialState: SessionState = {
  status: 'loading',
  token: null,
  isLogged: false,
  user: null,
  error: null,
  tripsRefreshFlag: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    tokenRefreshFailed(state, action: PayloadAction<string>) {
      state.token = null;
      state.error = action.payload;
    },
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.isLogged = true;
      state.status = 'ready';
      state.error = null;
    },
    userLoadFailed(state, action: PayloadAction<string>) {
      state.user = null;
      state.isLogged = false;
      state.status = 'ready';
      state.error = action.payload;
    },
    sessionSettled(state) {
      state.status = 'ready';
    },
    loggedOut(state) {
      state.token = null;
      state.isLogged = false;
      state.user = null;
      state.status = 'ready';
    },
    tripsRefreshToggled(state) {
      state.tripsRefreshFlag = !state.tripsRefreshFlag;
    },
  },
});

export const {
  tokenReceived,
  tokenRefreshFailed,
  userLoaded,
  userLoadFailed,
  sessionSettled,
  loggedOut,
  tripsRefreshToggled,
} = sessionSlice.actions;

type WithSession = { session: SessionState };
export const selectSession = (s: WithSession) => s.session;
export const selectToken = (s: WithSession) => s.session.token;
export const selectUser = (s: WithSession) => s.session.user;
export const selectIsLoggedIn = (s: WithSession) => Boolean(s.session.token || s.session.isLogged);
export const selectIsAdmin = (s: WithSession) => s.session.user?.role === 1;
