// The live-updates client against a fake fetch stream: events parsed across chunk
// boundaries (heartbeats skipped), a dropped stream reopened with Last-Event-ID after a
// growing pause, a refused token renewed, `revoked` ending it, and what each event does
// to a tab (my own change ignored, another member's refetched with a note).
import { waitFor } from '@testing-library/react';
import { installFakeApi } from '../../../../test/fakeApi';
import { trip } from '../../../../test/fixtures';
import { ME } from '../../../../test/render';
import { makeStore } from '../../../app/store';
import { tripsApi } from '../../trips/api';
import { effectOf, tagsOf } from '../../saving/live';
import { followTrip } from './client';
import { followSharedStream } from './tabs';
import { retryDelay, runLiveStream, tokenExpiry, type LiveEvent, type LiveOptions } from './stream';

const URL = 'http://localhost/api/trips/getaway/t1/events';
const encoder = new TextEncoder();

/** A text/event-stream answer that sends these chunks, then ends (or stays open). */
function streamOf(chunks: string[], { stayOpen = false } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!stayOpen) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const change = (id: string, version: number, actor = 'u-ada', name = 'Ada L', what = 'window') =>
  `id: ${id}\nevent: change\ndata: ${JSON.stringify({ version, actor_id: actor, actor_name: name, what })}\n\n`;

interface Call {
  headers: Record<string, string>;
}

