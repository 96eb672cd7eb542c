// A trip's live updates through the real gateway to the real trips service (real Redis
// Streams): what two travellers planning together notice — one's change reaches the
// other within a second, a removed member is told and cut off, a reconnect with
// Last-Event-ID misses nothing, and an idle stream stays open with heartbeats.
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthUser } from '@tripcost/shared';
import { eventually, testUser, tokenFor } from '@tripcost/shared/testing';
import { holdStream, type HeldStream } from '../../services/trips/test/support/streams';
import { startTripsBehindGateway, type TripsBehindGateway } from './trips-behind-gateway';
import { openStream, type SseStream } from './sse-client';
import { closedPortUrl, startTestGateway } from './helpers';
import type { RunningGateway } from '../src/server';

jest.setTimeout(60_000);

let gw: TripsBehindGateway;
const open: SseStream[] = [];
/** Streams on connections of their own (closing one closes its socket). */
const held: HeldStream[] = [];
beforeAll(async () => {
  gw = await startTripsBehindGateway({ LIVE_HEARTBEAT_MS: '300' });
});
afterEach(() => {
  open.splice(0).forEach((stream) => stream.close());
  held.splice(0).forEach((stream) => stream.close());
});
afterAll(() => gw.stop());

async function follow(user: AuthUser | null, tripId: string, headers: Record<string, string> = {}) {
  const stream = await openStream(
    `${gw.url}/api/trips/getaway/${tripId}/events`,
    user ? tokenFor(user) : null,
    headers,
  );
  open.push(stream);
  return stream;
}

const eventsUrl = (tripId: string) => `${gw.url}/api/trips/getaway/${tripId}/events`;

const changes = (stream: SseStream) => stream.events.filter((event) => event.event === 'change');

/** A trip of Ada's that Bo edits with her (joined by link). */
async function sharedTrip() {
  const ada = testUser({ name: 'Ada' });
  const bo = testUser({ name: 'Bo' });
  const trip = (await gw.as(ada)('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' })).body;
  const invite = (await gw.as(ada)('POST', `/api/trips/getaway/${trip._id}/invites`, { role: 'editor' })).body;
  expect((await gw.as(bo)('POST', `/api/trips/invites/${invite.token}/accept`)).status).toBe(200);
  return { ada, bo, tripId: trip._id as string };
}

const addWindow = (user: AuthUser, tripId: string, start = '2031-05-01') =>
  gw.as(user)('POST', `/api/trips/getaway/${tripId}/instances`, {
    trip_start: start,
    trip_end: `${start.slice(0, 8)}09`,
  });

/** The trip version an answer names in its ETag. */
const versionOf = (reply: { headers: Headers }) => Number(reply.headers.get('etag')?.replace(/\D/g, ''));

