// Idempotency-Key replays re-check access and keep no secret (shared http/idempotency.ts,
// docs/adr/0052): a member who lost access since the first request gets the answer a
// new request would get, never the stored one; an invitation's token is not stored for
// replays, so a replay says it was shown.
import type { RequestHandler, Router } from 'express';
import { Redis } from 'ioredis';
import { CALLERS_OWN, createApiDoc, IDEMPOTENCY_DOC, type ReplayPolicy } from '@tripcost/shared';
import { testRedisUrl, testUser } from '@tripcost/shared/testing';
import { tripRoutes } from '../../src/routes';
import type { TripsService } from '../../src/windows/domain/trips-service';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

const WINDOW = { trip_start: '2031-05-01', trip_end: '2031-05-04', stay_expense: 300 };

describe('Idempotency-Key replays', () => {
  let trips: BootedTrips;
  let redis: Redis;
  beforeAll(async () => {
    trips = await bootTrips();
    redis = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    redis.disconnect();
    await trips.stop();
  });

  const key = () => `key-${Math.random().toString(36).slice(2)}`;

  /** A trip of a new owner with a member in `role` who joined by link. */
  async function sharedTrip(role: 'editor' | 'viewer' = 'editor') {
    const owner = clientFor(trips.url, testUser());
    const member = clientFor(trips.url, testUser());
    const trip = await owner.createTrip();
    const invite = await owner.post(`/api/trips/getaway/${trip._id}/invites`, { role });
    expect(invite.status).toBe(201);
    expect((await member.post(`/api/trips/invites/${invite.body.token}/accept`)).status).toBe(200);
    return { owner, member, trip };
  }

  const addWindow = (client: Client, tripId: string, k: string) =>
    client.send('POST', `/api/trips/getaway/${tripId}/instances`, WINDOW, { 'idempotency-key': k });

  it('when an editor who made a window with a key is removed, then the replay is 403 {msg}, not the window', async () => {
    const { owner, member, trip } = await sharedTrip();
    const k = key();
    const first = await addWindow(member, trip._id, k);
    expect(first.status).toBe(201);
    expect((await addWindow(member, trip._id, k)).headers.get('idempotent-replayed')).toBe('true');

    expect((await owner.delete(`/api/trips/getaway/${trip._id}/members/${member.user!.id}`)).status).toBe(200);
    const replay = await addWindow(member, trip._id, k);
    expect(replay.status).toBe(403);
    expect(replay.body.msg).toEqual(expect.any(String));
    expect(JSON.stringify(replay.body)).not.toContain(first.body._id);
    expect(replay.headers.get('idempotent-replayed')).toBeNull();
    // Exactly what the same request without a key gets now.
    expect(replay).toEqual(await member.post(`/api/trips/getaway/${trip._id}/instances`, WINDOW));
  });

  it('when the editor was made a viewer since, then the replay is 403 {msg}', async () => {
    const { owner, member, trip } = await sharedTrip();
    const k = key();
    expect((await addWindow(member, trip._id, k)).status).toBe(201);
    const demoted = await owner.patch(`/api/trips/getaway/${trip._id}/members/${member.user!.id}`, {
      role: 'viewer',
    });
    expect(demoted.status).toBe(200);
    const replay = await addWindow(member, trip._id, k);
    expect(replay.status).toBe(403);
    expect(replay).toEqual(await member.post(`/api/trips/getaway/${trip._id}/instances`, WINDOW));
  });

  it('when the trip was deleted since, then the replay is 404 {msg}', async () => {
    const { owner, member, trip } = await sharedTrip();
    const k = key();
    expect((await addWindow(member, trip._id, k)).status).toBe(201);
    expect((await owner.delete(`/api/trips/getaway/${trip._id}`)).status).toBe(200);
    const replay = await addWindow(member, trip._id, k);
    expect(replay.status).toBe(404);
    expect(replay).toEqual(await member.post(`/api/trips/getaway/${trip._id}/instances`, WINDOW));
  });

  it('when an invitation create is replayed, then it answers 201 with the invitation but no token or url, and Redis never held them', async () => {
    const owner = clientFor(trips.url, testUser());
    const trip = await owner.createTrip();
    const k = key();
    const path = `/api/trips/getaway/${trip._id}/invites`;
    const first = await owner.send('POST', path, { role: 'viewer' }, { 'idempotency-key': k });
    expect(first.status).toBe(201);
    expect(first.body.url).toContain(`/join/${first.body.token}`);

    const replay = await owner.send('POST', path, { role: 'viewer' }, { 'idempotency-key': k });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const { token: _token, url: _url, ...invite } = first.body;
    expect(replay.body).toEqual({ ...invite, token_shown: true });

    const stored: string[] = [];
    for await (const keys of redis.scanStream({ match: `${trips.prefix}:idem:*`, count: 200 })) {
      for (const name of keys as string[]) stored.push(name, (await redis.get(name)) ?? '');
    }
    expect(stored.join('\n')).toContain(invite._id);
    expect(stored.join('\n')).not.toContain(first.body.token);
    // The invitation still works once, for whoever has the link.
    const guest = clientFor(trips.url, testUser());
    expect((await guest.post(`/api/trips/invites/${first.body.token}/accept`)).body.joined).toBe(true);
  });

  it('when the owner of an invitation create loses the trip, then the replay is 404 {msg}', async () => {
    const owner = clientFor(trips.url, testUser());
    const trip = await owner.createTrip();
    const k = key();
    const path = `/api/trips/getaway/${trip._id}/invites`;
    expect((await owner.send('POST', path, { role: 'editor' }, { 'idempotency-key': k })).status).toBe(201);
    expect((await owner.delete(`/api/trips/getaway/${trip._id}`)).status).toBe(200);
    const replay = await owner.send('POST', path, { role: 'editor' }, { 'idempotency-key': k });
    expect(replay.status).toBe(404);
  });
});

