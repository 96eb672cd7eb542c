// The replay re-check of a create under a trip (shared http/idempotency.ts), by the one
// access rule: a replay answers only while the caller's role still allows the action.
import type { Request } from 'express';
import { parseOr400, userOf, type AuthUser, type Idempotent, type ReplayPolicy } from '@tripcost/shared';
import { tripParams, type Action } from '../../trip';

/** Puts the Idempotency-Key check in front of a create under a trip that may do `action`. */
export type ReplayedWhile = (action: Action, forReplay?: ReplayPolicy['forReplay']) => ReturnType<Idempotent>;

/** Who answers whether a caller's role allows an action on a trip now (sharing's access rule). */
export interface AccessCheck {
  checkAccess(user: AuthUser, tripId: string, action: Action): Promise<void>;
}

/** A create under a trip: replayed only while the caller's role still allows `action` (access.ts). */
export function replayedWhileAllowed(idempotent: Idempotent, access: AccessCheck): ReplayedWhile {
  return (action, forReplay) => idempotent({ recheck: stillAllowed(access, action), forReplay });
}

/**
 * The replay re-check of a create under a trip (shared http/idempotency.ts): the caller's
 * role must still allow `action`, by the one access rule, or the replay answers what a
 * new request would (404 for a deleted trip, 403 for a removed or demoted member).
 */
function stillAllowed(access: AccessCheck, action: Action) {
  return async (req: Request) => {
    const { tripId } = parseOr400(tripParams, req.params, 'path');
    await access.checkAccess(userOf(req), tripId, action);
  };
}
