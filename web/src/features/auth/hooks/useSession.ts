// Session lifecycle (docs/product.md §4): restore on start, log in, log out.
import { useCallback, useEffect } from 'react';
import { useStore } from 'react-redux';
import { api, apiBase, errorMessage, refreshAccessToken, refreshSession, TAG_TYPES } from '../../../lib/api';
import { isUnreachable } from '../../../lib/offline/offlineQuery';
import { KEEP_SETTING, lastUser, rememberUser, wipeDeviceData } from '../../../lib/offline/deviceStore';
import { useAppDispatch, type AppDispatch, type AppState } from '../../../lib/hooks';
import { announce, tabChannel, type TabChannel, type TabMessage } from '../../../lib/tabSync';
import {
  loggedOut,
  selectIsLoggedIn,
  sessionExpired,
  sessionSettled,
  tokenReceived,
  tokenRefreshFailed,
  sessionEstablished,
  sessionFailed,
  userKnown,
  offlineSessionResumed,
  backOnline,
} from '../../../lib/session';
import { authApi } from '../api';

/** Loads the user into the query cache (the only copy); the session is established when it answers. */
async function loadUser(dispatch: AppDispatch) {
  const request = dispatch(authApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
  const result = await request;
  // Components subscribe with useCurrentUser; this request's subscription is not needed.
  request.unsubscribe();
  if (result.data) {
    dispatch(userKnown(result.data._id));
    dispatch(sessionEstablished());
    // What is kept on this device is filed under this user; another user's is wiped.
    await rememberUser(result.data._id).catch(() => {});
  } else dispatch(sessionFailed(errorMessage(result.error, 'Failed to load user')));
}

let restoreStarted = false;

/** On app start: a new access token from the refresh cookie, then the user's data. */
export function useRestoreSession() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (restoreStarted) return;
    restoreStarted = true;
    void (async () => {
      if (await logoutStillPending()) {
        dispatch(tokenRefreshFailed('No session'));
        dispatch(sessionSettled());
        return;
      }
      const outcome = await refreshSession();
      const token = outcome.token;
      if (!token) {
        // No network: the last user of this device, from what was kept, until a token can be had.
        const last = !outcome.token && outcome.unreachable ? await lastUser().catch(() => undefined) : undefined;
        if (last) {
          dispatch(offlineSessionResumed(last.id));
          reconnectWhenOnline(dispatch);
          return;
        }
        dispatch(tokenRefreshFailed('No session'));
        dispatch(sessionSettled());
        return;
      }
      dispatch(tokenReceived(token));
      await loadUser(dispatch);
    })();
  }, [dispatch]);
}

const RETRY_MS = 5_000;

/**
 * While the app runs on what was kept: asks for a token when the browser says it is back
 * online and every 5 s; with one, the user and every page's data are fetched afresh.
 */
function reconnectWhenOnline(dispatch: AppDispatch) {
  let done = false;
  const attempt = async () => {
    if (done) return;
    const outcome = await refreshSession();
    if (done) return;
    if (outcome.token) {
      stop();
      dispatch(tokenReceived(outcome.token));
      await loadUser(dispatch);
      dispatch(backOnline());
      dispatch(api.util.invalidateTags([...TAG_TYPES]));
    } else if (!outcome.unreachable) {
      // The server answered: this device's session has ended (the login page says so).
      stop();
      dispatch(backOnline());
      dispatch(sessionExpired());
    }
  };
  const timer = setInterval(() => void attempt(), RETRY_MS);
  const onOnline = () => void attempt();
  window.addEventListener('online', onOnline);
  function stop() {
    done = true;
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
  }
}

/** Stores the token from a successful login and loads the user. */
export function useCompleteLogin() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (token: string) => {
      // The login replaced the refresh cookie a logout made offline left behind.
      clearLogoutPending();
      dispatch(tokenReceived(token));
      await loadUser(dispatch);
      // The other tabs take their own token from the refresh cookie this login set.
      announce({ type: 'logged-in' });
    },
    [dispatch],
  );
}

const LOGOUT_PENDING = 'tripcost:logout-pending';

function markLogoutPending() {
  try {
    window.localStorage.setItem(LOGOUT_PENDING, '1');
  } catch {
    /* storage unavailable: the session may come back once online */
  }
}

function clearLogoutPending() {
  try {
    window.localStorage.removeItem(LOGOUT_PENDING);
  } catch {
    /* storage unavailable: nothing was marked */
  }
}

/** A logout made offline is sent first; until the server has it, the app starts logged out. */
async function logoutStillPending(): Promise<boolean> {
  try {
    if (window.localStorage.getItem(LOGOUT_PENDING) === null) return false;
  } catch {
    return false;
  }
  try {
    const res = await fetch(`${apiBase()}/user/logout`, { credentials: 'include' });
    if (res.ok) clearLogoutPending();
  } catch {
    /* still no network: still logged out, and asked again next start */
  }
  return true;
}

/** Clears local storage (drafts, …) but the device preference named. */
function clearLocalStorageKeeping(key: string) {
  try {
    const kept = window.localStorage.getItem(key);
    window.localStorage.clear();
    if (kept !== null) window.localStorage.setItem(key, kept);
  } catch {
    /* storage may be unavailable (private mode) */
  }
}

/** Drops this tab's session: the in-memory token and every cached answer. */
function endLocalSession(dispatch: AppDispatch) {
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
}

/**
 * Clears the token, the cache and all local storage, and tells the other tabs to do the
 * same; the caller navigates to /login.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const [logoutCall] = authApi.useLogoutMutation();
  return useCallback(
    async (reason: 'logout' | 'account-deleted' = 'logout') => {
      let serverTold = true;
      try {
        await logoutCall().unwrap();
      } catch (error) {
        // The local session is cleared whatever the server answers.
        serverTold = !isUnreachable(error);
      }
      endLocalSession(dispatch);
      await wipeDeviceData();
      clearLocalStorageKeeping(KEEP_SETTING);
      // Logged out without a network: the refresh cookie still works until the server
      // hears of it, so the next start tells it before anything else.
      if (!serverTold) markLogoutPending();
      announce({ type: 'logged-out', reason });
    },
    [dispatch, logoutCall],
  );
}

/**
 * What this tab does with another tab's news: refetch what it changed, end the session
 * it ended (the token goes, so nothing can be saved here; protected pages show the
 * logged-out page), or take up the session it started.
 */
export async function handleTabMessage(
  message: TabMessage,
  dispatch: AppDispatch,
  getState: () => AppState,
): Promise<void> {
  const loggedIn = selectIsLoggedIn(getState());
  if (message.type === 'data-changed') {
    if (loggedIn) dispatch(api.util.invalidateTags(message.tags));
  } else if (message.type === 'logged-out') {
    if (loggedIn || getState().session.token) endLocalSession(dispatch);
    // The tab that logged out wiped the device's data; so does this one, in case it raced a save.
    await wipeDeviceData();
  } else if (message.type === 'logged-in' && !loggedIn) {
    const token = await refreshAccessToken();
    if (!token) return;
    dispatch(tokenReceived(token));
    await loadUser(dispatch);
  }
}

/** Listens to the other tabs for as long as the app runs. */
export function useTabSync(channel: TabChannel | null = tabChannel()) {
  const store = useStore<AppState>();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!channel) return undefined;
    return channel.listen((message) => void handleTabMessage(message, dispatch, store.getState));
  }, [channel, dispatch, store]);
}
