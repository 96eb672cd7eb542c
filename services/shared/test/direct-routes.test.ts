// Routes with a fixed path are answered without Express's router (http/direct-routes.ts);
// what a client sees must be what Express would have answered.
import type { RequestHandler } from 'express';
import { z } from 'zod';
import {
  AppError,
  createServiceApp,
  createTokenVerifier,
  defineRoute,
  Lifecycle,
  listen,
  noRevokedUsers,
  type RunningServer,
} from '../src';
import { silentLogger, testKeys, testUser, tokenFor } from '../src/testing';

describe('routes with a fixed path', () => {
  let running: RunningServer;
  const user = testUser();
  const auth = { authorization: `Bearer ${tokenFor(user)}` };
  const skipRoute: RequestHandler = (_req, _res, next) => next('route');

  beforeAll(async () => {
    const lifecycle = new Lifecycle();
    const app = createServiceApp({
      name: 'direct',
      logger: silentLogger(),
      lifecycle,
      verifier: createTokenVerifier(testKeys().publicKey),
      revokedUsers: noRevokedUsers,
      readiness: {},
      routes: (ctx) => {
        defineRoute(ctx, {
          method: 'get',
          path: '/notes',
          summary: 'List',
          auth: 'required',
          query: z.object({ limit: z.coerce.number().int().min(1).max(5).default(5) }),
          responses: { 200: 'Notes' },
          handler: ({ user: caller, query, req }) => ({
            body: { owner: caller.email, limit: query.limit, route: req.route?.path, params: req.params },
          }),
        });
        defineRoute(ctx, {
          method: 'post',
          path: '/notes',
          summary: 'Create',
          auth: 'required',
          body: z.object({ text: z.string().min(1, 'Text is required.') }),
          responses: { 201: 'Created' },
          handler: async ({ body }) => ({ status: 201, body: { text: body.text } }),
        });
        // Declared before the fixed path below, so Express sends /notes-by/special here.
        defineRoute(ctx, {
          method: 'get',
          path: '/notes-by/:key',
          summary: 'By key',
          auth: 'none',
          responses: { 200: 'Note' },
          handler: ({ req }) => ({ body: { matched: 'param', key: req.params.key } }),
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/notes-by/special',
          summary: 'Never reached',
          auth: 'none',
          responses: { 200: 'Note' },
          handler: () => ({ body: { matched: 'fixed' } }),
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/refused',
          summary: 'Known error, thrown after a wait',
          auth: 'none',
          responses: { 409: 'Always' },
          handler: async () => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            throw new AppError(409, 'Already there.', 'conflict');
          },
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/skipped',
          summary: 'Its guard leaves the route',
          auth: 'none',
          before: [skipRoute],
          responses: { 200: 'Never' },
          handler: () => ({ body: { reached: true } }),
        });
      },
    });
    running = await listen(app, { port: 0, host: '127.0.0.1', lifecycle, logger: silentLogger() });
  });

  afterAll(() => running.stop());

  const get = (path: string, init: RequestInit = {}) => fetch(`${running.url}${path}`, init);

  it('answers with what the route declared: caller, validated query, request id, security headers', async () => {
    const response = await get('/notes?limit=3', { headers: { ...auth, 'x-request-id': 'note-list-1' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ owner: user.email, limit: 3, route: '/notes', params: {} });
    expect(response.headers.get('x-request-id')).toBe('note-list-1');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('refuses a caller without a token and bad input with the usual bodies', async () => {
    const anonymous = await get('/notes');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'token_missing' });

    const bad = await get('/notes?limit=9', { headers: auth });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('reads a JSON body and picks the handler of the method', async () => {
    const created = await get('/notes', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'pack the charger' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ text: 'pack the charger' });

    const malformed = await get('/notes', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"text":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'malformed_json' });
  });

  it('answers a trailing slash, another case and HEAD as Express does', async () => {
    const slash = await get('/notes/?limit=2', { headers: auth });
    expect(await slash.json()).toMatchObject({ limit: 2, route: '/notes' });
    const upper = await get('/NOTES', { headers: auth });
    expect(upper.status).toBe(200);
    const head = await get('/notes', { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves a fixed path to an earlier route that matches it', async () => {
    const response = await get('/notes-by/special');
    expect(await response.json()).toEqual({ matched: 'param', key: 'special' });
  });

  it('passes errors to the error middleware and next("route") on to the 404', async () => {
    const refused = await get('/refused');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ msg: 'Already there.', code: 'conflict' });

    const skipped = await get('/skipped');
    expect(skipped.status).toBe(404);
    expect(await skipped.json()).toMatchObject({ code: 'route_not_found' });

    const unknownMethod = await get('/refused', { method: 'DELETE' });
    expect(unknownMethod.status).toBe(404);
  });

  it('counts answers under their route pattern', async () => {
    await get('/notes', { headers: auth });
    const metrics = await (await get('/metrics')).text();
    expect(metrics).toMatch(/http_requests_total\{method="GET",route="\/notes",status="200",service="direct"\} \d+/);
  });
});
