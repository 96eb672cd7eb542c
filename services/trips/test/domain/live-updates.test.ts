// The live-updates hub over an in-memory change log: the shared reader fans each entry
// out once to every follower, a follower joining from further back while the reader
// is mid-read gets every entry it lacks in order (and nobody gets one twice), and a
// membership change re-checks access.
import { silentLogger } from '@tripcost/shared/testing';
import {
  BAD_LAST_EVENT_ID,
  compareEntryIds,
  createLiveUpdates,
  type ChangeEntry,
  type ChangeLog,
  type LiveMessage,
  type OpenStream,
  type StreamCounts,
  type TripChange,
  TOO_MANY_ON_TRIP,
  TOO_MANY_STREAMS,
} from '../../src/live';

/**
 * A change log in memory. Like the Redis one, a wake is never lost (it ends the next
 * read at once if no read is waiting). `holdSince` keeps a look-up's answer (taken when
 * it was asked) from returning until the test releases it: a reply still on its way.
 */
function memoryLog() {
  const logs = new Map<string, ChangeEntry[]>();
  let seq = 0;
  let woken = false;
  let wake: (() => void) | undefined;
  let held: Promise<void> | undefined;
  const nudge = () => {
    woken = true;
    wake?.();
  };
  const after = (tripId: string, id: string) =>
    (logs.get(tripId) ?? []).filter((entry) => compareEntryIds(entry.id, id) > 0);
  const answer = (cursors: ReadonlyMap<string, string>) =>
    [...cursors]
      .map(([tripId, id]) => [tripId, after(tripId, id)] as [string, ChangeEntry[]])
      .filter(([, entries]) => entries.length > 0);
  const log: ChangeLog = {
    async append(tripId, change) {
      const entry = { id: `1000-${++seq}`, change };
      logs.set(tripId, [...(logs.get(tripId) ?? []), entry]);
      nudge();
      return entry.id;
    },
    async since(tripId, afterId) {
      const entries = logs.get(tripId) ?? [];
      const found = entries.some((entry) => entry.id === afterId) ? after(tripId, afterId) : null;
      if (held) await held;
      return found;
    },
    async lastId(tripId) {
      return logs.get(tripId)?.at(-1)?.id ?? '0-0';
    },
    async readAfter(cursors, blockMs) {
      if (answer(cursors).length === 0 && !woken) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, blockMs);
        });
        clearTimeout(timer);
      }
      woken = false;
      wake = undefined;
      return answer(cursors);
    },
    async wake() {
      nudge();
    },
    async close() {
      nudge();
    },
  };
  return {
    log,
    holdSince() {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
  };
}

/** Counts nothing (the limits themselves are proven on Redis: test/store/live-streams.test.ts). */
const uncounted: StreamCounts = {
  leaseMs: 60_000,
  admit: async () => 'admitted',
  renew: async () => undefined,
  release: async () => undefined,
};

const change = (version: number, what: TripChange['what'] = 'window'): TripChange => ({
  version,
  actor_id: 'a'.repeat(24),
  actor_name: 'Ada',
  what,
});

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder() {
  const messages: LiveMessage[] = [];
  return { messages, follower: { send: (message: LiveMessage) => messages.push(message) } };
}
const versions = (messages: LiveMessage[]) =>
  messages.flatMap((message) => (message.type === 'change' ? [message.change.version] : []));

