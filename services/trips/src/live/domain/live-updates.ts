// Live updates (docs/adr/0041-live-updates.md): every committed change of a trip is
// appended to that trip's change log (a Redis Stream, store/change-log.ts), and each
// member following the trip gets it as an event. One reader per process follows the
// logs of every trip someone here follows; each follower keeps the id of the last
// entry it got, so a resumed stream (Last-Event-ID) replays what it missed and an
// entry is never delivered twice. A change of the members re-checks the follower's
// access with the one access rule (sharing.ts): removed → `revoked`, and the stream ends.
// Open streams are bounded per user, per trip and in all, counted across replicas
// (docs/adr/0053-bounded-live-streams.md).
import { AppError, badRequest, newId, serviceUnavailable, type Logger } from '@tripcost/shared';
import { compareEntryIds, parseEntryId } from './entry-ids';

/** What changed, for the client to refetch (it may refetch everything); a private 'limit' is never published. */
type ContentChange = 'trip' | 'window' | 'item' | 'vote' | 'commit' | 'prices' | 'payments' | 'limit';
export type ChangeKind = ContentChange | 'members' | 'invites' | 'deleted';

/** One committed change of a trip, as followers receive it. */
export interface TripChange {
  /** The trip's version after the change (votes do not change it). */
  version: number;
  actor_id: string;
  actor_name: string;
  what: ChangeKind;
}

export interface ChangeEntry {
  /** The log's id of the entry (`<ms>-<seq>`): the event id a client resumes from. */
  id: string;
  change: TripChange;
}

/** How long a trip's log keeps its entries: what a reconnecting client can resume within. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** The port of the change log (one log per trip); the adapter only stores and reads. */
export interface ChangeLog {
  /** Appends the change (dropping entries older than REPLAY_WINDOW_MS); the new entry's id. */
  append(tripId: string, change: TripChange): Promise<string>;
  /**
   * The entries after `afterId`, oldest first, or null when the log no longer holds
   * `afterId` itself (trimmed, expired or never there): what came between is unknown.
   */
  since(tripId: string, afterId: string): Promise<ChangeEntry[] | null>;
  /** The newest entry's id; '0-0' for an empty log. */
  lastId(tripId: string): Promise<string>;
  /**
   * Waits up to `blockMs` for entries after the given ids in any of these logs; an
   * empty answer on timeout or when woken.
   */
  readAfter(cursors: ReadonlyMap<string, string>, blockMs: number): Promise<Array<[string, ChangeEntry[]]>>;
  /** Ends a readAfter in progress (or the next one) at once: the cursors changed. */
  wake(): Promise<void>;
  close(): Promise<void>;
}

/** One open stream, as the shared counts know it. */
export interface OpenStream {
  userId: string;
  tripId: string;
  /** Unique per stream (a user may follow one trip from several tabs and devices). */
  id: string;
}

/** At most this many open streams per user on one trip (tabs, windows and devices together)… */
export const STREAMS_PER_TRIP = 10;
/** …and this many per user in all, whichever replicas serve them. */
export const STREAMS_PER_USER = 30;

export type Admission = 'admitted' | 'trip-full' | 'user-full';

/**
 * The port of the open-stream counts, shared by every replica (store/live-streams.ts).
 * A stream is counted for `leaseMs` after it was admitted or last renewed, so the
 * streams of a replica that died without releasing them stop counting on their own.
 */
export interface StreamCounts {
  readonly leaseMs: number;
  /** Counts the stream in, unless the user already has the most allowed (on its trip, or in all). */
  admit(stream: OpenStream, limits: { perTrip: number; perUser: number }): Promise<Admission>;
  /** Keeps these open streams counted for another lease (ones released meanwhile stay released). */
  renew(streams: readonly OpenStream[]): Promise<void>;
  release(stream: OpenStream): Promise<void>;
}

export const TOO_MANY_ON_TRIP =
  'Too many live connections to this trip. Close some of the tabs or windows where it is open and try again.';
