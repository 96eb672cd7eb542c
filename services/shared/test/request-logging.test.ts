// Access-log levels: an expected condition (a feature this deployment has not
// configured) must not be logged as an ERROR on every request, while a real failure is.
import { Writable } from 'node:stream';
import pino from 'pino';
import {
  createServiceApp,
  createTokenVerifier,
  defineRoute,
  Lifecycle,
  listen,
  noRevokedUsers,
  serviceUnavailable,
  type RunningServer,
} from '../src';
import { testKeys } from '../src/testing';

describe('access log levels', () => {
  const lines: Array<{ level: number; msg: string; req?: { url: string } }> = [];
  let running: RunningServer;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level: 'debug' }, sink);
    const lifecycle = new Lifecycle();
    const app = createServiceApp({
      name: 'sample',
      logger,
      lifecycle,
      verifier: createTokenVerifier(testKeys().publicKey),
      revokedUsers: noRevokedUsers,
      readiness: {},
      routes: (ctx) => {
        defineRoute(ctx, {
          method: 'get',
          path: '/unconfigured',
          summary: 'A feature without its key',
          auth: 'none',
          responses: { 503: 'Not configured' },
          handler: () => {
            throw serviceUnavailable('Suggestions unavailable', 'not_configured');
          },
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/fine',
          summary: 'An answer in several scripts',
          auth: 'none',
          responses: { 200: 'Always' },
          handler: () => ({ body: { city: 'Zürich', note: '東京 → Москва', price: 12 } }),
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/broken',
          summary: 'A bug',
          auth: 'none',
          responses: { 500: 'Always' },
          handler: () => {
            throw new Error('a real bug');
          },
        });
      },
    });
    running = await listen(app, { port: 0, host: '127.0.0.1', lifecycle, logger });
  });
  afterAll(() => running.stop());

  const errored = (url: string) => lines.find((line) => line.req?.url === url && line.level >= 50);

  it('when a feature is not configured, then 503 {msg} is logged as info, not as an error', async () => {
    const res = await fetch(`${running.url}/unconfigured`);
    expect(res.status).toBe(503);
    expect((await res.json()).msg).toBe('Suggestions unavailable');
    const deadline = Date.now() + 2000;
    while (!lines.some((line) => line.req?.url === '/unconfigured') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(errored('/unconfigured')).toBeUndefined();
    const logged = lines.filter((line) => line.req?.url === '/unconfigured');
    expect(logged.map((line) => [line.level, line.msg])).toEqual([[30, 'request answered']]);
    expect(logged[0]).not.toHaveProperty('err');
  });

  it('when a route fails unexpectedly, then it is still an error', async () => {
    expect((await fetch(`${running.url}/broken`)).status).toBe(500);
    const deadline = Date.now() + 2000;
    while (!errored('/broken') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errored('/broken')).toBeDefined();
  });

  const loggedFor = async (url: string) => {
    const deadline = Date.now() + 2000;
    while (!lines.some((line) => line.req?.url === url) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return lines.filter((line) => line.req?.url === url).map((line) => [line.level, line.msg]);
  };

  it('when a request succeeds, then its access line is debug (the gateway logs it at info); the JSON arrives whole', async () => {
    const res = await fetch(`${running.url}/fine`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ city: 'Zürich', note: '東京 → Москва', price: 12 });
    expect(await loggedFor('/fine')).toEqual([[20, 'request completed']]);
  });

  it('when the same route is asked with HEAD, then headers and no body', async () => {
    const res = await fetch(`${running.url}/fine`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });
});
