// Is any API path slower than at an earlier commit? Starts the whole product twice —
// this checkout and a built checkout of an earlier commit (`--base-dir`) — each with
// its own redis-server, data and free ports, seeds both with the same traveller and
// trips through the API, then loads the same requests through each gateway in
// alternating rounds (base, head, head, base, …) and reports head ÷ base throughput,
// the median over the rounds. A refactor that promised "no path more than 5 % slower"
// is checked with it; it is not part of `npm run bench` (it needs a second checkout).
//
// Run: npm run build && node bench/compare-commits.mjs --base-dir=/path/to/old/checkout
//      [--rounds=5] [--seconds=4] [--trips=50] [--only=one trip,list] (paths whose names contain one of these)
//      [--write] (a run of every path also writes docs/performance-vs-base.md)
//      [--by-process] (also each process's CPU per request, base and head)
// The old checkout must be installed and built (npm ci && npx tsc -b tsconfig.build.json).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freePort, redisAnswers, ROOT } from '../scripts/lib/environment.mjs';
import { cpuMsOf } from './lib/processes.mjs';
import { formatTable, markdownTable, median } from './lib/table.mjs';

const argument = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const BASE_DIR = argument('base-dir');
const ROUNDS = Number(argument('rounds', 5));
const SECONDS = Number(argument('seconds', 4));
const TRIPS = Number(argument('trips', 50));
// Measure only the paths whose names (the table's first column) contain one of these words.
const ONLY = argument('only')?.split(',');
// Also print each process's CPU per request, base and head (to find which one a change made slower).
const BY_PROCESS = process.argv.includes('--by-process');
const WINDOWS = 5;
const log = (line) => process.stderr.write(`${line}\n`);

