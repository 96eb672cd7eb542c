// The trips API (docs/product.md §7): every capability's routes, registered in one order.
// The order is the API's: Express matches in it (members/me before members/:userId) and
// the OpenAPI document lists the paths in it (gateway/test/api-types.test.ts). Each route
// validates with its schema, calls one use case of the trips service and shapes the reply;
// errors go to the shared error middleware.
import { describeRoutes, Lifecycle, notIdempotent, type Idempotent, type RouteContext } from '@tripcost/shared';
import { exportRoutes } from './exports';
import { binRoutes, historyRoutes, tripBinRoutes } from './history';
import { liveRoutes, type EventStreamSettings } from './live';
import {
  invitationLinkRoutes,
  invitationRoutes,
  memberRoutes,
  noGuessLimit,
  replayedWhileAllowed,
  type GuessLimit,
} from './sharing';
import { myPaymentRoutes, shareRoutes } from './shares';
import { voteRoutes } from './votes';
import {
  itemBatchRoutes,
  itemRoutes,
  oneTripRoutes,
  repriceRoutes,
  tripListRoutes,
  windowCopyRoutes,
  windowRoutes,
  type TripsService,
} from './windows';

/** `idempotent` is put in front of every creating route (shared http/idempotency.ts). */
/** `guesses` limits failed invitation-token look-ups per caller (none in the API document). */
export function tripRoutes(
  trips: TripsService,
  idempotent: Idempotent = notIdempotent,
  guesses: GuessLimit = noGuessLimit,
  live: EventStreamSettings = { heartbeatMs: 25_000, lifecycle: new Lifecycle() },
) {
  return (ctx: RouteContext) => {
    const replayedWhile = replayedWhileAllowed(idempotent, trips);
    invitationRoutes(ctx, trips, replayedWhile);
    invitationLinkRoutes(ctx, trips, guesses);
    voteRoutes(ctx, trips);
    memberRoutes(ctx, trips);
    tripListRoutes(ctx, trips, idempotent);
    myPaymentRoutes(ctx, trips);
    exportRoutes(ctx, trips);
    historyRoutes(ctx, trips);
    binRoutes(ctx, trips);
    tripBinRoutes(ctx, trips);
    liveRoutes(ctx, trips, live);
    oneTripRoutes(ctx, trips);
    windowRoutes(ctx, trips, replayedWhile);
    windowCopyRoutes(ctx, trips, replayedWhile);
    repriceRoutes(ctx, trips);
    itemRoutes(ctx, trips, replayedWhile);
    itemBatchRoutes(ctx, trips, replayedWhile);
    shareRoutes(ctx, trips, replayedWhile);
  };
}

/** This service's OpenAPI document from the route declarations alone (no store, no server). */
export const apiDocument = (): object => describeRoutes('trips', tripRoutes({} as TripsService));
