// History shows money only to those who may see it now: sharing's one rule (costs
// hidden from viewers, sharing/) applied to every value in an entry. A viewer with
// hidden costs learns that a price changed, never from what to what; what an invitation
// holds is only for those who manage the trip. Visibility is as of the reading: a viewer
// promoted later sees the prices of the past.
import { HIDDEN_INSTANCE_FIELDS, HIDDEN_ITEM_FIELDS, HIDDEN_TRIP_FIELDS } from '../../sharing';
import type { FieldChange } from './diff';
import type { HistoryEntry } from './entries';
import type { Shape, Value } from './shape';

export interface EntryReader {
  /** The reader gets the trip without its money (a viewer of a trip that hides costs). */
  costsHidden: boolean;
  /** The reader manages the trip's invitations and members. */
  manages: boolean;
}

const TRIP_KEPT = new Set<string>([...HIDDEN_TRIP_FIELDS, 'hide_costs_from_viewers', 'members', 'votes', 'windows']);
const WINDOW_KEPT = new Set<string>(HIDDEN_INSTANCE_FIELDS);
const ITEM_KEPT = new Set<string>(HIDDEN_ITEM_FIELDS);

/** Which fields a reader without costs keeps at a depth of the shape: trip, window, item. */
function keptAt(path: readonly string[]): ReadonlySet<string> | 'all' | 'none' {
  if (path[0] === 'invites') return 'none';
  if (path[0] === 'members' || path[0] === 'votes') return 'all';
  if (path[0] !== 'windows') return TRIP_KEPT;
  if (path.length <= 2) return path.length === 1 ? TRIP_KEPT : WINDOW_KEPT;
  return path[2] === 'items' && path.length >= 4 ? ITEM_KEPT : WINDOW_KEPT;
}

/** `value` at `path` as the reader without costs may see it: only kept fields, down every level. */
function withoutMoney(path: string[], value: Value): Value | undefined {
  const depthKeys = path[0] === 'windows' ? [1, 3] : []; // where the id of a window and of an item stand
  const isIdLevel = depthKeys.includes(path.length - 1) || (path[0] !== 'windows' && path.length === 2);
  const kept = keptAt(path);
  if (kept === 'all') return value;
  if (kept === 'none') return undefined;
  if (!isIdLevel && path.length > 0 && !kept.has(path[path.length - 1])) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Shape = {};
  for (const [key, inner] of Object.entries(value)) {
    const seen = withoutMoney([...path, key], inner);
    if (seen !== undefined) out[key] = seen;
  }
  return out;
}

function changeFor(change: FieldChange, reader: EntryReader): FieldChange {
  const path = change.field.split('.');
  if (path[0] === 'invites' && !reader.manages) return { ...change, from: null, to: null, hidden: true };
  if (!reader.costsHidden) return change;
  const from = withoutMoney(path, change.from);
  const to = withoutMoney(path, change.to);
  if (from === undefined || to === undefined) return { ...change, from: null, to: null, hidden: true };
  return { ...change, from, to };
}

/** The entry as this reader may see it. */
export function entryForReader(entry: HistoryEntry, reader: EntryReader): HistoryEntry {
  if (!reader.costsHidden && reader.manages) return entry;
  return { ...entry, changes: entry.changes.map((change) => changeFor(change, reader)) };
}
