// The trips API (docs/product.md §7). Each route validates with its schema,
// calls one use case and shapes the reply; errors go to the shared error middleware.
// Answers about one trip carry its version as an ETag; changes honour If-Match
// (412 when the trip changed since the client read it).
import type { Request, Response } from 'express';
import {
  CALLERS_OWN,
  defineRoute,
  describeRoutes,
  etagOf,
  forbidden,
  IDEMPOTENCY_DOC,
  Lifecycle,
  notIdempotent,
  parseOr400,
  userOf,
  withIdempotencyResponses,
  type AuthUser,
  type Idempotent,
  type ReplayPolicy,
  type RouteContext,
} from '@tripcost/shared';
import { noGuessLimit, type GuessLimit } from '../../sharing';
import { streamEvents, type EventStreamSettings } from '../../live';
import type { WindowVotes } from '../../sharing';
import type { Action } from '../../trip';
import type { SerializedTripList } from '../../sharing';
import type { TripUpdate } from '../domain/trip-changes';
import type { ItemAction, ItemChange, Precondition, TripsService } from '../domain/trips-service';
import {
  instanceAnswer,
  instanceDeletedAnswer,
  instanceReadAnswer,
  inviteAcceptedAnswer,
  inviteListAnswer,
  invitePreviewAnswer,
  newInviteAnswer,
  tripReadAnswer,
  instanceWithTripAnswer,
  commitAnswer,
  flexAnswer,
  itemAddedAnswer,
  itemChangedAnswer,
  messageAnswer,
  repriceAnswer,
  tripAnswer,
  tripListOrSummariesAnswer,
} from '../../sharing';
import {
  createInstanceBody,
  createItemBody,
  createTripBody,
  duplicateBody,
  editItemBody,
  flexQuery,
  instanceParams,
  inviteBody,
  inviteParams,
  inviteTokenParams,
  memberParams,
  roleBody,
  voteBody,
  itemParams,
  listQuery,
  tripParams,
  updateTripBody,
  type UpdateTripBody,
} from './schemas';

const tags = ['trips'];

