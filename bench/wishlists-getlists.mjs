// Wishlists read path: GET /api/wishlist/getlists for a user with 10 lists of 10
// trips each (~20 kB JSON), direct to the service (no gateway), embedded store,
// autocannon with 50 connections. The service runs from its build in its own process;
// a tiny fake trips service in this process answers the ownership checks while seeding.
// Run: npx tsc -b services/wishlists && node bench/wishlists-getlists.mjs   (needs Redis at REDIS_URL)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { benchIdentity, waitUntilUp } from './lib/identity.mjs';
import { componentArgs, freePort } from '../scripts/lib/environment.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const LISTS = 10;
const TRIPS_PER_LIST = 10;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUEUE_PREFIX = `bench-${randomBytes(4).toString('hex')}`;

const { publicKey, email, token } = benchIdentity();

// Any 24-hex id is the bench user's trip.
const fakeTrips = createServer((req, res) => {
  const tripId = /\/api\/trips\/getaway\/([a-f0-9]{24})$/.exec(req.url ?? '')?.[1];
  const body = JSON.stringify({
    _id: tripId,
    location_address: 'Lisbon, Portugal',
    image_url: '/api/places-pics?photoreference=places/abc/photos/def',
    trip_start: '2025-01-05T00:00:00.000Z',
    trip_end: '2025-01-09T00:00:00.000Z',
    total_cost: 635.75,
  });
  res.writeHead(tripId ? 200 : 404, { 'content-type': 'application/json' });
  res.end(body);
});
const tripsPort = await freePort();
await new Promise((resolve) => fakeTrips.listen(tripsPort, '127.0.0.1', resolve));

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-wishlists-'));
const service = spawn(process.execPath, componentArgs('services/wishlists'), {
  env: {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    REDIS_URL,
    QUEUE_PREFIX,
    JWT_PUBLIC_KEY: publicKey,
    TRIPS_URL: `http://127.0.0.1:${tripsPort}`,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

async function post(path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

try {
  await waitUntilUp(`${base}/readyz`);
  for (let l = 0; l < LISTS; l++) {
    const list = await post('/api/wishlist/createlist', { list_name: `Bench list ${l}`, trips: [], email });
    for (let t = 0; t < TRIPS_PER_LIST; t++) {
      await post(`/api/wishlist/addtrip/${list._id}`, { _id: randomBytes(12).toString('hex') });
    }
  }
  const url = `${base}/api/wishlist/getlists?email=${encodeURIComponent(email)}`;
  const sample = await fetch(url, { headers: { authorization: token } });
  const bytes = (await sample.text()).length;

  const measure = (target) =>
    new Promise((resolve, reject) =>
      autocannon(
        { url: target, connections: CONNECTIONS, pipelining: 1, duration: DURATION, headers: { authorization: token } },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
  // The same harness against /healthz separates the kit's per-request cost from the route's.
  const baseline = await measure(`${base}/healthz`);
  const result = await measure(url);
  const report = {
    baselineHealthzRequestsPerSecond: baseline.requests.average,
    bench: 'wishlists GET /api/wishlist/getlists (direct, embedded store)',
    lists: LISTS,
    tripsPerList: TRIPS_PER_LIST,
    responseBytes: bytes,
    connections: CONNECTIONS,
    seconds: DURATION,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  fakeTrips.close();
  for (const name of ['tripcost-inbox-trips', 'tripcost-inbox-wishlists']) {
    const queue = new Queue(name, { connection: { url: REDIS_URL }, prefix: QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
