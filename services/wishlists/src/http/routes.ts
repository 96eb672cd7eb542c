// The wishlist routes of docs/product.md §7, paths and shapes unchanged: parse, one domain call, reply.
import { messageAnswer, wishlistAnswer, wishlistListAnswer, wishlistTripsAnswer } from './answers';
import { z } from 'zod';
import {
  defineRoute,
  describeRoutes,
  IDEMPOTENCY_DOC,
  notIdempotent,
  objectIdSchema,
  parseOr400,
  userOf,
  withIdempotencyResponses,
  type Idempotent,
  type RouteContext,
} from '@tripcost/shared';
import { WISHLIST_LIMITS, WISHLIST_MESSAGES, type Wishlists } from '../domain/wishlists';
import { tripReply, wishlistReply } from './presenters';

const wishlistParams = z.object({ wishlistId: objectIdSchema('wishlist id') });
const wishlistTripParams = z.object({ wishlistId: objectIdSchema('wishlist id'), tripId: objectIdSchema('trip id') });
/** The spec sends whole trips; only their ids are read, the rest comes from the trips service. */
const tripReference = z.object({ _id: objectIdSchema('trip id') });

const createListBody = z.object({
  list_name: z
    .string({ message: WISHLIST_MESSAGES.nameRequired })
    .max(1000, { message: WISHLIST_MESSAGES.nameTooLong }),
  trips: z
    .array(tripReference, { message: 'trips must be a list of trips.' })
    .max(WISHLIST_LIMITS.tripsPerCreate, {
      message: `A new list can start with at most ${WISHLIST_LIMITS.tripsPerCreate} trips.`,
    })
    .nullish()
    .transform((trips) => trips ?? []),
  // `email` is accepted for compatibility with the spec's client but never used: the owner is the token's user.
});

const renameListBody = z.object({
  name: z.string({ message: WISHLIST_MESSAGES.nameRequired }).max(1000, { message: WISHLIST_MESSAGES.nameTooLong }),
});

// The spec's client asks with `?email=` (or blanks) before it knows the user's email, and
// the original server answered the caller's own lists: a blank email means "mine". The
// owner is always the token's user; an email is only checked against it.
const getListsQuery = z.object({
  email: z
    .string({ message: 'email must be a single value.' })
    .max(254)
    .optional()
    .transform((email) => (email?.trim() ? email : undefined)),
});

const idOf = (trips: Array<{ _id: string }>) => trips.map((trip) => trip._id);

/** `idempotent` is put in front of every creating route (shared http/idempotency.ts). */
export function wishlistRoutes(wishlists: Wishlists, idempotent: Idempotent = notIdempotent) {
  return (ctx: RouteContext) => {
    listRoutes(ctx, wishlists, idempotent);
    tripInListRoutes(ctx, wishlists, idempotent);
    deleteListRoute(ctx, wishlists);
  };
}

