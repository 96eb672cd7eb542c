// A window's cost items: added, changed, checked ("still this price") and deleted, and
// the re-pricing of a trip's or a window's items at today's rates.
import type { Request, Response } from 'express';
import {
  defineRoute,
  IDEMPOTENCY_DOC,
  withIdempotencyResponses,
  type AuthUser,
  type RouteContext,
} from '@tripcost/shared';
import { answeredWithTrip, instanceWithTripAnswer, tagged, type ReplayedWhile } from '../../sharing';
import { instanceParams, itemParams, tripParams, preconditionOf } from '../../trip';
import type { ItemAction, ItemChange, TripsService } from '../domain/trips-service';
import { itemAddedAnswer, itemChangedAnswer, repriceAnswer } from './answers';
import { createItemBody, editItemBody } from './item-schemas';

const tags = ['trips'];

/** Every item in another currency, of a trip or of one window, at today's rates. */
export function repriceRoutes(ctx: RouteContext, trips: TripsService) {
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
}

/** A window's cost items: added, changed, checked and deleted. */
export function itemRoutes(ctx: RouteContext, trips: TripsService, replayedWhile: ReplayedWhile) {
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
      "Add a cost item to a window (at most 100); the window's four expenses become its items' sums (amount × basis: total, per_night, per_person, per_person_per_night, per_day = nights + 1). The first item turns the window's typed amounts into items (itemised_from_amounts); with estimate: 'replace' the amount typed for its own category is dropped instead" +
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
      400: 'Invalid item (amount 0–1e9, https link only), an estimate other than keep or replace, an unknown currency, a currency without a published rate and no fx.rate (code currency_unrated), a rate not above 0, or a category would add up to more than 1e9',
      ...itemErrors,
      409: 'The window already holds 100 items, or a simultaneous change collided',
      503: 'The item is in another currency and exchange rates are unavailable: nothing saved (code rates_unavailable)',
    }),
    handler: async ({ params, body, user, req, res }) => {
      const { estimate, ...item } = body;
      const answer = await trips.addItem(user, params.tripId, params.instanceId, item, preconditionOf(req), estimate);
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
