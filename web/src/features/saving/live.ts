// Live patches, the save home's part of a trip's live updates (the stream itself is the
// sharing feature's): what an arriving event does to this tab: my own change that this tab already
// shows is ignored; anything else refetches the trip (its RTK Query tags are
// invalidated — no polling, no patching of figures the server computes), with a note
// naming who changed it when it was someone else. `revoked` ends the page's access.

/** What a member's change says: the trip's new version, who made it and what it touched. */
export interface TripChange {
  version: number;
  actor_id: string;
  actor_name: string;
  what: 'window' | 'item' | 'vote' | 'members' | 'trip';
}

export type LiveEvent =
  | { type: 'change'; id?: string; change: TripChange }
  /** The server cannot resume from the id sent: everything about the trip is fetched again. */
  | { type: 'reset'; id?: string }
  | { type: 'revoked'; msg: string }
  /** The trip's version as a fresh stream started: a change between this tab's read and then is not in the stream. */
  | { type: 'current'; version: number };

export interface TabView {
  /** Who is logged in here. */
  userId: string | null;
  /** The trip version this tab shows (undefined before it loaded). */
  version: number | undefined;
}

export type Effect =
  | { type: 'none' }
  | { type: 'refetch'; what: 'trip' | 'members' | 'everything'; note: string | null }
  | { type: 'revoked'; msg: string };

export function effectOf(event: LiveEvent, view: TabView): Effect {
  if (event.type === 'revoked') return { type: 'revoked', msg: event.msg };
  if (event.type === 'reset') return { type: 'refetch', what: 'everything', note: null };
  if (event.type === 'current') {
    const behind = view.version !== undefined && view.version < event.version;
    return behind ? { type: 'refetch', what: 'trip', note: null } : { type: 'none' };
  }
  const { change } = event;
  const mine = view.userId !== null && change.actor_id === view.userId;
  // My own save (this tab's, or another tab's already refetched here): nothing new to show.
  if (mine && view.version !== undefined && change.version <= view.version) return { type: 'none' };
  return {
    type: 'refetch',
    what: change.what === 'members' ? 'members' : 'trip',
    note: mine ? null : `Updated by ${change.actor_name} just now`,
  };
}

/** The RTK Query tags an effect invalidates for a trip. */
export function tagsOf(effect: Effect, tripId: string): Array<{ type: 'Trip'; id: string }> {
  if (effect.type === 'none') return [];
  const trip = [
    { type: 'Trip' as const, id: tripId },
    { type: 'Trip' as const, id: 'LIST' },
  ];
  if (effect.type === 'refetch' && effect.what === 'trip') return trip;
  // Members changed, the server reset or access ended: the open invitations may have changed too.
  return [...trip, { type: 'Trip' as const, id: `invites:${tripId}` }];
}
