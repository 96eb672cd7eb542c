// The history's routes: a trip's history, newest first, a page at a time.
import { defineRoute, queryIntegerSchema, type AuthUser, type RouteContext } from '@tripcost/shared';
import { z } from 'zod';
import { tripReadAnswer, type TripAnswer } from '../../sharing';
import { tripParams, type HistoryEntry } from '../../trip';
import { BAD_CURSOR, MAX_HISTORY_PAGE, type HistoryAnswer } from '../domain/reading';

const tags = ['trips'];

export interface UndoAnswer {
  /** The trip after the undo, as the caller reads it. */
  trip: TripAnswer;
  /** The new entry: an `undo` naming the one it reverts. */
  entry: HistoryEntry;
}

/** The history use cases the routes call (the trips service's). */
export interface HistoryUseCases {
  tripHistory(user: AuthUser, tripId: string, page: { limit?: number; before?: string }): Promise<HistoryAnswer>;
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
const historyAnswer = z.object({ entries: z.array(historyEntryAnswer), next: z.string().nullable() });

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_HISTORY_PAGE}.`;
const historyQuery = z.object({
  limit: queryIntegerSchema(LIMIT_MESSAGE, 1, MAX_HISTORY_PAGE).optional(),
  before: z.string().max(64, BAD_CURSOR).optional(),
});

const entryParams = tripParams.extend({
  entryId: z.string().uuid({ message: 'entry id must be the id of a history entry.' }),
});

export function historyRoutes(ctx: RouteContext, trips: HistoryUseCases) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/trips/getaway/:tripId/history',
    summary:
      'The trip’s history, newest first: who changed what, from what to what (money only for those who may see it). Any member',
    tags,
    auth: 'required',
    params: tripParams,
    query: historyQuery,
    responses: {
      200: { description: 'One page of entries and the cursor of the next (null on the last)', schema: historyAnswer },
      400: 'limit or before is not valid',
      403: 'Not a member of the trip',
      404: 'No such trip',
    },
    handler: async ({ params, query, user }) => ({
      body: await trips.tripHistory(user, params.tripId, query),
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
