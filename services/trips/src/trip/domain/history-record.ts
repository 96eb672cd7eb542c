// A history entry as stored (the history capability makes and reads them, history/):
// here because the trip record carries the entries of its last write until they are in
// the history collection (`history_pending`), so that a change and its entry are one write.

/** A JSON value as history stores it. */
export type HistoryValue = null | string | number | boolean | HistoryValue[] | { [key: string]: HistoryValue };

export interface FieldChange {
  /** The dotted path of the field in the trip's shape (`windows.<id>.items.<id>.amount`). */
  field: string;
  from: HistoryValue;
  to: HistoryValue;
  /** Where an added or removed member of an object stood among its keys. */
  at?: number;
  /** Follows from other changes of the same write (a window's sums of its items, the plan's figures). */
  derived?: boolean;
  /** The reader may not see these values (money hidden from them): only that the field changed. */
  hidden?: boolean;
}

export type TargetKind = 'trip' | 'window' | 'item' | 'member' | 'invite';

export interface HistoryEntry {
  _id: string;
  trip_id: string;
  /** The trip's version once the change is written, then its votes counter: the order entries were appended in. */
  seq: [number, number];
  /** The server's time of the write (ISO). */
  at: string;
  /** The time the change was made on the device, for a change made offline (never later than `at`). */
  made_at?: string;
  actor: { user_id: string | null; name: string };
  action: string;
  target: { kind: TargetKind; id: string; name: string };
  changes: FieldChange[];
  /** The entry an undo reverts. */
  reverts?: string;
}

// The store of trips' history entries. Append-only: no route edits or deletes an entry
// (account deletion renames a former member, a purged trip takes its history); both
// adapters (store/history-*.ts) are proven alike by one contract suite.
export interface HistoryPage {
  /** Newest first. */
  entries: HistoryEntry[];
  /** Whether older entries exist. */
  more: boolean;
}

export interface HistoryStore {
  /** Stores entries; one already stored (same _id) is left as it is, so appending again is harmless. */
  append(entries: readonly HistoryEntry[]): Promise<void>;
  /**
   * Up to `limit` entries of the trip, newest first, older than `before` (a seq) when
   * given, only those `filter` keeps (applied before the limit, so a page is full).
   */
  page(tripId: string, limit: number, before?: HistoryEntry['seq'], filter?: HistoryFilter): Promise<HistoryPage>;
  /** One entry of the trip; null when there is none. */
  find(tripId: string, entryId: string): Promise<HistoryEntry | null>;
  /**
   * Writes an entry again, changed: only account deletion does (a former member's name
   * and id leave the history of the trips they shared; history/domain/forgetting.ts).
   */
  rewrite(entry: HistoryEntry): Promise<void>;
  /** Removes a trip's whole history: it goes with the trip when the trip is purged. */
  removeTrip(tripId: string): Promise<void>;
}

/** Whether seq `a` was appended before `b`. */
export const seqBefore = (a: HistoryEntry['seq'], b: HistoryEntry['seq']): boolean =>
  a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** Newest first. */
export const newestFirst = (a: HistoryEntry, b: HistoryEntry): number =>
  seqBefore(a.seq, b.seq) ? 1 : seqBefore(b.seq, a.seq) ? -1 : 0;

/** Which entries a page keeps: by whom (a user id), about which window (an id); absent: any. */
export interface HistoryFilter {
  actorId?: string;
  windowId?: string;
}

/**
 * The windows an entry is about: its target when a window, every window a change's field
 * lies in (`windows.<id>` or below it: its items and prices) and every window voted on
 * (`votes.<id>`). Stored beside each entry (`window_ids`) so both adapters filter on a
 * plain field.
 */
export function windowsOfEntry(entry: HistoryEntry): string[] {
  const ids = new Set<string>();
  if (entry.target.kind === 'window') ids.add(entry.target.id);
  for (const change of entry.changes) {
    const match = /^(?:windows|votes)\.([^.]+)/.exec(change.field);
    if (match) ids.add(match[1]);
  }
  return [...ids];
}

/**
 * An entry as both adapters store it: its JSON (a field left undefined is absent, never a
 * stored null: MongoDB's driver would write one), with the windows it is about, to
 * filter on.
 */
export const storedEntry = (entry: HistoryEntry): HistoryEntry & { window_ids: string[] } =>
  JSON.parse(JSON.stringify({ ...entry, window_ids: windowsOfEntry(entry) }));
