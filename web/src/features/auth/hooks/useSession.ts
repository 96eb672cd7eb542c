// Session lifecycle (docs/product.md §4): restore on start, log in, log out.
import { useCallback, useEffect } from 'react';
import { api, errorMessage, refreshAccessToken } from '../../../lib/api';
import { useAppDispatch, type AppDispatch } from '../../../lib/hooks';
import {
  loggedOut,
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
    },
    [dispatch],
  );
}

/** Clears the token, the cache and all local storage; the caller navigates to /login. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const [logoutCall] = authApi.useLogoutMutation();
  return useCallback(async () => {
    try {
      await logoutCall().unwrap();
    } catch {
      // The local session is cleared whatever the server answers.
    }
    dispatch(loggedOut());
    try {
      window.localStorage.clear();
    } catch {
      /* storage may be unavailable (private mode) */
    }
    dispatch(api.util.resetApiState());
  }, [dispatch, logoutCall]);
}
