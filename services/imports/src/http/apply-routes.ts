// The review and apply routes: where each reservation of a draft would go in a trip, and
// adding the chosen ones as cost items through the trips service as the caller.
import { z } from 'zod';
import { calendarDateSchema, defineRoute, objectIdSchema, type RouteContext } from '@tripcost/shared';
import type { Imports } from '../domain/imports';

const tags = ['imports'];
const draftParams = z.object({ draftId: objectIdSchema('import id') });
const planQuery = z.object({ tripId: objectIdSchema('trip id') });
const category = z.enum(['stay', 'travel', 'car', 'other'], {
  message: 'The category must be one of stay, travel, car, other.',
});

const applyBody = z.object({
  tripId: objectIdSchema('trip id'),
  items: z
    .array(
      z.object({
        index: z.number({ message: 'index must be a reservation’s number.' }).int().min(0).max(1000),
        instanceId: objectIdSchema('window id').optional(),
        new_window: z
          .object({ start: calendarDateSchema('start'), end: calendarDateSchema('end') })
          .refine((w) => w.start !== null && w.end !== null && w.start <= w.end, {
            message: 'A new window needs a start and an end, the end not before the start.',
          })
          .transform((w) => ({ start: w.start!.slice(0, 10), end: w.end!.slice(0, 10) }))
          .optional(),
        category: category.optional(),
      }),
      { message: 'items must be a list of { index, instanceId?, new_window?, category? }.' },
    )
    .min(1, { message: 'Choose at least one reservation to add.' })
    .max(100, { message: 'At most 100 reservations at once.' }),
  // A window's first item for a category replaces the amount typed there before (default), or comes on top.
  estimate: z
    .enum(['replace', 'keep'], { message: "estimate must be 'replace' or 'keep'." })
    .optional()
    .describe(
      'Whether an added booking replaces the amount typed for its category before it was itemised (default replace), or comes on top (keep)',
    ),
});

const planAnswer = z.array(
  z.object({ index: z.number(), category, instanceId: z.string().nullable(), duplicate: z.boolean() }),
);
const applyAnswer = z.object({
  added: z.array(z.object({ index: z.number(), instanceId: z.string(), itemId: z.string() })),
  skipped: z.array(z.object({ index: z.number(), msg: z.string() })),
});

export function applyRoutes(ctx: RouteContext, imports: Imports) {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/imports/:draftId/plan',
    summary:
      'For each reservation of a draft: its proposed window in a trip (by its local dates), category and whether the trip has it',
    tags,
    auth: 'required',
    params: draftParams,
    query: planQuery,
    responses: {
      200: { description: 'One entry per reservation, in order', schema: planAnswer },
      403: 'Not the caller’s import, or not a member of the trip',
      404: 'No such import or trip',
      503: 'Drafts or the trips service cannot answer right now',
    },
    handler: async ({ user, params, query, req }) => ({
      body: await imports.planOf(user.id, req.headers.authorization ?? '', params.draftId, query.tripId),
    }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/imports/:draftId/apply',
    summary:
      'Add chosen reservations as cost items of a trip’s windows, as the caller (their role applies): amount, currency, name, confirmation, booked (paid when the document says so); duplicates and reservations outside every window are skipped',
    tags,
    auth: 'required',
    params: draftParams,
    body: applyBody,
    responses: {
      200: { description: 'What was added and what was skipped, and why', schema: applyAnswer },
      400: 'No such reservation, or an item the trips service refuses (currency, amount)',
      403: 'Not the caller’s import, or the caller may not edit the trip',
      404: 'No such import, trip or window',
      503: 'Drafts or the trips service cannot answer right now',
    },
    handler: async ({ user, params, body, req }) => ({
      body: await imports.apply(
        user.id,
        req.headers.authorization ?? '',
        params.draftId,
        body.tripId,
        body.items,
        body.estimate,
      ),
    }),
  });
}
