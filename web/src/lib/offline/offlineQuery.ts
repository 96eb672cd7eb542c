// Reads that still answer without a network (ADR 0038): every kept read (lists, trips,
// windows, flex grids, wishlists, profiles) is saved on the device under the signed-in
// user when it answers, and answered from there when the network cannot be reached.
// Writes and the reads that need the network (weather, suggestions, search) are not.
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { backOnline, wentOffline, type SessionState } from '../session';
import { keptRead, saveAnswer, savedAnswer } from './deviceStore';

/** The request's path below /api with its query string: the key of its saved answer. */
export function readKey(args: string | FetchArgs): string | null {
  if (typeof args === 'string') return args;
  if (args.method && args.method.toUpperCase() !== 'GET') return null;
  const params = args.params as Record<string, unknown> | undefined;
  if (!params) return args.url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text ? `${args.url}${args.url.includes('?') ? '&' : '?'}${text}` : args.url;
}

/** The network could not be reached at all (not an answer from the server). */
export function isUnreachable(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && 'status' in error && error.status === 'FETCH_ERROR');
}

const WINDOW_READ = /^(\/trips\/getaway\/[^/?]+)\/instances\/([^/?]+)$/;

/**
 * A window's page offline: made from the trip's kept copy, which holds the changes made
 * offline (and windows made offline, never read from the server); the window's own kept
 * answer otherwise.
 */
async function savedRead(userId: string, key: string): Promise<unknown> {
  const window = WINDOW_READ.exec(key);
  if (window) {
    const trip = (await savedAnswer(userId, window[1])) as { instances?: { _id: string }[] } | undefined;
    const instance = trip?.instances?.find((w) => w._id === decodeURIComponent(window[2]));
    if (instance) return { trip, instance };
  }
  return savedAnswer(userId, key);
}

type Query = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

export function withDeviceCopy(baseQuery: Query): Query {
  return async (args, api, extraOptions) => {
    const result = await baseQuery(args, api, extraOptions);
    const { session } = api.getState() as { session: SessionState };
    const key = readKey(args);
    const kept = key !== null && keptRead(key) !== null;
    if (!result.error) {
      if (session.offline && session.token) api.dispatch(backOnline());
      if (kept && session.userId) void saveAnswer(session.userId, key, result.data).catch(() => {});
      return result;
    }
    if (!isUnreachable(result.error)) return result;
    if (session.isLogged && !session.offline) api.dispatch(wentOffline());
    if (!kept || !session.userId) return result;
    try {
      const body = await savedRead(session.userId, key);
      if (body !== undefined) return { data: body, meta: result.meta };
    } catch {
      /* IndexedDB unavailable: the read fails as it would have */
    }
    return result;
  };
}