/** A fake fetch answering each connection with the next response; records what each sent. */
function fakeFetch(answers: Array<Response | (() => Response)>) {
  const calls: Call[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    calls.push({ headers: init.headers as Record<string, string> });
    const next = answers.shift();
    if (!next) {
      // No more answers: hang until aborted, as an open stream does.
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    return typeof next === 'function' ? next() : next;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

function options(overrides: Partial<LiveOptions>): LiveOptions & { events: LiveEvent[]; sleeps: number[] } {
  const events: LiveEvent[] = [];
  const sleeps: number[] = [];
  return {
    url: URL,
    token: () => 'token-1',
    renew: async () => null,
    onEvent: (event) => events.push(event),
    signal: new AbortController().signal,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    events,
    sleeps,
    ...overrides,
  };
}

describe('the live stream', () => {
  it('when events arrive split across chunks with heartbeats between, then each is delivered once, whole', async () => {
    const whole = `: heartbeat\n\n${change('1-0', 4)}: heartbeat\n\nid: 2-0\nevent: reset\ndata: {}\n\n`;
    const { fetch } = fakeFetch([streamOf([whole.slice(0, 17), whole.slice(17, 60), whole.slice(60)])]);
    const abort = new AbortController();
    const run = options({ fetch, signal: abort.signal });
    run.onEvent = (event) => {
      run.events.push(event);
      if (event.type === 'reset') abort.abort();
    };
    await runLiveStream(run);
    expect(run.events).toEqual([
      {
        type: 'change',
        id: '1-0',
        change: { version: 4, actor_id: 'u-ada', actor_name: 'Ada L', what: 'window' },
      },
      { type: 'reset', id: '2-0' },
    ]);
  });

  it('when the stream drops, then it reopens after a growing pause with the last event id and my token', async () => {
    const { fetch, calls } = fakeFetch([
      streamOf([change('5-0', 2)]),
      new Response('busy', { status: 503 }),
      streamOf([change('6-0', 3), 'event: revoked\ndata: {"msg":"You were removed from this trip."}\n\n']),
    ]);
    const run = options({ fetch });
    expect(await runLiveStream(run)).toBe('revoked');
    expect(calls.map((call) => call.headers['last-event-id'])).toEqual([undefined, '5-0', '5-0']);
    expect(calls.every((call) => call.headers.authorization === 'Bearer token-1')).toBe(true);
    // The drop after a good connection waits 1 s; the 503 right after (a second failure in a row) 2 s.
    expect(run.sleeps).toEqual([1000, 2000]);
    expect(run.events.map((event) => event.type)).toEqual(['change', 'change', 'revoked']);
    expect(run.events[2]).toEqual({ type: 'revoked', msg: 'You were removed from this trip.' });
  });

  it('when I already have too many live connections (429), then nothing is shown and each time the window regains focus the trip is refetched and the stream tried again', async () => {
    const tooMany = () =>
      new Response(JSON.stringify({ msg: 'Too many live connections to this trip.' }), { status: 429 });
    const { fetch, calls } = fakeFetch([tooMany(), tooMany(), streamOf([change('5-0', 9)], { stayOpen: true })]);
    const focus: Array<() => void> = [];
    const abort = new AbortController();
    const run = options({
      fetch,
      signal: abort.signal,
      nextFocus: () => new Promise<void>((resolve) => focus.push(resolve)),
    });
    const ended = runLiveStream(run);
    const waitUntil = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    // Refused: no event (no error, no revoked note), no retry in the background.
    await waitUntil(() => focus.length === 1);
    expect(calls).toHaveLength(1);
    expect(run.events).toEqual([]);
    expect(run.sleeps).toEqual([]);
    // The window regains focus: the trip is refetched (silently) and the stream tried again, refused again.
    focus[0]!();
    await waitUntil(() => focus.length === 2);
    expect(calls).toHaveLength(2);
    expect(run.events).toEqual([{ type: 'reset' }]);
    expect(effectOf(run.events[0]!, { userId: 'u-me', version: 3 })).toEqual({
      type: 'refetch',
      what: 'everything',
      note: null,
    });
    // Focus again: a place is free now, and the stream is live.
    focus[1]!();
    await waitUntil(() => run.events.length === 3);
    expect(run.events.map((event) => event.type)).toEqual(['reset', 'reset', 'change']);
    abort.abort();
    expect(await ended).toBe('stopped');
  });

  it('when the server refuses the id I resume from (400), then the trip is refetched and the stream reopened from now', async () => {
    const { fetch, calls } = fakeFetch([
      new Response(JSON.stringify({ msg: 'Last-Event-ID must be the id of an event of this stream' }), { status: 400 }),
      streamOf([change('7-0', 3)], { stayOpen: true }),
    ]);
    const abort = new AbortController();
    const run = options({ fetch, signal: abort.signal, lastEventId: 'garbled' });
    run.onEvent = (event) => {
      run.events.push(event);
      if (event.type === 'change') abort.abort();
    };
    expect(await runLiveStream(run)).toBe('stopped');
    expect(calls.map((call) => call.headers['last-event-id'])).toEqual(['garbled', undefined]);
    expect(run.events.map((event) => event.type)).toEqual(['reset', 'change']);
  });

  it('when the pauses grow, then they double up to 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(retryDelay(0, () => 0)).toBe(800);
    expect(retryDelay(0, () => 1)).toBe(1200);
  });

  it('when the server refuses the token, then a renewed one is used; with none the stream ends as signed out', async () => {
    const { fetch, calls } = fakeFetch([new Response('', { status: 401 }), new Response('', { status: 401 })]);
    const renewed = ['token-2', null];
    const run = options({ fetch, renew: async () => renewed.shift() ?? null });
    expect(await runLiveStream(run)).toBe('signed-out');
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(run.sleeps).toEqual([1000, 2000]); // refusals in a row wait longer each time
  });

  it('when I am logged out, then no stream is opened', async () => {
    const { fetch, calls } = fakeFetch([]);
    expect(await runLiveStream(options({ fetch, token: () => null }))).toBe('signed-out');
    expect(calls).toHaveLength(0);
  });

  it('when the server answers 403, then my access ended; 404 ends the stream quietly', async () => {
    const refused = options({ fetch: fakeFetch([new Response('{}', { status: 403 })]).fetch });
    expect(await runLiveStream(refused)).toBe('revoked');
    expect(refused.events).toEqual([{ type: 'revoked', msg: 'You no longer have access to this trip.' }]);
    const gone = options({ fetch: fakeFetch([new Response('{}', { status: 404 })]).fetch });
    expect(await runLiveStream(gone)).toBe('gone');
    expect(gone.events).toEqual([]);
  });

  it('when the access token expires, then the open connection ends and reopens with a renewed token', async () => {
    jest.useFakeTimers({ now: 1_000_000_000 });
    try {
      const payload = btoa(JSON.stringify({ exp: 1_000_060 })); // seconds: 60 s from now
      const { fetch, calls } = fakeFetch([streamOf([change('9-0', 1)], { stayOpen: true })]);
      const abort = new AbortController();
      const run = options({
        fetch,
        signal: abort.signal,
        token: () => `h.${payload}.s`,
        renew: async () => 'token-2',
        now: () => Date.now(),
      });
      const ended = runLiveStream(run);
      await jest.advanceTimersByTimeAsync(59_000);
      expect(calls).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(2_000);
      expect(calls.map((call) => call.headers.authorization)).toEqual([`Bearer h.${payload}.s`, 'Bearer token-2']);
      expect(calls[1]!.headers['last-event-id']).toBe('9-0');
      abort.abort();
      expect(await ended).toBe('stopped');
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads when a token expires', () => {
    expect(tokenExpiry(`h.${btoa(JSON.stringify({ exp: 1700000000 }))}.s`)).toBe(1700000000000);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
  });
});

describe('applying an event to a tab', () => {
  const view = { userId: 'u-me', version: 7 };
  const changeBy = (actor_id: string, version: number, what: 'window' | 'members' = 'window'): LiveEvent => ({
    type: 'change',
    id: '1-0',
    change: { version, actor_id, actor_name: actor_id === 'u-me' ? 'Me' : 'Ada L', what },
  });

  it('when it is my own change this tab already shows, then nothing happens', () => {
    expect(effectOf(changeBy('u-me', 7), view)).toEqual({ type: 'none' });
    expect(tagsOf(effectOf(changeBy('u-me', 6), view), 't1')).toEqual([]);
  });

  it('when it is my change from another tab or device, then the trip is refetched without a note', () => {
    expect(effectOf(changeBy('u-me', 8), view)).toEqual({ type: 'refetch', what: 'trip', note: null });
  });

  it('when another member changed the trip, then it is refetched and the note names them', () => {
    const effect = effectOf(changeBy('u-ada', 8), view);
    expect(effect).toEqual({ type: 'refetch', what: 'trip', note: 'Updated by Ada L just now' });
    expect(tagsOf(effect, 't1')).toEqual([
      { type: 'Trip', id: 't1' },
      { type: 'Trip', id: 'LIST' },
    ]);
    // A vote leaves the version as it was: another member's is still shown.
    expect(effectOf(changeBy('u-ada', 7), view).type).toBe('refetch');
  });

  it('when members changed or the server reset, then the invitations are refetched too', () => {
    expect(tagsOf(effectOf(changeBy('u-ada', 8, 'members'), view), 't1')).toContainEqual({
      type: 'Trip',
      id: 'invites:t1',
    });
    expect(effectOf({ type: 'reset' }, view)).toEqual({ type: 'refetch', what: 'everything', note: null });
  });

  it('when a fresh stream says the trip is newer than this tab read it, then the trip is refetched; when not, nothing', async () => {
    // A change made between the page's read and the stream's start is in no event: `current` tells.
    const { fetch } = fakeFetch([streamOf(['event: current\ndata: {"version":9}\n\n'])]);
    const abort = new AbortController();
    const run = options({ fetch, signal: abort.signal });
    run.onEvent = (event) => (run.events.push(event), abort.abort());
    await runLiveStream(run);
    expect(run.events).toEqual([{ type: 'current', version: 9 }]);
    expect(tagsOf(effectOf({ type: 'current', version: 9 }, view), 't1')).toEqual([
      { type: 'Trip', id: 't1' },
      { type: 'Trip', id: 'LIST' },
    ]);
    expect(effectOf({ type: 'current', version: 9 }, view)).toMatchObject({ note: null });
    expect(effectOf({ type: 'current', version: 7 }, view)).toEqual({ type: 'none' });
    expect(effectOf({ type: 'current', version: 9 }, { userId: 'u-me', version: undefined })).toEqual({
      type: 'none',
    });
  });

  it('when access was revoked, then the tab is told', () => {
    expect(effectOf({ type: 'revoked', msg: 'Removed' }, view)).toEqual({ type: 'revoked', msg: 'Removed' });
  });
});

describe('one stream per browser, shared by its tabs', () => {
  /** Web Locks and BroadcastChannel as one browser has them, for two tabs in one test. */
  function fakeBrowser() {
    const holders = new Map<string, Array<() => void>>();
    const locks = {
      request(name: string, opts: { signal?: AbortSignal }, callback: () => Promise<void>) {
        return new Promise<void>((resolve, reject) => {
          const start = () =>
            void callback()
              .then(() => release(name))
              .then(resolve, reject);
          const queue = holders.get(name);
          if (!queue) {
            holders.set(name, []);
            start();
            return;
          }
          queue.push(start);
          opts.signal?.addEventListener('abort', () => {
            queue.splice(queue.indexOf(start), 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      },
    };
    function release(name: string) {
      const next = holders.get(name)?.shift();
      if (next) next();
      else holders.delete(name);
    }
    const channels = new Set<FakeChannel>();
    class FakeChannel {
      onmessage: ((event: MessageEvent) => void) | null = null;
      constructor(readonly name: string) {
        channels.add(this);
      }
      postMessage(data: unknown) {
        for (const other of channels) {
          if (other !== this && other.name === this.name) other.onmessage?.({ data } as MessageEvent);
        }
      }
      close() {
        channels.delete(this);
      }
    }
    return {
      locks: locks as unknown as LockManager,
      BroadcastChannel: FakeChannel as unknown as typeof BroadcastChannel,
    };
  }

  it('when two tabs follow a trip, then one connects, both get its events, and the other takes over from its last id', async () => {
    const browser = fakeBrowser();
    const connections: Array<{ tab: string; lastEventId: string | null | undefined }> = [];
    const emitters: Array<(event: LiveEvent) => void> = [];
    const run = (tab: string) => (opts: LiveOptions) =>
      new Promise<'stopped'>((resolve) => {
        connections.push({ tab, lastEventId: opts.lastEventId });
        emitters.push(opts.onEvent);
        opts.signal.addEventListener('abort', () => resolve('stopped'));
      });
    const seen: Record<string, LiveEvent[]> = { a: [], b: [] };
    const tabA = new AbortController();
    const tabB = new AbortController();
    const follow = (tab: 'a' | 'b', signal: AbortSignal) =>
      followSharedStream(
        {
          key: 'u1:t1',
          url: URL,
          token: () => 't',
          renew: async () => null,
          signal,
          onEvent: (e) => seen[tab]!.push(e),
        },
        { ...browser, run: run(tab) },
      );
    follow('a', tabA.signal);
    follow('b', tabB.signal);
    await Promise.resolve();
    expect(connections).toEqual([{ tab: 'a', lastEventId: null }]);

    emitters[0]!({ type: 'reset', id: '3-0' });
    expect(seen.a).toEqual([{ type: 'reset', id: '3-0' }]);
    expect(seen.b).toEqual([{ type: 'reset', id: '3-0' }]);

    tabA.abort(); // the leading tab closes
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(connections).toEqual([
      { tab: 'a', lastEventId: null },
      { tab: 'b', lastEventId: '3-0' },
    ]);
    tabB.abort();
  });
});

describe('my own save heard on the stream before its answer', () => {
  it('when the change of my save arrives before the save is answered, then the trip is not fetched again: one save stays one request', async () => {
    const shown = trip({ version: 4, travelers: 1 });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let events!: ReadableStreamDefaultController<Uint8Array>;
    const gets: string[] = [];
    const fake = installFakeApi({
      'PUT /api/trips/getaway/:tripId': async () => {
        // The server tells the stream first, then answers the save.
        events.enqueue(encoder.encode(change('9-0', 5, ME._id, 'Ann Lee', 'trip')));
        await answered;
        return { body: { ...shown, version: 5, travelers: 2 } };
      },
      'GET /api/trips/getaway/:tripId': () => {
        gets.push('trip');
        return { body: { ...shown, version: 5, travelers: 2 } };
      },
    });
    const viaApi = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/events')
        ? new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (events = controller) }), {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          })
        : viaApi(input, init)) as typeof fetch;
    const store = makeStore({ session: { status: 'ready', token: 'token-1', isLogged: true, userId: ME._id } });
    await store.dispatch(tripsApi.util.upsertQueryData('getTrip', shown._id, shown));
    const page = store.dispatch(tripsApi.endpoints.getTrip.initiate(shown._id));
    const stop = new AbortController();
    const effects: string[] = [];
    followTrip({
      tripId: shown._id,
      getState: store.getState,
      subscribe: store.subscribe,
      dispatch: store.dispatch,
      view: () => ({ userId: ME._id, version: 4 }),
      onEffect: (effect) => effects.push(effect.type),
      signal: stop.signal,
    });
    await waitFor(() => expect(events).toBeDefined());

    const saved = store.dispatch(
      tripsApi.endpoints.saveTripSettings.initiate({ tripId: shown._id, version: 4, base: shown, travelers: 2 }),
    );
    // The change is heard while the save waits for its answer: nothing is done yet.
    await waitFor(() => expect(fake.callsTo('PUT', `/api/trips/getaway/${shown._id}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(effects).toEqual([]);
    answer();
    await saved;
    await waitFor(() => expect(effects).toEqual(['none']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The page shows the answer, and nothing asked for the trip again.
    expect(tripsApi.endpoints.getTrip.select(shown._id)(store.getState()).data?.travelers).toBe(2);
    expect(gets).toEqual([]);
    stop.abort();
    page.unsubscribe();
    fake.restore();
    globalThis.fetch = viaApi;
  });
});
