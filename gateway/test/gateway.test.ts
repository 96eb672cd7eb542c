import { randomBytes } from 'node:crypto';
import type { RunningServer } from '@tripcost/shared';
import { craftToken, settlesWithin, testUser, tokenFor } from '@tripcost/shared/testing';
import { closedPortUrl, fakeUpstream, startTestGateway, uniqueSuffix, type FakeUpstream } from './helpers';

describe('gateway', () => {
  let auth: FakeUpstream, trips: FakeUpstream, wishlists: FakeUpstream, integrations: FakeUpstream;
  let gateway: RunningServer;
  const bearer = () => ({ authorization: `Bearer ${tokenFor(testUser())}` });

  beforeAll(async () => {
    [auth, trips, wishlists, integrations] = await Promise.all(
      ['auth', 'trips', 'wishlists', 'integrations'].map((name) => fakeUpstream(name)),
    );
    gateway = await startTestGateway({
      AUTH_URL: auth.url,
      TRIPS_URL: trips.url,
      WISHLISTS_URL: wishlists.url,
      INTEGRATIONS_URL: integrations.url,
      // Far above a proxied round trip on two busy cores, so only the slow fake below times out.
      UPSTREAM_TIMEOUT_MS: '3000',
      INTEGRATIONS_TIMEOUT_MS: '3000',
      CORS_ORIGINS: 'http://localhost:5173',
      WEB_DIST: '/nonexistent-web-dist',
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([auth, trips, wishlists, integrations].map((fake) => fake.close()));
  });

  it('when a path belongs to a service, then it reaches that service with its path and query intact', async () => {
    const cases: Array<[string, string]> = [
      ['/api/user/infor', 'auth'],
      ['/api/trips/getaway-trip?email=a%40b.c', 'trips'],
      ['/api/wishlist/getlists', 'wishlists'],
      ['/api/weather?city=Lisbon&units=metric', 'integrations'],
      ['/api/places/autocomplete?input=lis', 'integrations'],
      ['/api/places-details?placeid=x', 'integrations'],
      ['/api/chatgpt/fun-places', 'integrations'],
    ];
    for (const [path, upstream] of cases) {
      const res = await fetch(`${gateway.url}${path}`, { headers: bearer() });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ upstream, url: path });
    }
  });

  it('when a token is missing, tampered, expired, for another audience or alg none, then 401 {msg} and nothing is forwarded', async () => {
    const user = testUser();
    const good = tokenFor(user);
    const header = Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: user.id, email: user.email, iss: 'tripcost-auth', aud: 'tripcost', exp: 9999999999 }),
    ).toString('base64url');
    const bad = [
      undefined,
      `${good.slice(0, -4)}abcd`,
      craftToken({ email: user.email }, { subject: user.id, expiresIn: -5 }),
      craftToken({ email: user.email }, { subject: user.id, audience: 'other', expiresIn: 60 }),
      `${header}.${payload}.`,
    ];
    const before = trips.received.length;
    for (const token of bad) {
      const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
        headers: token ? { authorization: token } : {},
      });
      expect(res.status).toBe(401);
      expect(typeof (await res.json()).msg).toBe('string');
    }
    expect(trips.received.length).toBe(before);
  });

  it('when a route is public, then it passes without a token; the Authorization header is forwarded unchanged otherwise', async () => {
    for (const [method, path] of [
      ['POST', '/api/user/register'],
      ['GET', '/api/user/refresh_token'],
      ['GET', '/api/user/logout'],
      ['GET', '/api/places-pics?photoreference=places/a/photos/b'],
    ]) {
      const res = await fetch(`${gateway.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status).toBe(200);
    }
    const raw = tokenFor(testUser());
    await fetch(`${gateway.url}/api/wishlist/getlists`, { headers: { authorization: raw } });
    expect(wishlists.received.at(-1)!.headers.authorization).toBe(raw);
  });

  it('when bodies of 0 B and 90 kB are posted, then they stream through byte for byte; 2 MB is refused with 413', async () => {
    const empty = await fetch(`${gateway.url}/api/trips/getaway-trip`, { method: 'POST', headers: bearer() });
    expect((await empty.json()).bodyLength).toBe(0);
    const big = JSON.stringify({ blob: randomBytes(45_000).toString('hex') });
    const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: big,
    });
    expect((await res.json()).bodyLength).toBe(Buffer.byteLength(big));
    expect(trips.received.at(-1)!.body.toString()).toBe(big);

    // The service enforces the 100 kB JSON limit; the gateway must stream the
    // service's 413 back rather than buffer or break.
    trips.respond = (_req, response, body) => {
      response.writeHead(body.length > 100_000 ? 413 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ msg: 'The request body is too large.' }));
    };
    const huge = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ msg: 'The request body is too large.' });
  });

  it('when an upstream is slow, then 504 {msg} at the timeout', async () => {
    integrations.respond = (_req, res) => {
      // A slow upstream, not a synchronisation: it answers 30 s late, ten times the gateway's
      // 3 s timeout. unref: the late answer must not keep the test process alive.
      setTimeout(() => {
        if (!res.destroyed) res.end('{}');
      }, 30_000).unref();
    };
    // The upstream would answer much later: a 504 means the gateway's own timeout cut it short.
    const res = await fetch(`${gateway.url}/api/weather?city=Slow`, { headers: bearer() });
    expect(res.status).toBe(504);
    expect((await res.json()).msg).toMatch(/took too long/);
  });

  it('when a request id is sent, then the service receives it and the client gets it back; otherwise one is minted', async () => {
    const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      headers: { ...bearer(), 'x-request-id': 'abc-123' },
    });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(trips.received.at(-1)!.headers['x-request-id']).toBe('abc-123');
    const minted = await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() });
    const id = minted.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(trips.received.at(-1)!.headers['x-request-id']).toBe(id);
  });

  it('when a preflight comes from a listed origin, then it is allowed with credentials; other origins get no CORS headers', async () => {
    const allowed = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const refused = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when any page is served, then security headers are present and the placeholder page shows before the web build', async () => {
    const res = await fetch(`${gateway.url}/some/deep/link`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('TripCost');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull(); // local mode
  });

  it('when the gateway answers an API call itself, then it carries the API security headers (ADR 0045) and the request id', async () => {
    const res = await fetch(`${gateway.url}/api/nothing-here`, { headers: bearer() });
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-xss-protection')).toBeNull(); // documents only, or clients long gone
    expect(res.headers.get('x-request-id')).toMatch(/^[\w.:-]+$/);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('when an /api path matches no service, then 404 {msg}', async () => {
    const res = await fetch(`${gateway.url}/api/nothing-here`, { headers: bearer() });
    expect(res.status).toBe(404);
    expect((await res.json()).msg).toContain('/api/nothing-here');
  });

  it('when the same email fails to log in 10 times, then the 11th attempt is 429 {msg}; successes are not charged', async () => {
    const email = `victim-${uniqueSuffix()}@example.test`;
    auth.respond = (_req, res, body) => {
      const { password } = JSON.parse(body.toString());
      res.writeHead(password === 'right' ? 200 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(password === 'right' ? { accesstoken: 't' } : { msg: 'Invalid email or password.' }));
    };
    const login = (password: string) =>
      fetch(`${gateway.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 3; i++) expect((await login('right')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login('wrong')).status).toBe(400);
    const limited = await login('wrong');
    expect(limited.status).toBe(429);
    expect((await limited.json()).msg).toMatch(/Too many failed login attempts/);
    // The auth service received the body unchanged for the allowed attempts.
    expect(JSON.parse(auth.received.at(-1)!.body.toString())).toEqual({ email, password: 'wrong' });
    // Another email from the same IP is unaffected.
    const other = await fetch(`${gateway.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `other-${uniqueSuffix()}@example.test`, password: 'wrong' }),
    });
    expect(other.status).toBe(400);
  });

  it('when 15 wrong passwords for one email arrive at once, then only 10 reach the auth service and the rest are 429', async () => {
    const email = `parallel-${uniqueSuffix()}@example.test`;
    auth.respond = (_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ msg: 'Invalid email or password.' }));
    };
    const reachedBefore = auth.received.length;
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        fetch(`${gateway.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: `guess-${i}` }),
        }).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(auth.received.length - reachedBefore).toBe(10);
  });

  it('when 30 logins of one account arrive at once and succeed, then all 30 get in', async () => {
    const email = `family-${uniqueSuffix()}@example.test`;
    auth.respond = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accesstoken: 't' }));
    };
    const login = () =>
      fetch(`${gateway.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'right' }),
      }).then((res) => res.status);
    expect(await Promise.all(Array.from({ length: 30 }, () => login()))).toEqual(Array(30).fill(200));
    expect(await login()).toBe(200);
  });
});

describe('gateway with unreachable or missing upstreams', () => {
  it('when a service is down, then 503 {msg} without waiting for a timeout', async () => {
    const down = await closedPortUrl();
    // A short retry window: a refused request is sent again while a restart could end (upstream-retry.ts).
    const gateway = await startTestGateway({
      TRIPS_URL: down,
      WEB_DIST: '/nonexistent',
      UPSTREAM_RETRY_WINDOW_MS: '300',
    });
    try {
      // A refused connection must answer at once, not wait out the upstream timeout.
      const res = await settlesWithin(
        fetch(`${gateway.url}/api/trips/anything`, { headers: { authorization: tokenFor(testUser()) } }),
        5000,
        'a request to a service that is down',
      );
      expect(res.status).toBe(503);
      expect((await res.json()).msg).toBe('The trips service is unavailable. Please try again shortly.');
    } finally {
      await gateway.stop();
    }
  });

  it('when the global per-IP limit is exceeded, then 429 {msg} with rate-limit headers', async () => {
    const upstream = await fakeUpstream('trips');
    const gateway = await startTestGateway({
      TRIPS_URL: upstream.url,
      RATE_LIMIT_PER_MINUTE: '5',
      WEB_DIST: '/nonexistent',
    });
    try {
      // The limit is shared through Redis by IP; earlier tests may have used some, so
      // make sure we cross it rather than counting exactly.
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${gateway.url}/api/trips/x`, { headers: { authorization: tokenFor(testUser()) } });
        statuses.push(res.status);
        if (res.status === 429) {
          expect((await res.json()).msg).toMatch(/Too many requests/);
          expect(res.headers.get('ratelimit-policy')).toBeTruthy();
        }
      }
      expect(statuses).toContain(429);
    } finally {
      await gateway.stop();
      await upstream.close();
    }
  });
});

