// The history's routes: a trip's history, newest first, a page at a time.
import { defineRoute, objectIdSchema, queryIntegerSchema, type AuthUser, type RouteContext } from '@tripcost/shared';
import { z } from 'zod';
import { tripAnswer, tripReadAnswer, type SharedTripView, type TripAnswer } from '../../sharing';
import { tripParams, type BinRecord, type HistoryEntry, type HistoryFilter } from '../../trip';
import { BAD_CURSOR, MAX_HISTORY_PAGE, type HistoryAnswer } from '../domain/reading';

const tags = ['trips'];

export interface UndoAnswer {
  /** The trip after the undo, as the caller reads it. */
  trip: TripAnswer;
  /** The new entry: an `undo` naming the one it reverts. */
  entry: HistoryEntry;
}

export interface BinnedTripAnswer {
  _id: string;
  trip_location: string;
  location_address: string;
  deleted_at: string;
}

export interface BinAnswer {
  /** What was deleted in the last 30 days and is not back, newest first. */
  items: BinRecord[];
  kept_days: number;
}

/** The history use cases the routes call (the trips service's). */
export interface HistoryUseCases {
  /** The trip's bin (any member). */
  tripBin(user: AuthUser, tripId: string): Promise<BinAnswer>;
  /** Restores one window or item from the bin (editors, owners): 409 {msg} when it no longer fits. */
  restoreFromBin(user: AuthUser, tripId: string, id: string): Promise<UndoAnswer>;
  /** The caller's deleted trips in their bin. */
  deletedTrips(user: AuthUser): Promise<{ trips: BinnedTripAnswer[]; kept_days: number }>;
  /** Restores one of the caller's deleted trips (its owner only). */
  restoreTrip(user: AuthUser, tripId: string): Promise<SharedTripView>;
  tripHistory(
    user: AuthUser,
    tripId: string,
    page: { limit?: number; before?: string } & HistoryFilter,
  ): Promise<HistoryAnswer>;
  /** Undoes one entry (409 {msg, fields} when what it changed has changed since). */
  undoEntry(user: AuthUser, tripId: string, entryId: string): Promise<UndoAnswer>;
}

