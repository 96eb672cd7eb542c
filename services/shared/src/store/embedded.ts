// The embedded, file-backed document store used when MONGO_URL is not set: one
// NeDB datafile per collection under <DATA_DIR>/<service>. NeDB appends every write
// to its file and replays it on start; we compact on open and every 10 minutes.
//
// Copies: NeDB hands out deep copies from find/findOne and copies documents on
// insert and update, so stores return its answers as they are (no second copy).
//
// Atomicity: a service's embedded store is owned by exactly one process, and each
// collection runs its read-modify-write changes through `exclusive`, an in-process
// queue, so a multi-field change is applied as one step just like a single-document
// update on MongoDB.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Datastore from '@seald-io/nedb';

export interface EmbeddedIndex {
  fieldName: string | string[];
  unique?: boolean;
  sparse?: boolean;
}

export interface EmbeddedCollection<T extends { _id: string }> {
  db: Datastore<T>;
  /** Runs `work` with no other `exclusive` work of this collection interleaved. */
  exclusive<R>(work: () => Promise<R>): Promise<R>;
  /**
   * The stored documents whose indexed `field` equals `value`, without NeDB's deep
   * copies: for hot reads of a few fields (a list's ids and versions). `read` must
   * neither change the documents nor keep them beyond the call.
   */
  peekIndexed<R>(field: string, value: unknown, read: (docs: readonly Readonly<T>[]) => R): R;
  /**
   * Rewrites the datafile shortly (once for a burst of calls): a purged document —
   * a deleted trip or list — is then gone from disk, not only marked deleted.
   */
  compactSoon(): void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const COMPACTION_INTERVAL_MS = 10 * 60 * 1000;
/** How long compactSoon waits for more deletions of the same burst (an account's trips). */
const COMPACT_SOON_MS = 1000;

export function embeddedDir(dataDir: string, service: string): string {
  const dir = join(dataDir, service);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function openEmbeddedCollection<T extends { _id: string }>(
  dir: string,
  name: string,
  indexes: EmbeddedIndex[] = [],
): Promise<EmbeddedCollection<T>> {
  const db = new Datastore<T>({ filename: join(dir, `${name}.db`), timestampData: false });
  await db.loadDatabaseAsync();
  for (const index of indexes) await db.ensureIndexAsync(index);
  await db.compactDatafileAsync();
  db.setAutocompactionInterval(COMPACTION_INTERVAL_MS);

  let tail: Promise<unknown> = Promise.resolve();
  let compaction: NodeJS.Timeout | undefined;
  const exclusive = <R>(work: () => Promise<R>): Promise<R> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  return {
    db,
    exclusive,
    compactSoon() {
      if (compaction) return;
      compaction = setTimeout(() => {
        compaction = undefined;
        void exclusive(() => db.compactDatafileAsync()).catch(() => undefined); // the 10-minute one follows
      }, COMPACT_SOON_MS);
      compaction.unref();
    },
    peekIndexed(field, value, read) {
      const index = (db as unknown as { indexes: Record<string, { getMatching(v: unknown): T[] } | undefined> })
        .indexes[field];
      if (!index) throw new Error(`no embedded index on ${field}`);
      return read(index.getMatching(value));
    },
    async ping() {
      await db.countAsync({});
    },
    async close() {
      clearTimeout(compaction); // close compacts anyway
      db.stopAutocompaction();
      await tail;
      await db.compactDatafileAsync();
    },
  };
}