/** `idempotent` is put in front of every creating route (shared http/idempotency.ts). */
/** `guesses` limits failed invitation-token look-ups per caller (none in the API document). */
export function tripRoutes(
  trips: TripsService,
  idempotent: Idempotent = notIdempotent,
  guesses: GuessLimit = noGuessLimit,
  live: EventStreamSettings = { heartbeatMs: 25_000, lifecycle: new Lifecycle() },
) {
  return (ctx: RouteContext) => {
    /** A create under a trip: replayed only while the caller's role still allows `action` (sharing.ts). */
    const replayedWhile = (action: Action, forReplay?: ReplayPolicy['forReplay']) =>
      idempotent({ recheck: stillAllowed(trips, action), forReplay });
    sharingRoutes(ctx, trips, replayedWhile, guesses);

    defineRoute(ctx, {
      method: 'get',
      path: '/api/trips/getaway-trip',
      summary:
        "The caller's trips and those shared with them (each with role and owner_name), by start date (undated last); at most 500 per page (?limit, ?offset); " +
        '?view=summary for what trip cards show. ETag per list; If-None-Match → 304',
      tags,
      auth: 'required',
      query: listQuery,
      responses: {
        200: {
          description: 'Trips with instances and total_cost (TripSummary items with ?view=summary)',
          schema: tripListOrSummariesAnswer,
        },
        304: 'Unchanged since the ETag sent',
        403: 'email is not the caller',
      },
      handler: async ({ query, user, req, res }) => {
        if (query.email !== undefined && query.email.toLowerCase() !== user.email.toLowerCase()) {
          throw forbidden('You can only list your own trips.');
        }
        const page = { limit: query.limit, offset: query.offset };
        sendList(res, await trips.listTripsSerialized(user, page, req.headers['if-none-match'], query.view));
      },
    });

    defineRoute(ctx, {
      method: 'post',
      path: '/api/trips/getaway-trip',
      summary: 'Create a trip for the caller (user fields come from the token)' + IDEMPOTENCY_DOC,
      tags,
      auth: 'required',
      // The caller's own new trip: nothing to lose access to.
      before: [idempotent({ recheck: CALLERS_OWN })],
      body: createTripBody,
      responses: withIdempotencyResponses({ 201: { description: 'The new trip', schema: tripAnswer } }),
      handler: async ({ body, user }) => ({ status: 201, body: await trips.createTrip(user, body) }),
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/trips/favorites',
      summary: "The caller's favourite trips, same order and paging as the list",
      tags,
      auth: 'required',
      query: listQuery.omit({ email: true }),
      responses: {
        200: {
          description: 'Favourite trips (TripSummary items with ?view=summary)',
          schema: tripListOrSummariesAnswer,
        },
        304: 'Unchanged since the ETag sent',
      },
      handler: async ({ query, user, req, res }) => {
        const { view, ...paging } = query;
        const page = { ...paging, favoritesOnly: true };
        sendList(res, await trips.listTripsSerialized(user, page, req.headers['if-none-match'], view));
      },
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/trips/calendar.ics',
      summary: "The caller's committed trips as an iCalendar file (one all-day event per trip)",
      tags,
      auth: 'required',
      responses: { 200: 'text/calendar' },
      handler: async ({ user, res }) => {
        const calendar = await trips.calendar(user);
        res
          .status(200)
          .set({
            'content-type': 'text/calendar; charset=utf-8',
            'content-disposition': 'attachment; filename="tripcost-trips.ics"',
            'cache-control': 'no-store',
          })
          .send(calendar);
      },
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/trips/getaway/:tripId/comparison.csv',
      summary: "A trip's windows as a CSV table (one row per window)",
      tags,
      auth: 'required',
      params: tripParams,
      responses: {
        200: 'text/csv',
        403: 'Not a member, or a viewer of a trip whose costs are hidden',
        404: 'No such trip',
      },
      handler: async ({ params, user, res }) => {
        const { csv, fileName } = await trips.comparison(user, params.tripId);
        res
          .status(200)
          .set({
            'content-type': 'text/csv; charset=utf-8; header=present',
            'content-disposition': `attachment; filename="${fileName}"`,
            'cache-control': 'no-store',
          })
          .send(csv);
      },
    });

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

    defineRoute(ctx, {
      method: 'get',
      path: '/api/trips/getaway/:tripId',
      summary: 'One trip with its instances',
      tags,
      auth: 'required',
      params: tripParams,
      responses: {
        200: {
          description: 'The trip as the caller’s role sees it: without any money for a viewer when costs are hidden',
          schema: tripReadAnswer,
        },
        403: 'Not a member of the trip',
        404: 'No such trip',
      },
      handler: async ({ params, user, res }) => ({ body: tagged(res, await trips.getTrip(user, params.tripId)) }),
    });

    defineRoute(ctx, {
      method: 'put',
      path: '/api/trips/getaway/:tripId',
      summary:
        'Change isFavorite, travelers, budget, listed instances (others untouched; label, status, notes, dates, expenses, activities), or the trip dates and expenses while it has no instances',
      tags,
      auth: 'required',
      params: tripParams,
      body: updateTripBody,
      responses: {
        200: { description: 'The updated trip', schema: tripAnswer },
        400: 'Invalid, unknown instance, a status the committed window cannot have, a date outside 1900-01-01…2199-12-31 (also one stored earlier, code date_out_of_range), or a window that would end before it starts once the change is merged (code end_before_start)',
        403: 'Not your trip',
        404: 'No such trip',
        409: 'An expense of a window with cost items differs from its items’ sum (code expenses_from_items), or collided with simultaneous changes; retry',
        412: 'If-Match names an older version of the trip',
        503: 'A new currency needs today’s exchange rates and they are unavailable: nothing changed (code rates_unavailable)',
      },
      handler: async ({ params, body, user, req, res }) => ({
        body: tagged(res, await trips.updateTrip(user, params.tripId, toTripUpdate(body), preconditionOf(req))),
      }),
    });

    defineRoute(ctx, {
      method: 'delete',
      path: '/api/trips/getaway/:tripId',
      summary: 'Delete a trip and its instances',
      tags,
      auth: 'required',
      params: tripParams,
      responses: {
        200: { description: 'Deleted', schema: messageAnswer },
        403: 'Not the trip’s owner (members cannot delete a shared trip)',
        404: 'No such trip',
        412: 'If-Match names an older version',
      },
      handler: async ({ params, user, req }) => {
        await trips.deleteTrip(user, params.tripId, preconditionOf(req));
        return { body: { msg: 'Trip deleted successfully' } };
      },
    });

    defineRoute(ctx, {
      method: 'post',
      path: '/api/trips/getaway/:tripId/instances',
      summary: 'Add a dated instance (listed first); at most 100 per trip' + IDEMPOTENCY_DOC,
      tags,
      auth: 'required',
      before: [replayedWhile('edit')],
      params: tripParams,
      body: createInstanceBody,
      responses: withIdempotencyResponses({
        201: { description: 'The new instance', schema: instanceAnswer },
        400: 'Invalid fields, a date outside 1900-01-01…2199-12-31, or the end date before the start date',
        403: 'Not your trip',
        404: 'No such trip',
        409: 'Trip full',
      }),
      handler: async ({ params, body, user, res }) => {
        const { trip, instance } = await trips.addInstance(user, params.tripId, body);
        tagged(res, trip);
        return { status: 201, body: instance };
      },
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/trips/getaway/:tripId/instances/:instanceId',
      summary: 'One instance with its trip',
      tags,
      auth: 'required',
      params: instanceParams,
      responses: {
        200: {
          description: 'The instance and its trip (without money when hidden from the caller)',
          schema: instanceReadAnswer,
        },
        403: 'Not your trip',
        404: 'No such trip or instance',
      },
      handler: async ({ params, user, res }) => {
        return answeredWithTrip(res, await trips.getInstance(user, params.tripId, params.instanceId));
      },
    });

    defineRoute(ctx, {
      method: 'delete',
      path: '/api/trips/getaway/:tripId/instances/:instanceId',
      summary: 'Delete an instance; deleting the committed one clears the trip dates and expenses',
      tags,
      auth: 'required',
      params: instanceParams,
      responses: {
        200: { description: 'Deleted; the trip as it is now', schema: instanceDeletedAnswer },
        403: 'Not your trip',
        404: 'No such trip or instance',
        412: 'If-Match names an older version of the trip',
      },
      handler: async ({ params, user, req, res }) => ({
        body: {
          msg: 'Instance deleted successfully',
          trip: tagged(res, await trips.removeInstance(user, params.tripId, params.instanceId, preconditionOf(req))),
        },
      }),
    });

    defineRoute(ctx, {
      method: 'patch',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/commit',
      summary: 'Commit an instance: the only committed one, its dates and expenses copied to the trip',
      tags,
      auth: 'required',
      params: instanceParams,
      responses: {
        200: {
          description: 'The whole updated trip, and the same trip again under `trip` (both readings of the spec)',
          schema: commitAnswer,
        },
        400: 'The window’s dates need fixing: its end date is before its start date, or a date stored outside 1900-01-01…2199-12-31 (code dates_invalid)',
        403: 'Not your trip',
        404: 'No such trip or instance',
        412: 'If-Match names an older version of the trip',
      },
      handler: async ({ params, user, req, res }) => {
        const trip = tagged(
          res,
          await trips.commitInstance(user, params.tripId, params.instanceId, preconditionOf(req)),
        );
        return { body: { ...trip, trip } };
      },
    });

    defineRoute(ctx, {
      method: 'delete',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/commit',
      summary:
        'Clear the plan: the committed window goes back to top_choice; the trip loses its commitment, dates and expenses',
      tags,
      auth: 'required',
      params: instanceParams,
      responses: {
        200: { description: 'The whole updated trip', schema: tripAnswer },
        403: 'Not your trip',
        404: 'No such trip or instance',
        409: 'The window is not the committed one',
        412: 'If-Match names an older version of the trip',
      },
      handler: async ({ params, user, req, res }) => ({
        body: tagged(res, await trips.clearPlan(user, params.tripId, params.instanceId, preconditionOf(req))),
      }),
    });

    defineRoute(ctx, {
      method: 'post',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/duplicate',
      summary:
        'Copy a window (costs with their rates, seasons and quotes, label, activities, notes) with its dates moved by shiftDays (-365…365), or at { start: YYYY-MM-DD, nights: 0…365 } (a flex grid cell: the copy totals what the cell said); the copy is considering, not committed, listed first' +
        IDEMPOTENCY_DOC,
      tags,
      auth: 'required',
      before: [replayedWhile('edit')],
      params: instanceParams,
      body: duplicateBody,
      responses: withIdempotencyResponses({
        201: { description: 'The new instance (the copy)', schema: instanceAnswer },
        400: 'Neither or both of shiftDays and start + nights, shiftDays not a whole number from -365 to 365, a bad start or nights, a copy whose dates would fall outside 1900-01-01…2199-12-31 (code date_out_of_range), or the window’s end date is before its start date',
        403: 'Not your trip',
        404: 'No such trip or instance',
        409: 'Trip full (100 windows)',
        412: 'If-Match names an older version of the trip',
      }),
      handler: async ({ params, body, user, req, res }) => {
        const { trip, instance } = await trips.duplicateInstance(
          user,
          params.tripId,
          params.instanceId,
          body,
          preconditionOf(req),
        );
        tagged(res, trip);
        return { status: 201, body: instance };
      },
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/flex',
      summary:
        'The flex grid: the window’s total (from its items’ rates, seasons and quotes; its plain numbers without items) at every start date from…to (at most 62) and every length minNights…maxNights (1–60, at most 14 lengths), with the cheapest cell overall and per length',
      tags,
      auth: 'required',
      params: instanceParams,
      query: flexQuery,
      responses: {
        200: { description: 'Cells in start, then nights order, and the cheapest ones', schema: flexAnswer },
        400: 'A missing or reversed range, from/to not YYYY-MM-DD or outside 1900-01-01…2199-12-31 (a cell’s end too), nights not written in decimal digits, more than 62 start dates, lengths out of range or more than 14 of them',
        403: 'Not a member, or a viewer of a trip whose costs are hidden',
        404: 'No such trip or instance',
      },
      handler: async ({ params, query, user }) => ({
        body: await trips.flexGrid(user, params.tripId, params.instanceId, query),
      }),
    });

    const repriceErrors = {
      403: 'Not your trip',
      404: 'No such trip or instance',
      409: 'Collided with simultaneous changes; retry',
      412: 'If-Match names an older version of the trip',
      503: 'Exchange rates are unavailable: nothing changed (code rates_unavailable)',
    };

    defineRoute(ctx, {
      method: 'post',
      path: '/api/trips/getaway/:tripId/reprice',
      summary:
        'Re-price every item in another currency than the trip’s (manual rates included) at today’s rates; first_rate stays, so fx_effect shows what the rates moved. Unchanged rates change nothing (same version)',
      tags,
      auth: 'required',
      params: tripParams,
      responses: {
        200: {
          description: 'The trip after, each window’s fx_effect and total before and after',
          schema: repriceAnswer,
        },
        ...repriceErrors,
        404: 'No such trip',
      },
      handler: async ({ params, user, req, res }) => {
        return answeredWithTrip(res, await trips.reprice(user, params.tripId, null, preconditionOf(req)));
      },
    });

    defineRoute(ctx, {
      method: 'post',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/reprice',
      summary:
        'Re-price every item of one window in another currency than the trip’s (manual rates included) at today’s rates; first_rate stays. Unchanged rates change nothing',
      tags,
      auth: 'required',
      params: instanceParams,
      responses: {
        200: {
          description: 'The trip after, the window’s fx_effect and total before and after',
          schema: repriceAnswer,
        },
        ...repriceErrors,
      },
      handler: async ({ params, user, req, res }) => {
        return answeredWithTrip(res, await trips.reprice(user, params.tripId, params.instanceId, preconditionOf(req)));
      },
    });

    const itemErrors = {
      403: 'Not your trip',
      404: 'No such trip, instance or item',
      409: 'Collided with simultaneous changes; retry',
      412: 'If-Match names an older version of the trip',
    };

    defineRoute(ctx, {
      method: 'post',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/items',
      summary:
        "Add a cost item to a window (at most 100); the window's four expenses become its items' sums (amount × basis: total, per_night, per_person, per_person_per_night, per_day = nights + 1)" +
        IDEMPOTENCY_DOC,
      tags,
      auth: 'required',
      before: [replayedWhile('edit')],
      params: instanceParams,
      body: createItemBody,
      responses: withIdempotencyResponses({
        201: {
          description:
            'The new item, the window with paid_total, booked_total and to_pay, the whole trip, and the items made from the window’s plain amounts (itemised_from_amounts)',
          schema: itemAddedAnswer,
        },
        400: 'Invalid item (amount 0–1e9, https link only), an unknown currency, a currency without a published rate and no fx.rate (code currency_unrated), a rate not above 0, or a category would add up to more than 1e9',
        ...itemErrors,
        409: 'The window already holds 100 items, or a simultaneous change collided',
        503: 'The item is in another currency and exchange rates are unavailable: nothing saved (code rates_unavailable)',
      }),
      handler: async ({ params, body, user, req, res }) => {
        const answer = await trips.addItem(user, params.tripId, params.instanceId, body, preconditionOf(req));
        tagged(res, answer.trip);
        return { status: 201, body: answer };
      },
    });

    defineRoute(ctx, {
      method: 'put',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/items/:itemId',
      summary: 'Change the named fields of a cost item; the window and a committed trip follow',
      tags,
      auth: 'required',
      params: itemParams,
      body: editItemBody,
      responses: {
        200: { description: 'The changed item, its window and the whole trip', schema: itemChangedAnswer },
        400: 'Invalid fields, an unknown currency or one without a published rate and no fx.rate, a rate not above 0, or a category would add up to more than 1e9',
        ...itemErrors,
        503: 'The item’s new currency or price needs today’s rate and exchange rates are unavailable: nothing saved',
      },
      handler: async ({ params, body, user, req, res }) => {
        return answeredWithTrip(
          res,
          await trips.editItem(user, params.tripId, params.instanceId, params.itemId, body, preconditionOf(req)),
        );
      },
    });

    defineRoute(ctx, {
      method: 'post',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/items/:itemId/checked',
      summary:
        'Still this price: the item’s captured_on (and that of the quote in use for the window’s dates) becomes today; the amount does not change',
      tags,
      auth: 'required',
      params: itemParams,
      responses: {
        200: { description: 'The item, its window and the whole trip', schema: itemChangedAnswer },
        ...itemErrors,
      },
      handler: (request) => answerItemAction(trips.checkItem, request),
    });

    defineRoute(ctx, {
      method: 'delete',
      path: '/api/trips/getaway/:tripId/instances/:instanceId/items/:itemId',
      summary: 'Delete a cost item; a window left without items has its four expenses at 0',
      tags,
      auth: 'required',
      params: itemParams,
      responses: {
        200: { description: 'The window without the item and the whole trip', schema: instanceWithTripAnswer },
        400: 'The window’s end date is before its start date and the change would leave it so',
        ...itemErrors,
      },
      handler: (request) => answerItemAction(trips.removeItem, request),
    });
  };
}

