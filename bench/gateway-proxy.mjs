// Gateway overhead: the same authenticated GET answered by a kit-built service with
// a ~25 kB JSON body, measured direct and through the gateway (autocannon, 50
// connections, no pipelining). Reports both throughputs, the ratio and p99s.
// Run: npm run build && node bench/gateway-proxy.mjs   (needs Redis at REDIS_URL)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchIdentity, waitUntilUp } from './lib/identity.mjs';
import { freePort, ROOT } from '../scripts/lib/environment.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

// The upstream is a real service built on our kit (helmet, request ids, access log,
// metrics, token check, zod-validated route), answering a ~25 kB JSON list: the
// same work a TripCost service does. It runs in its own process, as a service would.
const upstreamSource = `
const shared = require('@tripcost/shared');
const logger = shared.createLogger('bench-upstream', 'info');
const trips = Array.from({ length: 40 }, (_, i) => ({
  _id: i.toString(16).padStart(24, '0'), location_address: 'Lisbon, Portugal', trip_location: 'Lisbon, , Portugal',
  image_url: '/api/places-pics?photoreference=places/abc/photos/def', trip_start: '2025-01-05T00:00:00.000Z',
  trip_end: '2025-01-09T00:00:00.000Z', stay_expense: 420.5, travel_expense: 180, car_expense: 0, other_expense: 35.25,
  total_cost: 635.75, isFavorite: i % 3 === 0, user_email: 'bench@example.test', committedInstanceId: null,
  instances: [{ _id: 'a'.repeat(24), trip_start: null, trip_end: null, stay_expense: 1, travel_expense: 2, car_expense: 3, other_expense: 4, isCommitted: false, activities: [] }],
}));
const lifecycle = new shared.Lifecycle();
const app = shared.createServiceApp({
  name: 'bench-upstream', logger, lifecycle, readiness: {},
  verifier: shared.createTokenVerifier(process.env.JWT_PUBLIC_KEY),
  routes: (ctx) => shared.defineRoute(ctx, {
    method: 'get', path: '/api/trips/getaway-trip', summary: 'List', auth: 'required', responses: { 200: 'Trips' },
    handler: ({ user }) => ({ body: trips.map((trip) => ({ ...trip, user_email: user.email })) }),
  }),
});
shared.listen(app, { port: Number(process.env.PORT), host: '127.0.0.1', lifecycle, logger });
`;

function spawnReady(args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return child;
}

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: DURATION, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const { publicKey, token } = benchIdentity();
const upstreamPort = await freePort();
const gatewayPort = await freePort();
const upstream = spawnReady(['-e', upstreamSource], {
  PORT: String(upstreamPort),
  JWT_PUBLIC_KEY: publicKey,
  NODE_PATH: join(ROOT, 'node_modules'),
});
const gateway = spawnReady([join(ROOT, 'gateway/dist/main.js')], {
  PORT: String(gatewayPort),
  TRIPS_URL: `http://127.0.0.1:${upstreamPort}`,
  JWT_PUBLIC_KEY: publicKey,
  RATE_LIMIT_PER_MINUTE: '100000000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
try {
  await waitUntilUp(`http://127.0.0.1:${upstreamPort}/healthz`);
  await waitUntilUp(`http://127.0.0.1:${gatewayPort}/healthz`);
  const headers = { authorization: `Bearer ${token}` };
  const path = '/api/trips/getaway-trip';
  // Warm both paths (JIT, keep-alive pools), then alternate direct and gateway runs:
  // on this shared VM single runs swing widely, so each round is a pair measured
  // back to back and the median ratio is the result.
  await run(`http://127.0.0.1:${upstreamPort}${path}`, headers).catch(() => undefined);
  await run(`http://127.0.0.1:${gatewayPort}${path}`, headers).catch(() => undefined);
  const row = (name, r) =>
    `${name.padEnd(16)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(
    `gateway overhead — ${CONNECTIONS} connections, ${DURATION}s per run, ${ROUNDS} rounds, ~25 kB JSON body`,
  );
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const direct = await run(`http://127.0.0.1:${upstreamPort}${path}`, headers);
    const viaGateway = await run(`http://127.0.0.1:${gatewayPort}${path}`, headers);
    const ratio = viaGateway.requests.average / direct.requests.average;
    ratios.push(ratio);
    console.log(`round ${round}`);
    console.log(row('  direct', direct));
    console.log(row('  through gateway', viaGateway));
    console.log(`  ratio ${ratio.toFixed(2)}×`);
  }
  ratios.sort((a, b) => a - b);
  console.log(`median throughput ratio (gateway / direct): ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}×`);
} finally {
  upstream.kill();
  gateway.kill();
}
