// Per-process CPU and memory under load, for sizing the chart's resource
// requests and limits (docs/deploy.md, "Sizing"). Starts the built product on
// free ports, registers a user, then drives a mixed load through the gateway
// with autocannon (logins, trip list, trip creation, wishlists, city search),
// sampling each process's CPU time and RSS from /proc once a second.
// Reports, per process: idle RSS, peak RSS under load, average and peak CPU
// (in cores) during the load.
// Run: npm run build && node bench/footprint.mjs   (needs Redis at REDIS_URL; Linux)
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchKeys } from './lib/identity.mjs';
import { freePort, ROOT } from '../scripts/lib/environment.mjs';
import { COMPONENTS, startProduct } from '../scripts/lib/product.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const NAMES = ['gateway', ...COMPONENTS.map((c) => c.name)];

/** pid of each component's `node <ROOT>/<dir>/dist/main.js`, found in /proc. */
function findPids() {
  const dirs = { gateway: 'gateway', ...Object.fromEntries(COMPONENTS.map((c) => [c.name, c.dir])) };
  const pids = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    for (const [name, dir] of Object.entries(dirs))
      if (cmdline.includes(join(ROOT, dir, 'dist', 'main.js'))) pids[name] = pid;
  }
  return pids;
}

function sample(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuTicks = Number(fields[11]) + Number(fields[12]); // utime + stime
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return { cpuTicks, rssMiB: rssKiB / 1024 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-footprint-'));
const keys = benchKeys();
writeFileSync(join(dataDir, 'private.pem'), keys.privateKey);
writeFileSync(join(dataDir, 'public.pem'), keys.publicKey);
const ports = {};
for (const c of COMPONENTS) ports[c.name] = await freePort();
const gatewayPort = await freePort();
const product = await startProduct({
  gatewayPort,
  ports,
  quiet: true,
  env: {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    QUEUE_PREFIX: `footprint-${process.pid}`,
    JWT_PRIVATE_KEY: join(dataDir, 'private.pem'),
    JWT_PUBLIC_KEY: join(dataDir, 'public.pem'),
    CORS_ORIGINS: `http://localhost:${gatewayPort}`,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    PHOTO_RATE_LIMIT_PER_MINUTE: '1000000000',
    LOGIN_FAILURES_PER_15_MIN: '1000000000',
  },
});
const url = `http://127.0.0.1:${gatewayPort}`;

try {
  const email = `footprint-${process.pid}@example.test`;
  const credentials = { email, password: 'correct horse' };
  const post = (path, body, token) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
  const registration = {
    fname: 'Ana',
    lname: 'Silva',
    ...credentials,
    birthday: '1990-04-01',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  };
  if ((await post('/api/user/register', registration)).status !== 201) throw new Error('register failed');
  const { accesstoken: token } = await (await post('/api/user/login', credentials)).json();
  for (const city of ['Lisbon, Portugal', 'Porto, Portugal', 'Paris, France']) {
    await post('/api/trips/getaway-trip', { location_address: city }, token);
  }

  const pids = findPids();
  const idle = Object.fromEntries(NAMES.map((n) => [n, sample(pids[n])]));
  const json = { 'content-type': 'application/json', authorization: token };
  const phases = {
    // What browsing and planning costs: reads, trip creation, wishlists, city search.
    'API mix': [
      { method: 'GET', path: '/api/trips/getaway-trip', headers: json },
      { method: 'GET', path: '/api/wishlist/getlists', headers: json },
      { method: 'GET', path: '/api/places/autocomplete?input=Lis', headers: json },
      {
        method: 'POST',
        path: '/api/trips/getaway-trip',
        headers: json,
        body: JSON.stringify({ location_address: 'Rome, Italy' }),
      },
    ],
    // A login burst: password hashing is auth's dominant cost.
    logins: [
      {
        method: 'POST',
        path: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      },
    ],
  };
  for (const [phase, requests] of Object.entries(phases)) {
    const samples = Object.fromEntries(NAMES.map((n) => [n, [sample(pids[n])]]));
    const timer = setInterval(() => {
      for (const n of NAMES) samples[n].push(sample(pids[n]));
    }, 1000);
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests });
    clearInterval(timer);
    for (const n of NAMES) samples[n].push(sample(pids[n]));

    console.log(
      `\n${phase}: ${CONNECTIONS} connections for ${DURATION} s, ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`,
    );
    console.log('process        idle RSS  peak RSS  avg CPU  peak CPU (cores, 1 s samples)');
    for (const n of NAMES) {
      const s = samples[n];
      const cpu = s.slice(1).map((x, k) => (x.cpuTicks - s[k].cpuTicks) / TICKS_PER_SECOND);
      const total = (s[s.length - 1].cpuTicks - s[0].cpuTicks) / TICKS_PER_SECOND;
      const line = [
        n.padEnd(13),
        `${idle[n].rssMiB.toFixed(0)} MiB`.padStart(9),
        `${Math.max(...s.map((x) => x.rssMiB)).toFixed(0)} MiB`.padStart(9),
        (total / (s.length - 1)).toFixed(2).padStart(8),
        Math.max(...cpu)
          .toFixed(2)
          .padStart(9),
      ];
      console.log(line.join(' '));
    }
  }
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