export const TOO_MANY_STREAMS =
  'Too many live connections to your trips. Close some TripCost tabs or windows and try again.';
export const BAD_LAST_EVENT_ID =
  'Last-Event-ID must be the id of an event of this stream (<milliseconds>-<sequence>); leave it out to start from now.';

/** What a follower is sent. */
export type LiveMessage =
  | { type: 'change'; id: string; change: TripChange }
  /** The client's Last-Event-ID is older than the log: it must refetch everything. */
  | { type: 'reset' }
  /** The follower is no longer a member (removed, left, trip deleted): the stream ends. */
  | { type: 'revoked' }
  /**
   * A stream started from now: the trip's version as it starts. A client that read the
   * trip before an older version refetches: a change made between its read and the
   * stream's start is not in the stream (ADR 0065).
   */
  | { type: 'current'; version: number };

export interface Follower {
  /** Sends one message; `revoked` is the last. */
  send(message: LiveMessage): void;
}

export interface Following {
  /** Stops following (the client went away, or the server is shutting down). */
  stop(): void;
}

export interface LiveUpdates {
  /** Records a committed change; never throws (a lost live event costs a refetch, not the change). */
  publish(tripId: string, change: TripChange): Promise<void>;
  /**
   * Starts following a trip the user may read (throws the access rule's 403/404
   * otherwise): first what came after `lastEventId`, then live changes.
   */
  follow(userId: string, tripId: string, lastEventId: string | undefined, follower: Follower): Promise<Following>;
  /** How many streams this process follows now (released ones are not counted). */
  followers(): number;
  close(): Promise<void>;
}

/** The one access rule, as the live updates need it: throws (403/404) when the user may not read the trip. */
export type ReadAccess = (userId: string, tripId: string) => Promise<void>;
/** The trip's version as the user may read it now (the same access rule). */
export type VersionNow = (userId: string, tripId: string) => Promise<number>;

export const LIVE_UNAVAILABLE = 'Live updates are unavailable right now. Please try again shortly.';

/** Changes after which a follower's access is checked again. */
const ACCESS_CHANGES = new Set<ChangeKind>(['members', 'deleted']);
/** A blocking read returns at least this often, so a stopped follower's trip leaves the read. */
const BLOCK_MS = 10_000;

export { compareEntryIds, parseEntryId } from './entry-ids';

interface Subscriber {
  userId: string;
  tripId: string;
  /** Its entry in the shared counts. */
  stream: OpenStream;
  follower: Follower;
  /** The last entry sent: anything at or before it is not sent again. */
  lastId: string;
  /** Deliveries in order (an access check is asynchronous). */
  queue: Promise<void>;
  stopped: boolean;
}

export interface LiveUpdatesDeps {
  log: ChangeLog;
  streams: StreamCounts;
  canRead: ReadAccess;
  /** Read after a fresh stream's starting point, so no change falls between the two (none: no `current`). */
  versionNow?: VersionNow;
  logger: Logger;
}

/** What this process follows: shared by the open streams' bookkeeping and the shared read. */
interface Followed {
  /** Per followed trip: its followers here. */
  followers: Map<string, Set<Subscriber>>;
  /** Per followed trip: the id the shared read continues after. */
  cursors: Map<string, string>;
}

const isRefusal = (error: unknown) => {
  const status = (error as { status?: number })?.status;
  return status === 403 || status === 404;
};

