// The wishlists inbox (docs/architecture.md §5): trip.updated refreshes the trip's preview
// (and brings back one set aside), trip.deleted sets the trip aside (into its owner's bin)
// or takes it out of every list (for good), user.deleted deletes every list of
// a deleted account. All are idempotent, so BullMQ's
// at-least-once delivery and retries are harmless.
import { isObjectId, startInbox, type InboxWorker, type Logger } from '@tripcost/shared';
import type { Wishlists } from '../domain/wishlists';

export function startWishlistsInbox(
  wishlists: Wishlists,
  options: { redisUrl: string; logger: Logger; prefix?: string },
): InboxWorker {
  return startInbox(
    'wishlists',
    {
      'trip.updated': async (event) => {
        const trip = event.payload?.trip;
        // A malformed event is a producer bug: fail it so it stays in the failed set for inspection.
        if (!trip || typeof trip._id !== 'string') throw new Error(`trip.updated ${event.id} carries no trip`);
        const changed = await wishlists.refreshTrip(trip, event.occurredAt);
        options.logger.debug({ eventId: event.id, tripId: trip._id, changed }, 'trip preview refreshed');
      },
      'trip.deleted': async (event) => {
        const tripId = event.payload?.tripId;
        if (typeof tripId !== 'string') throw new Error(`trip.deleted ${event.id} carries no tripId`);
        const { binned, version } = event.payload;
        if (version !== undefined && !Number.isSafeInteger(version))
          throw new Error(`trip.deleted ${event.id} version`);
        const deleted = { tripId, binned: binned === true, ...(version === undefined ? {} : { version }) };
        const changed = await wishlists.forgetTrip(deleted, event.occurredAt);
        const what = binned === true ? 'binned trip set aside in wishlists' : 'deleted trip taken out of wishlists';
        options.logger.debug({ eventId: event.id, tripId, changed }, what);
      },
      'user.deleted': async (event) => {
        const userId = event.payload?.userId;
        if (!isObjectId(userId)) throw new Error(`user.deleted ${event.id} carries no valid userId`);
        const removed = await wishlists.forgetUser(userId);
        options.logger.info({ eventId: event.id, userId, removed }, 'wishlists of a deleted account removed');
      },
    },
    options,
  );
}
