// What changes a trip in its owner's bin, apart from the restore (history-use-cases.ts).
// Leaving the bin for good (after 30 days, or at once when the owner deletes their
// account): one compare-and-swap makes it a plain tombstone carrying trip.deleted (not
// binned), so it can no longer be restored and every wishlist that set it aside drops it;
// its history and its windows' bin go at once (privacy first), and the relay purges the
// tombstone once that event is out (and would take the history and bin then, were the
// process to stop between). The owner's favourite flag still follows their wishlists
// while the trip waits there (ADR 0077, addendum), so the restore brings it back true.
import { changeVersioned, versionOf } from '@tripcost/shared';
import { tripDeleted, withTripEvent } from '../../sharing';
import { roleOf, type TripRecord } from '../../trip';
import type { TripsContext } from './context';
import { applyFavorite } from './trip-changes';

/** Purges one binned trip; false when it changed meanwhile (restored: it stays). */
export async function purgeBinnedTrip(
  ctx: Pick<TripsContext, 'store' | 'now' | 'writes'>,
  binned: TripRecord,
): Promise<boolean> {
  const { in_bin: _inBin, ...rest } = binned;
  const gone: TripRecord = { ...rest, version: versionOf(binned) + 1 };
  const next = withTripEvent(gone, tripDeleted(gone, ctx.now(), binned)!);
  if (!(await ctx.store.replace(next, versionOf(binned)))) return false;
  await ctx.store.history.removeTrip(binned._id);
  await ctx.store.bin.removeTrip(binned._id);
  ctx.writes.nudgeOutbox();
  return true;
}

const notBinned = Symbol('not in the bin');

/**
 * A wishlist event about a trip in its owner's bin (a list deleted, the trip taken out of
 * one, or put in one just before the binning): the flag is set on the binned trip itself,
 * with its version and a history entry as on a live trip, and announced to no one (a
 * trip.updated would bring the trip back into every list). The restore then carries it.
 * 'not-binned' when the trip is not in the bin (restored meanwhile, or gone): the caller
 * applies the event to the live trip instead. Another user's event changes nothing.
 */
export async function setFavoriteInBin(
  ctx: Pick<TripsContext, 'store' | 'now' | 'recorder'>,
  userId: string,
  tripId: string,
  isFavorite: boolean,
): Promise<'done' | 'not-binned'> {
  try {
    const written = await changeVersioned<TripRecord>({
      read: async () => {
        const binned = await ctx.store.findBinned(tripId);
        if (!binned) throw notBinned;
        return binned;
      },
      apply: (binned) => {
        // The owner's favourite: a member's favourites live in their own wishlists.
        if (roleOf(binned, userId) !== 'owner' || binned.isFavorite === isFavorite) return binned;
        const at = ctx.now();
        return ctx.recorder.remember(binned, applyFavorite(binned, isFavorite, at), { id: userId }, 'trip', at);
      },
      write: (next, expected) => ctx.store.replace(next, expected),
    });
    await ctx.recorder.settle(written);
    return 'done';
  } catch (error) {
    if (error === notBinned) return 'not-binned';
    throw error;
  }
}
