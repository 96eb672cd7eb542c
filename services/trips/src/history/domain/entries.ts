// One history entry: who changed what, with every field's value before and after as it
// was at that moment. Made from the trip before and after a write (the write path's one
// place), so every change any capability makes is remembered without a line of its own.
import { randomUUID } from 'node:crypto';
import type { HistoryEntry, TripRecord } from '../../trip';
import { diffShapes, type FieldChange } from './diff';

export type { HistoryEntry };
import { shapeOf, type Shape } from './shape';

export interface EntryContext {
  tripId: string;
  seq: [number, number];
  at: string;
  madeAt?: string;
  actor: { user_id: string | null; name: string };
  /** What the change was (the live updates' kind: window, item, prices, commit, members…). */
  action: string;
  reverts?: string;
}

/**
 * Fields that follow from others in the same write, and that settling a write (the
 * write path's withDerivedCosts) computes again: so an undo leaves them out and they
 * follow. An itemised window's expenses are its items' sums (itemised before and after);
 * the trip's expenses are its plan's (the same window committed before and after).
 * Anything else that moved with them (the plan's dates, a window itemised or not any
 * more, a plan committed or cleared) is the change's own.
 */
const EXPENSES = new Set(['stay_expense', 'travel_expense', 'car_expense', 'other_expense']);

function isDerived(change: FieldChange, after: Shape, before: Shape): boolean {
  const path = change.field.split('.');
  if (path.length === 1) {
    const plan = (shape: Shape) => shape.committedInstanceId ?? null;
    return EXPENSES.has(path[0]) && plan(after) !== null && plan(after) === plan(before);
  }
  if (path[0] === 'windows' && path.length === 3 && EXPENSES.has(path[2])) {
    const itemised = (shape: Shape) =>
      Object.keys((shape.windows as Record<string, Shape> | undefined)?.[path[1]]?.items ?? {}).length > 0;
    return itemised(after) && itemised(before);
  }
  return false;
}

/** The changes between two records, derived ones marked. */
export function changesBetween(before: TripRecord | null, after: TripRecord): FieldChange[] {
  const [from, to] = [before ? shapeOf(before) : {}, shapeOf(after)];
  return diffShapes(from, to).map((change) => (isDerived(change, to, from) ? { ...change, derived: true } : change));
}

function windowName(trip: TripRecord | null, id: string): string {
  const window = trip?.instances.find((instance) => instance._id === id);
  if (!window) return '';
  if (window.label) return window.label;
  return window.trip_start && window.trip_end
    ? `${window.trip_start.slice(0, 10)} – ${window.trip_end.slice(0, 10)}`
    : 'Dates not set';
}

/** What the change is about: the one window, item, member or invitation all its own changes touch, else the trip. */
export function targetOf(
  changes: readonly FieldChange[],
  before: TripRecord | null,
  after: TripRecord,
): HistoryEntry['target'] {
  const own = changes.filter((change) => !change.derived);
  const paths = (own.length > 0 ? own : changes).map((change) => change.field.split('.'));
  const common = paths.reduce<string[]>((prefix, path) => {
    let n = 0;
    while (n < prefix.length && prefix[n] === path[n]) n++;
    return prefix.slice(0, n);
  }, paths[0] ?? []);
  const tripTarget = { kind: 'trip' as const, id: after._id, name: after.trip_location || after.location_address };
  if (common[0] === 'windows' && common.length >= 2) {
    const windowId = common[1];
    if (common[2] === 'items' && common.length >= 4) {
      const item =
        after.instances.find((w) => w._id === windowId)?.items?.find((i) => i._id === common[3]) ??
        before?.instances.find((w) => w._id === windowId)?.items?.find((i) => i._id === common[3]);
      return { kind: 'item', id: common[3], name: item?.name ?? '' };
    }
    return { kind: 'window', id: windowId, name: windowName(after, windowId) || windowName(before, windowId) };
  }
  if (common[0] === 'members' && common.length >= 2) {
    const member = [...(after.members ?? []), ...(before?.members ?? [])].find((m) => m.user_id === common[1]);
    return { kind: 'member', id: common[1], name: member?.name ?? '' };
  }
  if (common[0] === 'invites' && common.length >= 2) return { kind: 'invite', id: common[1], name: '' };
  return tripTarget;
}

/** The entry of a write from `before` (null: the trip was created) to `after`; null when nothing changed. */
export function entryFor(before: TripRecord | null, after: TripRecord, context: EntryContext): HistoryEntry | null {
  const changes = changesBetween(before, after);
  if (changes.length === 0) return null;
  return {
    _id: randomUUID(),
    trip_id: context.tripId,
    seq: context.seq,
    at: context.at,
    ...(context.madeAt ? { made_at: context.madeAt < context.at ? context.madeAt : context.at } : {}),
    actor: context.actor,
    action: before === null ? 'create' : context.action,
    target: targetOf(changes, before, after),
    changes,
    ...(context.reverts ? { reverts: context.reverts } : {}),
  };
}
