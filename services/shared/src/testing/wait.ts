// Waiting in tests without sleeping: a test waits for the condition it needs, with a
// deadline far above any normal latency, so a loaded machine is slower but never red.
import { setTimeout as delay } from 'node:timers/promises';

export interface EventuallyOptions {
  /** How long to keep trying; generous, because a CPU hog can slow everything tenfold. */
  timeoutMs?: number;
  /** Pause between attempts (the poll interval, not a synchronisation). */
  intervalMs?: number;
  /** Named in the error when the deadline passes. */
  what?: string;
}

/**
 * Calls `check` until it neither throws nor returns `false`, and returns its value: a
 * predicate (`() => seen.length > 0`) or an assertion (`async () => expect(...)`) both
 * work. After the deadline it fails with the check's last error, so the message says
 * what was still wrong.
 */
export async function eventually<T>(check: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 20, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let lastError: unknown;
    try {
      const value = await check();
      if (value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw lastError instanceof Error ? lastError : new Error(`${what} was not met within ${timeoutMs} ms`);
    }
    await delay(intervalMs);
  }
}

/**
 * Fails when `work` has not settled after `limitMs`: a hang detector for "fails fast
 * instead of queueing forever" behaviour, not a speed measurement (benches under bench/
 * measure speed). The limit is set many times above the normal time.
 */
export async function settlesWithin<T>(work: Promise<T>, limitMs: number, what: string): Promise<T> {
  const abort = new AbortController();
  const hang = delay(limitMs, undefined, { signal: abort.signal, ref: false }).then(
    () => Promise.reject(new Error(`${what} did not settle within ${limitMs} ms: it hangs`)),
    () => undefined as never,
  );
  try {
    return await Promise.race([work, hang]);
  } finally {
    abort.abort();
  }
}

/** Resolves once Date.now() has moved past `since`, for rules that compare whole milliseconds. */
export async function clockPast(since = Date.now()): Promise<void> {
  while (Date.now() <= since) await new Promise((resolve) => setImmediate(resolve));
}
