// Applies the list rules to stored lists: read, apply a pure rule from
// list-rules.ts, write back with a compare-and-swap on the version (retried, then
// 409). A change other services must hear about carries its event in the same
// write (the list's outbox; the relay publishes it). Changes to one user's lists run
// one at a time in this process, so a move (out of the other lists, then into the
// target) is not interleaved with another. Across replicas, MongoDB's unique index
// on (user_id, trips._id) refuses a second list of the user and the move is retried. A crash between the
// two steps leaves the trip in no list, never in two.
import {
  changeVersioned,
  createKeyedQueue,
  isDuplicateKeyError,
  outboxEvent,
  withEvent,
  type OutboxEvent,
  type TripSnapshot,
} from '@tripcost/shared';
import type { PlaceTripOutcome, Wishlist, WishlistStore, WishlistTripEntry } from './wishlist-store';
import { roomFor, withName, withoutTrip, withRefreshedTrip, withTrip, withTripSetAside } from './list-rules';

const MOVE_ATTEMPTS = 3;
const gone = Symbol('list gone');

type Announce = (before: Wishlist, after: Wishlist, at: string) => OutboxEvent;

export function listChanges(store: WishlistStore, options: { attempts?: number; outbox?: { nudge(): void } } = {}) {
  const oneUserAtATime = createKeyedQueue();

  const change = listChanger(store, options.attempts, options.outbox);

  /** Applies a rule to every list that holds the trip; answers how many changed. */
  async function everyHolder(tripId: string, apply: (list: Wishlist, at: string) => Wishlist): Promise<number> {
    let changed = 0;
    for (const holder of await store.findHolding(tripId)) {
      const result = await oneUserAtATime(holder.user_id, () => change(holder._id, holder.user_id, apply));
      if (result && result.after !== result.before) changed += 1;
    }
    return changed;
  }

  return {
    /**
     * Puts the trip into the user's list and takes it out of the user's other lists
     * (a trip is in at most one list). Placing it again changes nothing.
     */
    placeTrip(userId: string, wishlistId: string, entry: WishlistTripEntry, maxTrips: number) {
      return oneUserAtATime(userId, async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await moveInto(store, change, userId, wishlistId, entry, maxTrips);
          } catch (error) {
            // Another replica placed the same trip at the same moment (unique index): move again.
            if (!isDuplicateKeyError(error) || attempt >= MOVE_ATTEMPTS) throw error;
          }
        }
      });
    },

    /** Takes the trip out of the user's list; null when the list is missing or not theirs. */
    removeTrip(userId: string, wishlistId: string, tripId: string) {
      return oneUserAtATime(userId, async () => {
        const result = await change(
          wishlistId,
          userId,
          (list, at) => withoutTrip(list, tripId, at),
          (_before, after, at) => outboxEvent('wishlist.trip-removed', { tripId, userId, wishlistId: after._id }, at),
        );
        return result && { wishlist: result.after, removed: result.after !== result.before };
      });
    },

    /**
     * Renames the user's list; null when missing or not theirs. The store's unique
     * (user, name key) index refuses a name another of their lists has.
     */
    renameList(userId: string, wishlistId: string, name: { list_name: string; name_key: string }) {
      return oneUserAtATime(userId, async () => {
        const result = await change(wishlistId, userId, (list, at) => withName(list, name, at));
        return result?.after ?? null;
      });
    },

    /**
     * Deletes the user's list and answers it as it was; null when missing or not
     * theirs. The list becomes a tombstone carrying wishlist.deleted: gone for every
     * reader at once (its name free again), purged by the relay once the event is out.
     */
    deleteList(userId: string, wishlistId: string) {
      return oneUserAtATime(userId, async () => {
        const result = await change(
          wishlistId,
          userId,
          (list, at) => ({ ...list, deleted_at: at, name_key: `~deleted~${list._id}`, trips: [] }),
          (before, _after, at) =>
            outboxEvent('wishlist.deleted', { wishlistId, userId, tripIds: before.trips.map((trip) => trip._id) }, at),
        );
        return result?.before ?? null;
      });
    },

    /** trip.updated: refreshes the trip wherever it is held, for each holder, unless newer. */
    refreshTrip: (snapshot: TripSnapshot, snapshotAt: string) =>
      everyHolder(snapshot._id, (list) => withRefreshedTrip(list, snapshot, snapshotAt)),

    /** trip.deleted: the trip leaves every list (the trip is gone, so no event goes back). */
    removeTripEverywhere: (tripId: string) => everyHolder(tripId, (list, at) => withoutTrip(list, tripId, at)),

    /** trip.deleted into its owner's bin: set aside in every list, unseen, until restored or purged. */
    setTripAsideEverywhere: (tripId: string, version: number | undefined, deletedAt: string) =>
      everyHolder(tripId, (list) => withTripSetAside(list, tripId, version, deletedAt)),
  };
}

const now = () => new Date().toISOString();

/** One rule on one list of the user; null when the list is gone or not theirs. */
type Change = (
  listId: string,
  userId: string,
  apply: (list: Wishlist, at: string) => Wishlist,
  announce?: Announce,
) => Promise<{ before: Wishlist; after: Wishlist } | null>;

function listChanger(store: WishlistStore, attempts?: number, outbox?: { nudge(): void }): Change {
  return async (listId, userId, apply, announce) => {
    let before: Wishlist | undefined;
    try {
      const after = await changeVersioned<Wishlist>({
        read: async () => {
          const list = await store.findById(listId);
          if (!list || list.user_id !== userId) throw gone;
          before = list;
          return list;
        },
        apply: (list) => {
          const at = now();
          const next = apply(list, at);
          return next === list || !announce ? next : withEvent(next, announce(list, next, at));
        },
        write: (next, expected) => store.replace(next, expected),
        attempts,
      });
      if (announce && after !== before) outbox?.nudge();
      return { before: before!, after };
    } catch (error) {
      if (error === gone) return null;
      throw error;
    }
  };
}

/** Into the user's list, out of their others (see placeTrip). */
async function moveInto(
  store: WishlistStore,
  change: Change,
  userId: string,
  wishlistId: string,
  entry: WishlistTripEntry,
  maxTrips: number,
): Promise<PlaceTripOutcome> {
  const target = await store.findById(wishlistId);
  if (!target || target.user_id !== userId) return { outcome: 'list-missing' };
  const room = roomFor(target, entry._id, maxTrips);
  if (room === 'already-there') return { outcome: 'already-there', wishlist: target };
  if (room === 'full') return { outcome: 'list-full', wishlist: target };
  // Out of every other list first, then in: a crash in between loses the listing,
  // never doubles it. Leaving the old list announces nothing: the trip stays a favourite.
  const others = (await store.findHolding(entry._id)).filter(
    (list) => list.user_id === userId && list._id !== wishlistId,
  );
  for (const other of others) await change(other._id, userId, (list, at) => withoutTrip(list, entry._id, at));
  const placed = await change(
    wishlistId,
    userId,
    (list, at) => withTrip(list, entry, maxTrips, at),
    (_before, after, at) =>
      outboxEvent('wishlist.trip-added', { tripId: entry._id, userId, wishlistId: after._id }, at),
  );
  if (!placed) return { outcome: 'list-missing' };
  if (placed.after === placed.before) return { outcome: 'already-there', wishlist: placed.after };
  return { outcome: 'added', wishlist: placed.after, movedFrom: others.map((other) => other._id) };
}

export type ListChanges = ReturnType<typeof listChanges>;