/**
 * A list answer: the ETag, `private, no-cache` so browsers keep the list and always
 * revalidate it (their fetch then gets a 304 turned back into the cached list), and
 * either 304 or the JSON assembled from the cached per-trip views.
 */
function sendList(res: Response, list: SerializedTripList) {
  res.setHeader('etag', list.etag);
  res.setHeader('cache-control', 'private, no-cache');
  if (list.json === undefined) {
    res.status(304).end();
    return;
  }
  res.status(200).type('application/json').send(list.json);
}

function toTripUpdate(body: UpdateTripBody): TripUpdate & { hide_costs_from_viewers?: boolean } {
  const {
    isFavorite,
    hide_costs_from_viewers,
    travelers,
    budget,
    budget_basis,
    image_url,
    origin,
    currency,
    instances,
    ...tripFields
  } = body;
  return {
    hide_costs_from_viewers,
    currency,
    isFavorite,
    origin,
    travelers,
    budget,
    budget_basis,
    image_url,
    tripFields,
    instanceEdits: instances?.map(({ _id, ...fields }) => ({ _id, fields })),
  };
}

/** Runs an action on the item the path names and answers the change, tagged with the trip's new version. */
async function answerItemAction(
  action: ItemAction,
  {
    params,
    user,
    req,
    res,
  }: { params: { tripId: string; instanceId: string; itemId: string }; user: AuthUser; req: Request; res: Response },
): Promise<{ body: ItemChange }> {
  return answeredWithTrip(
    res,
    await action(user, params.tripId, params.instanceId, params.itemId, preconditionOf(req)),
  );
}

