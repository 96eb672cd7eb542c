// The votes' routes: a member's vote on a window, given or withdrawn. Votes do not
// change the trip's version (votes.ts), so the answer is tagged but never kept.
import { defineRoute, type AuthUser, type RouteContext } from '@tripcost/shared';
import { z } from 'zod';
import { answeredWithTrip, instanceReadAnswer, type TripAndInstanceAnswer } from '../../sharing';
import { instanceParams, VOTES, type Vote } from '../../trip';

const tags = ['trips'];
const voteBody = z.object({ vote: z.enum(VOTES, { message: 'vote must be yes, maybe or no.' }) });

/** The vote use case the routes call (the trips service's). */
export interface VoteUseCases {
  /** The caller's vote on a window (null withdraws it); any member, owner included. Answers the window as read. */
  vote(user: AuthUser, tripId: string, instanceId: string, vote: Vote | null): Promise<TripAndInstanceAnswer>;
}

export function voteRoutes(ctx: RouteContext, trips: VoteUseCases) {
  const voteResponses = {
    200: {
      description: 'The window with its votes (and its trip), as the caller reads it',
      schema: instanceReadAnswer,
    },
    403: 'Not a member of the trip',
    404: 'No such trip or window',
  };
  defineRoute(ctx, {
    method: 'put',
    path: '/api/trips/getaway/:tripId/instances/:instanceId/vote',
    summary:
      'The caller’s vote on a window (yes, maybe, no): any member, owner included. Votes do not change the trip’s version, so they never make a save fail with 412',
    tags,
    auth: 'required',
    params: instanceParams,
    body: voteBody,
    responses: { ...voteResponses, 400: 'vote is not yes, maybe or no' },
    handler: async ({ params, body, user, res }) => {
      return answeredWithTrip(res, await trips.vote(user, params.tripId, params.instanceId, body.vote));
    },
  });
  defineRoute(ctx, {
    method: 'delete',
    path: '/api/trips/getaway/:tripId/instances/:instanceId/vote',
    summary: 'Withdraw the caller’s vote on a window (nothing to withdraw changes nothing)',
    tags,
    auth: 'required',
    params: instanceParams,
    responses: voteResponses,
    handler: async ({ params, user, res }) => {
      return answeredWithTrip(res, await trips.vote(user, params.tripId, params.instanceId, null));
    },
  });
}
