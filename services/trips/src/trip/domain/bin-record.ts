// What was deleted from a trip, kept 30 days so it can be restored (history/domain/bin.ts
// makes the records from history's removals and restores from them). A record holds no
// value of its own: what it restores is the removal's history entry (`entry_id`), the
// one copy of what was deleted as it was. Purging a record ends its restoring; the
// history entry stays, as every entry does (docs/privacy.md).

export type BinKind = 'window' | 'item';

export interface BinRecord {
  /** `<entry_id>:<thing_id>`: the same removal settled again makes the same record. */
  _id: string;
  trip_id: string;
  /** The trip's owner: an account deletion empties the bin of the trips they own. */
  owner_id: string;
  kind: BinKind;
  /** The window's or item's id, which a restore gives back. */
  thing_id: string;
  /** The item's window. */
  window_id?: string;
  name: string;
  /** When it was deleted (the entry's `at`, ISO). */
  deleted_at: string;
  deleted_by: { user_id: string | null; name: string };
  /** The history entry of the removal. */
  entry_id: string;
  /** That entry's order, so a restore can ask what changed since (a new trip currency). */
  entry_seq: [number, number];
}

/**
 * The bin's order, newest first: by when it was deleted, then by id (records of one removal
 * share their time), so both adapters list alike.
 */
export function binNewestFirst(a: BinRecord, b: BinRecord): number {
  if (a.deleted_at !== b.deleted_at) return a.deleted_at < b.deleted_at ? 1 : -1;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

/** A record as both adapters store it: its JSON (an undefined field absent, never a stored null). */
export const storedRecord = (record: BinRecord): BinRecord => JSON.parse(JSON.stringify(record));

/** The bin's store, beside the trips and their history; both adapters are proven alike by one contract suite. */
export interface BinStore {
  /** Stores records; one already stored (same _id) is left as it is. */
  add(records: readonly BinRecord[]): Promise<void>;
  /** The trip's bin, newest first (binNewestFirst). */
  list(tripId: string): Promise<BinRecord[]>;
  /** One record of the trip; null when there is none. */
  find(tripId: string, id: string): Promise<BinRecord | null>;
  /** Forgets the trip's records of these things (they are back). */
  removeThings(tripId: string, thingIds: readonly string[]): Promise<void>;
  /** Removes a trip's whole bin: it goes with the trip. */
  removeTrip(tripId: string): Promise<void>;
  /** Removes every record deleted before `cutoff` (ISO); how many went. */
  purgeBefore(cutoff: string): Promise<number>;
  /** An account deletion: the records of what they deleted and of the trips they own go at once. */
  forgetUser(userId: string): Promise<void>;
}
