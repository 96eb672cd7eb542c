// Sharing's routes: invitations by link, members and leaving (docs/adr/0039-plan-together.md).
// Each route validates with its schema, calls one use case and shapes the reply.
import {
  defineRoute,
  IDEMPOTENCY_DOC,
  withIdempotencyResponses,
  type AuthUser,
  type RouteContext,
} from '@tripcost/shared';
import { tripParams } from '../../trip';
import type { SharingUseCases } from '../domain/sharing-service';
import { messageAnswer, tripReadAnswer } from './answers';
import { answeredWithTrip, tagged } from './etag';
import type { GuessLimit } from './guess-limit';
import { inviteAcceptedAnswer, inviteListAnswer, invitePreviewAnswer, newInviteAnswer } from './invite-answers';
import type { ReplayedWhile } from './replays';
import { inviteBody, inviteParams, inviteTokenParams, memberParams, roleBody } from './schemas';

const tags = ['trips'];
const ownerOnly = { 403: 'Not the trip’s owner', 404: 'No such trip' };

/** Invitations: made, listed and revoked by the owner. */
export function invitationRoutes(ctx: RouteContext, trips: SharingUseCases, replayedWhile: ReplayedWhile) {
  defineRoute(ctx, {
    method: 'post',
    path: '/api/trips/getaway/:tripId/invites',
    summary:
      'Owner: a link that lets anyone logged in join with this role until it expires (7 days) or is revoked' +
      IDEMPOTENCY_DOC +
      ' A replay answers the invitation without its token and url (token_shown: true): the token is shown once and never stored; make a new invitation for a new link.',
    tags,
    auth: 'required',
    // The token never reaches the replay store (Redis): a replay says it was shown.
    before: [replayedWhile('manage', withoutToken)],
    params: tripParams,
    body: inviteBody,
    responses: withIdempotencyResponses({
      201: {
        description:
          'The invitation with its token and url (the only time the token is shown); an Idempotency-Key replay: without them, token_shown: true',
        schema: newInviteAnswer,
      },
      400: 'role is not editor or viewer',
      ...ownerOnly,
      409: 'Twenty invitations are open',
    }),
    handler: async ({ params, body, user }) => ({
      status: 201,
      body: await trips.createInvite(user, params.tripId, body.role),
    }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/invites',
    summary: 'Owner: the trip’s invitations, open, expired and revoked (never their tokens)',
    tags,
    auth: 'required',
    params: tripParams,
    responses: { 200: { description: 'Invitations, oldest first', schema: inviteListAnswer }, ...ownerOnly },
    handler: async ({ params, user }) => ({ body: await trips.listInvites(user, params.tripId) }),
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/trips/getaway/:tripId/invites/:inviteId',
    summary: 'Owner: revoke an invitation (its link answers 410 from now on); revoking twice changes nothing',
    tags,
    auth: 'required',
    params: inviteParams,
    responses: {
      200: { description: 'Revoked', schema: messageAnswer },
      ...ownerOnly,
      404: 'No such trip or invitation',
    },
    handler: async ({ params, user }) => {
      await trips.revokeInvite(user, params.tripId, params.inviteId);
      return { body: { msg: 'Invitation revoked.' } };
    },
  });
}

/** An invitation's link: previewed and accepted, rate-limited against guessing. */
export function invitationLinkRoutes(ctx: RouteContext, trips: SharingUseCases, guesses: GuessLimit) {
  const tokenErrors = {
    400: 'Not a token',
    404: 'No invitation has this token',
    410: 'The invitation expired or was revoked',
    429: 'Too many invitation links that were not valid: try again later',
  };
  /** A token look-up: refused while the caller has guessed too often; a miss counts as a guess. */
  const guarded = async <T>(user: AuthUser, lookUp: () => Promise<T>): Promise<T> => {
    await guesses.check(user.id);
    try {
      return await lookUp();
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404 || status === 410) await guesses.failed(user.id);
      throw error;
    }
  };

  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/invites/:token',
    summary:
      'What an invitation link offers: the trip’s name, who invited and the role (rate-limited against guessing)',
    tags,
    auth: 'required',
    params: inviteTokenParams,
    responses: { 200: { description: 'The invitation', schema: invitePreviewAnswer }, ...tokenErrors },
    handler: async ({ params, user }) => ({ body: await guarded(user, () => trips.previewInvite(user, params.token)) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/trips/invites/:token/accept',
    summary: 'Join the trip with the invitation’s role; a member already is left unchanged (joined: false)',
    tags,
    auth: 'required',
    params: inviteTokenParams,
    responses: {
      200: { description: 'The trip as the new (or existing) member sees it', schema: inviteAcceptedAnswer },
      ...tokenErrors,
      409: 'The owner’s own invitation (code own_invite), or the trip has 20 members (code trip_full)',
    },
    handler: async ({ params, user, res }) => {
      return answeredWithTrip(res, await guarded(user, () => trips.acceptInvite(user, params.token)));
    },
  });
}

/** Members: leaving a trip, and the owner changing a member's role or removing them. */
export function memberRoutes(ctx: RouteContext, trips: SharingUseCases) {
  // Registered before /members/:userId so "me" is never read as an id.
  defineRoute(ctx, {
    method: 'delete',
    path: '/api/trips/getaway/:tripId/members/me',
    summary: 'Leave a trip shared with the caller (the owner cannot leave: they delete the trip)',
    tags,
    auth: 'required',
    params: tripParams,
    responses: {
      200: { description: 'Left', schema: messageAnswer },
      403: 'Not a member',
      404: 'No such trip',
      409: 'The owner cannot leave (code owner_cannot_leave)',
    },
    handler: async ({ params, user }) => {
      await trips.leaveTrip(user, params.tripId);
      return { body: { msg: 'You left the trip.' } };
    },
  });

  defineRoute(ctx, {
    method: 'patch',
    path: '/api/trips/getaway/:tripId/members/:userId',
    summary: 'Owner: change a member’s role (editor or viewer)',
    tags,
    auth: 'required',
    params: memberParams,
    body: roleBody,
    responses: {
      200: { description: 'The trip with its members', schema: tripReadAnswer },
      400: 'role is not editor or viewer',
      ...ownerOnly,
      404: 'No such trip or member',
      409: 'The owner’s own role cannot change',
    },
    handler: async ({ params, body, user, res }) => ({
      body: tagged(res, await trips.changeMemberRole(user, params.tripId, params.userId, body.role)),
    }),
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/trips/getaway/:tripId/members/:userId',
    summary: 'Owner: remove a member; they lose access on their next request',
    tags,
    auth: 'required',
    params: memberParams,
    responses: {
      200: { description: 'Removed', schema: messageAnswer },
      ...ownerOnly,
      404: 'No such trip or member',
      409: 'The owner cannot be removed',
    },
    handler: async ({ params, user }) => {
      await trips.removeMember(user, params.tripId, params.userId);
      return { body: { msg: 'Member removed.' } };
    },
  });
}

/** A new invitation as a replay answers it: the token and its link were shown once. */
function withoutToken(body: unknown) {
  const { token: _token, url: _url, ...invite } = body as { token?: string; url?: string };
  return { ...invite, token_shown: true };
}
