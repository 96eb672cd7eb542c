// What the public listener shows and refuses: no metrics, no service internals, no
// web page for API-looking paths, per-service API documents in one place, and a
// deleted account's tokens turned away at the edge.
import {
  closeRedis,
  createRequestRedis,
  createRevokedUsers,
  type Redis,
  type RevokedUsers,
  waitForRedis,
} from '@tripcost/shared';
import { silentLogger, testRedisUrl, testUser, tokenFor } from '@tripcost/shared/testing';
import type { RunningGateway } from '../src';
import { fakeUpstream, startTestGateway, type FakeUpstream } from './helpers';

describe('the gateway’s public surface', () => {
  let auth: FakeUpstream, trips: FakeUpstream, wishlists: FakeUpstream, integrations: FakeUpstream;
  let imports: FakeUpstream;
  let gateway: RunningGateway;
  let redis: Redis;
  let revokedUsers: RevokedUsers;

  beforeAll(async () => {
    [auth, trips, wishlists, integrations, imports] = await Promise.all(
      ['auth', 'trips', 'wishlists', 'integrations', 'imports'].map((name) => fakeUpstream(name)),
    );
    gateway = await startTestGateway({
      AUTH_URL: auth.url,
      TRIPS_URL: trips.url,
      WISHLISTS_URL: wishlists.url,
      INTEGRATIONS_URL: integrations.url,
      IMPORTS_URL: imports.url,
      WEB_DIST: '/nonexistent-web-dist',
    });
    redis = createRequestRedis(testRedisUrl(), silentLogger());
    await waitForRedis(redis);
    revokedUsers = createRevokedUsers(redis, silentLogger());
  });

  afterAll(async () => {
    await gateway.stop();
    await revokedUsers.close();
    await closeRedis(redis);
    await Promise.all([auth, trips, wishlists, integrations, imports].map((fake) => fake.close()));
  });

  it('when /metrics is asked on the public port, then 404 JSON; on the metrics port it is Prometheus text', async () => {
    const publicRes = await fetch(`${gateway.url}/metrics`);
    expect(publicRes.status).toBe(404);
    expect(publicRes.headers.get('content-type')).toMatch(/application\/json/);
    expect(typeof (await publicRes.json()).msg).toBe('string');
    expect(gateway.metricsUrl).not.toBe(gateway.url);
    const scraped = await fetch(`${gateway.metricsUrl}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('http_requests_total');
    const other = await fetch(`${gateway.metricsUrl}/`);
    expect(other.status).toBe(404);
  });

  it('when an API-looking path matches nothing, then 404 JSON {msg}, never the web app’s HTML', async () => {
    const token = tokenFor(testUser());
    const paths = [
      '/openapi.json',
      '/swagger.json',
      '/metrics',
      '/metrics/',
      '/healthz/live',
      '/readyz/now',
      '/livez',
      '/health',
      '/api',
      '/api/',
      '/api/nothing-here',
      '/apiv2/users',
      '/api/docs/nothing.json',
      '/api/docs/anything/else',
      '/api/user/openapi.json',
      '/api/trips/openapi.json',
      '/api/wishlist/metrics',
      '/api/weather/healthz',
      '/api/imports/openapi.json',
    ];
    for (const path of paths) {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const res = await fetch(`${gateway.url}${path}`, { headers });
        expect([path, res.status]).toEqual([path, 404]);
        expect([path, res.headers.get('content-type')]).toEqual([path, expect.stringMatching(/application\/json/)]);
        expect(typeof (await res.json()).msg).toBe('string');
      }
    }
    // Nothing reached a service.
    for (const fake of [auth, trips, wishlists, integrations, imports]) expect(fake.received).toEqual([]);
    // A page path still gets the web app, and another method on it a JSON 404.
    expect((await fetch(`${gateway.url}/trips/123`)).headers.get('content-type')).toMatch(/text\/html/);
    const posted = await fetch(`${gateway.url}/trips/123`, { method: 'POST' });
    expect(posted.status).toBe(404);
    expect(typeof (await posted.json()).msg).toBe('string');
  });

  it('when a service’s document is asked at /api/docs/<service>.json, then that service’s /openapi.json answers', async () => {
    for (const name of ['auth', 'trips', 'wishlists', 'integrations', 'imports']) {
      const res = await fetch(`${gateway.url}/api/docs/${name}.json`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ upstream: name, url: '/openapi.json' });
    }
  });

  it('when a still-valid token belongs to a revoked (deleted) user, then 401 {msg} at the edge and nothing is forwarded', async () => {
    const gone = testUser();
    const token = tokenFor(gone);
    const before = trips.received.length;
    expect((await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: { authorization: token } })).status).toBe(
      200,
    );
    await revokedUsers.revoke(gone.id);
    const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: { authorization: token } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      msg: 'This account no longer exists. Please log in again.',
      code: 'token_revoked',
    });
    expect(trips.received.length).toBe(before + 1);
    const other = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      headers: { authorization: tokenFor(testUser()) },
    });
    expect(other.status).toBe(200);
  });

  it('when account deletion is refused 10 times for a user, then the 11th attempt is 429 before reaching the service', async () => {
    auth.respond = (_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ msg: 'The password is not correct.' }));
    };
    const user = testUser();
    const attempt = () =>
      fetch(`${gateway.url}/api/user/me`, {
        method: 'DELETE',
        headers: { authorization: tokenFor(user), 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'guess' }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(403);
    const received = auth.received.length;
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect((await limited.json()).msg).toBe('Too many wrong passwords. Please wait 15 minutes and try again.');
    expect(auth.received.length).toBe(received);
    // Another user is not affected.
    const other = await fetch(`${gateway.url}/api/user/me`, {
      method: 'DELETE',
      headers: { authorization: tokenFor(testUser()), 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'guess' }),
    });
    expect(other.status).toBe(403);
  });
});
