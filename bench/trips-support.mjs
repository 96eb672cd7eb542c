// Shared by the trips benchmarks: start the built trips service in its own process
// (embedded store in a temp dir, real Redis, unique queue prefix), mint a token for a
// fresh user, seed through the API, and run autocannon with a p50/p99 report.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchIdentity, waitUntilUp } from './lib/identity.mjs';
import { componentArgs, freePort } from '../scripts/lib/environment.mjs';
import { startBenchGateway } from './lib/gateway.mjs';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export async function startTripsService() {
  const { publicKey, token, mint } = benchIdentity();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-trips-'));
  const child = spawn(process.execPath, componentArgs('services/trips'), {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
      JWT_PUBLIC_KEY: publicKey,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/readyz`);
  /** A call to the service as the bench's user, or as `as` (another minted token). */
  const call = async (method, path, body, as = token) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: as, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const gateway = await startBenchGateway({ TRIPS_URL: url, JWT_PUBLIC_KEY: publicKey });
  const stop = async () => {
    await gateway.stop();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    port,
    pid: child.pid,
    dataDir,
    publicKey,
    gatewayUrl: gateway.url,
    gatewayPid: gateway.pid,
    token,
    mint,
    call,
    stop,
  };
}

/** Run `work` over `items` with at most `limit` in flight. */
export async function inParallel(items, limit, work) {
  let next = 0;
  const results = [];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

export function bench(options) {
  return new Promise((resolve, reject) => {
    let reported = false;
    const instance = autocannon(
      { connections: CONNECTIONS, pipelining: 1, duration: DURATION, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // Say once why requests fail, so a broken bench is never read as a slow service.
    instance.on('response', (client, statusCode, _bytes, _time) => {
      if (statusCode >= 300 && !reported) {
        reported = true;
        client.once('body', (body) =>
          process.stderr.write(`first non-2xx: ${statusCode} ${String(body).slice(0, 300)}\n`),
        );
      }
    });
  });
}

export function report(title, result) {
  const line = {
    bench: title,
    connections: CONNECTIONS,
    seconds: DURATION,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  return line;
}