/** An answer that carries its trip, tagged with the trip's version. */
function answeredWithTrip<A extends { trip: Parameters<typeof tagged>[1] }>(res: Response, answer: A): { body: A } {
  tagged(res, answer.trip);
  return { body: answer };
}

/** Sets the trip's ETag on the answer and hands the trip on. */
function tagged<T extends { version: number; instances?: ReadonlyArray<{ votes?: WindowVotes }> }>(
  res: Response,
  trip: T,
): T {
  res.setHeader('ETag', etagOf(trip));
  // Votes change an answer without changing the version its ETag names (votes.ts): such an
  // answer is never kept, so no cache revalidates it into a 304 with old votes.
  const voted = trip.instances?.some(({ votes }) => votes !== undefined && votes.yes + votes.maybe + votes.no > 0);
  if (voted) res.setHeader('Cache-Control', 'no-store');
  return trip;
}

/** If-Match, and the caller's Authorization for a change that needs today's exchange rates. */
function preconditionOf(req: Request): Precondition {
  const ifMatch = req.headers['if-match'];
  const authorization = req.headers.authorization;
  return { ...(ifMatch === undefined ? {} : { ifMatch }), ...(authorization === undefined ? {} : { authorization }) };
}

/**
 * The replay re-check of a create under a trip (shared http/idempotency.ts): the caller's
 * role must still allow `action`, by the one access rule, or the replay answers what a
 * new request would (404 for a deleted trip, 403 for a removed or demoted member).
 */
function stillAllowed(trips: TripsService, action: Action) {
  return async (req: Request) => {
    const { tripId } = parseOr400(tripParams, req.params, 'path');
    await trips.checkAccess(userOf(req), tripId, action);
  };
}

/** A new invitation as a replay answers it: the token and its link were shown once. */
function withoutToken(body: unknown) {
  const { token: _token, url: _url, ...invite } = body as { token?: string; url?: string };
  return { ...invite, token_shown: true };
}

/** This service's OpenAPI document from the route declarations alone (no store, no server). */
export const apiDocument = (): object => describeRoutes('trips', tripRoutes({} as TripsService));

/** Invitations by link, members and leaving (docs/adr/0039-plan-together.md). */
function sharingRoutes(
  ctx: RouteContext,
  trips: TripsService,
  replayedWhile: (action: Action, forReplay?: ReplayPolicy['forReplay']) => ReturnType<Idempotent>,
  guesses: GuessLimit,
) {
  const ownerOnly = { 403: 'Not the trip’s owner', 404: 'No such trip' };

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
