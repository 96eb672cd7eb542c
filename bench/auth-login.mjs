// Login benchmark: builds services/auth, starts it (embedded store, real Redis),
// registers one user and drives POST /api/user/login with autocannon at 10
// connections. Measures the service directly (no gateway). Login latency is
// dominated on purpose by scrypt (N=2^15, r=8, p=1) behind a 2-slot semaphore.
//   node bench/auth-login.mjs            (BENCH_SECONDS=10 by default)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBenchGateway } from './lib/gateway.mjs';
import { benchKeys } from './lib/identity.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitUntilReady(url, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`auth did not become ready at ${url}`);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

execFileSync('npx', ['tsc', '-b', 'services/auth'], { cwd: root, stdio: 'inherit' });

const { privateKey, publicKey } = benchKeys();
const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-auth-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const service = spawn(process.execPath, ['services/auth/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_PRIVATE_KEY: privateKey,
    JWT_PUBLIC_KEY: publicKey,
    // Every login starts a session family in Redis; let the bench's expire in a day.
    REFRESH_SESSION_DAYS: '1',
  },
});

try {
  await waitUntilReady(url);
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'bench password 123';
  const registered = await fetch(`${url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fname: 'Bench',
      lname: 'User',
      email,
      password,
      birthday: '1990-01-01',
      city: 'Boston',
      state: 'MA',
      zip: '02118',
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);

  const gateway = await startBenchGateway({ AUTH_URL: url, JWT_PUBLIC_KEY: publicKey });
  try {
    for (const [target, base] of [
      ['auth service directly', url],
      ['through the gateway', gateway.url],
    ]) {
      const latencies = [];
      const instance = autocannon({
        url: `${base}/api/user/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
        connections,
        duration: seconds,
      });
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
      const result = await instance;
      latencies.sort((a, b) => a - b);
      const report = {
        target,
        route: 'POST /api/user/login',
        connections,
        seconds,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        requestsPerSecond: result.requests.average,
        latencyMs: {
          p50: Number(percentile(latencies, 50).toFixed(1)),
          p95: Number(percentile(latencies, 95).toFixed(1)),
          p99: Number(percentile(latencies, 99).toFixed(1)),
          max: Number(latencies.at(-1).toFixed(1)),
        },
      };
      process.stdout.write(`${JSON.stringify(report)}\n`);
    }
  } finally {
    await gateway.stop();
  }
} finally {
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
