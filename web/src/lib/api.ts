// The one RTK Query API of the app; features add endpoints with injectEndpoints.
// Every call sends `Authorization: Bearer <token>` and cookies; a 401 triggers one token
// refresh shared by all concurrent callers (the mutex), then the call is retried once.
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import {
  loggedOut,
  selectToken,
  sessionExpired,
  tokenReceived,
  tokenRefreshFailed,
  type SessionState,
} from './session';
import { withDeviceCopy } from './offline/offlineQuery';

/** A trip's path in the API, and an entity tag for one of its versions (as the trips service sends it in ETag). */
export const tripPath = (tripId: string) => `/trips/getaway/${encodeURIComponent(tripId)}`;
export const versionTag = (version: number) => `"${version}"`;

export const TAG_TYPES = [
  'Trip',
  'Instance',
  'Wishlist',
  'WishlistTrips',
  'Profile',
  'User',
  'History',
  'Notifications',
] as const;

/** Absolute so that Request() also works outside a browser (jsdom tests). */
export function apiBase(): string {
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return `${origin}/api`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase(),
  credentials: 'include',
  prepareHeaders(headers, { getState }) {
    const token = (getState() as { session: SessionState }).session.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** A new access token, or why there is none: refused by the server, or no network to ask. */
export type RefreshOutcome = { token: string; unreachable?: undefined } | { token: null; unreachable: boolean };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * Asks for a new access token with the refresh cookie. Concurrent callers share one
 * request: while it is in flight every caller gets the same promise.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!refreshInFlight) {
    refreshInFlight = (async (): Promise<RefreshOutcome> => {
      let res: Response;
      try {
        res = await fetch(`${apiBase()}/user/refresh_token`, { credentials: 'include' });
      } catch {
        return { token: null, unreachable: true };
      }
      try {
        // A gateway that cannot reach the auth service says so; that is no answer either.
        if (res.status === 502 || res.status === 503 || res.status === 504) return { token: null, unreachable: true };
        if (!res.ok) return { token: null, unreachable: false };
        const body = (await res.json()) as { accesstoken?: unknown };
        return typeof body.accesstoken === 'string' ? { token: body.accesstoken } : { token: null, unreachable: false };
      } catch {
        return { token: null, unreachable: false };
      }
    })().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** The new access token, or null whatever the reason. */
export async function refreshAccessToken(): Promise<string | null> {
  return (await refreshSession()).token;
}

const SESSION_PATHS = ['/user/login', '/user/register', '/user/refresh_token', '/user/logout'];

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const tokenUsed = selectToken(api.getState() as { session: SessionState });
  let result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || SESSION_PATHS.some((p) => urlOf(args).startsWith(p))) {
    return result;
  }
  // Another caller may already have refreshed while this request was on the wire.
  const current = selectToken(api.getState() as { session: SessionState });
  if (!current || current === tokenUsed) {
    const fresh = await refreshAccessToken();
    if (!fresh) {
      // A session that was established ended by itself: say so and let open forms keep their values.
      if ((api.getState() as { session: SessionState }).session.isLogged) api.dispatch(sessionExpired());
      else {
        api.dispatch(tokenRefreshFailed('Session expired'));
        api.dispatch(loggedOut());
      }
      return result;
    }
    if (selectToken(api.getState() as { session: SessionState }) !== fresh) api.dispatch(tokenReceived(fresh));
  }
  result = await rawBaseQuery(args, api, extraOptions);
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  // Kept reads answer from the device when the network cannot be reached (lib/offline).
  baseQuery: withDeviceCopy(baseQueryWithReauth),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** A change refused because the thing changed since it was read (412 Precondition Failed). */
export function isConflict(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && 'status' in error && error.status === 412);
}

/** The server's `{msg}` when there is one, else the product's wording for the failure. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object' && 'msg' in data && typeof (data as { msg: unknown }).msg === 'string') {
      const msg = (data as { msg: string }).msg.trim();
      if (msg) return msg;
    }
  }
  return fallback;
}
