// Test support: local fake upstreams that count their calls, a guard that fails any
// test whose code tries to reach a non-loopback host, and a helper that boots the
// real service in-process with every provider pointed at a loopback address.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '@tripcost/shared';
import { silentLogger, testKeys, testQueuePrefix, testRedisUrl } from '@tripcost/shared/testing';
import { configFrom, startIntegrations, type RunningIntegrations } from '../src';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  /** Raw body (garbage, images); wins over json. */
  body?: string | Buffer;
  contentType?: string;
  delayMs?: number;
}

export type FakeHandler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeUpstream {
  url: string;
  calls: RecordedCall[];
  /** Calls whose path starts with `prefix`. */
  count(prefix?: string): number;
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(initial: FakeHandler = () => ({ status: 500 })): Promise<FakeUpstream> {
  let handler = initial;
  const calls: RecordedCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const call = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      calls.push(call);
      const answer = await handler(call);
      const send = () => {
        if (res.destroyed) return;
        const body = answer.body ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
        res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
        res.end(body);
      };
      if (!answer.delayMs) return send();
      // A slow provider, not a synchronisation: tests use a delay far past the service's
      // timeout (or only to make concurrent calls overlap), and close() clears pending ones.
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, answer.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (prefix = '/') => calls.filter((call) => call.path.startsWith(prefix)).length,
    handle(next) {
      handler = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Timeouts under test. The service's upstream timeout is far above a local round trip
 * on two busy cores, so a fake that answers at once never times out; a "slow" fake
 * answers far later than that timeout, so a 504 can only come from the timeout.
 */
export const TEST_UPSTREAM_TIMEOUT_MS = 3000;
export const SLOWER_THAN_TIMEOUT_MS = 30_000;

/** A port nothing listens on: any call there is refused at once. */
export const CLOSED_URL = 'http://127.0.0.1:9';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
export const nonLoopbackCalls: string[] = [];

/**
 * Wraps the global fetch (which the service resolves at call time) so that a call to
 * anything but loopback is refused and recorded; each file asserts none happened.
 */
export function guardAgainstInternet(): void {
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const target = new URL(input instanceof Request ? input.url : String(input));
      if (!LOOPBACK.has(target.hostname)) {
        nonLoopbackCalls.push(target.href);
        return Promise.reject(new Error(`test tried to reach the internet: ${target.host}`));
      }
      return realFetch(input, init);
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    expect(nonLoopbackCalls).toEqual([]);
  });
}

/** A logger whose lines can be inspected (level warn and above by default). */
export function capturingLogger(level = 'warn'): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines: () => lines };
}

export interface BootOptions {
  env?: Record<string, string>;
  logger?: Logger;
}

/** The real service on port 0; every base URL defaults to a closed loopback port. */
export async function bootIntegrations(options: BootOptions = {}): Promise<RunningIntegrations> {
  const config = configFrom({
    JWT_PUBLIC_KEY: testKeys().publicKey,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testQueuePrefix(),
    LOG_LEVEL: 'silent',
    PORT: '0',
    UPSTREAM_TIMEOUT_MS: String(TEST_UPSTREAM_TIMEOUT_MS),
    WARM_UP_ENABLED: 'false',
    OPENWEATHER_BASE_URL: CLOSED_URL,
    OPEN_METEO_GEOCODING_BASE_URL: CLOSED_URL,
    OPEN_METEO_BASE_URL: CLOSED_URL,
    GOOGLE_PLACES_BASE_URL: CLOSED_URL,
    OPENAI_BASE_URL: CLOSED_URL,
    ...options.env,
  });
  return startIntegrations(config, options.logger ?? silentLogger());
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });
