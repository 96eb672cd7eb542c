// The trips inbox (docs/architecture.md §5): wishlist events set a trip's favourite flag;
// user.deleted removes all of a deleted account's trips (user-deleted.ts).
// Setting a boolean is idempotent, a trip in its owner's bin takes the flag too (its
// restore carries it), and a trip gone for good (or not the event user's) is simply not
// matched, so redelivery and stale events are harmless.
import { isObjectId, startInbox, type InboxWorker, type Logger } from '@tripcost/shared';
import type { TripsService } from '../domain/trips-service';
import { userDeletedHandler } from './user-deleted';

export function startWishlistInbox(
  trips: TripsService,
  options: { redisUrl: string; logger: Logger; prefix?: string },
): InboxWorker {
  // Events come from our own services, but ids still never reach a query unchecked.
  const setFavorite = async (userId: unknown, tripIds: unknown, isFavorite: boolean) => {
    const ids = Array.isArray(tripIds) ? tripIds.filter(isObjectId) : [];
    if (!isObjectId(userId) || ids.length === 0) {
      options.logger.warn({ userId, tripIds }, 'wishlist event without valid ids; ignored');
      return;
    }
    await trips.setFavorite(userId, ids, isFavorite);
  };
  return startInbox(
    'trips',
    {
      'wishlist.trip-added': ({ payload }) => setFavorite(payload.userId, [payload.tripId], true),
      'wishlist.trip-removed': ({ payload }) => setFavorite(payload.userId, [payload.tripId], false),
      'wishlist.deleted': ({ payload }) => setFavorite(payload.userId, payload.tripIds, false),
      'user.deleted': userDeletedHandler(trips, options.logger),
    },
    // One event at a time: a trip-removed and a trip-added for the same trip, published
    // close together, must be applied in the order they were published.
    { ...options, concurrency: 1 },
  );
}