/** Reading, creating and renaming the caller's lists. */
function listRoutes(ctx: RouteContext, wishlists: Wishlists, idempotent: Idempotent) {
  const tags = ['wishlists'];

  defineRoute(ctx, {
    method: 'get',
    path: '/api/wishlist/getlists',
    summary: "The caller's wishlists, each with its trips (oldest list first)",
    tags,
    auth: 'required',
    query: getListsQuery,
    responses: { 200: { description: 'The lists', schema: wishlistListAnswer }, 403: 'email is not the caller’s' },
    handler: async ({ user, query }) => ({ body: (await wishlists.listsOf(user, query.email)).map(wishlistReply) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/wishlist/createlist',
    summary: 'Create a list, optionally with trips (moved here from any other list)' + IDEMPOTENCY_DOC,
    tags,
    auth: 'required',
    // The caller's own new list; each trip in it must still be theirs to read, as on a new request.
    before: [
      idempotent({
        recheck: async (req) => {
          const { trips } = parseOr400(createListBody, req.body ?? {}, 'body');
          await wishlists.checkPlacing(userOf(req), req.headers.authorization ?? '', null, idOf(trips));
        },
      }),
    ],
    body: createListBody,
    responses: withIdempotencyResponses({
      201: { description: 'The new list', schema: wishlistAnswer },
      404: 'A trip is not the caller’s',
      409: 'Name taken or too many lists',
      503: 'The trips service cannot answer',
    }),
    handler: async ({ user, body, req }) => {
      const list = await wishlists.createList(user, req.headers.authorization ?? '', {
        list_name: body.list_name,
        tripIds: body.trips.map((trip) => trip._id),
      });
      return { status: 201, body: wishlistReply(list) };
    },
  });

  defineRoute(ctx, {
    method: 'put',
    path: '/api/wishlist/editlist/:wishlistId',
    summary: 'Rename a list (1–60 characters, unique per user in any case)',
    tags,
    auth: 'required',
    params: wishlistParams,
    body: renameListBody,
    responses: {
      200: { description: 'The renamed list', schema: wishlistAnswer },
      400: 'Name blank or too long',
      403: 'Not the caller’s list',
      404: 'List not found',
      409: 'The caller has another list with that name',
    },
    handler: async ({ user, params, body }) => ({
      body: wishlistReply(await wishlists.renameList(user, params.wishlistId, body.name)),
    }),
  });
}

/** Putting a trip into a list, taking it out, and a list's trips. */
function tripInListRoutes(ctx: RouteContext, wishlists: Wishlists, idempotent: Idempotent) {
  const tags = ['wishlists'];

  defineRoute(ctx, {
    method: 'post',
    path: '/api/wishlist/addtrip/:wishlistId',
    summary: 'Add a trip (the whole trip as body; only _id is read); moves it from any other list' + IDEMPOTENCY_DOC,
    tags,
    auth: 'required',
    // Replayed only while the list is the caller's and the trip still readable by them.
    before: [
      idempotent({
        recheck: async (req) => {
          const { wishlistId } = parseOr400(wishlistParams, req.params, 'path');
          const trip = parseOr400(tripReference, req.body ?? {}, 'body');
          await wishlists.checkPlacing(userOf(req), req.headers.authorization ?? '', wishlistId, idOf([trip]));
        },
      }),
    ],
    params: wishlistParams,
    body: tripReference,
    responses: withIdempotencyResponses({
      200: { description: 'The list', schema: wishlistAnswer },
      403: 'Not the caller’s list',
      404: 'List or trip not found',
      409: 'List full',
      503: 'The trips service cannot answer',
    }),
    handler: async ({ user, params, body, req }) => ({
      body: wishlistReply(await wishlists.addTrip(user, req.headers.authorization ?? '', params.wishlistId, body._id)),
    }),
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/wishlist/:wishlistId/remove-trip/:tripId',
    summary: 'Take a trip out of a list (unfavourites it)',
    tags,
    auth: 'required',
    params: wishlistTripParams,
    responses: {
      200: { description: 'The list', schema: wishlistAnswer },
      403: 'Not the caller’s list',
      404: 'List not found',
    },
    handler: async ({ user, params }) => ({
      body: wishlistReply(await wishlists.removeTrip(user, params.wishlistId, params.tripId)),
    }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/wishlist/spec-wishlist/:wishlistId',
    summary: "A list's trips",
    tags,
    auth: 'required',
    params: wishlistParams,
    responses: {
      200: { description: 'The trips in the list', schema: wishlistTripsAnswer },
      403: 'Not the caller’s list',
      404: 'List not found',
    },
    handler: async ({ user, params }) => ({
      body: { trips: (await wishlists.tripsOf(user, params.wishlistId)).map(tripReply) },
    }),
  });
}

/** Deleting a list. */
function deleteListRoute(ctx: RouteContext, wishlists: Wishlists) {
  const tags = ['wishlists'];

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/wishlist/removewishlist/:wishlistId',
    summary: 'Delete a list; all its trips are unfavourited',
    tags,
    auth: 'required',
    params: wishlistParams,
    responses: {
      200: { description: 'Deleted', schema: messageAnswer },
      403: 'Not the caller’s list',
      404: 'List not found',
    },
    handler: async ({ user, params }) => {
      await wishlists.deleteList(user, params.wishlistId);
      return { body: { msg: 'Wishlist deleted.' } };
    },
  });
}

/** This service's OpenAPI document from the route declarations alone (no store, no server). */
export const apiDocument = (): object => describeRoutes('wishlists', wishlistRoutes({} as Wishlists));
