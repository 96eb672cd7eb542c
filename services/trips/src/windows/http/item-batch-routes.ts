// Several cost items added at once (an import's apply): one change, one history entry
// (action `import`) that the history's undo reverts as a whole. Editors and owners, as
// for one item; retried safely with an Idempotency-Key.
import { z } from 'zod';
import {
  defineRoute,
  IDEMPOTENCY_DOC,
  objectIdSchema,
  withIdempotencyResponses,
  type RouteContext,
} from '@tripcost/shared';
import { historyEntryAnswer } from '../../history';
import { itemAnswer, tagged, tripAnswer, type ReplayedWhile } from '../../sharing';
import { preconditionOf, tripParams } from '../../trip';
import type { TripsService } from '../domain/trips-service';
import { createItemBody } from './item-schemas';

/** At most this many items in one batch (a window holds at most 100). */
const MAX_BATCH = 100;

const batchBody = z.object({
  items: z
    .array(createItemBody.extend({ instance_id: objectIdSchema('window id') }), {
      message: 'items must be a list of cost items, each with its instance_id.',
    })
    .min(1, { message: 'Send at least one item.' })
    .max(MAX_BATCH, { message: `Send at most ${MAX_BATCH} items at once.` }),
});

const itemsAddedAnswer = z
  .object({
    trip: tripAnswer,
    items: z.array(z.object({ instance_id: z.string(), item: itemAnswer })),
    entry: historyEntryAnswer.nullable().describe('the one history entry of the change (action import)'),
  })
  .meta({ id: 'CostItemsAdded' });

export function itemBatchRoutes(ctx: RouteContext, trips: TripsService, replayedWhile: ReplayedWhile) {
  defineRoute(ctx, {
    method: 'post',
    path: '/api/trips/getaway/:tripId/items/batch',
    summary:
      'Add several cost items at once, each to its window (an import’s apply): all or nothing, one change of the trip and ONE history entry (action import) that undo reverts as a whole. Each item is as for adding one (estimate included)' +
      IDEMPOTENCY_DOC,
    tags: ['trips'],
    auth: 'required',
    before: [replayedWhile('edit')],
    params: tripParams,
    body: batchBody,
    responses: withIdempotencyResponses({
      201: {
        description: 'The trip after, each item as stored, and the change’s history entry',
        schema: itemsAddedAnswer,
      },
      400: 'An invalid item (as for one item): nothing saved',
      403: 'Not your trip, or a viewer',
      404: 'No such trip or window',
      409: 'A window would hold more than 100 items, or a simultaneous change collided: nothing saved',
      503: 'An item is in another currency and exchange rates are unavailable: nothing saved (code rates_unavailable)',
    }),
    handler: async ({ params, body, user, req, res }) => {
      const batch = body.items.map(({ instance_id, estimate, ...fields }) => ({
        instanceId: instance_id,
        estimate,
        fields,
      }));
      const answer = await trips.addItems(user, params.tripId, batch, preconditionOf(req));
      tagged(res, answer.trip);
      return { status: 201, body: answer };
    },
  });
}
