// user.deleted in the trips inbox: the account is gone, so every trip of the user is
// deleted. Deleting "all of a user's trips" is idempotent, so a redelivered event
// (or one handled after a crash half-way) simply deletes whatever is left.
import { isObjectId, type EventEnvelope, type Logger } from '@tripcost/shared';
import type { TripsService } from '../domain/trips-service';

export function userDeletedHandler(trips: Pick<TripsService, 'forgetUser'>, logger: Logger) {
  return async (event: EventEnvelope<'user.deleted'>): Promise<void> => {
    const userId = event.payload?.userId;
    // A malformed event is a producer bug: fail it so it stays in the failed set for inspection.
    if (!isObjectId(userId)) throw new Error(`user.deleted ${event.id} carries no valid userId`);
    const removed = await trips.forgetUser(userId);
    logger.info({ eventId: event.id, userId, removed }, 'trips of a deleted account removed');
  };
}
