// `npm start`: the whole product on http://localhost:8080 on embedded defaults.
// Installs if needed, builds, creates a signing key pair on first run, makes sure
// Redis answers, starts every service and the gateway, and stops them on Ctrl-C.
import { resolve } from 'node:path';
import { build, ensureDependencies, ensureKeyPair, ensureRedis, fail, ROOT, say } from './lib/environment.mjs';
import { startProduct } from './lib/product.mjs';

const dataDir = resolve(ROOT, process.env.DATA_DIR ?? '.data');
const gatewayPort = Number(process.env.PORT ?? 8080);
const metricsPort = Number(process.env.METRICS_PORT ?? 9464);

ensureDependencies();
if (process.env.SKIP_BUILD !== '1') build();
const keys = ensureKeyPair(dataDir);
const redis = await ensureRedis(dataDir);

let product;
let shuttingDown = false;
const shutdown = async (code) => {
  if (shuttingDown) return;
  shuttingDown = true;
  say('Stopping…');
  await product?.stop();
  await redis.stop();
  say('Stopped.');
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  product = await startProduct({
    gatewayPort,
    metricsPort,
    env: {
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      // Auth signs and publishes its keys (JWKS); the gateway and the services fetch
      // them from AUTH_URL, as in a deployment. A JWT_PUBLIC_KEY set here is passed on.
      JWT_PRIVATE_KEY: process.env.JWT_PRIVATE_KEY ?? keys.privatePath,
      JWT_EXTRA_PUBLIC_KEYS: process.env.JWT_EXTRA_PUBLIC_KEYS ?? keys.extraDir,
    },
    onUnexpectedExit: () => shutdown(1),
  });
} catch (error) {
  await redis.stop();
  fail(error.message);
}
say(`TripCost is running at ${product.url} (gateway metrics: ${product.metricsUrl})`);
say('Press Ctrl-C to stop.');
