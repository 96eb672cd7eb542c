// Starts the whole product as child processes: the four services and the gateway,
// each built to dist/, with prefixed, readable logs; stops them all together.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { componentArgs, ROOT, say } from './environment.mjs';

export const COMPONENTS = [
  { name: 'auth', dir: 'services/auth', port: 4001, urlVar: 'AUTH_URL' },
  { name: 'trips', dir: 'services/trips', port: 4002, urlVar: 'TRIPS_URL' },
  { name: 'wishlists', dir: 'services/wishlists', port: 4003, urlVar: 'WISHLISTS_URL' },
  { name: 'integrations', dir: 'services/integrations', port: 4004, urlVar: 'INTEGRATIONS_URL' },
];

const COLORS = { auth: 35, trips: 36, wishlists: 33, integrations: 34, gateway: 32 };
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Pino JSON → one short human line; anything else is passed through. */
function formatLine(name, line, color) {
  const tag = color ? `\x1b[${COLORS[name]}m[${name}]\x1b[0m` : `[${name}]`;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return `${tag} ${line}`;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const level = LEVELS[entry.level] ?? entry.level;
  // The request id on every line, so one request can be followed from the gateway into a service.
  const requestId = entry.reqId ?? entry.req?.id;
  const id = requestId ? ` [${String(requestId).slice(0, 8)}]` : '';
  const request = entry.req ? ` ${entry.req.method} ${entry.req.url}` : '';
  const status = entry.res ? ` → ${entry.res.statusCode}` : '';
  const took = entry.responseTime !== undefined ? ` ${entry.responseTime}ms` : '';
  const error = entry.err?.message ? ` (${entry.err.message})` : '';
  return `${tag} ${time} ${level}${id} ${entry.msg ?? ''}${request}${status}${took}${error}`;
}

async function waitHealthy(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

/**
 * Starts every component whose build exists. `ports` overrides the defaults (tests
 * use free ports so they never collide with a running `npm start`).
 */
export async function startProduct({
  env,
  gatewayPort = 8080,
  metricsPort = 9464,
  ports = {},
  quiet = false,
  onUnexpectedExit,
  // `npm test` waits longer: on two busy cores a service's start can take a minute.
  healthTimeoutMs = 30_000,
}) {
  const color = process.stdout.isTTY && !quiet;
  const children = [];
  let stopping = false;
  const componentEnv = { ...process.env, ...env };
  const launch = async (name, dir, port, extraEnv) => {
    const entry = join(ROOT, dir, 'dist', 'main.js');
    if (!existsSync(entry)) {
      say(`${name}: not built (${dir}/dist/main.js missing); skipped — the gateway answers 503 for its routes`);
      return undefined;
    }
    const child = spawn(process.execPath, componentArgs(dir), {
      cwd: ROOT,
      env: { ...componentEnv, ...extraEnv, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (!quiet) process.stdout.write(`${formatLine(name, line, color)}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) {
        say(`${name} exited unexpectedly (${signal ?? `code ${code}`})`);
        onUnexpectedExit?.(name);
      }
    });
    children.push({ name, child });
    if (!(await waitHealthy(`http://127.0.0.1:${port}`, child, healthTimeoutMs))) {
      throw new Error(`${name} did not become healthy on port ${port}; see its log above`);
    }
    return `http://127.0.0.1:${port}`;
  };

  // Safety net: if this launcher exits without a clean stop (an uncaught error,
  // process.exit elsewhere), its children must not outlive it.
  process.once('exit', () => {
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });

  const stop = async () => {
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolveExit) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolveExit();
            const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
            child.once('exit', () => {
              clearTimeout(force);
              resolveExit();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };

  try {
    // Every service learns where the others are (wishlists calls trips), and the
    // gateway learns where all of them are.
    const upstreamUrls = {};
    for (const component of COMPONENTS) {
      upstreamUrls[component.urlVar] = `http://127.0.0.1:${ports[component.name] ?? component.port}`;
    }
    await Promise.all(
      COMPONENTS.map((component) =>
        launch(component.name, component.dir, ports[component.name] ?? component.port, upstreamUrls),
      ),
    );
    // Metrics have their own port, never the public one.
    await launch('gateway', 'gateway', gatewayPort, { ...upstreamUrls, METRICS_PORT: String(metricsPort) });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${gatewayPort}`, metricsUrl: `http://localhost:${metricsPort}/metrics`, stop };
}