describe('the route table', () => {
  it('gives every route that documents Idempotency-Key a replay policy, and every one under a trip re-checks access', () => {
    const policies = new Map<RequestHandler, ReplayPolicy>();
    const idempotent = (policy: ReplayPolicy) => {
      const handler: RequestHandler = (_req, _res, next) => next();
      policies.set(handler, policy);
      return handler;
    };
    const routes: { key: string; path: string; handlers: RequestHandler[] }[] = [];
    const record =
      (method: string) =>
      (path: string, ...handlers: RequestHandler[]) =>
        routes.push({ key: `${method} ${path}`, path, handlers });
    const router = { get: record('GET'), post: record('POST'), put: record('PUT'), patch: record('PATCH') };
    const doc = createApiDoc('trips');
    const pass: RequestHandler = (_req, _res, next) => next();
    tripRoutes(
      {} as TripsService,
      idempotent,
    )({
      router: { ...router, delete: record('DELETE') } as unknown as Router,
      doc,
      requireAuth: pass,
      optionalAuth: pass,
    });

    const documented = Object.entries(
      (doc.document() as { paths: Record<string, Record<string, { summary?: string }>> }).paths,
    ).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.summary?.includes(IDEMPOTENCY_DOC))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const policyOf = (route: (typeof routes)[number]) =>
      route.handlers.map((handler) => policies.get(handler)).find(Boolean);
    const withPolicy = routes.filter((route) => policyOf(route)).map((route) => route.key);
    expect(withPolicy.sort()).toEqual(documented.sort());
    expect(withPolicy.length).toBeGreaterThanOrEqual(5);
    for (const route of routes.filter((candidate) => candidate.path.includes(':tripId') && policyOf(candidate))) {
      expect([route.key, policyOf(route)!.recheck]).not.toEqual([route.key, CALLERS_OWN]);
    }
  });
});
