// Votes on a trip's windows. Kept apart from the trip's version (a vote never makes
// another member's save fail with 412): they are counted by `votes_version` instead,
// which the list's cache and ETag read alongside the version. Only current members'
// votes count, so a member who leaves takes their votes with them.
import { notFound, type AuthUser } from '@tripcost/shared';
import type { HistoryRecorder } from '../../history';
import {
  TRIP_NOT_FOUND,
  type TripAccess,
  type TripAndInstanceAnswer,
  type VoteTally,
  type WindowVotes,
  votedEvent,
} from '../../sharing';
import { INSTANCE_NOT_FOUND, membersOf, type TripRecord, type TripStore, type Vote } from '../../trip';

/** One window's votes as the caller sees them, and whether it works for everyone (every member voted yes). */
export const windowVotes: VoteTally = (trip, instanceId, userId) => {
  const members = membersOf(trip);
  const cast = trip.votes?.[instanceId] ?? {};
  const votes: WindowVotes = { yes: 0, maybe: 0, no: 0, mine: null };
  for (const member of members) {
    const vote = cast[member.user_id];
    if (vote) votes[vote] += 1;
  }
  votes.mine = members.some((member) => member.user_id === userId) ? (cast[userId] ?? null) : null;
  return { votes, works_for_everyone: members.length > 0 && votes.yes === members.length };
};

/**
 * The caller's vote on a window (null withdraws it); any member, owner included. Apart
 * from the trip's version: a vote never makes another member's save fail with 412.
 * Answers the window as read.
 */
export const vote =
  (deps: {
    store: TripStore;
    access: Pick<TripAccess, 'tripFor' | 'readInstance'>;
    committed(trip: TripRecord, user: AuthUser, what: 'vote'): Promise<void>;
    /** Votes are apart from the version: their entry is appended once the vote is stored. */
    recorder: Pick<HistoryRecorder, 'appendNow'>;
    now(): string;
    /** Publishes the trip.voted written with the vote soon (the outbox relay). */
    nudgeOutbox?(): void;
  }) =>
  async (user: AuthUser, tripId: string, instanceId: string, cast: Vote | null): Promise<TripAndInstanceAnswer> => {
    const { trip } = await deps.access.tripFor(user.id, tripId, 'vote');
    if (!trip.instances.some((instance) => instance._id === instanceId)) throw notFound(INSTANCE_NOT_FOUND);
    const announced = votedEvent(trip, instanceId, user.id, cast, deps.now());
    if (!(await deps.store.setVote(tripId, instanceId, user.id, cast, announced))) throw notFound(TRIP_NOT_FOUND);
    deps.nudgeOutbox?.();
    const voted = (await deps.access.tripFor(user.id, tripId, 'read')).trip;
    await deps.recorder.appendNow(trip, voted, user, 'vote', deps.now());
    await deps.committed(voted, user, 'vote');
    return deps.access.readInstance(voted, instanceId, user.id);
  };
