// Test support: the shared fake upstream (a local HTTP server per provider), a guard that fails any
// test whose code tries to reach a non-loopback host, and a helper that boots the
// real service in-process with every provider pointed at a loopback address.
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '@tripcost/shared';
import { silentLogger, testServiceEnv } from '@tripcost/shared/testing';
import { configFrom, startIntegrations, type RunningIntegrations } from '../src';

export {
  startFakeUpstream,
  type FakeAnswer,
  type FakeHandler,
  type FakeUpstream,
  type RecordedCall,
} from '@tripcost/shared/testing';

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
  const config = configFrom(
    testServiceEnv({
      UPSTREAM_TIMEOUT_MS: String(TEST_UPSTREAM_TIMEOUT_MS),
      WARM_UP_ENABLED: 'false',
      OPENWEATHER_BASE_URL: CLOSED_URL,
      OPEN_METEO_GEOCODING_BASE_URL: CLOSED_URL,
      OPEN_METEO_BASE_URL: CLOSED_URL,
      GOOGLE_PLACES_BASE_URL: CLOSED_URL,
      OPENAI_BASE_URL: CLOSED_URL,
      FX_API_URL: CLOSED_URL,
      ...options.env,
    }),
  );
  return startIntegrations(config, options.logger ?? silentLogger());
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });
