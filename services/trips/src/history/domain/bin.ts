// The bin: what a change removed from a trip (a window, an item) kept 30 days so it can
// be restored. Its records are made from history's removals when entries are settled
// (recorder.ts), so every way of deleting fills it without a line of its own; a
// restore applies the removal's own changes backwards (as undo does, only those of the
// one thing), through the write path, so it is checked, versioned, followed live and
// remembered like any change.
import { AppError, notFound } from '@tripcost/shared';
import type { BinRecord, FieldChange, HistoryEntry, HistoryStore, TripRecord } from '../../trip';
import { seqBefore } from '../../trip';
import { applyChanges, valueAt } from './diff';
import { recordOf, shapeOf, type Shape } from './shape';

/** How long the bin keeps what was deleted. */
export const BIN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_IN_BIN = 'Nothing with this id is in the trip’s bin.';
export const TRIP_NOT_IN_BIN = 'No trip of yours with this id is in your bin.';
export const ALREADY_BACK = 'This is already back in the trip.';
export const WINDOW_GONE = 'Its window is not in the trip any more: restore the window first.';
export const CURRENCY_CHANGED =
  'The trip’s currency has changed since this was deleted, so its amounts no longer fit: add it again.';

/** Deleted before this moment (ISO): out of the bin for good. */
export const binCutoff = (now: string): string => new Date(Date.parse(now) - BIN_DAYS * DAY_MS).toISOString();

const WINDOW = /^windows\.([^.]+)$/;
const ITEM = /^windows\.([^.]+)\.items\.([^.]+)$/;
const isThing = (value: unknown): value is Shape =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function windowName(window: Shape): string {
  if (typeof window.label === 'string' && window.label) return window.label;
  const day = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');
  return window.trip_start ? `${day(window.trip_start)} – ${day(window.trip_end)}` : 'Dates not set';
}

/** The bin records of what the entry removed (its own changes only). */
export function binRecordsOf(entry: HistoryEntry, ownerId: string): BinRecord[] {
  const records: BinRecord[] = [];
  for (const change of entry.changes) {
    if (change.derived || change.to !== null || !isThing(change.from)) continue;
    const base = {
      _id: '',
      trip_id: entry.trip_id,
      owner_id: ownerId,
      deleted_at: entry.at,
      deleted_by: entry.actor,
      entry_id: entry._id,
      entry_seq: entry.seq,
    };
    const window = WINDOW.exec(change.field);
    const item = ITEM.exec(change.field);
    if (window) {
      records.push({
        ...base,
        _id: `${entry._id}:${window[1]}`,
        kind: 'window',
        thing_id: window[1],
        name: windowName(change.from),
      });
    } else if (item) {
      const name = typeof change.from.name === 'string' ? change.from.name : '';
      records.push({
        ...base,
        _id: `${entry._id}:${item[2]}`,
        kind: 'item',
        thing_id: item[2],
        window_id: item[1],
        name,
      });
    }
  }
  return records;
}

/** The windows and items the entry brought back (or added): out of the bin. */
export function thingsAddedBy(entry: HistoryEntry): string[] {
  return entry.changes.flatMap((change) => {
    if (change.from !== null || !isThing(change.to)) return [];
    const window = WINDOW.exec(change.field);
    const item = ITEM.exec(change.field);
    return window ? [window[1]] : item ? [item[2]] : [];
  });
}

const fieldOf = (record: BinRecord) =>
  record.kind === 'window' ? `windows.${record.thing_id}` : `windows.${record.window_id}.items.${record.thing_id}`;

/** The removal's own changes of this one thing: the thing itself, and a window's votes. */
function changesOf(entry: HistoryEntry, record: BinRecord): FieldChange[] {
  const field = fieldOf(record);
  const votes = `votes.${record.thing_id}`;
  const under = (change: FieldChange, root: string) => change.field === root || change.field.startsWith(`${root}.`);
  return entry.changes.filter(
    (change) => !change.derived && (under(change, field) || (record.kind === 'window' && under(change, votes))),
  );
}

/** The trip with the record's thing back where it stood, or the 409 saying why it cannot be. */
export function applyRestore(trip: TripRecord, record: BinRecord, entry: HistoryEntry | null): TripRecord {
  if (!entry) throw notFound(NOT_IN_BIN);
  const shape = shapeOf(trip);
  if (valueAt(shape, fieldOf(record)) !== null) throw new AppError(409, ALREADY_BACK, 'already_back');
  if (record.kind === 'item' && valueAt(shape, `windows.${record.window_id}`) === null) {
    throw new AppError(409, WINDOW_GONE, 'window_gone');
  }
  return recordOf(applyChanges(shape, changesOf(entry, record), 'backwards'), trip);
}

/** Whether the trip's currency changed after the entry at `seq` (amounts in the bin were in the old one). */
export async function currencyChangedSince(
  history: HistoryStore,
  tripId: string,
  seq: [number, number],
): Promise<boolean> {
  let before: [number, number] | undefined;
  for (;;) {
    const page = await history.page(tripId, 100, before);
    for (const entry of page.entries) {
      if (!seqBefore(seq, entry.seq)) return false;
      if (entry.changes.some((change) => change.field === 'currency')) return true;
    }
    const last = page.entries[page.entries.length - 1];
    if (!page.more || !last) return false;
    before = last.seq;
  }
}
