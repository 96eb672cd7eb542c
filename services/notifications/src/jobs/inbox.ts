// The notifications inbox (docs/architecture.md §5): trip.alert-state is compared with the
// last state seen and becomes alerts (rules.ts), trip.deleted forgets the trip's state,
// user.deleted removes everything kept of a deleted account. Each is idempotent
// (alerts are stored once per state), so BullMQ's at-least-once delivery is harmless.
import { isObjectId, startInbox, type InboxWorker, type Logger } from '@tripcost/shared';
import type { Notifications } from '../domain/notifications';

export function startNotificationsInbox(
  notifications: Notifications,
  options: { redisUrl: string; logger: Logger; prefix?: string },
): InboxWorker {
  return startInbox(
    'notifications',
    {
      'trip.alert-state': async (event) => {
        const trip = event.payload?.trip;
        // A malformed event is a producer bug: fail it so it stays in the failed set for inspection.
        if (!trip || typeof trip._id !== 'string' || typeof trip.version !== 'number' || !trip.access)
          throw new Error(`trip.alert-state ${event.id} carries no trip state`);
        const stored = await notifications.tripChanged(trip);
        options.logger.debug({ eventId: event.id, tripId: trip._id, stored }, 'trip alert state taken in');
      },
      'trip.voted': async (event) => {
        const vote = event.payload;
        if (!vote || typeof vote.tripId !== 'string' || typeof vote.userId !== 'string')
          throw new Error(`trip.voted ${event.id} carries no vote`);
        await notifications.voted({
          _id: event.id,
          trip_id: vote.tripId,
          instance_id: vote.instanceId,
          label: vote.label,
          user_id: vote.userId,
          name: vote.name,
          vote: vote.vote,
          at: event.occurredAt,
        });
      },
      'trip.deleted': async (event) => {
        const tripId = event.payload?.tripId;
        if (typeof tripId !== 'string') throw new Error(`trip.deleted ${event.id} carries no tripId`);
        await notifications.tripDeleted(tripId);
      },
      'user.deleted': async (event) => {
        const userId = event.payload?.userId;
        if (!isObjectId(userId)) throw new Error(`user.deleted ${event.id} carries no valid userId`);
        const removed = await notifications.forgetUser(userId);
        options.logger.info({ eventId: event.id, userId, removed }, 'notifications of a deleted account removed');
      },
    },
    // One at a time: two states of one trip taken in together could both compare with the older memory.
    { ...options, concurrency: 1 },
  );
}
