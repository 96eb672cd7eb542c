// Optimistic concurrency for documents that carry a `version`: a change reads the
// document, applies a pure rule from the domain, and writes it back only if nobody
// wrote in between (compare-and-swap on the version). Within one process, changes to
// the same document are queued so they do not needlessly conflict; across replicas
// the compare-and-swap decides, with a bounded number of retries, then 409.
// ETags are the version, so clients can send `If-Match` and get 412 when stale.
// A change that changes nothing is not a change: nothing is written, the version
// stays, and a stale `If-Match` does not matter (docs/adr/0054-writes-that-change-nothing.md).
import { AppError } from './errors';

export interface Versioned {
  /** Incremented by every change; documents written before versions existed read as 0. */
  version?: number;
}

export const versionOf = (doc: Versioned): number => doc.version ?? 0;

/** The strong ETag of a document version, e.g. `"7"`. */
export const etagOf = (doc: Versioned): string => `"${versionOf(doc)}"`;

/**
 * Whether an `If-Match` header allows changing a document at this version: absent or
 * `*` always does; otherwise one of the listed tags must name the version. Weak tags
 * (`W/"7"`) are compared by their value, as a client that only saw a weak tag meant it.
 */
export function ifMatchAllows(header: string | undefined, doc: Versioned): boolean {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return true;
  const current = String(versionOf(doc));
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '') === current);
}

/** Runs async work one at a time per key (other keys run freely); the map never grows unbounded. */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

/**
 * Whether two documents hold the same content as they would be stored: plain data
 * compared by value, a key whose value is `undefined` counting as absent (as when
 * stored), key order ignored, and the top-level keys in `ignored` (e.g. the time of
 * the change) skipped.
 */
export function sameDocument(a: object, b: object, ignored: ReadonlySet<string> = new Set()): boolean {
  return sameValue(a, b, ignored);
}

function sameValue(a: unknown, b: unknown, ignored?: ReadonlySet<string>): boolean {
  if (Object.is(a, b) || (a === 0 && b === 0)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, index) => sameValue(value, other[index]));
  }
  const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = (record: Record<string, unknown>) =>
    Object.keys(record).filter((key) => record[key] !== undefined && !ignored?.has(key));
  const leftKeys = keys(left);
  if (leftKeys.length !== keys(right).length) return false;
  return leftKeys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
}

export interface VersionedChangeOptions<D extends Versioned> {
  /** Reads the current document; throws the caller's 403/404 when it may not be changed. */
  read: () => Promise<D>;
  /**
   * The domain rule: the document after the change (its version is set here), or the
   * very same object when the change is a no-op (nothing is written), or throws an AppError.
   */
  apply: (current: D) => D;
  /** Compare-and-swap: writes `next` only if the stored version is still `expectedVersion`. */
  write: (next: D, expectedVersion: number) => Promise<boolean>;
  /**
   * The client's `If-Match`, when it sent one. Stale, it refuses a change (412), not
   * a no-op: the client already has what it asked for.
   */
  ifMatch?: string;
  attempts?: number;
  /** The pause before attempt `attempt` (2 = the first retry) after a lost compare-and-swap; none when absent. */
  pauseMs?: (attempt: number) => number;
}

export const STALE_VERSION_MESSAGE = 'This trip changed elsewhere. Reload it to see the latest version.';
export const CONFLICT_MESSAGE = 'The change collided with another one at the same time. Please try again.';

/** Applies one change with compare-and-swap and bounded retries; answers the document as written. */
export async function changeVersioned<D extends Versioned>(
  options: VersionedChangeOptions<D>,
  messages: { stale?: string; conflict?: string } = {},
): Promise<D> {
  const attempts = options.attempts ?? 5;
  const stale = () => new AppError(412, messages.stale ?? STALE_VERSION_MESSAGE, 'stale_version');
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const pause = attempt > 1 ? (options.pauseMs?.(attempt) ?? 0) : 0;
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    const current = await options.read();
    const allowed = ifMatchAllows(options.ifMatch, current);
    const expected = versionOf(current);
    let applied: D;
    try {
      applied = options.apply(current);
    } catch (error) {
      // Refused by a rule on a version the client has not seen: what it saw is stale.
      if (!allowed) throw stale();
      throw error;
    }
    if (applied === current) return current;
    if (!allowed) throw stale();
    const next = { ...applied, version: expected + 1 };
    if (await options.write(next, expected)) return next;
  }
  throw new AppError(409, messages.conflict ?? CONFLICT_MESSAGE, 'conflict');
}
