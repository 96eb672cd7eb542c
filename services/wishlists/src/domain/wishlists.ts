// Wishlist use cases: named lists of the caller's own trips. A trip is in at most
// one list (list-changes.ts); the trips service learns about favourites through
// events (docs/architecture.md §5).
import {
  badRequest,
  checkListName,
  conflict,
  forbidden,
  notFound,
  type AuthUser,
  type Logger,
  type TripSnapshot,
} from '@tripcost/shared';
import {
  DuplicateListNameError,
  type TripPreview,
  type Wishlist,
  type WishlistStore,
  type WishlistTripEntry,
} from './wishlist-store';
import { listChanges } from './list-changes';
import { shownTrips, WISHLIST_LIMITS, WISHLIST_MESSAGES } from './list-rules';
import type { TripDirectory } from './trip-directory';

export { previewOf, WISHLIST_LIMITS, WISHLIST_MESSAGES } from './list-rules';

export interface WishlistsDeps {
  store: WishlistStore;
  trips: TripDirectory;
  /** Told after a write that carried an event, so the relay publishes it now. */
  outbox?: { nudge(): void };
  logger: Logger;
}

/** The trimmed name and its per-user uniqueness key, or a 400. */
export function normaliseListName(raw: string): { list_name: string; name_key: string } {
  const name = checkListName(raw);
  if (!name.ok) throw badRequest(name.msg, name.code);
  return { list_name: name.list_name, name_key: name.name_key };
}

export function createWishlists({ store, trips, outbox, logger }: WishlistsDeps) {
  const changes = listChanges(store, { outbox });
  async function ownedList(user: AuthUser, wishlistId: string): Promise<Wishlist> {
    const list = await store.findById(wishlistId);
    if (!list) throw notFound(WISHLIST_MESSAGES.listNotFound);
    if (list.user_id !== user.id) throw forbidden(WISHLIST_MESSAGES.notYourList);
    return list;
  }

  const entryFor = (preview: TripPreview): WishlistTripEntry => {
    const now = new Date().toISOString();
    return { ...preview, added_at: now, snapshot_at: now };
  };

  /** Puts a verified trip in the list and tells trips it is a favourite. */
  async function place(user: AuthUser, wishlistId: string, preview: TripPreview): Promise<Wishlist> {
    const placed = await changes.placeTrip(user.id, wishlistId, entryFor(preview), WISHLIST_LIMITS.tripsPerList);
    switch (placed.outcome) {
      case 'list-missing':
        throw notFound(WISHLIST_MESSAGES.listNotFound);
      case 'list-full':
        throw conflict(WISHLIST_MESSAGES.listFull, 'list_full');
      case 'added':
      case 'already-there':
        // wishlist.trip-added went out with the change (the list's outbox).
        if (placed.outcome === 'added' && placed.movedFrom.length > 0) {
          logger.info({ tripId: preview._id, wishlistId, movedFrom: placed.movedFrom }, 'trip moved between wishlists');
        }
        return placed.wishlist;
    }
  }

  return {
    async listsOf(user: AuthUser, email: string | undefined): Promise<Wishlist[]> {
      if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden(WISHLIST_MESSAGES.otherEmail);
      }
      return store.listByUser(user.id);
    },

    async createList(user: AuthUser, authorization: string, input: { list_name: string; tripIds: string[] }) {
      const name = normaliseListName(input.list_name);
      if ((await store.countByUser(user.id)) >= WISHLIST_LIMITS.listsPerUser) {
        throw conflict(WISHLIST_MESSAGES.tooManyLists, 'too_many_lists');
      }
      // Verify every trip before creating anything, so a refused trip leaves no empty list behind.
      const tripIds = [...new Set(input.tripIds)];
      const previews = await Promise.all(tripIds.map((tripId) => trips.ownedTrip(tripId, authorization)));
      let list: Wishlist;
      try {
        list = await store.create({ user_id: user.id, email: user.email, ...name });
      } catch (error) {
        if (error instanceof DuplicateListNameError)
          throw conflict(WISHLIST_MESSAGES.duplicateName, 'duplicate_list_name');
        throw error;
      }
      for (const preview of previews) list = await place(user, list._id, preview);
      return list;
    },

    async renameList(user: AuthUser, wishlistId: string, rawName: string): Promise<Wishlist> {
      const name = normaliseListName(rawName);
      await ownedList(user, wishlistId);
      try {
        const renamed = await changes.renameList(user.id, wishlistId, name);
        if (!renamed) throw notFound(WISHLIST_MESSAGES.listNotFound);
        return renamed;
      } catch (error) {
        if (error instanceof DuplicateListNameError)
          throw conflict(WISHLIST_MESSAGES.duplicateName, 'duplicate_list_name');
        throw error;
      }
    },

    /**
     * Resolves when the caller may still put these trips in the list (theirs, or a new one:
     * null); else the 403/404 such a request would get. An Idempotency-Key replay asks
     * before answering what it stored.
     */
    async checkPlacing(user: AuthUser, authorization: string, wishlistId: string | null, tripIds: string[]) {
      if (wishlistId !== null) await ownedList(user, wishlistId);
      await Promise.all([...new Set(tripIds)].map((tripId) => trips.ownedTrip(tripId, authorization)));
    },

    async addTrip(user: AuthUser, authorization: string, wishlistId: string, tripId: string): Promise<Wishlist> {
      await ownedList(user, wishlistId);
      const preview = await trips.ownedTrip(tripId, authorization);
      return place(user, wishlistId, preview);
    },

    async removeTrip(user: AuthUser, wishlistId: string, tripId: string): Promise<Wishlist> {
      await ownedList(user, wishlistId);
      const result = await changes.removeTrip(user.id, wishlistId, tripId);
      if (!result) throw notFound(WISHLIST_MESSAGES.listNotFound);
      // wishlist.trip-removed went out with the change; nothing when the trip was not in
      // this list (it may have moved to another list meanwhile and is still a favourite).
      return result.wishlist;
    },

    async tripsOf(user: AuthUser, wishlistId: string): Promise<WishlistTripEntry[]> {
      return shownTrips(await ownedList(user, wishlistId));
    },

    async deleteList(user: AuthUser, wishlistId: string): Promise<void> {
      await ownedList(user, wishlistId);
      // wishlist.deleted, naming the list's trips, goes out with the deletion.
      if (!(await changes.deleteList(user.id, wishlistId))) throw notFound(WISHLIST_MESSAGES.listNotFound);
    },

    /**
     * trip.updated: every list that holds the trip shows it as its holder may see it
     * now (the snapshot's access). Idempotent.
     */
    async refreshTrip(trip: TripSnapshot, occurredAt: string): Promise<number> {
      return changes.refreshTrip(trip, occurredAt);
    },

    /**
     * trip.deleted: into its owner's bin, set aside in every list, shown nowhere, until its
     * restore's trip.updated brings it back; for good, out of every list. Idempotent.
     */
    forgetTrip: (deleted: { tripId: string; binned?: boolean; version?: number }, occurredAt: string) =>
      deleted.binned === true
        ? changes.setTripAsideEverywhere(deleted.tripId, deleted.version, occurredAt)
        : changes.removeTripEverywhere(deleted.tripId),

    /**
     * user.deleted: every list of the user goes. Idempotent. No wishlist events: the
     * trips service deletes the user's trips on the same event.
     */
    async forgetUser(userId: string): Promise<number> {
      return store.removeAllOfUser(userId);
    },
  };
}

export type Wishlists = ReturnType<typeof createWishlists>;
