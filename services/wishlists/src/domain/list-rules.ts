// The rules of one wishlist, as pure functions from the list before to the list
// after (the same object back means "no change"). list-changes.ts applies them to
// stored lists with a compare-and-swap on the list's version; stores hold no rules.
import {
  conflict,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  snapshotAccessFor,
  WISHLIST_NAME_MAX,
  WISHLIST_NAME_MESSAGES,
  type TripSnapshot,
} from '@tripcost/shared';
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

/**
 * trip.deleted into its owner's bin: the entry is set aside (kept, shown nowhere) at the
 * deleted trip's version, so only a later snapshot (the restore's trip.updated) brings
 * it back. An entry already showing a later version (a restore delivered first) stays.
 */
export function withTripSetAside(list: Wishlist, tripId: string, version: number | undefined, at: string): Wishlist {
  const held = list.trips.find((trip) => trip._id === tripId);
  if (!held || held.in_bin) return list;
  if (version !== undefined && held.version !== undefined && held.version > version) return list;
  const aside: WishlistTripEntry = {
    ...held,
    in_bin: true,
    ...(version === undefined ? {} : { version }),
    snapshot_at: at,
  };
  return { ...list, trips: list.trips.map((trip) => (trip === held ? aside : trip)), updated_at: at };
}

/** The list's trips anyone may be shown: not those set aside while their trip is in a bin. */
export const shownTrips = (list: Wishlist): WishlistTripEntry[] => list.trips.filter((trip) => !trip.in_bin);

/** The list under a new (already normalised) name; the same name in the same case changes nothing. */
export function withName(list: Wishlist, name: { list_name: string; name_key: string }, now: string): Wishlist {
  if (list.list_name === name.list_name) return list;
  return { ...list, ...name, updated_at: now };
}

/**
 * The trip as the list's holder may see it, from a trip.updated snapshot: whole, without
 * money (`hidden`), or — once they lost access — frozen as they last saw it, without
 * money or anything changed after, `available: false`. Newer versions win; an older
 * snapshot (late or re-delivered event) changes nothing. A newer one ends an entry's
 * time aside (the trip is back from its owner's bin).
 */
export function withRefreshedTrip(list: Wishlist, snapshot: TripSnapshot, snapshotAt: string): Wishlist {
  const held = list.trips.find((trip) => trip._id === snapshot._id);
  if (!held || isOlder(snapshot, snapshotAt, held)) return list;
  const access = snapshotAccessFor(snapshot, list.user_id);
  if (access === 'none' && held.available === false && !held.in_bin) return list;
  const version = snapshot.version === undefined ? {} : { version: snapshot.version };
  const refreshed: WishlistTripEntry =
    access === 'none'
      ? {
          _id: held._id,
          image_url: held.image_url,
          location_address: held.location_address,
          trip_start: held.trip_start,
          trip_end: held.trip_end,
          ...(held.currency === undefined ? {} : { currency: held.currency }),
          ...version,
          available: false,
          added_at: held.added_at,
          snapshot_at: snapshotAt,
        }
      : {
          ...previewOf({ ...snapshot, costs_hidden: access === 'hidden' }),
          ...version,
          added_at: held.added_at,
          snapshot_at: snapshotAt,
        };
  if (JSON.stringify(refreshed) === JSON.stringify(held)) return list;
  return { ...list, trips: list.trips.map((trip) => (trip === held ? refreshed : trip)) };
}

/** Versions decide when both sides have one; else the time the snapshot was taken. */
function isOlder(snapshot: TripSnapshot, snapshotAt: string, held: WishlistTripEntry): boolean {
  if (snapshot.version !== undefined && held.version !== undefined) return snapshot.version < held.version;
  return held.snapshot_at > snapshotAt;
}

/** The preview fields of a trip, bounded so a huge upstream value cannot bloat a list. */
export function previewOf(trip: {
  _id: string;
  image_url?: unknown;
  location_address?: unknown;
  trip_start?: unknown;
  trip_end?: unknown;
  total_cost?: unknown;
  currency?: unknown;
  costs_hidden?: unknown;
  version?: unknown;
}): TripPreview {
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
  const date = (value: unknown) => (typeof value === 'string' && value.length <= 40 ? value : null);
  const cost = typeof trip.total_cost === 'number' && Number.isFinite(trip.total_cost) ? trip.total_cost : 0;
  return {
    _id: trip._id,
    image_url: text(trip.image_url, 2048),
    location_address: text(trip.location_address, 300),
    trip_start: date(trip.trip_start),
    trip_end: date(trip.trip_end),
    // A trip whose costs are hidden from the holder gives its preview no total at all.
    ...(trip.costs_hidden === true ? { costs_hidden: true as const } : { total_cost: cost }),
    // Trips in different currencies sit side by side in a list: each cost says its currency.
    currency: typeof trip.currency === 'string' && isCurrencyCode(trip.currency) ? trip.currency : DEFAULT_CURRENCY,
    ...(Number.isSafeInteger(trip.version) ? { version: trip.version as number } : {}),
  };
}
