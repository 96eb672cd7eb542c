// The cache fails open: with Redis unreachable from the start, or gone mid-test, every
// route still answers from upstream without stalling, and the outage is logged.
import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { settlesWithin, testRedisUrl, testUser, tokenFor } from '@tripcost/shared/testing';
import type { RunningIntegrations } from '../../src';
import { offlineCityIndex } from '../../src/store/offline-cities';
import {
  authHeader,
  bootIntegrations,
  capturingLogger,
  guardAgainstInternet,
  startFakeUpstream,
  type FakeUpstream,
  type RecordedCall,
} from '../support';

guardAgainstInternet();

function weatherAnswers(call: RecordedCall) {
  if (call.path === '/v1/search') {
    return {
      json: {
        results: [{ name: 'Porto', latitude: 41.15, longitude: -8.61, country_code: 'PT', country: 'Portugal' }],
      },
    };
  }
  return { json: { current: { temperature_2m: 12, weather_code: 61 } } };
}

/**
 * A client stuck behind a dead Redis would wait for its reconnects (seconds to forever);
 * a fail-fast one answers in milliseconds. The limit tells the two apart with a wide
 * margin even on a loaded machine: a hang detector, not a speed measurement.
 */
const STALL_MS = 5000;

/** A TCP relay to the Redis of this test run that the test can cut, as if Redis had stopped. */
async function startRedisRelay(): Promise<{ url: string; cut(): Promise<void> }> {
  const target = new URL(testRedisUrl());
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 6379), target.hostname);
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    // Idempotent, so afterEach can always call it: a failed test never leaves the port open.
    async cut() {
      if (cut) return;
      cut = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe('when Redis is unavailable', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations | undefined;
  let relay: Awaited<ReturnType<typeof startRedisRelay>> | undefined;
  const token = tokenFor(testUser());

  // Build the city index first so the start-up time below measures Redis handling only.
  beforeAll(() => offlineCityIndex());
  beforeEach(async () => {
    fake = await startFakeUpstream(weatherAnswers);
  });
  afterEach(async () => {
    await service?.stop();
    await relay?.cut();
    await fake.close();
    service = undefined;
    relay = undefined;
  });

  const env = () => ({
    OPEN_METEO_GEOCODING_BASE_URL: fake.url,
    OPEN_METEO_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.url,
  });
  const weather = () =>
    fetch(`${service!.url}/api/weather?city=Porto&country=Portugal`, { headers: authHeader(token) });

  it('when Redis was never reachable, then the service starts and answers from upstream without stalling, logging a warning', async () => {
    const capture = capturingLogger();
    service = await settlesWithin(
      bootIntegrations({ env: { ...env(), REDIS_URL: 'redis://127.0.0.1:1' }, logger: capture.logger }),
      STALL_MS,
      'start-up without Redis',
    );
    for (let i = 0; i < 3; i++) {
      const res = await settlesWithin(weather(), STALL_MS, 'a weather request without Redis');
      expect(res.status).toBe(200);
      expect((await res.json()).weather[0].description).toBe('light rain');
    }
    // Nothing could be cached, so each request went upstream (geocoding + forecast).
    expect(fake.calls).toHaveLength(6);
    expect(capture.lines().some((line) => line.msg === 'cache unavailable; answering from upstream')).toBe(true);

    // Autocomplete never needed Redis.
    const places = await fetch(`${service!.url}/api/places/autocomplete?input=porto`, { headers: authHeader(token) });
    expect(places.status).toBe(200);
    const descriptions = ((await places.json()) as Array<{ description: string }>).map((place) => place.description);
    expect(descriptions).toContain('Porto, Portugal');
  });

  it('when Redis stops mid-test, then cached answers give way to upstream answers without stalls', async () => {
    relay = await startRedisRelay();
    const capture = capturingLogger();
    service = await bootIntegrations({ env: { ...env(), REDIS_URL: relay.url }, logger: capture.logger });
    expect((await weather()).status).toBe(200);
    await service.cacheSettled(); // the request answers before its cache write finishes
    expect((await weather()).status).toBe(200);
    expect(fake.calls).toHaveLength(2); // geocoding + forecast once; the second answer came from the cache

    await relay.cut();
    for (let i = 0; i < 5; i++) {
      const res = await settlesWithin(weather(), STALL_MS, 'a weather request after Redis stopped');
      expect(res.status).toBe(200);
    }
    expect(fake.calls.length).toBeGreaterThan(2);
    const suggestions = await settlesWithin(
      fetch(`${service.url}/api/chatgpt/fun-places`, {
        method: 'POST',
        headers: { ...authHeader(token), 'content-type': 'application/json' },
        body: JSON.stringify({ location: 'Porto' }),
      }),
      STALL_MS,
      'a suggestions request after Redis stopped',
    );
    // The fake answers every path with weather JSON, so the provider's answer is unusable: a
    // clean 502, which shows the rate limit and the cache did not block on the dead Redis.
    expect(suggestions.status).toBe(502);
    expect(capture.lines().some((line) => line.msg === 'cache unavailable; answering from upstream')).toBe(true);
  });
});
