// Cached weather calls at a fixed rate, straight to the integrations service (the
// gateway hop is measured separately by the lead): starts a local fake Open-Meteo,
// spawns the built service against it (`npx tsc -b` first), warms the cache once and
// reports p50/p99 and how many calls reached the fake (the cache should keep it at 2).
// BENCH_RATE (req/s, default 500), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { benchIdentity } from './lib/identity.mjs';
import { startBenchGateway } from './lib/gateway.mjs';
import { componentArgs, freePort } from '../scripts/lib/environment.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

let upstreamCalls = 0;
const fakeOpenMeteo = createServer((req, res) => {
  upstreamCalls++;
  const path = new URL(req.url, 'http://fake').pathname;
  const body =
    path === '/v1/search'
      ? { results: [{ name: 'Lisbon', latitude: 38.72, longitude: -9.13, country_code: 'PT', country: 'Portugal' }] }
      : { current: { temperature_2m: 18.4, weather_code: 2 } };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});
await new Promise((resolve) => fakeOpenMeteo.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${fakeOpenMeteo.address().port}`;

const { publicKey, token } = benchIdentity();

const port = await freePort();
const unreachable = 'http://127.0.0.1:9';
const child = spawn(process.execPath, componentArgs('services/integrations'), {
  env: {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    JWT_PUBLIC_KEY: publicKey,
    WARM_UP_ENABLED: 'false',
    OPENWEATHER_API_KEY: '',
    GOOGLE_MAPS_API_KEY: '',
    OPENAI_API_KEY: '',
    OPEN_METEO_GEOCODING_BASE_URL: fakeUrl,
    OPEN_METEO_BASE_URL: fakeUrl,
    OPENWEATHER_BASE_URL: unreachable,
    GOOGLE_PLACES_BASE_URL: unreachable,
    OPENAI_BASE_URL: unreachable,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
const path = '/api/weather?city=Lisbon&country=Portugal&units=metric';

try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (i > 150) throw new Error('integrations did not come up');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const warm = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (warm.status !== 200) throw new Error(`warm-up answered ${warm.status}: ${await warm.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 100)); // the cache write follows the answer

  const gateway = await startBenchGateway({ INTEGRATIONS_URL: url, JWT_PUBLIC_KEY: publicKey });
  try {
    for (const [target, base] of [
      ['direct to service', url],
      ['through the gateway', gateway.url],
    ]) {
      const result = await autocannon({
        url: `${base}${path}`,
        headers: { authorization: `Bearer ${token}` },
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: DURATION,
      });
      const summary = {
        bench: `integrations cached GET /api/weather (${target})`,
        rate: RATE,
        seconds: DURATION,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        upstreamCalls,
      };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    }
  } finally {
    await gateway.stop();
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  fakeOpenMeteo.close();
}
