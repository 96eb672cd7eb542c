// Several cost items added at once, in one or more windows of a trip: one change through
// the write path, so it is all-or-nothing (a refused item refuses them all), versioned
// once, followed live once, and remembered as ONE history entry (action `import`: an
// import's apply is what adds items this way) that an undo reverts as a whole.
import { newId, versionOf, type AuthUser } from '@tripcost/shared';
import type { CostItem } from '../../costs';
import { entryForReader, type HistoryEntry } from '../../history';
import { can, costsHiddenFor, type SharedTripView } from '../../sharing';
import { roleOf, type TripRecord } from '../../trip';
import type { TripsContext } from './context';
import { addItemNeedsRates, applyAddItem, type EstimateChoice, type ItemInput } from './item-changes';
import type { Precondition } from './write-path';

/** The history action of a batch of items added. */
export const ITEMS_IMPORTED = 'import';

export interface BatchItem {
  instanceId: string;
  fields: ItemInput;
  estimate?: EstimateChoice;
}

export interface ItemsAdded {
  /** The trip after, as the caller reads it. */
  trip: SharedTripView;
  /** Each item as stored, in the order sent. */
  items: Array<{ instance_id: string; item: CostItem }>;
  /** The change's one history entry, as the caller may read it. */
  entry: HistoryEntry | null;
}

/** The entry a write appended: the one at the trip's new version (the newest page holds it). */
async function entryOfWrite({ store }: TripsContext, trip: TripRecord, userId: string): Promise<HistoryEntry | null> {
  const { entries } = await store.history.page(trip._id, 5);
  const entry = entries.find((candidate) => candidate.seq[0] === versionOf(trip));
  if (!entry) return null;
  const role = roleOf(trip, userId) ?? 'viewer';
  return entryForReader(entry, { costsHidden: costsHiddenFor(trip, role), manages: can(role, 'manage') });
}

export const addItems =
  (ctx: TripsContext) =>
  async (user: AuthUser, tripId: string, batch: BatchItem[], precondition: Precondition = {}): Promise<ItemsAdded> => {
    // Ids chosen once, so a retried compare-and-swap makes the same items.
    const prepared = batch.map(({ instanceId, fields, estimate }) => ({
      instanceId,
      estimate: estimate ?? 'keep',
      item: { _id: newId(), ...fields },
      fromAmountIds: [newId(), newId(), newId(), newId()],
    }));
    const trip = await ctx.writes.changeTripWithRates(
      user,
      tripId,
      'item',
      {
        needsRates: (current) => prepared.some((p) => addItemNeedsRates(current, p.instanceId, p.item, ctx.now())),
        // Each item added to the trip as the one before left it: a window's first item keeps its typed amounts once.
        apply: (current, at, rates) =>
          prepared.reduce(
            (next, p) => applyAddItem(next, p.instanceId, p.item, at, p.fromAmountIds, rates, p.estimate),
            current,
          ),
      },
      { ...precondition, historyAction: ITEMS_IMPORTED },
    );
    const view = ctx.access.view(trip, user.id);
    const stored = new Map<string, CostItem>(
      view.instances.flatMap((w) => w.items.map((item) => [item._id, item] as const)),
    );
    return {
      trip: view,
      items: prepared.map((p) => ({ instance_id: p.instanceId, item: stored.get(p.item._id)! })),
      entry: await entryOfWrite(ctx, trip, user.id),
    };
  };
