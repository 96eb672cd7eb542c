// The cache fails open: with Redis unreachable from the start, or gone mid-test, every
// route still answers from upstream in milliseconds, and the outage is logged.
import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { testUser, tokenFor } from '@tripcost/shared/testing';
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

/** A TCP relay to the real Redis that the test can cut, as if Redis had stopped. */
async function startRedisRelay(): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(6379, '127.0.0.1');
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
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe('when Redis is unavailable', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations;
  const token = tokenFor(testUser());

  // Build the city index first so the start-up time below measures Redis handling only.
  beforeAll(() => offlineCityIndex());
  beforeEach(async () => {
    fake = await startFakeUpstream(weatherAnswers);
  });
  afterEach(async () => {
    await service.stop();
    await fake.close();
  });

  const env = () => ({
    OPEN_METEO_GEOCODING_BASE_URL: fake.url,
    OPEN_METEO_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.url,
  });
  const weather = () => fetch(`${service.url}/api/weather?city=Porto&country=Portugal`, { headers: authHeader(token) });

  it('when Redis was never reachable, then the service starts and answers from upstream, logging a warning', async () => {
    const capture = capturingLogger();
    service = await bootIntegrations({ env: { ...env(), REDIS_URL: 'redis://127.0.0.1:1' }, logger: capture.logger });
    for (let i = 0; i < 3; i++) {
      const res = await weather();
      expect(res.status).toBe(200);
      expect((await res.json()).weather[0].description).toBe('light rain');
    }
    // Nothing could be cached, so each request went upstream (geocoding + forecast).
    expect(fake.calls).toHaveLength(6);
    expect(capture.lines().some((line) => line.msg === 'cache unavailable; answering from upstream')).toBe(true);

    // Autocomplete never needed Redis.
    const places = await fetch(`${service.url}/api/places/autocomplete?input=porto`, { headers: authHeader(token) });
    expect(places.status).toBe(200);
    const descriptions = ((await places.json()) as Array<{ description: string }>).map((place) => place.description);
    expect(descriptions).toContain('Porto, Portugal');
  });

  it('when Redis stops mid-test, then cached answers give way to upstream answers without stalls', async () => {
    const relay = await startRedisRelay();
    const capture = capturingLogger();
    service = await bootIntegrations({ env: { ...env(), REDIS_URL: relay.url }, logger: capture.logger });
    expect((await weather()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the cache write is not awaited by the request
    expect((await weather()).status).toBe(200);
    expect(fake.calls).toHaveLength(2); // second answer came from the cache

    await relay.cut();
    // A Redis that stops answering must not hold requests: each one is served from upstream.
    for (let i = 0; i < 5; i++) expect((await weather()).status).toBe(200);
    expect(fake.calls.length).toBeGreaterThan(2);
    const suggestions = await fetch(`${service.url}/api/chatgpt/fun-places`, {
      method: 'POST',
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'Porto' }),
    });
    // The fake answers every path with weather JSON, so the provider's answer is unusable: a
    // clean 502, which shows the rate limit and the cache did not block on the dead Redis.
    expect(suggestions.status).toBe(502);
    expect(capture.lines().some((line) => line.msg === 'cache unavailable; answering from upstream')).toBe(true);
  });
});