const change = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  at: z.number().int().optional(),
  derived: z.boolean().optional(),
  hidden: z.boolean().optional(),
});
export const historyEntryAnswer = z.object({
  _id: z.string(),
  trip_id: z.string(),
  seq: z.tuple([z.number(), z.number()]),
  at: z.string(),
  made_at: z.string().optional(),
  actor: z.object({ user_id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  target: z.object({ kind: z.enum(['trip', 'window', 'item', 'member', 'invite']), id: z.string(), name: z.string() }),
  changes: z.array(change),
  reverts: z.string().optional(),
});
const binRecordAnswer = z.object({
  _id: z.string(),
  trip_id: z.string(),
  owner_id: z.string(),
  kind: z.enum(['window', 'item']),
  thing_id: z.string(),
  window_id: z.string().optional(),
  name: z.string(),
  deleted_at: z.string(),
  deleted_by: z.object({ user_id: z.string().nullable(), name: z.string() }),
  entry_id: z.string(),
  entry_seq: z.tuple([z.number(), z.number()]),
});
const binParams = tripParams.extend({
  binId: z.string().regex(/^[0-9a-f-]{36}:[0-9a-f]{24}$/, 'bin id must be the id of something in the trip’s bin.'),
});
const historyAnswer = z.object({ entries: z.array(historyEntryAnswer), next: z.string().nullable() });

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_HISTORY_PAGE}.`;
const historyQuery = z.object({
  limit: queryIntegerSchema(LIMIT_MESSAGE, 1, MAX_HISTORY_PAGE).optional(),
  before: z.string().max(64, BAD_CURSOR).optional(),
  actor: objectIdSchema('actor').describe('only the changes this user made (a user id)').optional(),
  instance: objectIdSchema('instance id').describe('only the changes about this window').optional(),
});

const entryParams = tripParams.extend({
  entryId: z.string().uuid({ message: 'entry id must be the id of a history entry.' }),
});

export function historyRoutes(ctx: RouteContext, trips: HistoryUseCases) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/history',
    summary:
      'The trip’s history, newest first: who changed what, from what to what (money only for those who may see it); ?actor= and ?instance= keep one person’s changes or one window’s, before paging. Any member',
    tags,
    auth: 'required',
    params: tripParams,
    query: historyQuery,
    responses: {
      200: { description: 'One page of entries and the cursor of the next (null on the last)', schema: historyAnswer },
      400: 'limit, before, actor or instance is not valid',
      403: 'Not a member of the trip',
      404: 'No such trip',
    },
    handler: async ({ params, query: { actor, instance, ...page }, user }) => ({
      body: await trips.tripHistory(user, params.tripId, { ...page, actorId: actor, windowId: instance }),
    }),
  });
  defineRoute(ctx, {
    method: 'post',
    path: '/api/trips/getaway/:tripId/history/:entryId/undo',
    summary:
      'Undo one change, as a new entry naming it: only while every field it changed still holds the value it set, and only for who could have made the change',
    tags,
    auth: 'required',
    params: entryParams,
    responses: {
      200: {
        description: 'The trip after the undo, and the undo’s entry',
        schema: z.object({ trip: tripReadAnswer, entry: historyEntryAnswer }),
      },
      400: 'The entry id is not one',
      403: 'Not a member, or a role that could not have made the change',
      404: 'No such trip or entry',
      409: '{msg, fields}: what the change set has changed since (or there is nothing to undo)',
    },
    handler: async ({ params, user }) => ({
      body: await trips.undoEntry(user, params.tripId, params.entryId),
    }),
  });
}

export function binRoutes(ctx: RouteContext, trips: HistoryUseCases) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/bin',
    summary:
      'The windows and items deleted from the trip in the last 30 days and not restored, newest first: who, when. Any member',
    tags,
    auth: 'required',
    params: tripParams,
    responses: {
      200: { description: 'The bin', schema: z.object({ items: z.array(binRecordAnswer), kept_days: z.number() }) },
      403: 'Not a member of the trip',
      404: 'No such trip',
    },
    handler: async ({ params, user }) => ({ body: await trips.tripBin(user, params.tripId) }),
  });
  defineRoute(ctx, {
    method: 'post',
    path: '/api/trips/getaway/:tripId/bin/:binId/restore',
    summary:
      'Restore a deleted window or item with its id, items, votes and dated prices, as a history entry. Owner or editor',
    tags,
    auth: 'required',
    params: binParams,
    responses: {
      200: {
        description: 'The trip after the restore, and the restore’s entry',
        schema: z.object({ trip: tripReadAnswer, entry: historyEntryAnswer }),
      },
      400: 'The bin id is not one',
      403: 'Not a member, or a viewer',
      404: 'No such trip, or nothing with this id in its bin (purged after 30 days)',
      409: '{msg}: it is back already, or no longer fits the trip (its window is gone, the currency or the rules changed)',
    },
    handler: async ({ params, user }) => ({ body: await trips.restoreFromBin(user, params.tripId, params.binId) }),
  });
}

const binnedTripAnswer = z.object({
  _id: z.string(),
  trip_location: z.string(),
  location_address: z.string(),
  deleted_at: z.string(),
});

export function tripBinRoutes(ctx: RouteContext, trips: HistoryUseCases) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/bin',
    summary: 'The caller’s deleted trips, kept 30 days and restorable; their members no longer see them',
    tags,
    auth: 'required',
    responses: {
      200: {
        description: 'The caller’s bin of trips, newest first',
        schema: z.object({ trips: z.array(binnedTripAnswer), kept_days: z.number() }),
      },
    },
    handler: async ({ user }) => ({ body: await trips.deletedTrips(user) }),
  });
  defineRoute(ctx, {
    method: 'post',
    path: '/api/trips/bin/:tripId/restore',
    summary: 'Restore a deleted trip with its members, windows and history, as a history entry. Its owner only',
    tags,
    auth: 'required',
    params: tripParams,
    responses: {
      200: { description: 'The trip, back', schema: tripAnswer },
      400: 'The trip id is not one',
      404: 'No trip of the caller’s with this id in their bin (purged after 30 days)',
      409: 'The trip changed while it was being restored',
    },
    handler: async ({ params, user }) => ({ body: await trips.restoreTrip(user, params.tripId) }),
  });
}
