// The trip's routes: the caller's list and favourites, a new trip, and one trip read,
// changed or deleted. Answers about one trip carry its version as an ETag; changes honour
// If-Match (412 when the trip changed since the client read it).
import type { Response } from 'express';
import {
  CALLERS_OWN,
  defineRoute,
  forbidden,
  IDEMPOTENCY_DOC,
  withIdempotencyResponses,
  type Idempotent,
  type RouteContext,
} from '@tripcost/shared';
import {
  listQuery,
  messageAnswer,
  tagged,
  tripAnswer,
  tripListOrSummariesAnswer,
  tripReadAnswer,
  type SerializedTripList,
} from '../../sharing';
import { tripParams, preconditionOf } from '../../trip';
import type { TripUpdate } from '../domain/trip-changes';
import type { TripsService } from '../domain/trips-service';
import { createTripBody, updateTripBody, type UpdateTripBody } from './schemas';

const tags = ['trips'];

/** The caller's trips, a new one, the favourites. */
export function tripListRoutes(ctx: RouteContext, trips: TripsService, idempotent: Idempotent) {
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
}

/** One trip: read, changed, deleted. */
export function oneTripRoutes(ctx: RouteContext, trips: TripsService) {
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
      'Change isFavorite, travelers, budget, the people (replacing the list), listed instances (others untouched; label, status, notes, dates, expenses, activities, presence), or the trip dates and expenses while it has no instances',
    tags,
    auth: 'required',
    params: tripParams,
    body: updateTripBody,
    responses: {
      200: { description: 'The updated trip', schema: tripAnswer },
      400: 'Invalid, unknown instance, a status the committed window cannot have, a date outside 1900-01-01…2199-12-31 (also one stored earlier, code date_out_of_range), a window that would end before it starts once the change is merged (code end_before_start), travelers other than the people’s count once people are named (code travelers_are_people), an unknown person, a user_id that is not a member’s, or a presence outside its window',
      403: 'Not your trip',
      404: 'No such trip',
      409: 'An expense of a window with cost items differs from its items’ sum (code expenses_from_items), a person left out of people is named by an item or a payment (code person_referenced), or collided with simultaneous changes; retry',
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
    summary:
      'Delete a trip and its instances: kept in its owner’s bin for 30 days (members no longer see it), then purged',
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

function toTripUpdate(
  body: UpdateTripBody,
): TripUpdate & { hide_costs_from_viewers?: boolean; show_own_share?: boolean } {
  const {
    isFavorite,
    hide_costs_from_viewers,
    show_own_share,
    people,
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
    show_own_share,
    people,
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