describe('live updates of a trip', () => {
  it('when one member changes the trip, then the other receives the change within a second, uncompressed', async () => {
    const { ada, bo, tripId } = await sharedTrip();
    const adaStream = await follow(ada, tripId, { 'accept-encoding': 'br, gzip' });
    const boStream = await follow(bo, tripId);
    expect(boStream.status).toBe(200);
    expect(boStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(boStream.headers.get('cache-control')).toBe('no-cache');
    expect(boStream.headers.get('x-accel-buffering')).toBe('no');
    expect(adaStream.headers.get('content-encoding')).toBeNull();

    // Within a second of Ada's save being answered, Bo's stream has it (usually before).
    const added = await addWindow(ada, tripId);
    const saved = Date.now();
    expect(added.status).toBe(201);
    const seen = await boStream.next((event) => event.event === 'change', 1000);
    expect(seen.at - saved).toBeLessThan(1000);
    expect(JSON.parse(seen.data)).toEqual({
      version: versionOf(added),
      actor_id: ada.id,
      actor_name: 'Ada',
      what: 'window',
    });
    expect(seen.id).toMatch(/^\d+-\d+$/);
    // The one who made the change hears it too (another tab of theirs may be open).
    await adaStream.next((event) => event.event === 'change', 2000);

    const instanceId = added.body._id;
    expect(
      (await gw.as(bo)('PUT', `/api/trips/getaway/${tripId}/instances/${instanceId}/vote`, { vote: 'yes' })).status,
    ).toBe(200);
    const vote = await adaStream.next(
      (event) => event.event === 'change' && JSON.parse(event.data).what === 'vote',
      2000,
    );
    expect(JSON.parse(vote.data)).toMatchObject({ actor_id: bo.id, actor_name: 'Bo' });
  });

  it('when the owner follows a trip nobody else has joined, then the first member’s join and edit reach them', async () => {
    // The web app follows every trip page it opens (ADR 0065): the join is the first event of a shared trip.
    const ada = testUser({ name: 'Ada' });
    const bo = testUser({ name: 'Bo' });
    const trip = (await gw.as(ada)('POST', '/api/trips/getaway-trip', { location_address: 'Braga, Portugal' })).body;
    const adaStream = await follow(ada, trip._id);
    expect(adaStream.status).toBe(200);
    // First, the trip's version as the stream starts: a page that read an older one refetches.
    const current = await adaStream.next((event) => event.event === 'current', 2000);
    expect(JSON.parse(current.data)).toEqual({ version: trip.version });
    const invite = (await gw.as(ada)('POST', `/api/trips/getaway/${trip._id}/invites`, { role: 'editor' })).body;
    expect((await gw.as(bo)('POST', `/api/trips/invites/${invite.token}/accept`)).status).toBe(200);
    const what = (kind: string) => (event: { event: string; data: string }) =>
      event.event === 'change' && JSON.parse(event.data).what === kind;
    const joined = await adaStream.next(what('members'), 2000);
    expect(JSON.parse(joined.data)).toMatchObject({ actor_id: bo.id, actor_name: 'Bo' });
    expect((await addWindow(bo, trip._id)).status).toBe(201);
    const edited = await adaStream.next(what('window'), 2000);
    expect(JSON.parse(edited.data)).toMatchObject({ actor_id: bo.id, actor_name: 'Bo' });
  });

  it('when nothing changes, then heartbeat comments arrive at the configured interval', async () => {
    const { ada, tripId } = await sharedTrip();
    const stream = await follow(ada, tripId);
    await stream.next((event) => event.event === 'comment' && event.data === 'heartbeat', 2000);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(stream.events.filter((event) => event.event === 'comment').length).toBeGreaterThanOrEqual(2);
    // After the trip's version as the stream started, only heartbeats.
    expect(stream.events[0]).toMatchObject({ event: 'current' });
    expect(stream.events.slice(1).every((event) => event.event === 'comment' && event.data === 'heartbeat')).toBe(true);
  });

  it('when a member is removed mid-stream, then they get revoked and their stream ends; others get a members change', async () => {
    const { ada, bo, tripId } = await sharedTrip();
    const boStream = await follow(bo, tripId);
    const adaStream = await follow(ada, tripId);
    expect((await gw.as(ada)('DELETE', `/api/trips/getaway/${tripId}/members/${bo.id}`)).status).toBe(200);
    const revoked = await boStream.next((event) => event.event === 'revoked', 2000);
    expect(JSON.parse(revoked.data)).toEqual({ msg: 'You no longer have access to this trip.' });
    await boStream.ended;
    const members = await adaStream.next((event) => event.event === 'change', 2000);
    expect(JSON.parse(members.data).what).toBe('members');
    // And Bo cannot simply follow again.
    const again = await follow(bo, tripId);
    expect(again.status).toBe(403);
    expect(again.body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
  });

  it('when a member’s role changes, then their stream stays and says members changed', async () => {
    const { ada, bo, tripId } = await sharedTrip();
    const boStream = await follow(bo, tripId);
    expect(
      (await gw.as(ada)('PATCH', `/api/trips/getaway/${tripId}/members/${bo.id}`, { role: 'viewer' })).status,
    ).toBe(200);
    const change = await boStream.next((event) => event.event === 'change', 2000);
    expect(JSON.parse(change.data).what).toBe('members');
    await addWindow(ada, tripId);
    await boStream.next((event) => event.event === 'change' && JSON.parse(event.data).what === 'window', 2000);
  });

  it('when the trip is deleted, then every follower gets revoked', async () => {
    const { ada, bo, tripId } = await sharedTrip();
    const boStream = await follow(bo, tripId);
    expect((await gw.as(ada)('DELETE', `/api/trips/getaway/${tripId}`)).status).toBe(200);
    await boStream.next((event) => event.event === 'revoked', 2000);
    await boStream.ended;
  });

  it('when a client reconnects with Last-Event-ID, then it gets every change it missed, in order, and then live ones', async () => {
    const { ada, bo, tripId } = await sharedTrip();
    const first = await follow(bo, tripId);
    await addWindow(ada, tripId, '2031-05-01');
    const last = await first.next((event) => event.event === 'change', 2000);
    first.close();
    const missed = [];
    for (const start of ['2031-06-01', '2031-07-01', '2031-08-01'])
      missed.push(versionOf(await addWindow(ada, tripId, start)));
    const resumed = await follow(bo, tripId, { 'last-event-id': last.id! });
    for (let index = 0; index < 3; index++) await resumed.next(() => changes(resumed).length > index, 2000);
    expect(changes(resumed).map((event) => JSON.parse(event.data).version)).toEqual(missed);
    expect(resumed.events.some((event) => event.event === 'reset')).toBe(false);
    await addWindow(ada, tripId, '2031-09-01');
    await resumed.next(() => changes(resumed).length === 4, 2000);
    const ids = changes(resumed).map((event) => event.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('when Last-Event-ID is older than the log holds, then reset comes first', async () => {
    const { bo, tripId } = await sharedTrip();
    const stream = await follow(bo, tripId, { 'last-event-id': '1-0' });
    const first = await stream.next(undefined, 2000);
    expect(first).toMatchObject({ event: 'reset', data: '{}' });
  });

  it('when Last-Event-ID is not an event id, then 400 {msg}, never a server error', async () => {
    const { bo, tripId } = await sharedTrip();
    for (const id of ['99999999999999999999-0', 'not-an-id']) {
      const refused = await follow(bo, tripId, { 'last-event-id': id });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(expect.objectContaining({ msg: expect.stringContaining('Last-Event-ID') }));
    }
  });

  it('when a member already has 10 streams of the trip open, then the 11th is 429 {msg} and closing one frees a place', async () => {
    const { ada, bo, tripId } = await sharedTrip();
    const open = [];
    for (let index = 0; index < 10; index++) open.push(await holdStream(eventsUrl(tripId), tokenFor(bo)));
    held.push(...open);
    expect(open.map((stream) => stream.status)).toEqual(Array(10).fill(200));
    const refused = await follow(bo, tripId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(expect.objectContaining({ msg: expect.stringMatching(/^Too many live connections/) }));
    // Ada's own streams of the trip are counted apart.
    expect((await follow(ada, tripId)).status).toBe(200);
    open[0].close();
    await eventually(async () => expect((await follow(bo, tripId)).status).toBe(200), {
      what: 'a place to be free again',
    });
  });

  it('when clients following through the gateway drop, then the trips service stops following each within 2 s', async () => {
    const { ada, bo, tripId } = await sharedTrip();
    const before = gw.liveFollowers();
    const streams = [];
    for (const user of [ada, bo]) {
      for (let index = 0; index < 10; index++) streams.push(await holdStream(eventsUrl(tripId), tokenFor(user)));
    }
    held.push(...streams);
    await eventually(() => gw.liveFollowers() === before + 20, { what: 'twenty followers' });
    streams.forEach((stream) => stream.close());
    await eventually(() => gw.liveFollowers() === before, {
      timeoutMs: 2000,
      what: 'every follower of a dropped client to stop within 2 s',
    });
  });

  it('when anonymous or a stranger asks, then 401 or 403 {msg} as for reading the trip', async () => {
    const { tripId } = await sharedTrip();
    const anonymous = await follow(null, tripId);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
    const stranger = await follow(testUser(), tripId);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
    const missing = await follow(testUser(), '0123456789abcdef01234567');
    expect(missing.status).toBe(404);
  });
});

describe('live updates and the gateway timeout', () => {
  // Heartbeats further apart than the gateway's upstream timeout: a stream silent for
  // longer than that timeout must stay open (ordinary requests still have it).
  let slow: TripsBehindGateway;
  beforeAll(async () => {
    slow = await startTripsBehindGateway({ LIVE_HEARTBEAT_MS: '1500' }, { UPSTREAM_TIMEOUT_MS: '700' });
  });
  afterAll(() => slow.stop());

  /** An ordinary call, sent again if the busy test machine made it miss the short timeout (504). */
  async function patiently(user: AuthUser, method: string, path: string, body?: unknown) {
    for (let attempt = 0; ; attempt++) {
      const reply = await slow.as(user)(method, path, body);
      if (reply.status !== 504 || attempt === 5) return reply;
    }
  }

  it('when a stream is silent for longer than the upstream timeout, then it stays open and the next change arrives', async () => {
    const ada = testUser({ name: 'Ada' });
    const trip = (await patiently(ada, 'POST', '/api/trips/getaway-trip', { location_address: 'Oslo, Norway' })).body;
    const stream = await openStream(`${slow.url}/api/trips/getaway/${trip._id}/events`, tokenFor(ada));
    open.push(stream);
    expect(stream.status).toBe(200);
    const beat = (n: number) => () => stream.events.filter((event) => event.event === 'comment').length >= n;
    await stream.next(beat(2), 6000);
    const changed = await patiently(ada, 'PUT', `/api/trips/getaway/${trip._id}`, { travelers: 2 });
    expect(changed.status).toBe(200);
    const seen = await stream.next((event) => event.event === 'change', 2000);
    expect(JSON.parse(seen.data)).toMatchObject({ version: changed.body.version, what: 'trip' });
  });
});

describe('the gateway in front of an event stream', () => {
  // A stand-in upstream that opens a stream, sends nothing yet, and notes when the
  // gateway lets go of it.
  let upstream: Server;
  let gateway: RunningGateway;
  const closed: number[] = [];
  /** Connections from the gateway open now (a stream's, or any spare one). */
  let connections = 0;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      req.socket.once('close', () => closed.push(Date.now()));
    });
    upstream.on('connection', (socket) => {
      connections += 1;
      socket.once('close', () => (connections -= 1));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const offline = await closedPortUrl();
    gateway = await startTestGateway({
      AUTH_URL: offline,
      TRIPS_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      WISHLISTS_URL: offline,
      INTEGRATIONS_URL: offline,
      WEB_DIST: '/nonexistent',
    });
  });
  afterAll(async () => {
    await gateway.stop();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('when the client goes away, then the upstream stream is closed too; the headers came before any event', async () => {
    // node:http rather than fetch: fetch's pool opens a spare connection after an abort,
    // which would hold the gateway's shutdown below for its header timeout.
    const answer = await new Promise<IncomingMessage>((resolve, reject) =>
      get(
        `${gateway.url}/api/trips/getaway/0123456789abcdef01234567/events`,
        { headers: { authorization: `Bearer ${tokenFor(testUser())}`, 'accept-encoding': 'gzip' }, agent: false },
        resolve,
      ).on('error', reject),
    );
    // Answered with nothing sent yet: the gateway passed the headers on at once.
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(closed).toEqual([]);
    const left = Date.now();
    answer.destroy();
    await waitFor(() => closed.length === 1, 2000);
    expect(closed[0] - left).toBeLessThan(2000);
    // And nothing else stays open in its place: undici's pool used to open a spare
    // connection after the abort, which the service held for a minute.
    await eventually(() => connections === 0, { timeoutMs: 2000, what: 'no connection left upstream' });
  });

  it('when many streaming clients drop at once, then within 2 s the gateway holds no connection to the service', async () => {
    const answers = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<IncomingMessage>((resolve, reject) =>
            get(
              `${gateway.url}/api/trips/getaway/0123456789abcdef01234567/events`,
              { headers: { authorization: `Bearer ${tokenFor(testUser())}` }, agent: false },
              resolve,
            ).on('error', reject),
          ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(connections).toBe(20);
    answers.forEach((answer) => answer.destroy());
    await eventually(() => connections === 0, { timeoutMs: 2000, what: 'every upstream connection to close' });
  });
});

async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
