// What the wishlists service needs from storage, independent of the adapter
// (embedded NeDB or MongoDB). Every method returns plain objects with string ids.
// Stores keep documents only: the rules (a trip is in at most one list, caps,
// newer previews win) live in domain/list-rules.ts and are applied through
// `replace`, a compare-and-swap on the list's version.
import type { OutboxEvent, OutboxStore } from '@tripcost/shared';

/** A trip held in a list: its id plus a preview snapshot kept fresh by trip.updated. */
export interface WishlistTripEntry {
  _id: string;
  image_url: string;
  location_address: string;
  trip_start: string | null;
  trip_end: string | null;
  /** Absent when the trip's costs are hidden from the list's holder (a viewer of a shared trip). */
  total_cost?: number;
  /** The holder is a viewer of a shared trip whose owner hides costs: no total is ever kept for them. */
  costs_hidden?: true;
  /** ISO 4217 code total_cost is in (the trip's currency); absent on entries kept before currencies (USD). */
  currency?: string;
  /** The trip's version this preview shows; a snapshot of an older version changes nothing. */
  version?: number;
  /**
   * false once the holder lost access (removed, left): the entry keeps the place and
   * photo as they last saw them, no money, and no later change until access returns.
   */
  available?: false;
  /**
   * Set aside while the trip is in its owner's bin (trip.deleted, `binned`): kept, so a
   * restore brings it back where it was, but shown to no one and answered nowhere.
   */
  in_bin?: true;
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
  /** Incremented by every change; lists stored before versions existed read as 0. */
  version?: number;
  /** Events announcing changes of this list, not yet published (the transactional outbox). */
  outbox?: OutboxEvent[];
  /** Set when the list is deleted: gone for every reader, kept only until its outbox is published. */
  deleted_at?: string;
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

/**
 * Deleted lists (with `deleted_at`) are tombstones kept only until their outbox is
 * published: no read below returns them, and `markSent` purges them once empty.
 */
export interface WishlistStore extends OutboxStore {
  /** The user's lists, oldest first (created_at, then _id). */
  listByUser(userId: string): Promise<Wishlist[]>;
  countByUser(userId: string): Promise<number>;
  findById(wishlistId: string): Promise<Wishlist | null>;
  /** Creates an empty list; throws DuplicateListNameError for a taken name. */
  create(input: NewWishlist): Promise<Wishlist>;
  /** Every list (of any user: the owner's and members') that holds the trip. */
  findHolding(tripId: string): Promise<Wishlist[]>;
  /**
   * Writes `next` in place of the stored list only if the stored one still has
   * `expectedVersion`; false when it changed meanwhile or is gone. Throws
   * DuplicateListNameError when the new name is taken, and the store's duplicate-key
   * error when (MongoDB) another list already holds one of its trips.
   */
  replace(next: Wishlist, expectedVersion: number): Promise<boolean>;
  /** Deletes every list of the user (account deletion); how many went. Safe to repeat. */
  removeAllOfUser(userId: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
