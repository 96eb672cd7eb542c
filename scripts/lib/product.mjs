// Starts the whole product as child processes: every service of deployables.json and the gateway,
// each built to dist/, with prefixed, readable logs; stops them all together.
//
// Beside another product on the same machine (another checkout's `npm start`, a test
// run): every port is checked before it is handed out and a taken one is replaced by a
// free one, said in the log; every process gets an instance id (INSTANCE_ID) that its
// /healthz answers, and a process counts as started only when *its* id answers on its
// port — another process answering /healthz there is never taken for ours. The gateway
// gets the same ids (`<SERVICE>_INSTANCE_ID`) and proxies only to upstreams answering
// them (gateway/src/upstream-identity.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readDeployables } from './deployables.cjs';
import { componentArgs, ensureKeyPair, ensureVapidKeys, freePort, ROOT, say } from './environment.mjs';
import mongoUrl from './mongo-url.cjs';

/** The root deployables.json, checked (a mistake in it stops the start, saying where): gateway first. */
export const DEPLOYABLES = readDeployables(ROOT);

/** The services behind the gateway, started first; the gateway (metrics, instance ids) last. */
export const COMPONENTS = DEPLOYABLES.filter((d) => d.name !== 'gateway').map(({ name, dir, port, urlVar, store }) => ({
  name,
  dir,
  port,
  urlVar,
  store,
}));

/** Where `npm start` puts things when nothing says otherwise (and they are free). */
export const DEFAULT_PORTS = {
  ...Object.fromEntries(DEPLOYABLES.map((d) => [d.name, d.port])),
  metrics: 9464,
};

/**
 * The ports a run asks for. With a base (PORT_BASE, or else PORT, the gateway's port)
 * every port comes from it, in deployables.json's order: gateway = base, auth …
 * the services = base+1 …, one each, metrics = the next one; without one, DEFAULT_PORTS.
 * An explicit METRICS_PORT wins for metrics.
 */
export function plannedPorts({ portBase, metricsPort } = {}) {
  const ports = { ...DEFAULT_PORTS };
  if (portBase !== undefined) {
    const base = Number(portBase);
    const highest = 65535 - DEPLOYABLES.length;
    if (!Number.isInteger(base) || base < 1 || base > highest) {
      throw new Error(`PORT_BASE/PORT must be a whole number from 1 to ${highest} (got '${portBase}')`);
    }
    DEPLOYABLES.forEach((d, index) => (ports[d.name] = base + index));
    ports.metrics = base + DEPLOYABLES.length;
  }
  if (metricsPort !== undefined) {
    const metrics = Number(metricsPort);
    if (!Number.isInteger(metrics) || metrics < 1 || metrics > 65535) {
      throw new Error(`METRICS_PORT must be a whole number from 1 to 65535 (got '${metricsPort}')`);
    }
    ports.metrics = metrics;
  }
  return ports;
}

/** True when nothing listens on `port`, on any address (the services listen on 0.0.0.0). */
export async function portIsFree(port) {
  for (const host of ['0.0.0.0', '127.0.0.1']) {
    const free = await new Promise((resolveFree) => {
      const server = createServer();
      server.unref();
      server.once('error', () => resolveFree(false));
      server.listen({ port, host, exclusive: true }, () => server.close(() => resolveFree(true)));
    });
    if (!free) return false;
  }
  return true;
}

/** `wanted` when free; otherwise a free port, and the log says which and why. */
export async function claimPort(label, wanted, log = say) {
  if (await portIsFree(wanted)) return wanted;
  const chosen = await freePort();
  log(`${label}: port ${wanted} is in use by another process; using ${chosen} instead`);
  return chosen;
}

/** ANSI colours of the log tags, in deployables.json's order (gateway green, auth magenta, …). */
const PALETTE = [32, 35, 36, 33, 34, 31];
const COLORS = Object.fromEntries(DEPLOYABLES.map((d, index) => [d.name, PALETTE[index % PALETTE.length]]));
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

