// Reply shapes of docs/product.md §7: internal fields (user_id, name_key, timestamps) stay inside.
import { DEFAULT_CURRENCY } from '@tripcost/shared';
import { shownTrips } from '../domain/list-rules';
import type { TripPreview, Wishlist, WishlistTripEntry } from '../domain/wishlist-store';

/** A trip in a list as answered: its preview, without when it was added or snapshotted. */
export type WishlistTripReply = Omit<TripPreview, 'version'>;

export interface WishlistReply {
  _id: string;
  list_name: string;
  email: string;
  trips: WishlistTripReply[];
}

/**
 * A held trip as its holder may see it now: money only on an entry whose newest
 * snapshot gave them the costs; none on a hidden-costs entry, and none on one they
 * lost access to (available: false).
 */
export const tripReply = (trip: WishlistTripEntry): WishlistTripReply => ({
  _id: trip._id,
  image_url: trip.image_url,
  location_address: trip.location_address,
  trip_start: trip.trip_start,
  trip_end: trip.trip_end,
  ...(trip.available === false
    ? { available: false as const }
    : trip.costs_hidden
      ? { costs_hidden: true as const }
      : { total_cost: trip.total_cost ?? 0 }),
  currency: trip.currency ?? DEFAULT_CURRENCY,
});

export const wishlistReply = (list: Wishlist): WishlistReply => ({
  _id: list._id,
  list_name: list.list_name,
  email: list.email,
  // A trip in its owner's bin is seen by no one: its entry waits, unanswered (list-rules.ts).
  trips: shownTrips(list).map(tripReply),
});
