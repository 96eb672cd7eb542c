// Real processes for the fault suites: a redis-server on a free port that can be
// stopped and started again on the same port, and the built services and gateway
// (the same dist/main.js an image runs), each of which can be killed and restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// One port picker for every process the suites start (why: its header).
import { freePort } from '../../../scripts/lib/free-port.cjs';

export { freePort };

const ROOT = resolve(__dirname, '../../..');
/** The V8 flags every TripCost process starts with (root package.json, as the image does). */
const NODE_FLAGS: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).config.nodeFlags;

/** Polls `check` until it answers true or the deadline passes (then throws with `what`). */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolveTick) => setTimeout(resolveTick, 100)); // polling interval
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    else child.once('exit', () => resolveExit());
  });

export interface RedisProcess {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A redis-server of the test's own (never the shared one), keeping nothing on disk. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const answers = async () => {
    const { default: Redis } = await import('ioredis');
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } finally {
      client.disconnect();
    }
  };
  const redis: RedisProcess = {
    url,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await waitFor(`redis-server on ${port}`, answers);
    },
    async stop() {
      if (!child) return;
      const stopping = child;
      child = undefined;
      stopping.kill('SIGKILL');
      await exited(stopping);
    },
  };
  await redis.start();
  return redis;
}

export type ComponentName = 'auth' | 'trips' | 'wishlists' | 'integrations' | 'notifications' | 'gateway';

const DIRS: Record<ComponentName, string> = {
  auth: 'services/auth',
  trips: 'services/trips',
  wishlists: 'services/wishlists',
  integrations: 'services/integrations',
  notifications: 'services/notifications',
  gateway: 'gateway',
};

export interface Component {
  name: ComponentName;
  url: string;
  /** Sends a signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts the process again on the same port and data, and waits until it is ready. */
  start(): Promise<void>;
  /** The lines the process logged (JSON), for diagnosing a failure. */
  log: string[];
}

export interface Product {
  redis: RedisProcess;
  /** The prefix of every Redis key the product's processes use. */
  queuePrefix: string;
  components: Record<ComponentName, Component>;
  gatewayUrl: string;
  /** Starts a second gateway replica on its own ports (the same services, Redis and keys). */
  addGateway(): Promise<Component>;
  stop(): Promise<void>;
}

/**
 * The whole product as processes, on free ports, with a temp data dir, a fresh key
 * pair, its own Redis and the third parties pointed at a closed port.
 */
export async function startProduct(
  only: ComponentName[] = ['auth', 'trips', 'wishlists', 'integrations', 'gateway'],
): Promise<Product> {
  const redis = await startRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-fault-'));
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeFileSync(join(dataDir, 'private.pem'), privateKey);
  writeFileSync(join(dataDir, 'public.pem'), publicKey);
  const closed = `http://127.0.0.1:${await freePort()}`;
  const ports = Object.fromEntries(
    await Promise.all(Object.keys(DIRS).map(async (name) => [name, await freePort()] as const)),
  ) as Record<ComponentName, number>;
  const urlOf = (name: ComponentName) => `http://127.0.0.1:${ports[name]}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: `fault-${ports.trips}`,
    JWT_PRIVATE_KEY: join(dataDir, 'private.pem'),
    JWT_PUBLIC_KEY: join(dataDir, 'public.pem'),
    AUTH_URL: urlOf('auth'),
    TRIPS_URL: urlOf('trips'),
    WISHLISTS_URL: urlOf('wishlists'),
    INTEGRATIONS_URL: urlOf('integrations'),
    NOTIFICATIONS_URL: urlOf('notifications'),
    // The imports service is not among these processes: a closed port, never whatever listens on its default.
    IMPORTS_URL: closed,
    OPEN_METEO_BASE_URL: closed,
    OPEN_METEO_GEOCODING_BASE_URL: closed,
    GOOGLE_PLACES_BASE_URL: closed,
    OPENAI_BASE_URL: closed,
    FX_API_URL: closed,
    RATE_LIMIT_PER_MINUTE: '1000000',
    // The gateway's retry window must outlast a service's restart. On a busy 2-core CI
    // machine a restart (a new Node process loading its store) can take longer than the
    // 8 s default, so the suites size it as an operator would for slow restarts.
    UPSTREAM_RETRY_WINDOW_MS: '20000',
    CORS_ORIGINS: 'http://localhost',
    METRICS_PORT: String(await freePort()),
    WEB_DIST: '/nonexistent',
  };

  /** A process of `name` on `port`; `extraEnv` for a second replica's own ports. */
  const makeComponent = (name: ComponentName, port: number, extraEnv: Record<string, string> = {}): Component => {
    let child: ChildProcess | undefined;
    const log: string[] = [];
    const url = `http://127.0.0.1:${port}`;
    return {
      name,
      url,
      log,
      async start() {
        child = spawn(process.execPath, [...NODE_FLAGS, join(ROOT, DIRS[name], 'dist', 'main.js')], {
          cwd: ROOT,
          env: { ...env, ...extraEnv, PORT: String(port) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        for (const stream of [child.stdout!, child.stderr!]) {
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => log.push(...chunk.split('\n').filter(Boolean)));
        }
        const started = child;
        // Generous: on a shared 2-core machine a cold start (integrations loads its
        // offline city index) can take far longer than on a quiet one.
        await waitFor(
          `${name} to be ready`,
          async () =>
            started.exitCode !== null || (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).ok,
          90_000,
        );
        if (started.exitCode !== null) throw new Error(`${name} exited: ${log.slice(-5).join('\n')}`);
      },
      async kill(signal) {
        if (!child) return;
        const stopping = child;
        child = undefined;
        stopping.kill(signal);
        await exited(stopping);
      },
    };
  };
  const components = Object.fromEntries(
    (Object.keys(DIRS) as ComponentName[]).map((name) => [name, makeComponent(name, ports[name])]),
  ) as Record<ComponentName, Component>;
  const replicas: Component[] = [];
  const wanted = only.filter((name) => name !== 'gateway');
  await Promise.all(wanted.map((name) => components[name].start()));
  if (only.includes('gateway')) await components.gateway.start();
  return {
    redis,
    queuePrefix: env.QUEUE_PREFIX,
    components,
    gatewayUrl: urlOf('gateway'),
    async addGateway() {
      const replica = makeComponent('gateway', await freePort(), { METRICS_PORT: String(await freePort()) });
      replicas.push(replica);
      await replica.start();
      return replica;
    },
    async stop() {
      await Promise.all([...Object.values(components), ...replicas].map((component) => component.kill('SIGTERM')));
      await redis.stop();
    },
  };
}
