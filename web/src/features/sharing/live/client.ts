// Starts following one trip's live updates for a page (loaded on demand, after the
// page: the stream and its parser are not part of any route's first load).
import { api, apiBase, refreshAccessToken } from '../../../lib/api';
import { tokenReceived, type SessionState } from '../../../lib/session';
import type { AppDispatch } from '../../../lib/hooks';
import { cachedTrip, effectOf, tagsOf, type Effect, type LiveEvent, type TabView } from '../../saving';
import { followSharedStream } from './tabs';

export interface LiveTripOptions {
  tripId: string;
  getState: () => { session: SessionState };
  /** The store's: told of every change of its state (a save's answer arriving). */
  subscribe: (listener: () => void) => () => void;
  dispatch: AppDispatch;
  /** What this tab shows now (read when an event arrives). */
  view: () => TabView;
  onEffect: (effect: Effect) => void;
  signal: AbortSignal;
}

/** How long a change of mine waits for this tab's saves to be answered before it is refetched anyway. */
const OWN_SAVE_WAIT_MS = 10_000;

/** Whether a save of this store is on its way (RTK Query's pending mutations). */
function saving(state: unknown): boolean {
  const mutations = (state as { api?: { mutations?: Record<string, { status?: string } | undefined> } }).api?.mutations;
  return Object.values(mutations ?? {}).some((mutation) => mutation?.status === 'pending');
}

/**
 * Resolves once no save of this store is pending (or after OWN_SAVE_WAIT_MS), and a turn
 * later: the answer is written into the caches just after its request settles.
 */
function savesAnswered(options: Pick<LiveTripOptions, 'getState' | 'subscribe' | 'signal'>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      options.signal.removeEventListener('abort', done);
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(done, OWN_SAVE_WAIT_MS);
    const unsubscribe = options.subscribe(() => {
      if (!saving(options.getState())) done();
    });
    options.signal.addEventListener('abort', done, { once: true });
    if (!saving(options.getState())) done();
  });
}

export function followTrip(options: LiveTripOptions): void {
  const { tripId, getState, dispatch, view, onEffect, signal } = options;
  const userId = getState().session.userId ?? 'me';
  // The newest version this tab holds: a save's answer is in the caches before the page renders it.
  const shown = (): TabView => {
    const page = view();
    const versions = [cachedTrip(getState, tripId)?.version, page.version].filter((v) => v !== undefined);
    return { ...page, version: versions.length > 0 ? Math.max(...versions) : undefined };
  };
  const apply = (event: LiveEvent) => {
    const effect = effectOf(event, shown());
    const tags = tagsOf(effect, tripId);
    if (tags.length > 0) dispatch(api.util.invalidateTags(tags));
    onEffect(effect);
  };
  followSharedStream({
    key: `${userId}:${tripId}`,
    url: `${apiBase()}/trips/getaway/${encodeURIComponent(tripId)}/events`,
    token: () => getState().session.token,
    async renew() {
      const fresh = await refreshAccessToken();
      if (fresh && getState().session.token !== fresh) dispatch(tokenReceived(fresh));
      return fresh;
    },
    signal,
    onEvent(event) {
      // My own change, heard before this tab's save was answered (the server tells the
      // stream before it answers the save): judged once the answer is shown, so one save
      // stays one request (ADR 0030) rather than a save and a refetch.
      const mine = event.type === 'change' && event.change.actor_id === shown().userId;
      if (mine && effectOf(event, shown()).type === 'refetch' && saving(getState())) {
        void savesAnswered(options).then(() => signal.aborted || apply(event));
        return;
      }
      apply(event);
    },
  });
}
