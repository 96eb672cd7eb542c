import { z } from 'zod';
import {
  AppError,
  createServiceApp,
  createTokenVerifier,
  defineRoute,
  Lifecycle,
  listen,
  moneySchema,
  calendarDateSchema,
  closeRedis,
  createRequestRedis,
  createRevokedUsers,
  objectIdSchema,
  type Redis,
  type RevokedUsers,
  type RunningServer,
  waitForRedis,
} from '../src';
import { craftToken, silentLogger, testKeys, testRedisUrl, testUser, tokenFor, uniqueSuffix } from '../src/testing';

describe('service app factory', () => {
  let running: RunningServer;
  let lifecycle: Lifecycle;
  let release: () => void = () => undefined;
  /** Resolves when /slow is being handled: the request is in flight. */
  let slowArrived: () => void = () => undefined;
  let redisUp = true;
  let redis: Redis;
  let revokedUsers: RevokedUsers;

  beforeAll(async () => {
    lifecycle = new Lifecycle();
    redis = createRequestRedis(testRedisUrl(), silentLogger());
    await waitForRedis(redis);
    revokedUsers = createRevokedUsers(redis, silentLogger(), `test:revoked:${uniqueSuffix()}:`);
    const app = createServiceApp({
      name: 'sample',
      logger: silentLogger(),
      lifecycle,
      verifier: createTokenVerifier(testKeys().publicKey),
      revokedUsers,
      readiness: {
        redis: async () => {
          if (!redisUp) throw new Error('redis down');
        },
      },
      routes: (ctx) => {
        defineRoute(ctx, {
          method: 'post',
          path: '/things/:thingId',
          summary: 'Make a thing',
          auth: 'required',
          params: z.object({ thingId: objectIdSchema('thing id') }),
          body: z.object({
            name: z.string().min(1, 'Name is required.'),
            price: moneySchema('Price').default(0),
            day: calendarDateSchema('Day').default(null),
          }),
          responses: { 201: 'Created' },
          handler: ({ params, body, user }) => ({
            status: 201,
            body: { ...body, id: params.thingId, owner: user.email },
          }),
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/boom',
          summary: 'Fails',
          auth: 'none',
          responses: { 500: 'Always' },
          handler: () => {
            throw new Error('secret internals at /srv/app.ts:12');
          },
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/teapot',
          summary: 'Known error',
          auth: 'none',
          responses: { 418: 'Always' },
          handler: () => {
            throw new AppError(418, 'I am a teapot.', 'teapot');
          },
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/slow',
          summary: 'Slow',
          auth: 'none',
          responses: { 200: 'Eventually' },
          handler: () =>
            new Promise((resolve) => {
              release = () => resolve({ body: { finished: true } });
              slowArrived();
            }),
        });
      },
    });
    running = await listen(app, {
      port: 0,
      host: '127.0.0.1',
      lifecycle,
      logger: silentLogger(),
      onClose: [() => revokedUsers.close(), () => closeRedis(redis)],
    });
  });

  afterAll(() => running.stop());

  const thingId = 'a'.repeat(24);
  const post = (body: string, token?: string) =>
    fetch(`${running.url}/things/${thingId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body,
    });

  it('when the body is valid and the token raw or Bearer, then the handler answers with parsed values', async () => {
    const user = testUser();
    for (const auth of [tokenFor(user), `Bearer ${tokenFor(user)}`]) {
      const res = await post(JSON.stringify({ name: 'x', price: '12.345', day: '2025-01-05', extra: 'dropped' }), auth);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({
        name: 'x',
        price: 12.35,
        day: '2025-01-05T00:00:00.000Z',
        id: thingId,
        owner: user.email,
      });
    }
  });

  it('when the token is missing, tampered, expired, for another audience or alg none, then 401 {msg}', async () => {
    const user = testUser();
    const good = tokenFor(user);
    const tampered = good.slice(0, -3) + (good.endsWith('AAA') ? 'BBB' : 'AAA');
    const expired = craftToken({ email: user.email }, { subject: user.id, expiresIn: -10 });
    const wrongAudience = craftToken(
      { email: user.email },
      { subject: user.id, audience: 'someone-else', expiresIn: 60 },
    );
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: user.id,
        email: user.email,
        iss: 'tripcost-auth',
        aud: 'tripcost',
        exp: Math.floor(Date.now() / 1000) + 60,
      }),
    ).toString('base64url');
    const algNone = `${header}.${payload}.`;
    for (const token of [undefined, tampered, expired, wrongAudience, algNone]) {
      const res = await post(JSON.stringify({ name: 'x' }), token);
      expect(res.status).toBe(401);
      expect(typeof (await res.json()).msg).toBe('string');
    }
  });

  it('when the user’s tokens are revoked (account deleted), then a still-valid token is 401 and others still pass', async () => {
    const gone = testUser();
    const other = testUser();
    const token = tokenFor(gone);
    expect((await post(JSON.stringify({ name: 'x' }), token)).status).toBe(201);
    await revokedUsers.revoke(gone.id);
    const refused = await post(JSON.stringify({ name: 'x' }), token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      msg: 'This account no longer exists. Please log in again.',
      code: 'token_revoked',
    });
    expect((await post(JSON.stringify({ name: 'x' }), tokenFor(other))).status).toBe(201);
  });

  it('when the body is malformed, invalid or the id bad, then 400 with a readable msg', async () => {
    const token = tokenFor(testUser());
    const malformed = await post('{"name":', token);
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).msg).toBe('The request body is not valid JSON.');
    const invalid = await post(JSON.stringify({ name: '' }), token);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).msg).toBe('Name is required.');
    const minimal = await post(JSON.stringify({ name: 'only a name' }), token);
    expect(minimal.status).toBe(201);
    expect(await minimal.json()).toMatchObject({ name: 'only a name', price: 0, day: null });
    const money = await post(JSON.stringify({ name: 'x', price: -1 }), token);
    expect((await money.json()).msg).toBe('Price must be a number from 0 to 1,000,000,000.');
    const badId = await fetch(`${running.url}/things/nope`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(badId.status).toBe(400);
    expect((await badId.json()).msg).toBe('The thing id is not a valid id.');
  });

  it('when a body is not JSON (text, a form, no type, chunked), then 415 {msg} and nothing runs; an empty one counts as {}', async () => {
    const token = tokenFor(testUser());
    const send = (headers: Record<string, string>, body?: BodyInit) =>
      fetch(`${running.url}/things/${thingId}`, {
        method: 'POST',
        headers: { authorization: token, ...headers },
        body,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    const chunked = (text: string) =>
      new ReadableStream({
        start(controller) {
          if (text) controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    const json = JSON.stringify({ name: 'x' });
    const refused = {
      status: 415,
      body: {
        msg: 'Send the request body as JSON, with Content-Type: application/json.',
        code: 'unsupported_media_type',
      },
    };
    for (const [what, reply] of [
      ['text/plain', () => send({ 'content-type': 'text/plain' }, json)],
      ['a form', () => send({ 'content-type': 'application/x-www-form-urlencoded' }, 'name=x')],
      ['no type', () => send({}, new TextEncoder().encode(json))],
      ['another JSON-like type', () => send({ 'content-type': 'application/merge-patch+json' }, json)],
      ['chunked text', () => send({ 'content-type': 'text/plain' }, chunked(json))],
    ] as const) {
      const res = await reply();
      expect({ what, status: res.status, body: await res.json() }).toEqual({ what, ...refused });
    }
    // Empty bodies of any type reach the route as {}: answered as `{}` in JSON is.
    const asEmptyObject = await send({ 'content-type': 'application/json' }, '{}');
    const expected = { status: 400, msg: (await asEmptyObject.json()).msg };
    expect(expected.msg).toMatch(/name/);
    for (const [what, reply] of [
      ['empty text', () => send({ 'content-type': 'text/plain' }, '')],
      ['empty, no type', () => send({})],
      ['empty chunked text', () => send({ 'content-type': 'text/plain' }, chunked(''))],
      ['empty JSON', () => send({ 'content-type': 'application/json' }, '')],
    ] as const) {
      const res = await reply();
      expect({ what, status: res.status, msg: (await res.json()).msg }).toEqual({ what, ...expected });
    }
    const accepted = await send({ 'content-type': 'application/json; charset=utf-8' }, json);
    expect(accepted.status).toBe(201);
  });

  it('when the body is over 100 kB, then 413 {msg}', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(150_000) }), tokenFor(testUser()));
    expect(res.status).toBe(413);
    expect((await res.json()).msg).toBe('The request body is too large.');
  });

  it('when a handler throws unexpectedly, then 500 "Something went wrong" and no stack leaks', async () => {
    const res = await fetch(`${running.url}/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ msg: 'Something went wrong' });
    expect(text).not.toContain('secret internals');
    const known = await fetch(`${running.url}/teapot`);
    expect(known.status).toBe(418);
    expect(await known.json()).toEqual({ msg: 'I am a teapot.', code: 'teapot' });
  });

  it('when a request id is sent it is echoed, otherwise one is minted; unknown routes are 404 JSON', async () => {
    const res = await fetch(`${running.url}/nowhere`, { headers: { 'x-request-id': 'trace-123' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const minted = await fetch(`${running.url}/healthz`);
    expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a dependency is down, then /readyz is 503 naming it; /metrics and /openapi.json describe the routes', async () => {
    redisUp = false;
    const down = await fetch(`${running.url}/readyz`);
    expect(down.status).toBe(503);
    expect((await down.json()).checks.redis).toBe('redis down');
    redisUp = true;
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${running.url}/metrics`)).text();
    expect(metrics).toContain('http_requests_total');
    expect(metrics).toContain('process_cpu_user_seconds_total');
    const doc = await (await fetch(`${running.url}/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/things/{thingId}', '/boom']));
    expect(doc.paths['/things/{thingId}'].post.requestBody).toBeDefined();
  });

  it('when shutdown starts, then in-flight requests finish and new ones are refused', async () => {
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const inFlight = fetch(`${running.url}/slow`).then(async (res) => ({ status: res.status, body: await res.json() }));
    await arrived;
    const stopping = running.stop();
    const refused = await fetch(`${running.url}/healthz`).then(
      (res) => res.status,
      () => 'connection refused',
    );
    expect([503, 'connection refused']).toContain(refused);
    release();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await stopping;
  });
});

describe('/healthz saying which instance answers', () => {
  const appWith = (instanceId?: string) =>
    createServiceApp({
      name: 'sample',
      logger: silentLogger(),
      lifecycle: new Lifecycle(),
      verifier: createTokenVerifier(testKeys().publicKey),
      revokedUsers: {
        isRevoked: async () => false,
        revoke: async () => undefined,
        close: async () => undefined,
      } as never,
      readiness: {},
      routes: () => undefined,
      instanceId,
    });

  it.each([
    ['an instance id', 'trips-3f9a0c', { status: 'ok', instance: 'trips-3f9a0c' }],
    ['none', undefined, { status: 'ok' }],
  ])(
    'when the service was given %s, then /healthz answers with it (or without an instance)',
    async (_case, instanceId, expected) => {
      const running = await listen(appWith(instanceId), {
        port: 0,
        host: '127.0.0.1',
        lifecycle: new Lifecycle(),
        logger: silentLogger(),
      });
      try {
        expect(await (await fetch(`${running.url}/healthz`)).json()).toEqual(expected);
      } finally {
        await running.stop();
      }
    },
  );
});