/** The use cases; openStreams and sharedRead are apart only to keep each function short (all share Followed). */
export function createLiveUpdates(deps: LiveUpdatesDeps): LiveUpdates {
  const { log, streams, logger } = deps;
  const followed: Followed = { followers: new Map(), cursors: new Map() };
  const { followers } = followed;
  const open = openStreams(streams, logger, followed);
  const reader = sharedRead(deps, followed, open.stopFollowing);

  return {
    async publish(tripId, change) {
      try {
        await log.append(tripId, change);
      } catch (error) {
        logger.warn({ err: error, tripId }, 'live updates: change not recorded');
      }
    },

    async follow(userId, tripId, lastEventId, follower) {
      await deps.canRead(userId, tripId);
      // An id no stream ever gave is the client's mistake (Redis would refuse it: never a 5xx).
      if (lastEventId !== undefined && !parseEntryId(lastEventId)) {
        throw badRequest(BAD_LAST_EVENT_ID, 'bad_last_event_id');
      }
      const stream: OpenStream = { userId, tripId, id: newId() };
      const unavailable = (error: unknown, what: string) => {
        logger.warn({ err: error, tripId }, what);
        return serviceUnavailable(LIVE_UNAVAILABLE, 'live_unavailable');
      };
      let admission: Admission;
      try {
        admission = await streams.admit(stream, { perTrip: STREAMS_PER_TRIP, perUser: STREAMS_PER_USER });
      } catch (error) {
        throw unavailable(error, 'live updates: open streams uncountable');
      }
      if (admission !== 'admitted') {
        throw new AppError(429, admission === 'trip-full' ? TOO_MANY_ON_TRIP : TOO_MANY_STREAMS, 'too_many_streams');
      }
      // Where to start, read before anything is sent: without the log, a 503 the client retries.
      let missed: ChangeEntry[] | null;
      let from: string;
      let current: number | undefined;
      try {
        missed = lastEventId ? await log.since(tripId, lastEventId) : null;
        from = missed ? (missed.at(-1)?.id ?? lastEventId!) : await log.lastId(tripId);
      } catch (error) {
        open.release(stream);
        throw unavailable(error, 'live updates: change log unreadable');
      }
      try {
        // After the starting point: a change between the two is both counted here and sent.
        if (lastEventId === undefined) current = await deps.versionNow?.(userId, tripId);
      } catch (error) {
        open.release(stream);
        throw error; // the access rule's own answer (403/404), or the store's
      }
      if (missed) for (const entry of missed) follower.send({ type: 'change', id: entry.id, change: entry.change });
      else if (lastEventId !== undefined) follower.send({ type: 'reset' });
      if (current !== undefined) follower.send({ type: 'current', version: current });
      const subscriber: Subscriber = {
        userId,
        tripId,
        stream,
        follower,
        lastId: from,
        queue: Promise.resolve(),
        stopped: false,
      };
      if (!followers.has(tripId)) followers.set(tripId, new Set());
      followers.get(tripId)!.add(subscriber);
      reader.track(tripId, from);
      return { stop: () => open.stopFollowing(subscriber) };
    },

    followers() {
      let count = 0;
      for (const set of followers.values()) count += set.size;
      return count;
    },

    async close() {
      reader.stop();
      await open.close();
      await log.close();
      await reader.finished();
    },
  };
}

/** The open streams' bookkeeping: counted in the shared counts while followed here, released when stopped. */
function openStreams(streams: StreamCounts, logger: Logger, { followers, cursors }: Followed) {
  /** Releases still on their way to the counts: close() waits for them. */
  const releasing = new Set<Promise<void>>();

  function release(stream: OpenStream): void {
    const released = streams
      .release(stream)
      .catch((error) => logger.warn({ err: error, tripId: stream.tripId }, 'live updates: stream not released'))
      .finally(() => releasing.delete(released));
    releasing.add(released);
  }

  function stopFollowing(subscriber: Subscriber): void {
    if (subscriber.stopped) return;
    subscriber.stopped = true;
    release(subscriber.stream);
    const set = followers.get(subscriber.tripId);
    set?.delete(subscriber);
    if (set && set.size === 0) {
      followers.delete(subscriber.tripId);
      cursors.delete(subscriber.tripId);
    }
  }

  // Every open stream here stays counted while this process lives: renewed three times
  // per lease, so one late renewal never lets a stream lapse.
  const renewal = setInterval(() => {
    const open = [...followers.values()].flatMap((set) => [...set].map((subscriber) => subscriber.stream));
    if (open.length === 0) return;
    streams.renew(open).catch((error) => logger.warn({ err: error }, 'live updates: open streams not renewed'));
  }, streams.leaseMs / 3);
  renewal.unref();

  return {
    release,
    stopFollowing,
    /** Stops every follower here (the service is closing) and waits for their releases. */
    async close() {
      clearInterval(renewal);
      for (const set of [...followers.values()]) for (const subscriber of [...set]) stopFollowing(subscriber);
      followers.clear();
      cursors.clear();
      await Promise.all(releasing);
    },
  };
}

