// Who is logged in: the access token (memory only) and whether the session is
// established. The refresh token lives in an httpOnly cookie the browser keeps; the
// user's own data is server data and lives in the RTK Query cache (getUserInfo).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SessionState {
  status: 'loading' | 'ready';
  token: string | null;
  isLogged: boolean;
  error: string | null;
  /** The session ended by itself (the refresh failed) while the user was logged in. */
  expired: boolean;
  /** The signed-in user's id: what the data kept on this device is filed under (lib/offline). */
  userId: string | null;
  /** No network: pages show what was kept on this device, and a banner says so. */
  offline: boolean;
}

/** What the login page says after a session ended by itself. */
export const SESSION_ENDED = 'Your session ended — log in again';

const initialState: SessionState = {
  status: 'loading',
  token: null,
  isLogged: false,
  error: null,
  expired: false,
  userId: null,
  offline: false,
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
    /** The user's data loaded with the token: the session is established. */
    sessionEstablished(state) {
      state.isLogged = true;
      state.status = 'ready';
      state.error = null;
      state.expired = false;
    },
    /** The refresh cookie no longer works while logged in: forms keep a draft (drafts.ts), the login page says so. */
    sessionExpired(state) {
      state.token = null;
      state.isLogged = false;
      state.status = 'ready';
      state.error = SESSION_ENDED;
      state.expired = true;
    },
    sessionFailed(state, action: PayloadAction<string>) {
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
      state.status = 'ready';
      state.expired = false;
      state.userId = null;
      state.offline = false;
    },
    userKnown(state, action: PayloadAction<string>) {
      state.userId = action.payload;
    },
    /** Opened with no network: the last user on this device, with no token until one can be had. */
    offlineSessionResumed(state, action: PayloadAction<string>) {
      state.userId = action.payload;
      state.isLogged = true;
      state.status = 'ready';
      state.error = null;
      state.offline = true;
    },
    wentOffline(state) {
      state.offline = true;
    },
    backOnline(state) {
      state.offline = false;
    },
  },
});

export const {
  tokenReceived,
  tokenRefreshFailed,
  sessionEstablished,
  sessionExpired,
  sessionFailed,
  sessionSettled,
  loggedOut,
  userKnown,
  offlineSessionResumed,
  wentOffline,
  backOnline,
} = sessionSlice.actions;

type WithSession = { session: SessionState };
export const selectSession = (s: WithSession) => s.session;
export const selectToken = (s: WithSession) => s.session.token;
export const selectIsLoggedIn = (s: WithSession) => Boolean(s.session.token || s.session.isLogged);
