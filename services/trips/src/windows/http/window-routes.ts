// A trip's windows: added, read, deleted, committed and cleared, copied, and their flex
// grid. Each route validates with its schema, calls one use case and shapes the reply.
import { defineRoute, IDEMPOTENCY_DOC, withIdempotencyResponses, type RouteContext } from '@tripcost/shared';
import {
  answeredWithTrip,
  instanceAnswer,
  instanceReadAnswer,
  tagged,
  tripAnswer,
  type ReplayedWhile,
} from '../../sharing';
import { instanceParams, tripParams, preconditionOf } from '../../trip';
import type { TripsService } from '../domain/trips-service';
import { commitAnswer, flexAnswer, instanceDeletedAnswer } from './answers';
import { createInstanceBody, duplicateBody, flexQuery } from './schemas';

const tags = ['trips'];

/**
 * A trip's windows: added, read, deleted, committed and cleared. Registered in this
 * order (the API's: Express matches in it and the OpenAPI document lists it), in two
 * groups so each function stays short.
 */
export function windowRoutes(ctx: RouteContext, trips: TripsService, replayedWhile: ReplayedWhile) {
  windowLifeRoutes(ctx, trips, replayedWhile);
  commitRoutes(ctx, trips);
}

/** A window added, read and deleted. */
function windowLifeRoutes(ctx: RouteContext, trips: TripsService, replayedWhile: ReplayedWhile) {
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
}

/** A window committed (the trip's plan), and the plan cleared. */
function commitRoutes(ctx: RouteContext, trips: TripsService) {
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
      const trip = tagged(res, await trips.commitInstance(user, params.tripId, params.instanceId, preconditionOf(req)));
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
}

/** A window copied (moved by days, or to a flex grid cell), and its flex grid. */
export function windowCopyRoutes(ctx: RouteContext, trips: TripsService, replayedWhile: ReplayedWhile) {
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
}
