// A trip page follows its trip's live updates while it is shown, shared or not: the
// first member may join (and edit) while the owner's page is open, and a page that
// waited for a second member to start following never heard that join (ADR 0065).
// Past the stream caps (ADR 0053) the page refetches on focus instead, without an
// error. The stream's code is fetched after the page rendered.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector, type AppState } from '../../../lib/hooks';

/** How long "Updated by Ada just now" stays. */
const NOTE_MS = 30_000;

export interface LiveTrip {
  /** "Updated by Ada L just now", after another member's change arrived. */
  note: string | null;
  /** The owner removed me (or the trip's access ended) while the page was open. */
  revoked: boolean;
}

export function useLiveTrip(tripId: string, trip: { version?: number } | undefined): LiveTrip {
  const store = useStore<AppState>();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.session.token !== null);
  // Kept with the trip they are about: another trip opened in the same page starts clean.
  const [note, setNote] = useState<{ tripId: string; text: string } | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const version = useRef(trip?.version);
  version.current = trip?.version;

  useEffect(() => {
    if (!tripId || !signedIn) return;
    const stop = new AbortController();
    import('./client')
      .then(({ followTrip }) => {
        if (stop.signal.aborted) return;
        followTrip({
          tripId,
          getState: store.getState,
          subscribe: store.subscribe,
          dispatch,
          signal: stop.signal,
          view: () => ({ userId: store.getState().session.userId, version: version.current }),
          onEffect(effect) {
            if (effect.type === 'revoked') setRevoked(tripId);
            else if (effect.type === 'refetch' && effect.note) setNote({ tripId, text: effect.note });
          },
        });
      })
      .catch(() => undefined); // offline or an old deployment: the page works without live updates
    return () => stop.abort();
  }, [tripId, signedIn, store, dispatch]);

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  return { note: note?.tripId === tripId ? note.text : null, revoked: revoked === tripId };
}
