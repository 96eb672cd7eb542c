// A write that changes nothing is not a change (docs/adr/0054-writes-that-change-nothing.md):
// an empty body, the same values again, a field the caller's role may not set, on
// every route that stores a trip, answers 200 with the trip as stored and the same
// ETag (even under a stale If-Match), writes no version, tells no live follower and
// sends no event, so nobody else's save fails with 412 because of it.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullConnectionOptions, inboxQueueName } from '@tripcost/shared';
import { testRedisUrl, testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client, type Reply } from '../support/boot';

describe('writes that change nothing', () => {
  let trips: BootedTrips;
  let redis: Redis;
  let wishlistsInbox: Queue;
  beforeAll(async () => {
    trips = await bootTrips();
    redis = new Redis(testRedisUrl());
    wishlistsInbox = new Queue(inboxQueueName('wishlists'), {
      connection: bullConnectionOptions(testRedisUrl()),
      prefix: trips.prefix,
    });
  });
  afterAll(async () => {
    await wishlistsInbox.close();
    redis.disconnect();
    await trips.stop();
  });

  /** A request with raw headers and body (none when undefined), as any client may send it. */
  async function send(client: Client, method: string, path: string, headers: Record<string, string>, body?: string) {
    const res = await fetch(`${trips.url}${path}`, {
      method,
      headers: { authorization: client.token!, ...headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, etag: res.headers.get('etag') };
  }
  const json = (client: Client, method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    send(client, method, path, { 'content-type': 'application/json', ...headers }, JSON.stringify(body));

  /** The entries of the trip's live change log (what followers are sent). */
  const liveChanges = (tripId: string) => redis.xlen(`${trips.prefix}:trips:live:${tripId}`);
  /** The events waiting for the wishlists service about this trip. */
  async function eventsAbout(tripId: string): Promise<number> {
    await trips.eventsSent();
    const jobs = await wishlistsInbox.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs.filter((job) => JSON.stringify(job.data).includes(tripId)).length;
  }

  const ok = (reply: Reply | { status: number; body: unknown }, status = 200) => {
    if (reply.status !== status)
      throw new Error(`expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };

  /** A trip with a committed window holding an item, a plain window, and an editor who joined by link. */
  async function sharedTrip() {
    const owner = clientFor(trips.url, testUser({ name: 'Ada' }));
    const editor = clientFor(trips.url, testUser({ name: 'Bo' }));
    const trip = await owner.createTrip();
    const base = `/api/trips/getaway/${trip._id}`;
    const planned = await owner.addInstance(trip._id, { label: 'Spring' });
    const plain = await owner.addInstance(trip._id, { label: 'Autumn', notes: 'maybe' });
    const item = ok(
      await owner.post(`${base}/instances/${planned._id}/items`, {
        category: 'stay',
        name: 'Flat by the river',
        amount: 120,
        basis: 'per_night',
      }),
      201,
    ).item;
    ok(await owner.patch(`${base}/instances/${planned._id}/commit`));
    const invite = ok(await owner.post(`${base}/invites`, { role: 'editor' }), 201);
    ok(await editor.post(`/api/trips/invites/${invite.token}/accept`));
    return { owner, editor, tripId: trip._id as string, base, planned, plain, item };
  }

  it('when each write route gets a change that changes nothing, then the trip keeps its version, ETag and time, and nobody is told', async () => {
    const { owner, editor, tripId, base, planned, plain, item } = await sharedTrip();
    // A client that read the trip before this change holds a stale ETag.
    const stale = { 'if-match': (await owner.get(base)).headers.get('etag')! };
    ok(await owner.put(base, { travelers: 2 }));
    const before = await owner.get(base);
    const [changesBefore, eventsBefore] = [await liveChanges(tripId), await eventsAbout(tripId)];

    const noOps: Array<[string, () => Promise<{ status: number; body: unknown; etag: string | null }>]> = [
      ['PUT {}', () => json(owner, 'PUT', base, {}, stale)],
      ['PUT with no body', () => send(owner, 'PUT', base, stale)],
      [
        'PUT with an empty JSON body',
        () => send(owner, 'PUT', base, { 'content-type': 'application/json', ...stale }, ''),
      ],
      ['PUT the same travellers again', () => json(owner, 'PUT', base, { travelers: 2 }, stale)],
      ['PUT the same cost visibility', () => json(owner, 'PUT', base, { hide_costs_from_viewers: true }, stale)],
      [
        'PUT a window’s same label and notes',
        () => json(owner, 'PUT', base, { instances: [{ _id: plain._id, label: 'Autumn', notes: 'maybe' }] }, stale),
      ],
      ['an editor’s PUT of isFavorite (the owner’s)', () => json(editor, 'PUT', base, { isFavorite: true }, stale)],
      [
        'PUT an item’s same name and amount',
        () =>
          json(
            owner,
            'PUT',
            `${base}/instances/${planned._id}/items/${item._id}`,
            { name: 'Flat by the river', amount: 120 },
            stale,
          ),
      ],
      [
        '“still this price” on a price seen today',
        () => json(owner, 'POST', `${base}/instances/${planned._id}/items/${item._id}/checked`, undefined, stale),
      ],
      [
        'commit the committed window',
        () => json(owner, 'PATCH', `${base}/instances/${planned._id}/commit`, undefined, stale),
      ],
      ['the editor’s same role', () => json(owner, 'PATCH', `${base}/members/${editor.user!.id}`, { role: 'editor' })],
    ];
    for (const [what, write] of noOps) {
      const reply = await write();
      const body = reply.body as {
        version?: number;
        trip?: { version: number; updated_at: string };
        updated_at?: string;
      };
      const trip = body?.trip ?? body;
      expect({
        what,
        status: reply.status,
        etag: reply.etag,
        version: trip?.version,
        updated_at: trip?.updated_at,
      }).toEqual({
        what,
        status: 200,
        etag: before.headers.get('etag'),
        version: before.body.version,
        updated_at: before.body.updated_at,
      });
    }

    const after = await owner.get(base);
    expect([after.headers.get('etag'), after.body.updated_at]).toEqual([
      before.headers.get('etag'),
      before.body.updated_at,
    ]);
    expect(after.body.isFavorite).toBe(false);
    expect(await liveChanges(tripId)).toBe(changesBefore);
    expect(await eventsAbout(tripId)).toBe(eventsBefore);
    // The editor saved against the version they read before all of that: still current.
    const save = await editor.send('PUT', base, { travelers: 3 }, { 'if-match': before.headers.get('etag')! });
    expect([save.status, save.body.travelers, save.body.version]).toEqual([200, 3, before.body.version + 1]);
    expect(await liveChanges(tripId)).toBe(changesBefore + 1);
  });

  it('when a stale If-Match comes with a real change, then 412 and nothing is written', async () => {
    const { owner, base } = await sharedTrip();
    const stale = { 'if-match': (await owner.get(base)).headers.get('etag')! };
    ok(await owner.put(base, { travelers: 2 }));
    const refused = await json(owner, 'PUT', base, { travelers: 4 }, stale);
    expect([refused.status, refused.body]).toEqual([412, { msg: expect.any(String), code: 'stale_version' }]);
    expect((await owner.get(base)).body.travelers).toBe(2);
  });
});
