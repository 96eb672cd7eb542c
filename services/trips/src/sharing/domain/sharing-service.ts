// The sharing use cases: invitations by link, joining, roles, removing and leaving.
// Each is a pure change of the trip's members or invites written with the trips
// service's compare-and-swap, so a removed member loses access on their next request
// (every use case reads the trip's members afresh). Joining is queued per trip like
// every other change, so people accepting one link at once all join, up to MAX_MEMBERS.
import { AppError, backoffMs, changeVersioned, conflict, newId, notFound, type AuthUser } from '@tripcost/shared';
import type { TripStore } from '../../trip';
import type { TripRecord } from '../../trip';
import {
  membersOf,
  roleOf,
  UNNAMED,
  type Action,
  type InviteRecord,
  type MemberRole,
  type Role,
  type TripVotes,
} from '../../trip';
import {
  INVITE_TTL_MS,
  inviteState,
  inviteTokenHash,
  MAX_INVITES,
  MAX_MEMBERS,
  newInviteToken,
  type TripAnswer,
} from './sharing';
import { withTripUpdate } from './trip-events';

/** An invitation as its owner sees it; the token only once, in the answer that made it. */
export interface InviteAnswer {
  _id: string;
  role: MemberRole;
  inviter_name: string;
  created_at: string;
  expires_at: string;
  state: 'open' | 'expired' | 'revoked';
}
export type NewInviteAnswer = InviteAnswer & { token: string; url: string };

export interface InvitePreview {
  trip_id: string;
  trip_name: string;
  inviter_name: string;
  role: MemberRole;
}

export interface SharingUseCases {
  createInvite(user: AuthUser, tripId: string, role: MemberRole): Promise<NewInviteAnswer>;
  listInvites(user: AuthUser, tripId: string): Promise<InviteAnswer[]>;
  revokeInvite(user: AuthUser, tripId: string, inviteId: string): Promise<void>;
  /** What the link offers; 404 for an unknown token, 410 for an expired or revoked one. */
  previewInvite(user: AuthUser, token: string): Promise<InvitePreview>;
  /** Joins with the link's role: 409 for the owner, unchanged for a member (joined: false). */
  acceptInvite(user: AuthUser, token: string): Promise<{ joined: boolean; trip: TripAnswer }>;
  changeMemberRole(user: AuthUser, tripId: string, memberId: string, role: MemberRole): Promise<TripAnswer>;
  removeMember(user: AuthUser, tripId: string, memberId: string): Promise<void>;
  leaveTrip(user: AuthUser, tripId: string): Promise<void>;
}

export const INVITE_NOT_FOUND = 'This invitation link is not valid.';
const INVITE_GONE = {
  expired: 'This invitation has expired. Ask the trip’s owner for a new link.',
  revoked: 'This invitation was revoked. Ask the trip’s owner for a new link.',
} as const;
const MEMBER_NOT_FOUND = 'This person is not a member of the trip.';

/**
 * Compare-and-swap attempts of one join. In one process joins are queued, so a join
 * loses only to a write by another replica; each loss means that write landed, and
 * a trip takes at most MAX_MEMBERS joins, so this many attempts (with a jittered
 * pause that lets the replicas fall out of step) keep "collided" from reaching
 * someone accepting a link at the same moment as others.
 */
export const JOIN_ATTEMPTS = 4 * MAX_MEMBERS;
const joinPauseMs = (attempt: number) => Math.random() * backoffMs(attempt - 1, { baseMs: 5, maxMs: 100 });