if (!BASE_DIR) {
  log('usage: node bench/compare-commits.mjs --base-dir=<built checkout of the earlier commit>');
  process.exit(2);
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100 && !(await redisAnswers(url, 200)); attempt++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Starts the product of the checkout at `dir` with its own scripts/lib (each version knows how to start itself). */
async function startCheckout(label, dir) {
  const environment = await import(pathToFileURL(join(dir, 'scripts/lib/environment.mjs')).href);
  const productLib = await import(pathToFileURL(join(dir, 'scripts/lib/product.mjs')).href);
  const dataDir = mkdtempSync(join(tmpdir(), `tripcost-compare-${label}-`));
  const keys = environment.ensureKeyPair(dataDir);
  const redis = await startRedis();
  const ports = {};
  for (const component of productLib.COMPONENTS) ports[component.name] = await freePort();
  const gatewayPort = await freePort();
  const product = await productLib.startProduct({
    gatewayPort,
    metricsPort: await freePort(),
    ports,
    quiet: true,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      JWT_PRIVATE_KEY: keys.privatePath,
      JWT_EXTRA_PUBLIC_KEYS: keys.extraDir,
      // Benches measure paths, not the limits that protect them.
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
  });
  // The product's processes (gateway and services), found by the ports they listen on:
  // CPU per request counts all of them, which a busy machine bends less than req/s.
  const pids = Object.fromEntries(
    Object.entries({ gateway: gatewayPort, ...ports }).map(([name, port]) => [name, listenerPid(port)]),
  );
  return {
    label,
    url: product.url,
    cpuMs: () => Object.values(pids).reduce((sum, pid) => sum + cpuMsOf(pid), 0),
    /** CPU ms used so far, by process name (--by-process: which process a change made slower). */
    cpuMsByProcess: () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMsOf(pid)])),
    async stop() {
      await product.stop();
      redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function listenerPid(port) {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  return Number(pid);
}

async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The same traveller, trips, windows and lists in either version, through its API. */
async function seed(product) {
  const email = `compare-${Date.now()}@example.test`;
  const password = 'correct horse battery';
  await call(product.url, 'POST', '/api/user/register', {
    body: {
      fname: 'Ana',
      lname: 'Silva',
      email,
      password,
      birthday: '1990-04-01',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
  });
  const { accesstoken: token } = await call(product.url, 'POST', '/api/user/login', { body: { email, password } });
  const trips = [];
  for (let i = 0; i < TRIPS; i++) {
    const trip = await call(product.url, 'POST', '/api/trips/getaway-trip', {
      token,
      body: { location_address: `City ${i}, State, Country` },
    });
    let window;
    for (let n = 0; n < WINDOWS; n++) {
      const day = String(1 + ((i + n) % 27)).padStart(2, '0');
      window = await call(product.url, 'POST', `/api/trips/getaway/${trip._id}/instances`, {
        token,
        body: {
          trip_start: `2030-0${1 + n}-${day}`,
          trip_end: `2030-0${1 + n}-${String(Number(day) + 1).padStart(2, '0')}`,
          stay_expense: 100 + n,
          travel_expense: 50,
          car_expense: 25,
          other_expense: 10,
        },
      });
    }
    trips.push({ id: trip._id, windowId: window._id });
  }
  for (let l = 0; l < 3; l++) {
    const list = await call(product.url, 'POST', '/api/wishlist/createlist', {
      token,
      body: { list_name: `List ${l}`, trips: [] },
    });
    for (const trip of trips.slice(l * 5, l * 5 + 5)) {
      await call(product.url, 'POST', `/api/wishlist/addtrip/${list._id}`, { token, body: { _id: trip.id } });
    }
  }
  return { token, email, password, trip: trips[0] };
}

const PATHS = [
  { name: 'list trips (spec, full)', request: () => ({ path: '/api/trips/getaway-trip' }) },
  { name: 'one trip', request: (s) => ({ path: `/api/trips/getaway/${s.trip.id}` }) },
  {
    name: 'edit a trip (PUT)',
    request: (s) => ({
      method: 'PUT',
      path: `/api/trips/getaway/${s.trip.id}`,
      body: JSON.stringify({ travelers: 2 }),
    }),
  },
  { name: 'wishlists', request: () => ({ path: '/api/wishlist/getlists' }) },
  { name: 'profile', request: () => ({ path: '/api/user/infor' }) },
  { name: 'city autocomplete', request: () => ({ path: '/api/places/autocomplete?input=Lis' }) },
  {
    name: 'log in (password hash)',
    connections: 2,
    request: (s) => ({
      method: 'POST',
      path: '/api/user/login',
      body: JSON.stringify({ email: s.email, password: s.password }),
      anonymous: true,
    }),
  },
];

function throughput(product, session, spec) {
  const { method = 'GET', path, body, anonymous } = spec.request(session);
  const cpuBefore = product.cpuMs();
  const byProcessBefore = product.cpuMsByProcess();
  return new Promise((resolvePromise, reject) => {
    autocannon(
      {
        url: `${product.url}${path}`,
        method,
        body,
        headers: {
          ...(anonymous ? {} : { authorization: `Bearer ${session.token}` }),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        connections: spec.connections ?? 10,
        duration: SECONDS,
      },
      (error, result) => {
        if (error) return reject(error);
        const bad = result.non2xx + result.errors + result.timeouts;
        if (bad > 0)
          return reject(new Error(`${product.label} ${spec.name}: ${bad} of ${result.requests.total} failed`));
        resolvePromise({
          rps: result.requests.total / SECONDS,
          cpuMs: (product.cpuMs() - cpuBefore) / result.requests.total,
          cpuMsByProcess: Object.fromEntries(
            Object.entries(product.cpuMsByProcess()).map(([name, ms]) => [
              name,
              (ms - byProcessBefore[name]) / result.requests.total,
            ]),
          ),
          bytes: result.throughput.total / result.requests.total,
        });
      },
    );
  });
}

const started = new Date();
const loadAtStart = os.loadavg()[0];
const head = await startCheckout('head', ROOT);
const base = await startCheckout('base', resolve(BASE_DIR));
try {
  const sessions = new Map();
  for (const product of [base, head]) sessions.set(product, await seed(product));
  // Each session's token lasts 15 minutes; a long run logs in again between paths.
  const rows = [];
  for (const spec of PATHS.filter((path) => !ONLY || ONLY.some((word) => path.name.includes(word)))) {
    const results = { base: [], head: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [base, head] : [head, base];
      for (const product of order) {
        const session = sessions.get(product);
        const login = await call(product.url, 'POST', '/api/user/login', {
          body: { email: session.email, password: session.password },
        });
        session.token = login.accesstoken;
        results[product.label].push(await throughput(product, session, spec));
      }
    }
    const baseRps = median(results.base.map((r) => r.rps));
    const headRps = median(results.head.map((r) => r.rps));
    const ratio = headRps / baseRps;
    const baseCpu = median(results.base.map((r) => r.cpuMs));
    const headCpu = median(results.head.map((r) => r.cpuMs));
    log(`${spec.name}: base ${baseRps.toFixed(0)}/s, head ${headRps.toFixed(0)}/s, ${ratio.toFixed(2)}×`);
    if (BY_PROCESS) {
      for (const name of Object.keys(results.base[0].cpuMsByProcess)) {
        const cpuOf = (label) => median(results[label].map((r) => r.cpuMsByProcess[name] ?? 0)).toFixed(3);
        log(`  ${name}: base ${cpuOf('base')} ms CPU per request, head ${cpuOf('head')}`);
      }
    }
    const kib = (r) => `${(r.bytes / 1024).toFixed(1)} KiB`;
    rows.push({
      measure: spec.name,
      comparison:
        `base ${baseRps.toFixed(0)} req/s, ${baseCpu.toFixed(2)} ms CPU, ${kib(results.base[0])} vs ` +
        `head ${headRps.toFixed(0)} req/s, ${headCpu.toFixed(2)} ms CPU, ${kib(results.head[0])}; median of ${ROUNDS}`,
      result: `${ratio.toFixed(2)}× req/s, ${(baseCpu / headCpu).toFixed(2)}× CPU`,
      target: '≥ 0.95×',
      pass: ratio >= 0.95,
    });
  }
  const baseCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: resolve(BASE_DIR),
    encoding: 'utf8',
  }).trim();
  const headCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  console.log(
    `compare-commits ${started.toISOString().slice(0, 16)} UTC, base ${baseCommit} (${resolve(BASE_DIR)}), head ${headCommit}, load at start ${loadAtStart.toFixed(2)}`,
  );
  console.log(formatTable(rows));
  if (process.argv.includes('--write') && !ONLY) writeDocument(rows, { baseCommit, headCommit });
} finally {
  await head.stop();
  await base.stop();
}

function writeDocument(rows, { baseCommit, headCommit }) {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`;
  const document = `# Performance against an earlier commit

Written by \`node bench/compare-commits.mjs --base-dir=… --write\`; do not edit by hand.
The whole product of this checkout (head) and of an earlier commit (base) run side by
side, each with its own Redis, data and ports, seeded alike through the API (one
traveller, ${TRIPS} trips × ${WINDOWS} windows, 3 wishlists); each path is loaded through each
gateway in ${ROUNDS} alternating rounds of ${SECONDS} s, and head ÷ base is the median. CPU per request
counts every process of the product. A refactor that promises "no path more than 5 %
slower" is held to the target column.

- Date: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC
- Base: ${baseCommit}; head: ${headCommit}
- Machine: ${machine}
- Load average (1 min) when the run started: ${loadAtStart.toFixed(2)}

${markdownTable(rows)}
`;
  writeFileSync(join(ROOT, 'docs', 'performance-vs-base.md'), document);
  log('wrote docs/performance-vs-base.md');
}
