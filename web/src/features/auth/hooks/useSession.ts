// Session lifecycle (spec §4): restore on start, log in, log out.
import { useCallback, useEffect } from 'react';
import { api, errorMessage, refreshAccessToken } from '../../../lib/api';
import { useAppDispatch, type AppDispatch } from '../../../lib/hooks';
import {
  loggedOut,
  sessionSettled,
  tokenReceived,
  tokenRefreshFailed,
  userLoadFailed,
  userLoaded,
} from '../../../lib/session';
import { authApi } from '../api';

async function loadUser(dispatch: AppDispatch) {
  const result = await dispatch(authApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
  if (result.data) dispatch(userLoaded(result.data));
  else dispatch(userLoadFailed(errorMessage(result.error, 'Failed to load user')));
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
