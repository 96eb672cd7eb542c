// Starts following one trip's live updates for a page (loaded on demand, after the
// page: the stream and its parser are not part of any route's first load).
import { api, apiBase, refreshAccessToken } from '../../../lib/api';
import { tokenReceived, type SessionState } from '../../../lib/session';
import type { AppDispatch } from '../../../lib/hooks';
import { effectOf, tagsOf, type Effect, type TabView } from '../../saving';
import { followSharedStream } from './tabs';

export interface LiveTripOptions {
  tripId: string;
  getState: () => { session: SessionState };
  dispatch: AppDispatch;
  /** What this tab shows now (read when an event arrives). */
  view: () => TabView;
  onEffect: (effect: Effect) => void;
  signal: AbortSignal;
}

export function followTrip({ tripId, getState, dispatch, view, onEffect, signal }: LiveTripOptions): void {
  const userId = getState().session.userId ?? 'me';
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
      const effect = effectOf(event, view());
      const tags = tagsOf(effect, tripId);
      if (tags.length > 0) dispatch(api.util.invalidateTags(tags));
      onEffect(effect);
    },
  });
}