/** What the sharing use cases need of the trips service and its store. */
export interface SharingDeps {
  store: TripStore;
  now: () => Date;
  /** Where invitation links point: `${publicBaseUrl}/join/${token}`. */
  publicBaseUrl: string;
  tripFor(userId: string, tripId: string, action: Action): Promise<{ trip: TripRecord; role: Role }>;
  /** The trips service's per-trip queue: work on one trip runs one at a time in this process. */
  queued<T>(tripId: string, work: () => Promise<T>): Promise<T>;
  /**
   * A change of the trip by a member whose role allows `action` (the trips service's
   * compare-and-swap), told to live followers as `what`.
   */
  change(
    user: AuthUser,
    tripId: string,
    what: 'members' | 'invites',
    apply: (trip: TripRecord, at: string) => TripRecord,
    action: Action,
  ): Promise<TripRecord>;
  /** Tells live followers that `user` joined the trip (written outside `change`), once its history entry is settled. */
  committed(trip: TripRecord, user: AuthUser): Promise<void>;
  /**
   * `next` carrying the history entry of the change from `before` (the history
   * capability's recorder, given here as a port: sharing never imports history).
   */
  remember(before: TripRecord, next: TripRecord, user: AuthUser, action: string, at: string): TripRecord;
  readView(trip: TripRecord, userId: string): TripAnswer;
}

/**
 * The sharing use cases, built in three groups (invitations, joining, members) that
 * share the trips service's dependencies: apart only to keep each function short.
 */
export function createSharing(deps: SharingDeps): SharingUseCases {
  return { ...inviteUseCases(deps), ...joinUseCases(deps), ...memberUseCases(deps) };
}

/** An invitation made, listed and revoked by whoever may manage the trip. */
function inviteUseCases(deps: SharingDeps): Pick<SharingUseCases, 'createInvite' | 'listInvites' | 'revokeInvite'> {
  const ownerName = (trip: TripRecord) => membersOf(trip).find((member) => member.role === 'owner')!.name;

  return {
    async createInvite(user, tripId, role) {
      let made: NewInviteAnswer | undefined;
      await deps.change(
        user,
        tripId,
        'invites',
        (trip, at) => {
          const { token, hash } = newInviteToken();
          const invite: InviteRecord = {
            _id: newId(),
            role,
            token_hash: hash,
            inviter_name: ownerName(trip),
            created_at: at,
            expires_at: new Date(Date.parse(at) + INVITE_TTL_MS).toISOString(),
          };
          // Room is made by dropping closed invitations, oldest first; open ones are never dropped.
          const kept = [...(trip.invites ?? [])];
          while (kept.length >= MAX_INVITES) {
            const closed = kept.findIndex((candidate) => inviteState(candidate, deps.now()) !== 'open');
            if (closed === -1) throw conflict(`A trip has at most ${MAX_INVITES} open invitations; revoke one first.`);
            kept.splice(closed, 1);
          }
          made = { ...answerOf(invite, deps.now()), token, url: `${deps.publicBaseUrl}/join/${token}` };
          return { ...trip, invites: [...kept, invite], updated_at: at };
        },
        'manage',
      );
      return made!;
    },

    async listInvites(user, tripId) {
      const { trip } = await deps.tripFor(user.id, tripId, 'manage');
      return (trip.invites ?? []).map((invite) => answerOf(invite, deps.now()));
    },

    async revokeInvite(user, tripId, inviteId) {
      await deps.change(
        user,
        tripId,
        'invites',
        (trip, at) => {
          const invite = trip.invites?.find((candidate) => candidate._id === inviteId);
          if (!invite) throw notFound('No such invitation.');
          if (invite.revoked_at) return trip;
          const invites = trip.invites!.map((candidate) =>
            candidate._id === inviteId ? { ...candidate, revoked_at: at } : candidate,
          );
          return { ...trip, invites, updated_at: at };
        },
        'manage',
      );
    },
  };
}

