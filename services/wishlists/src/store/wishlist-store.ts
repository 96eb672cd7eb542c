// What the wishlists service needs from storage, independent of the adapter
// (embedded NeDB or MongoDB). Every method returns plain objects with string ids.

/** A trip held in a list: its id plus a preview snapshot kept fresh by trip.updated. */
export interface WishlistTripEntry {
  _id: string;
  image_url: string;
  location_address: string;
  trip_start: string | null;
  trip_end: string | null;
  total_cost: number;
  added_at: string;
  /**
   * When the snapshot was taken (ISO). A trip.updated event older than this is
   * ignored, so late or re-delivered events never roll a preview back.
   */
  snapshot_at: string;
}

export type TripPreview = Omit<WishlistTripEntry, 'added_at' | 'snapshot_at'>;

export interface Wishlist {
  _id: string;
  user_id: string;
  email: string;
  list_name: string;
  /** Lower-cased trimmed name; unique per user. */
  name_key: string;
  trips: WishlistTripEntry[];
  created_at: string;
  updated_at: string;
}

export interface NewWishlist {
  user_id: string;
  email: string;
  list_name: string;
  name_key: string;
}

export type PlaceTripOutcome =
  | { outcome: 'added'; wishlist: Wishlist; movedFrom: string[] }
  | { outcome: 'already-there'; wishlist: Wishlist }
  | { outcome: 'list-full'; wishlist: Wishlist }
  | { outcome: 'list-missing' };

/** Raised by `create` when the user already has a list with that name_key. */
export class DuplicateListNameError extends Error {
  constructor() {
    super('duplicate wishlist name');
    this.name = 'DuplicateListNameError';
  }
}

export interface WishlistStore {
  /** The user's lists, oldest first (created_at, then _id). */
  listByUser(userId: string): Promise<Wishlist[]>;
  countByUser(userId: string): Promise<number>;
  findById(wishlistId: string): Promise<Wishlist | null>;
  /** Creates an empty list; throws DuplicateListNameError for a taken name. */
  create(input: NewWishlist): Promise<Wishlist>;
  /** Renames the user's list; null when missing; throws DuplicateListNameError for a taken name. */
  rename(
    userId: string,
    wishlistId: string,
    name: Pick<NewWishlist, 'list_name' | 'name_key'>,
  ): Promise<Wishlist | null>;
  /**
   * Puts the trip into the user's list `wishlistId` and takes it out of every other
   * list of the user (a trip is in at most one list). Adding a trip the list already
   * holds changes nothing. `maxTrips` caps the target list.
   */
  placeTrip(userId: string, wishlistId: string, entry: WishlistTripEntry, maxTrips: number): Promise<PlaceTripOutcome>;
  /** Takes the trip out of the user's list; null when the list is missing. */
  removeTrip(
    userId: string,
    wishlistId: string,
    tripId: string,
  ): Promise<{ wishlist: Wishlist; removed: boolean } | null>;
  /** Deletes the user's list and returns it as it was; null when missing. */
  delete(userId: string, wishlistId: string): Promise<Wishlist | null>;
  /**
   * Refreshes the trip's preview in whichever list holds it, unless the held snapshot
   * is newer. Trip ids are unique across users and a trip only ever enters its
   * owner's lists, so the trip id alone finds it.
   */
  refreshTrip(preview: TripPreview, snapshotAt: string): Promise<number>;
  /** Takes the trip out of every list; returns how many lists changed. */
  removeTripEverywhere(tripId: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
