// The rules of one wishlist, as pure functions from the list before to the list
// after (the same object back means "no change"). list-changes.ts applies them to
// stored lists with a compare-and-swap on the list's version; stores hold no rules.
import { conflict, WISHLIST_NAME_MAX, WISHLIST_NAME_MESSAGES } from '@tripcost/shared';
import type { TripPreview, Wishlist, WishlistTripEntry } from './wishlist-store';

/** Documented caps: every list the service keeps or answers is bounded. */
export const WISHLIST_LIMITS = {
  listNameMax: WISHLIST_NAME_MAX,
  listsPerUser: 100,
  tripsPerList: 500,
  /** Trips accepted in one createlist call; each one is checked with the trips service. */
  tripsPerCreate: 20,
} as const;

export const WISHLIST_MESSAGES = {
  ...WISHLIST_NAME_MESSAGES,
  duplicateName: 'You already have a list with this name.',
  tooManyLists: `You can have at most ${WISHLIST_LIMITS.listsPerUser} lists.`,
  listFull: `A list can hold at most ${WISHLIST_LIMITS.tripsPerList} trips.`,
  listNotFound: 'Wishlist not found.',
  notYourList: 'You do not have access to this wishlist.',
  otherEmail: 'You can only see your own wishlists.',
} as const;

/** Whether the list can take the trip: it may already hold it, or be full. */
export function roomFor(list: Wishlist, tripId: string, maxTrips: number): 'ok' | 'already-there' | 'full' {
  if (list.trips.some((trip) => trip._id === tripId)) return 'already-there';
  return list.trips.length >= maxTrips ? 'full' : 'ok';
}

export function withTrip(list: Wishlist, entry: WishlistTripEntry, maxTrips: number, now: string): Wishlist {
  const room = roomFor(list, entry._id, maxTrips);
  if (room === 'already-there') return list;
  if (room === 'full') throw conflict(WISHLIST_MESSAGES.listFull, 'list_full');
  return { ...list, trips: [...list.trips, entry], updated_at: now };
}

export function withoutTrip(list: Wishlist, tripId: string, now: string): Wishlist {
  if (!list.trips.some((trip) => trip._id === tripId)) return list;
  return { ...list, trips: list.trips.filter((trip) => trip._id !== tripId), updated_at: now };
}

/** The list under a new (already normalised) name; the same name in the same case changes nothing. */
export function withName(list: Wishlist, name: { list_name: string; name_key: string }, now: string): Wishlist {
  if (list.list_name === name.list_name) return list;
  return { ...list, ...name, updated_at: now };
}

/** A newer preview of a held trip; an older one (late or re-delivered event) changes nothing. */
export function withRefreshedTrip(list: Wishlist, preview: TripPreview, snapshotAt: string): Wishlist {
  const held = list.trips.find((trip) => trip._id === preview._id);
  if (!held || held.snapshot_at > snapshotAt) return list;
  // A trip.updated carries the owner's total: a holder it is hidden from keeps none.
  const { total_cost: total, ...rest } = preview;
  const shown = held.costs_hidden ? rest : { ...rest, ...(total === undefined ? {} : { total_cost: total }) };
  const refreshed = { ...held, ...shown, snapshot_at: snapshotAt };
  if (JSON.stringify(refreshed) === JSON.stringify(held)) return list;
  return { ...list, trips: list.trips.map((trip) => (trip === held ? refreshed : trip)) };
}
