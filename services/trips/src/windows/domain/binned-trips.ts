// A trip leaving its owner's bin for good (after 30 days, or at once when the owner
// deletes their account): one compare-and-swap makes it a plain tombstone carrying
// trip.deleted (not binned), so it can no longer be restored and every wishlist that set
// it aside drops it; its history and its windows' bin go at once (privacy first), and
// the relay purges the tombstone once that event is out (and would take the history and
// bin then, were the process to stop between).
import { versionOf } from '@tripcost/shared';
import { tripDeleted, withTripEvent } from '../../sharing';
import type { TripRecord } from '../../trip';
import type { TripsContext } from './context';

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
