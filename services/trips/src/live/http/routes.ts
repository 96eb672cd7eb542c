// The live updates' route: a trip's committed changes as Server-Sent Events (event-stream.ts).
import { defineRoute, type AuthUser, type RouteContext } from '@tripcost/shared';
import { tripParams } from '../../trip';
import type { Follower, Following } from '../domain/live-updates';
import { streamEvents, type EventStreamSettings } from './event-stream';

const tags = ['trips'];

/** The follow use case the route calls (the trips service's). */
export interface LiveUseCases {
  /**
   * Follows a trip's changes as they are committed (any member; 403/404 otherwise):
   * first those after `lastEventId`, then live ones, until stopped or `revoked`.
   */
  follow(user: AuthUser, tripId: string, lastEventId: string | undefined, follower: Follower): Promise<Following>;
}

export function liveRoutes(ctx: RouteContext, trips: LiveUseCases, live: EventStreamSettings) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/events',
    summary:
      "The trip's changes as they are committed, as Server-Sent Events (any member). Each change: " +
      '`id: <id>`, `event: change`, `data: {"version","actor_id","actor_name","what"}` (what: trip, window, item, ' +
      'vote, commit, prices, members, invites); `: heartbeat` comments every 25 s; `event: reset` first when ' +
      'Last-Event-ID is older than the 5 minutes kept (refetch everything); `event: revoked` `data: {"msg"}` ' +
      'when the caller is no longer a member, and the stream ends. Send Last-Event-ID to resume. ' +
      'A user has at most 10 open streams of one trip and 30 in all (429 beyond).',
    tags,
    auth: 'required',
    params: tripParams,
    responses: {
      200: 'text/event-stream',
      400: 'Last-Event-ID is not an event id (code bad_last_event_id)',
      403: 'Not a member of the trip',
      404: 'No such trip',
      429: 'The caller already has 10 open streams of this trip, or 30 in all (code too_many_streams)',
      503: 'Live updates are not available (code live_unavailable)',
    },
    handler: async ({ params, user, req, res }) => {
      const header = req.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
      await streamEvents(req, res, live, (follower) => trips.follow(user, params.tripId, lastEventId, follower));
    },
  });
}
