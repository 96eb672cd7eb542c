// The trip's live-updates stream (docs/product.md §6 "Live updates"): GET
// /api/trips/getaway/:tripId/events, read with fetch — EventSource cannot send the
// Authorization header — and parsed by eventsource-parser. A dropped connection is
// opened again after a growing, jittered pause with `Last-Event-ID`, so the server
// resumes where this client stopped. A connection never outlives its access token: at
// the token's expiry (or on a 401) it ends and is opened again with a renewed one; with
// no token (logged out) the stream ends for good, as it does when the server says
// `revoked`. When this user already has as many streams open as the server allows
// (429: other tabs, windows or devices), the page does without, silently: each time
// the window regains focus it refetches the trip and tries the stream again.
import { createParser } from 'eventsource-parser';
import { NO_ACCESS } from './messages';
import type { LiveEvent, TripChange } from '../../saving';

export type { LiveEvent, TripChange };

/** Why a stream ended for good. */
export type LiveEnd = 'revoked' | 'signed-out' | 'gone' | 'stopped';

export interface LiveOptions {
  url: string;
  /** The access token now (the store's); null once logged out. */
  token: () => string | null;
  /** A fresh token after the one in use expired or was refused; null when there is none. */
  renew: () => Promise<string | null>;
  onEvent: (event: LiveEvent) => void;
  /** The stream resumes after this id (another tab's stream, or a reconnect). */
  lastEventId?: string | null;
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Waits `ms` unless the signal aborts first (tests pass one that returns at once). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Resolves when the window next gains focus, or the signal aborts (tests pass their own). */
  nextFocus?: (signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** The pause before reconnect attempt n (0-based): doubling from 1 s to 30 s, with ±20 % jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** When a JWT stops being accepted (its `exp`, in ms), or null if it does not say. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A server event as the client understands it, or null for one it does not know (ignored). */
export function liveEventOf(event: { event?: string; id?: string; data: string }): LiveEvent | null {
  const id = event.id || undefined;
  let data: unknown = null;
  try {
    data = event.data ? JSON.parse(event.data) : null;
  } catch {
    return null;
  }
  if (event.event === 'reset') return { type: 'reset', id };
  if (event.event === 'current') {
    const version = (data as { version?: unknown } | null)?.version;
    return typeof version === 'number' ? { type: 'current', version } : null;
  }
  if (event.event === 'revoked') {
    const msg = (data as { msg?: unknown } | null)?.msg;
    return { type: 'revoked', msg: typeof msg === 'string' ? msg : NO_ACCESS };
  }
  if (event.event !== 'change' || !data || typeof data !== 'object') return null;
  const change = data as Partial<TripChange>;
  if (typeof change.version !== 'number' || typeof change.actor_id !== 'string') return null;
  return {
    type: 'change',
    id,
    change: {
      version: change.version,
      actor_id: change.actor_id,
      actor_name: typeof change.actor_name === 'string' ? change.actor_name : 'Another member',
      what: change.what ?? 'trip',
    },
  };
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

/** The window gaining focus or becoming visible again: when someone is back to look at the trip. */
function defaultNextFocus(signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const visible = () => {
      if (document.visibilityState === 'visible') done();
    };
    window.addEventListener('focus', done);
    document.addEventListener('visibilitychange', visible);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      window.removeEventListener('focus', done);
      document.removeEventListener('visibilitychange', visible);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

type Connection = 'revoked' | 'gone' | 'unauthorized' | 'expired' | 'busy' | 'dropped' | 'stopped';

/**
 * What an answer that is no stream to read means (null when it is one): 'restart' when
 * the id it resumed from is refused, so the stream starts again from now.
 */
function refusal(status: number, resumed: boolean, onEvent: LiveOptions['onEvent']): Connection | 'restart' | null {
  if (status === 401) return 'unauthorized';
  // No longer a member: what the server says on every other route of the trip.
  if (status === 403) {
    onEvent({ type: 'revoked', msg: NO_ACCESS });
    return 'revoked';
  }
  // The trip is gone (its page says so when it refetches), or no server offers the stream.
  if (status === 404) return 'gone';
  if (status === 429) return 'busy';
  // The id it resumed from is refused (400): start from now, and refetch what may have been missed.
  if (status === 400 && resumed) {
    onEvent({ type: 'reset' });
    return 'restart';
  }
  return null;
}

/** Runs the stream until it is revoked, the user has no token, or `signal` aborts. */
export async function runLiveStream(options: LiveOptions): Promise<LiveEnd> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? defaultSleep;
  const nextFocus = options.nextFocus ?? defaultNextFocus;
  const now = options.now ?? Date.now;
  let lastId = options.lastEventId ?? null;
  let failures = 0;
  let token = options.token();
  while (!options.signal.aborted) {
    if (!token) return 'signed-out';
    const outcome = await connectOnce(token);
    if (outcome === 'stopped') return 'stopped';
    if (outcome === 'revoked' || outcome === 'gone') return outcome;
    if (outcome === 'busy') {
      // Too many streams open already: no error, and no retrying in the background
      // (that is what the limit is about); the trip is refetched when someone looks again.
      await nextFocus(options.signal);
      if (options.signal.aborted) return 'stopped';
      options.onEvent({ type: 'reset' });
      token = options.token();
      continue;
    }
    if (outcome === 'unauthorized' || outcome === 'expired') {
      // A token refused right after it was renewed is not retried at full speed.
      if (outcome === 'unauthorized') {
        await sleep(retryDelay(failures, options.random), options.signal);
        failures += 1;
      }
      token = await options.renew();
      continue;
    }
    await sleep(retryDelay(failures, options.random), options.signal);
    failures += 1;
    token = options.token();
  }
  return 'stopped';

  /** One connection, read to its end. */
  async function connectOnce(bearer: string): Promise<Connection> {
    const connection = new AbortController();
    const stop = () => connection.abort();
    options.signal.addEventListener('abort', stop, { once: true });
    const expiry = tokenExpiry(bearer);
    let expired = false;
    const timer =
      expiry === null
        ? undefined
        : setTimeout(
            () => {
              expired = true;
              connection.abort();
            },
            Math.max(0, expiry - now()),
          );
    let revoked = false;
    try {
      const response = await doFetch(options.url, {
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'text/event-stream',
          ...(lastId ? { 'last-event-id': lastId } : {}),
        },
        cache: 'no-store',
        signal: connection.signal,
      });
      const refused = refusal(response.status, Boolean(lastId), options.onEvent);
      if (refused === 'restart') lastId = null;
      if (refused) return refused === 'restart' ? 'dropped' : refused;
      if (!response.ok || !response.body) return 'dropped';
      failures = 0;
      const parser = createParser({
        onEvent(message) {
          if (revoked) return;
          const event = liveEventOf(message);
          if (message.id) lastId = message.id;
          if (!event) return;
          if (event.type === 'revoked') revoked = true;
          options.onEvent(event);
        },
      });
      const reader = response.body.getReader();
      // Whatever ends the connection (expiry, leaving the page) also ends the read.
      connection.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      const decoder = new TextDecoder();
      while (!revoked) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      if (revoked) void reader.cancel().catch(() => undefined);
      if (revoked) return 'revoked';
      if (options.signal.aborted) return 'stopped';
      return expired ? 'expired' : 'dropped';
    } catch {
      if (options.signal.aborted) return 'stopped';
      return expired ? 'expired' : 'dropped';
    } finally {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', stop);
      if (!revoked && !connection.signal.aborted) connection.abort();
    }
  }
}
