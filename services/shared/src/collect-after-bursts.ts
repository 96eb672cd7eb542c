// Every process starts with 128 MB of old space before its first full collection
// (docs/adr/0050-old-space-128.md): under steady load that keeps full GCs out of p99.
// The price shows after a burst of long-lived connections ends at once — 1,000 live
// streams whose clients lose their network together: their garbage (~27 KB a stream in
// the gateway) stays on a heap that is nowhere near its limit, so no collection comes and
// resident memory stays ~45 MB up for as long as the process is quiet. V8 gets no signal
// that such a moment is a good time to collect, so the process gives it one: once a burst
// of connections has ended and no more end for a short while, it asks for a full
// collection, and one more a second later (the first frees the objects, the second
// compacts what is left and gives the emptied pages back) — a pause of a few tens of
// milliseconds, once per burst, at a moment when the process has just gone quiet.
// It needs `--expose-gc` (in `config.nodeFlags` and the image's CMD); without it (a test
// runner, a process started by hand) nothing happens. V8's own option object
// (`gc({ type: 'major' })`) collected nothing measurable on Node 20; the plain call does.
// docs/adr/0060-collect-after-bursts.md has the measurements.

/** V8's gc extension, present with --expose-gc: a full, synchronous collection. */
type GcExtension = () => void;

export interface BurstCollectorOptions {
  /** Ended connections that make a burst worth a collection. */
  burst?: number;
  /** How long no connection has ended before collecting (a burst's tail ends first). */
  quietMs?: number;
  /** What collecting does; a full collection when gc is exposed, else nothing. */
  collect?: () => void;
}

export interface BurstCollector {
  /** One long-lived connection (a live stream) ended. */
  ended(): void;
  /** Stops the pending wait (shutdown). */
  stop(): void;
}

const exposedGc = (): GcExtension | undefined => (globalThis as { gc?: GcExtension }).gc;

export const majorCollection = (): void => exposedGc()?.();

/** Between the collection that frees a burst's garbage and the one that compacts the rest. */
const FOLLOW_UP_MS = 1000;

/** Asks for a collection (and its follow-up) after each burst of `burst` or more ended connections, once they stop ending. */
export function collectAfterBursts(options: BurstCollectorOptions = {}): BurstCollector {
  const { burst = 100, quietMs = 2000, collect = majorCollection } = options;
  let endedSinceCollection = 0;
  let timer: NodeJS.Timeout | undefined;
  const settle = () => {
    timer = undefined;
    if (endedSinceCollection < burst) return;
    endedSinceCollection = 0;
    collect();
    timer = setTimeout(() => {
      timer = undefined;
      collect();
    }, FOLLOW_UP_MS);
    timer.unref();
  };
  return {
    ended() {
      endedSinceCollection++;
      if (endedSinceCollection < burst) return;
      // Each end pushes the collection back: it comes once the burst is over.
      if (timer) clearTimeout(timer);
      timer = setTimeout(settle, quietMs);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
