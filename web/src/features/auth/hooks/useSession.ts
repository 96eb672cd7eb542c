// Session lifecycle (docs/product.md §4): restore on start, log in, log out.
import { useCallback, useEffect } from 'react';
import { useStore } from 'react-redux';
import { api, errorMessage, refreshAccessToken } from '../../../lib/api';
import { useAppDispatch, type AppDispatch, type AppState } from '../../../lib/hooks';
import { announce, tabChannel, type TabChannel, type TabMessage } from '../../../lib/tabSync';
import {
  loggedOut,
  selectIsLoggedIn,
  sessionSettled,
  tokenReceived,
  tokenRefreshFailed,
  sessionEstablished,
  sessionFailed,
} from '../../../lib/session';
import { authApi } from '../api';

/** Loads the user into the query cache (the only copy); the session is established when it answers. */
async function loadUser(dispatch: AppDispatch) {
  const request = dispatch(authApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
  const result = await request;
  // Components subscribe with useCurrentUser; this request's subscription is not needed.
  request.unsubscribe();
  if (result.data) dispatch(sessionEstablished());
  else dispatch(sessionFailed(errorMessage(result.error, 'Failed to load user')));
}

let restoreStarted = false;

/** On app start: a new access token from the refresh cookie, then the user's data. */
export function useRestoreSession() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (restoreStarted) return;
    restoreStarted = true;
    void (async () => {
      const token = await refreshAccessToken();
      if (!token) {
        dispatch(tokenRefreshFailed('No session'));
        dispatch(sessionSettled());
        return;
      }
      dispatch(tokenReceived(token));
      await loadUser(dispatch);
    })();
  }, [dispatch]);
}

/** Stores the token from a successful login and loads the user. */
export function useCompleteLogin() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (token: string) => {
      dispatch(tokenReceived(token));
      await loadUser(dispatch);
      // The other tabs take their own token from the refresh cookie this login set.
      announce({ type: 'logged-in' });
    },
    [dispatch],
  );
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
      try {
        await logoutCall().unwrap();
      } catch {
        // The local session is cleared whatever the server answers.
      }
      endLocalSession(dispatch);
      try {
        window.localStorage.clear();
      } catch {
        /* storage may be unavailable (private mode) */
      }
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
