// Votes on a trip's windows. Kept apart from the trip's version (a vote never makes
// another member's save fail with 412): they are counted by `votes_version` instead,
// which the list's cache and ETag read alongside the version. Only current members'
// votes count, so a member who leaves takes their votes with them.
import type { InstanceView, TripRecord } from '../../trip/domain/trip';
import { membersOf } from '../../sharing/domain/sharing';

export const VOTES = ['yes', 'maybe', 'no'] as const;
export type Vote = (typeof VOTES)[number];
/** Per window id, per user id. */
export type TripVotes = Record<string, Record<string, Vote>>;

export interface WindowVotes {
  yes: number;
  maybe: number;
  no: number;
  /** The caller's own vote; null when they have not voted. */
  mine: Vote | null;
}

/** One window's votes as the caller sees them, and whether it works for everyone (every member voted yes). */
export function windowVotes(
  trip: Pick<TripRecord, 'votes' | 'members' | 'user_id' | 'created_at'>,
  instanceId: string,
  userId: string,
): { votes: WindowVotes; works_for_everyone: boolean } {
  const members = membersOf(trip);
  const cast = trip.votes?.[instanceId] ?? {};
  const votes: WindowVotes = { yes: 0, maybe: 0, no: 0, mine: null };
  for (const member of members) {
    const vote = cast[member.user_id];
    if (vote) votes[vote] += 1;
  }
  votes.mine = members.some((member) => member.user_id === userId) ? (cast[userId] ?? null) : null;
  return { votes, works_for_everyone: members.length > 0 && votes.yes === members.length };
}

/**
 * The cheapest window that works for everyone (the comparison's choice among them:
 * neither eliminated nor dated end before start); null when none.
 */
export function cheapestForEveryone(
  instances: ReadonlyArray<Pick<InstanceView, '_id' | 'total_cost' | 'status' | 'dates_invalid'>>,
  works: (instanceId: string) => boolean,
): string | null {
  let best: { _id: string; total_cost: number } | null = null;
  for (const instance of instances) {
    if (instance.status === 'eliminated' || instance.dates_invalid || !works(instance._id)) continue;
    if (best === null || instance.total_cost < best.total_cost) best = instance;
  }
  return best?._id ?? null;
}

/** The votes without those of one user (who left, was removed or deleted their account). */
export function withoutVotesOf(votes: TripVotes | undefined, userId: string): TripVotes {
  return Object.fromEntries(
    Object.entries(votes ?? {}).map(([instanceId, cast]) => [
      instanceId,
      Object.fromEntries(Object.entries(cast).filter(([voter]) => voter !== userId)),
    ]),
  );
}