/**
 * Waits until `/healthz` on `url` answers with this run's `instanceId`. Another process
 * answering there (another product's service, whatever holds the port) does not count:
 * if ours never answers, the error says who did.
 */
async function waitHealthy(name, url, child, instanceId, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let stranger;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${name} exited during start-up (${child.signalCode ?? `code ${child.exitCode}`})` +
          (stranger !== undefined ? `; meanwhile ${url} was answered by another process (${stranger})` : '') +
          '; see its log above',
      );
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      const body = await res.json().catch(() => ({}));
      if (res.ok && body.instance === instanceId) return;
      if (res.ok) stranger = body.instance ? `instance '${body.instance}'` : 'no instance id';
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(
    stranger !== undefined
      ? `${name} did not start: ${url} answers /healthz as another process (${stranger}), not this run's ${name} (${instanceId})`
      : `${name} did not become healthy on ${url}; see its log above`,
  );
}

/**
 * Starts every component whose build exists. `ports`, `gatewayPort` and `metricsPort`
 * say which ports to ask for (default DEFAULT_PORTS; tests pass free ones); any that is
 * taken by the time it is claimed is replaced by a free one (logged). The answer says
 * which ports and instance ids were used.
 */
export async function startProduct({
  env,
  // More variables for one component only, by name (the Web Push keys: notifications alone).
  componentEnvs = {},
  gatewayPort = DEFAULT_PORTS.gateway,
  metricsPort = DEFAULT_PORTS.metrics,
  ports = {},
  quiet = false,
  onUnexpectedExit,
  // `npm test` waits longer: on two busy cores a service's start can take a minute.
  healthTimeoutMs = 30_000,
}) {
  const color = process.stdout.isTTY && !quiet;
  const children = [];
  // One id per run, one instance per process: `auth-3f9a…`.
  const runId = randomBytes(6).toString('hex');
  const instances = {};
  let stopping = false;
  // Until every process is up, an exit fails the start (with waitHealthy's message) instead.
  let started = false;
  const componentEnv = { ...process.env, ...env };
  const built = (name, dir) => {
    if (existsSync(join(ROOT, dir, 'dist', 'main.js'))) return true;
    say(`${name}: not built (${dir}/dist/main.js missing); skipped — the gateway answers 503 for its routes`);
    return false;
  };
  const launch = async (name, dir, port, extraEnv) => {
    const instanceId = `${name}-${runId}`;
    instances[name] = instanceId;
    const child = spawn(process.execPath, componentArgs(dir), {
      cwd: ROOT,
      env: { ...componentEnv, ...extraEnv, PORT: String(port), INSTANCE_ID: instanceId },
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
        if (started) onUnexpectedExit?.(name);
      }
    });
    children.push({ name, child });
    await waitHealthy(name, `http://127.0.0.1:${port}`, child, instanceId, healthTimeoutMs);
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

  const used = {};
  try {
    // Ports are claimed one after another, so two of ours never pick the same free one.
    const launched = COMPONENTS.filter((component) => built(component.name, component.dir));
    for (const component of launched) {
      used[component.name] = await claimPort(component.name, ports[component.name] ?? component.port);
    }
    used.gateway = await claimPort('gateway', gatewayPort);
    used.metrics = await claimPort('gateway metrics', metricsPort);
    // Invitation links (trips) must open this run's web app, on the port its gateway got,
    // not the default 8080 of another product or none. One set by hand wins.
    componentEnv.PUBLIC_BASE_URL ??= `http://localhost:${used.gateway}`;
    // Every service learns where the others are (wishlists calls trips), and the
    // gateway learns where all of them are.
    const upstreamUrls = {};
    for (const component of COMPONENTS) {
      upstreamUrls[component.urlVar] =
        `http://127.0.0.1:${used[component.name] ?? ports[component.name] ?? component.port}`;
    }
    // With MONGO_URL, each service with a store gets a database of its own, named after
    // it, as the Helm chart gives them (mongo-url.cjs).
    const storeEnv = (component) =>
      component.store && componentEnv.MONGO_URL
        ? { MONGO_URL: mongoUrl.mongoUrlFor(componentEnv.MONGO_URL, component.name) }
        : {};
    await Promise.all(
      launched.map((component) =>
        launch(component.name, component.dir, used[component.name], {
          ...upstreamUrls,
          ...storeEnv(component),
          ...componentEnvs[component.name],
        }),
      ),
    );
    // The gateway proxies only to the instances started here.
    const expected = Object.fromEntries(
      launched.map((component) => [`${component.name.toUpperCase()}_INSTANCE_ID`, instances[component.name]]),
    );
    if (built('gateway', 'gateway')) {
      // Metrics have their own port, never the public one.
      await launch('gateway', 'gateway', used.gateway, {
        ...upstreamUrls,
        ...expected,
        METRICS_PORT: String(used.metrics),
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  started = true;
  return {
    url: `http://localhost:${used.gateway}`,
    metricsUrl: `http://localhost:${used.metrics}/metrics`,
    ports: used,
    instances,
    stop,
  };
}

/**
 * The product as the browser suite drives it (`npm test`, `npm run e2e`): every
 * process on a free port, its data and signing keys under `dataDir`, its own queue
 * prefix, and a per-IP limit sized for a whole suite. Every browser suite is a
 * different traveller, but all of them come from 127.0.0.1: one per-IP budget for all
 * would refuse a whole suite with 429 (the limits themselves are proven by the
 * gateway's own tests).
 */
export async function startProductForBrowserSuite({ dataDir, redisUrl }) {
  const productDir = join(dataDir, 'product');
  const keys = ensureKeyPair(productDir);
  const ports = {};
  for (const component of COMPONENTS) ports[component.name] = await freePort();
  const gatewayPort = await freePort();
  const metricsPort = await freePort();
  const queuePrefix = `e2e-${Date.now()}`;
  // Exchange rates come from a local fake the tests control (scripts/lib/fake-rates.mjs).
  // Imported here, not at the top: it needs ioredis, and `npm start` / `npm test` load
  // this module before they install the dependencies of a fresh clone.
  const { startFakeRates } = await import('./fake-rates.mjs');
  const rates = await startFakeRates({ redisUrl, cachePattern: `${queuePrefix}:integrations:cache:fx-rates:*` });
  say(`Starting the product for the browser suite on port ${gatewayPort}…`);
  let product;
  try {
    product = await startProduct({
      gatewayPort,
      metricsPort,
      ports,
      quiet: !process.env.E2E_SHOW_LOGS,
      healthTimeoutMs: 180_000,
      env: {
        NODE_ENV: 'development',
        DATA_DIR: productDir,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: queuePrefix,
        JWT_PRIVATE_KEY: keys.privatePath,
        JWT_EXTRA_PUBLIC_KEYS: keys.extraDir,
        CORS_ORIGINS: `http://localhost:${gatewayPort}`,
        RATE_LIMIT_PER_MINUTE: '100000',
        FX_API_URL: rates.apiUrl,
      },
      // The browser suite sets webhooks to a local address (no internet here).
      componentEnvs: { notifications: { ...ensureVapidKeys(productDir), WEBHOOK_ALLOW_LOOPBACK: 'true' } },
    });
  } catch (error) {
    await rates.stop();
    throw error;
  }
  return {
    ...product,
    /** The environment the browser suite's jest run needs to reach this product. */
    testEnv: { E2E_BASE_URL: product.url, E2E_METRICS_URL: product.metricsUrl, E2E_FX_URL: rates.controlUrl },
    stop: async () => {
      await product.stop();
      await rates.stop();
    },
  };
}