describe('live updates hub', () => {
  const members = new Set(['bo', 'cy']);
  const canRead = async (userId: string) => {
    if (!members.has(userId)) throw Object.assign(new Error('no'), { status: 403 });
  };

  it('when changes are published, then every follower of the trip gets each once, in order', async () => {
    const { log } = memoryLog();
    const live = createLiveUpdates({ log, streams: uncounted, canRead, logger: silentLogger() });
    const [bo, cy] = [recorder(), recorder()];
    await live.follow('bo', 'trip', undefined, bo.follower);
    await live.follow('cy', 'trip', undefined, cy.follower);
    for (const version of [2, 3, 4]) await live.publish('trip', change(version));
    await tick();
    expect(versions(bo.messages)).toEqual([2, 3, 4]);
    expect(versions(cy.messages)).toEqual([2, 3, 4]);
    await live.close();
  });

  it('when a follower resumes from an entry the shared read has already passed, then it gets what it lacks and nobody gets a change twice', async () => {
    const memory = memoryLog();
    const live = createLiveUpdates({ log: memory.log, streams: uncounted, canRead, logger: silentLogger() });
    const bo = recorder();
    await live.follow('bo', 'trip', undefined, bo.follower);
    const first = await memory.log.append('trip', change(2));
    await tick();
    // Cy resumes from entry 2: the log answers "nothing after it", but the answer is
    // still on its way when change 3 arrives and the shared read moves past it.
    const release = memory.holdSince();
    const cy = recorder();
    const following = live.follow('cy', 'trip', first, cy.follower);
    await tick();
    await live.publish('trip', change(3));
    await tick();
    release();
    await following;
    await tick();
    await live.publish('trip', change(4));
    await tick();
    expect(versions(bo.messages)).toEqual([2, 3, 4]);
    expect(versions(cy.messages)).toEqual([3, 4]);
    await live.close();
  });

  it('when a follower is removed from the trip, then it gets revoked and nothing after; the others get the change', async () => {
    const { log } = memoryLog();
    const live = createLiveUpdates({ log, streams: uncounted, canRead, logger: silentLogger() });
    const [bo, cy] = [recorder(), recorder()];
    await live.follow('bo', 'trip', undefined, bo.follower);
    await live.follow('cy', 'trip', undefined, cy.follower);
    members.delete('cy');
    await live.publish('trip', change(5, 'members'));
    await live.publish('trip', change(6));
    await tick();
    expect(cy.messages).toEqual([{ type: 'revoked' }]);
    expect(versions(bo.messages)).toEqual([5, 6]);
    members.add('cy');
    await live.close();
  });

  it('when Last-Event-ID is unknown to the log, then reset comes first and live changes follow', async () => {
    const { log } = memoryLog();
    const live = createLiveUpdates({ log, streams: uncounted, canRead, logger: silentLogger() });
    const bo = recorder();
    await live.follow('bo', 'trip', '999-1', bo.follower);
    await live.publish('trip', change(7));
    await tick();
    expect(bo.messages[0]).toEqual({ type: 'reset' });
    expect(versions(bo.messages)).toEqual([7]);
    await live.close();
  });

  it('when a stream starts without Last-Event-ID, then it first says the trip’s version, read after its starting point; a resumed one does not', async () => {
    const { log } = memoryLog();
    let version = 3;
    const order: string[] = [];
    const counted = { ...log, lastId: (tripId: string) => (order.push('start'), log.lastId(tripId)) };
    const versionNow = async () => (order.push('version'), version);
    const live = createLiveUpdates({ log: counted, streams: uncounted, canRead, versionNow, logger: silentLogger() });
    const bo = recorder();
    await live.follow('bo', 'trip', undefined, bo.follower);
    // Read after the stream's starting point: a change between the two is counted and sent, never lost.
    expect(order).toEqual(['start', 'version']);
    expect(bo.messages).toEqual([{ type: 'current', version: 3 }]);
    version = 4;
    await live.publish('trip', change(4));
    await tick();
    expect(versions(bo.messages)).toEqual([4]);
    const resumed = recorder();
    await live.follow('bo', 'trip', '999-1', resumed.follower);
    expect(resumed.messages).toEqual([{ type: 'reset' }]);
    // Someone who may not read the trip is refused as before, and no version is read for them.
    order.length = 0;
    await expect(live.follow('stranger', 'trip', undefined, recorder().follower)).rejects.toMatchObject({
      status: 403,
    });
    expect(order).toEqual([]);
    await live.close();
  });

  it('when Last-Event-ID is not an id the log could hold, then 400 {msg} and no stream is counted', async () => {
    const { log } = memoryLog();
    const admitted: OpenStream[] = [];
    const streams: StreamCounts = { ...uncounted, admit: async (stream) => (admitted.push(stream), 'admitted') };
    const live = createLiveUpdates({ log, streams, canRead, logger: silentLogger() });
    for (const id of [
      '99999999999999999999-0',
      '18446744073709551616-0',
      '1-18446744073709551616',
      'abc',
      '1-',
      '-1',
    ]) {
      await expect(live.follow('bo', 'trip', id, recorder().follower)).rejects.toMatchObject({
        status: 400,
        message: BAD_LAST_EVENT_ID,
      });
    }
    // The largest ids Redis takes are fine: nothing after them, so the client starts over.
    const bo = recorder();
    await live.follow('bo', 'trip', '18446744073709551615-18446744073709551615', bo.follower);
    expect(bo.messages).toEqual([{ type: 'reset' }]);
    expect(admitted).toHaveLength(1);
    await live.close();
  });

  it('when the counts say the user has too many streams, then 429 in words naming why; a stream that stops is released once', async () => {
    const { log } = memoryLog();
    const released: OpenStream[] = [];
    let answer: 'admitted' | 'trip-full' | 'user-full' = 'trip-full';
    const streams: StreamCounts = {
      ...uncounted,
      admit: async () => answer,
      release: async (stream) => void released.push(stream),
    };
    const live = createLiveUpdates({ log, streams, canRead, logger: silentLogger() });
    await expect(live.follow('bo', 'trip', undefined, recorder().follower)).rejects.toMatchObject({
      status: 429,
      message: TOO_MANY_ON_TRIP,
    });
    answer = 'user-full';
    await expect(live.follow('bo', 'trip', undefined, recorder().follower)).rejects.toMatchObject({
      status: 429,
      message: TOO_MANY_STREAMS,
    });
    expect(live.followers()).toBe(0);
    answer = 'admitted';
    const following = await live.follow('bo', 'trip', undefined, recorder().follower);
    expect(live.followers()).toBe(1);
    following.stop();
    following.stop();
    expect(live.followers()).toBe(0);
    expect(released).toEqual([expect.objectContaining({ userId: 'bo', tripId: 'trip' })]);
    await live.close();
  });
});