/** A link's invitation previewed and accepted. */
function joinUseCases(deps: SharingDeps): Pick<SharingUseCases, 'previewInvite' | 'acceptInvite'> {
  const { store } = deps;
  const nowIso = () => deps.now().toISOString();

  /** The trip and invitation a token names, if it is still open: 404 unknown, 410 expired or revoked. */
  async function openInvite(token: string): Promise<{ trip: TripRecord; invite: InviteRecord }> {
    const hash = inviteTokenHash(token);
    const trip = await store.findByInviteHash(hash);
    const invite = trip?.invites?.find((candidate) => candidate.token_hash === hash);
    if (!trip || !invite) throw notFound(INVITE_NOT_FOUND);
    const state = inviteState(invite, deps.now());
    if (state !== 'open') throw new AppError(410, INVITE_GONE[state], `invite_${state}`);
    return { trip, invite };
  }

  return {
    async previewInvite(_user, token) {
      const { trip, invite } = await openInvite(token);
      return {
        trip_id: trip._id,
        trip_name: trip.location_address,
        inviter_name: invite.inviter_name,
        role: invite.role,
      };
    },

    async acceptInvite(user, token) {
      const { trip: found } = await openInvite(token);
      let joined = false;
      const trip = await deps.queued(found._id, () =>
        changeVersioned<TripRecord>({
          read: async () => (await openInvite(token)).trip,
          apply: (current) => {
            joined = false;
            const hash = inviteTokenHash(token);
            const invite = current.invites!.find((candidate) => candidate.token_hash === hash)!;
            const role = roleOf(current, user.id);
            if (role === 'owner') throw conflict('This is your own trip’s invitation.', 'own_invite');
            if (role !== null) return current;
            const members = membersOf(current);
            if (members.length >= MAX_MEMBERS)
              throw conflict(`A trip has at most ${MAX_MEMBERS} members.`, 'trip_full');
            joined = true;
            const at = nowIso();
            const member = { user_id: user.id, name: user.name?.trim() || UNNAMED, role: invite.role, joined_at: at };
            // A new member's access travels to every copy of the trip (trip-events.ts).
            const next = deps.remember(
              current,
              { ...current, members: [...members, member], updated_at: at },
              user,
              'join',
              at,
            );
            return withTripUpdate(next, at, current, user.id);
          },
          write: (next, expected) => store.replace(next, expected),
          attempts: JOIN_ATTEMPTS,
          pauseMs: joinPauseMs,
        }),
      );
      if (joined && trip) await deps.committed(trip, user);
      return { joined, trip: deps.readView(trip ?? found, user.id) };
    },
  };
}

/** A member's role changed, a member removed, and a member leaving. */
function memberUseCases(deps: SharingDeps): Pick<SharingUseCases, 'changeMemberRole' | 'removeMember' | 'leaveTrip'> {
  const changeMembers = (user: AuthUser, tripId: string, memberId: string, apply: (trip: TripRecord) => TripRecord) =>
    deps.change(
      user,
      tripId,
      'members',
      (trip, at) => {
        if (memberId === trip.user_id) throw conflict('The owner’s role cannot change; the owner cannot be removed.');
        if (roleOf(trip, memberId) === null) throw notFound(MEMBER_NOT_FOUND);
        return { ...apply(trip), updated_at: at };
      },
      'manage',
    );

  return {
    async changeMemberRole(user, tripId, memberId, role) {
      const trip = await changeMembers(user, tripId, memberId, (current) => ({
        ...current,
        members: membersOf(current).map((member) => (member.user_id === memberId ? { ...member, role } : member)),
      }));
      return deps.readView(trip, user.id);
    },

    async removeMember(user, tripId, memberId) {
      await changeMembers(user, tripId, memberId, (current) => ({
        ...current,
        members: membersOf(current).filter((member) => member.user_id !== memberId),
        votes: withoutVotesOf(current.votes, memberId),
      }));
    },

    async leaveTrip(user, tripId) {
      await deps.change(
        user,
        tripId,
        'members',
        (trip, at) => {
          if (trip.user_id === user.id) {
            throw conflict('The owner cannot leave the trip; delete it instead.', 'owner_cannot_leave');
          }
          const members = membersOf(trip).filter((member) => member.user_id !== user.id);
          return { ...trip, members, votes: withoutVotesOf(trip.votes, user.id), updated_at: at };
        },
        'read',
      );
    },
  };
}

function answerOf(invite: InviteRecord, at: Date): InviteAnswer {
  const { _id, role, inviter_name, created_at, expires_at } = invite;
  return { _id, role, inviter_name, created_at, expires_at, state: inviteState(invite, at) };
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
