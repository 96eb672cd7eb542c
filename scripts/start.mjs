// `npm start`: the whole product on http://localhost:8080 on embedded defaults.
// Installs if needed, builds, creates a signing key pair (and a Web Push key pair) on first run, makes sure
// Redis answers, starts every service and the gateway, and stops them on Ctrl-C.
//
// Beside another checkout's `npm start` on the same machine it stays apart: its ports
// come from PORT_BASE (or PORT) and any that is taken is replaced by a free one (logged);
// its Redis keys carry a prefix of this data dir's own (QUEUE_PREFIX); and each process
// it starts is recognised by an instance id, never by its port alone (lib/product.mjs).
import { resolve } from 'node:path';
import {
  build,
  ensureDependencies,
  ensureKeyPair,
  ensureRedis,
  ensureVapidKeys,
  fail,
  lockDataDir,
  queuePrefixFor,
  ROOT,
  say,
} from './lib/environment.mjs';
import { plannedPorts, startProduct } from './lib/product.mjs';

const dataDir = resolve(ROOT, process.env.DATA_DIR ?? '.data');
let planned;
try {
  planned = plannedPorts({
    portBase: process.env.PORT_BASE || process.env.PORT || undefined,
    metricsPort: process.env.METRICS_PORT || undefined,
  });
} catch (error) {
  fail(error.message);
}
// The embedded stores belong to one process each: a second run on the same data would
// corrupt it, so it is refused with what to do instead.
const unlock = lockDataDir(dataDir, planned.gateway);
// Per data dir, not per run: queued events and sessions must survive a restart, and a
// product with other data must never see them. QUEUE_PREFIX set by hand wins.
const queuePrefix = process.env.QUEUE_PREFIX || queuePrefixFor(dataDir);

ensureDependencies();
if (process.env.SKIP_BUILD !== '1') build();
const keys = ensureKeyPair(dataDir);
const redis = await ensureRedis(dataDir);
say(`Redis at ${redis.url}, every key under '${queuePrefix}:'`);

let product;
let shuttingDown = false;
const shutdown = async (code) => {
  if (shuttingDown) return;
  shuttingDown = true;
  say('Stopping…');
  await product?.stop();
  await redis.stop();
  unlock();
  say('Stopped.');
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  product = await startProduct({
    gatewayPort: planned.gateway,
    metricsPort: planned.metrics,
    ports: planned,
    env: {
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: queuePrefix,
      // Auth signs and publishes its keys (JWKS); the gateway and the services fetch
      // them from AUTH_URL, as in a deployment. A JWT_PUBLIC_KEY set here is passed on.
      JWT_PRIVATE_KEY: process.env.JWT_PRIVATE_KEY ?? keys.privatePath,
      JWT_EXTRA_PUBLIC_KEYS: process.env.JWT_EXTRA_PUBLIC_KEYS ?? keys.extraDir,
    },
    // Web Push keys set by hand (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY) win over the ones made here.
    componentEnvs: {
      notifications: process.env.VAPID_PRIVATE_KEY ? {} : ensureVapidKeys(dataDir),
    },
    onUnexpectedExit: () => shutdown(1),
  });
} catch (error) {
  await redis.stop();
  unlock();
  fail(error.message);
}
const { ports } = product;
// Every port of the run, in deployables.json's order (a new service is listed with no edit here).
say(
  `Ports: ${Object.entries(ports)
    .map(([name, port]) => `${name} ${port}`)
    .join(', ')}`,
);
say(`TripCost is running at ${product.url} (gateway metrics: ${product.metricsUrl})`);
say('Press Ctrl-C to stop.');