/** The one shared read of every followed trip's log, delivering each entry to the trip's followers in order. */
function sharedRead(
  { log, logger, canRead }: Pick<LiveUpdatesDeps, 'log' | 'logger' | 'canRead'>,
  { followers, cursors }: Followed,
  stopFollowing: (subscriber: Subscriber) => void,
) {
  let closed = false;
  let wakeReader: (() => void) | undefined;
  let reading: Promise<void> | undefined;

  function deliver(subscriber: Subscriber, entry: ChangeEntry): void {
    if (subscriber.stopped || compareEntryIds(entry.id, subscriber.lastId) <= 0) return;
    subscriber.lastId = entry.id;
    subscriber.queue = subscriber.queue.then(async () => {
      if (subscriber.stopped) return;
      if (ACCESS_CHANGES.has(entry.change.what)) {
        try {
          await canRead(subscriber.userId, subscriber.tripId);
        } catch (error) {
          if (isRefusal(error)) {
            stopFollowing(subscriber);
            return subscriber.follower.send({ type: 'revoked' });
          }
          // The store is unreachable: the change still goes out; the refetch it causes tells.
          logger.warn({ err: error, tripId: subscriber.tripId }, 'live updates: access re-check failed');
        }
      }
      subscriber.follower.send({ type: 'change', id: entry.id, change: entry.change });
    });
  }

  /** Follows every followed trip's log, one blocking read at a time. */
  async function readLoop(): Promise<void> {
    let failures = 0;
    while (!closed) {
      if (cursors.size === 0) {
        await new Promise<void>((resolve) => (wakeReader = resolve));
        wakeReader = undefined;
        continue;
      }
      let batches: Array<[string, ChangeEntry[]]>;
      const readFrom = new Map(cursors);
      try {
        batches = await log.readAfter(readFrom, BLOCK_MS);
        failures = 0;
      } catch (error) {
        if (closed) return;
        if (failures++ === 0) logger.warn({ err: error }, 'live updates: reading the change logs failed');
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * failures, 2000)));
        continue;
      }
      for (const [tripId, entries] of batches) {
        const set = followers.get(tripId);
        if (!set || entries.length === 0) continue;
        const start = readFrom.get(tripId)!;
        // A follower that joined during the read from further back moved the cursor
        // back: it stays there, and the next read brings that follower what it lacks.
        if (cursors.get(tripId) === start) cursors.set(tripId, entries[entries.length - 1].id);
        // Only followers that had everything up to where this read started get its
        // entries (the others get them, in order, from the next read).
        const current = [...set].filter((subscriber) => compareEntryIds(subscriber.lastId, start) >= 0);
        for (const entry of entries) for (const subscriber of current) deliver(subscriber, entry);
      }
    }
  }

  /** Makes the shared read include `tripId` from `afterId` on (earlier if a new follower needs it). */
  function track(tripId: string, afterId: string): void {
    const current = cursors.get(tripId);
    if (current !== undefined && compareEntryIds(afterId, current) >= 0) return;
    cursors.set(tripId, afterId);
    reading ??= readLoop().catch((error) => logger.error({ err: error }, 'live updates: reader stopped'));
    if (wakeReader) wakeReader();
    else void log.wake().catch((error) => logger.warn({ err: error }, 'live updates: wake failed'));
  }

  return {
    track,
    /** Ends the read: at once when it waits for a trip to follow, else when its blocking read returns. */
    stop() {
      closed = true;
      wakeReader?.();
    },
    /** Resolves when the read has ended. */
    finished: () => reading,
  };
}
