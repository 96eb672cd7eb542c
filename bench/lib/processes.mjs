// Processes under test and the load put on them: each server runs in its own Node
// process (as in production), CPU time is read from /proc so a bench can report CPU
// per request, and load is autocannon either closed-loop (as fast as it answers) or
// at a fixed rate (`rate`: requests per second over all connections).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, NODE_FLAGS, ROOT } from '../../scripts/lib/environment.mjs';
import { waitUntilUp } from './identity.mjs';

const CLOCK_TICKS_PER_SECOND = 100;

/** Starts `node -e source` (or a file) with PORT set; resolves once /healthz answers. */
export async function startNode({ source, file, env = {}, health = '/healthz', nodeArgs = [] }) {
  const port = await freePort();
  // A product process (`file`) starts with the flags its image uses; the inline
  // stand-ins (`source`) with Node's defaults.
  const flags = source ? nodeArgs : [...NODE_FLAGS, ...nodeArgs];
  // A gateway also listens for its metrics (9464 by default): on a port of its own, or
  // a second stack on the machine makes it exit at start.
  const metrics = file?.includes('gateway') ? { METRICS_PORT: String(await freePort()) } : {};
  const child = spawn(process.execPath, [...flags, ...(source ? ['-e', source] : [file])], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_PATH: join(ROOT, 'node_modules'),
      ...metrics,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}${health}`);
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used so far, in ms. Linux only. */
export function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Runs autocannon; with `rate` it sends at that fixed overall rate. */
export function load({ url, headers, connections = 50, seconds, rate, method = 'GET', body }) {
  return new Promise((resolve, reject) => {
    let reported = false;
    const latencies = [];
    const instance = autocannon(
      {
        url,
        headers,
        method,
        body,
        connections,
        pipelining: 1,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, percentile: percentileOf(latencies) })),
    );
    // Every response time, for percentiles autocannon does not report (p95).
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    // Say once why requests fail, so a broken bench is never read as a slow service.
    instance.on('response', (client, statusCode) => {
      if (statusCode >= 400 && !reported) {
        reported = true;
        client.once('body', (text) =>
          process.stderr.write(`first error answer from ${url}: ${statusCode} ${String(text).slice(0, 200)}\n`),
        );
      }
    });
  });
}

const percentileOf = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

/** `load`, also reporting the CPU the given processes spent per answered request. */
export async function loadWithCpu(options, pids) {
  const before = pids.map(cpuMsOf);
  const result = await load(options);
  const answered = Math.max(result.requests.total, 1);
  const cpuPerRequest = pids.map((pid, i) => (cpuMsOf(pid) - before[i]) / answered);
  return { ...result, cpuPerRequest };
}

export const summary = (result) =>
  `${Math.round(result.requests.average)} req/s p50 ${result.latency.p50} ms p99 ${result.latency.p99} ms` +
  (result.non2xx || result.errors ? ` (non-2xx ${result.non2xx}, errors ${result.errors})` : '');