describe('gateway serving the built web app', () => {
  it('when the browser accepts br or gzip, then hashed assets come precompressed; otherwise as they are; deep links get index.html', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } = await import('node:zlib');
    const { tempDataDir } = await import('@tripcost/shared/testing');
    const dist = tempDataDir('tripcost-web-');
    mkdirSync(join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>TripCost app</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'TripCost' }));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const gateway = await startTestGateway({ WEB_DIST: dist });
    try {
      const get = (path: string, encoding?: string) =>
        new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
          (resolve, reject) => {
            // node:http, not fetch: fetch would decompress and hide what was sent.
            import('node:http').then(({ get: httpGet }) =>
              httpGet(`${gateway.url}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (chunk) => chunks.push(chunk));
                res.on('end', () =>
                  resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
                );
              }).on('error', reject),
            );
          },
        );
      const brotli = await get('/assets/app-abc123.js', 'gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
      const gzip = await get('/assets/app-abc123.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(script);
      const plain = await get('/assets/app-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
      expect([403, 404]).toContain((await get('/assets/..%2f..%2fetc%2fpasswd', 'br')).status);
      expect((await get('/assets/missing.js', 'br')).status).toBe(404);
      // The service worker and the manifest are revalidated on every load, so a release reaches browsers at once.
      const worker = await get('/sw.js');
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await get('/manifest.webmanifest');
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(manifest.body.toString()).name).toBe('TripCost');
      expect((await get('/favicon.svg')).headers['cache-control']).toMatch(/max-age=3600/);
      const deepLink = await get('/trips/64c000000000000000000001');
      expect(deepLink.status).toBe(200);
      expect(deepLink.body.toString()).toContain('TripCost app');
      // The app rebuilt while the gateway runs: a browser holding the old page asks for
      // assets that are gone (404, never 500), and those of the new build come compressed.
      const { rmSync } = await import('node:fs');
      for (const name of ['app-abc123.js', 'app-abc123.js.br', 'app-abc123.js.gz']) rmSync(join(dist, 'assets', name));
      writeFileSync(join(dist, 'assets', 'app-def456.js'), script);
      writeFileSync(join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(script));
      for (const encoding of ['br', 'gzip', undefined]) {
        const gone = await get('/assets/app-abc123.js', encoding);
        expect(gone.status).toBe(404);
        expect(gone.headers['content-encoding']).toBeUndefined();
      }
      const rebuilt = await get('/assets/app-def456.js', 'br');
      expect(rebuilt.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(rebuilt.body).toString()).toBe(script);
    } finally {
      await gateway.stop();
    }
  });
});
