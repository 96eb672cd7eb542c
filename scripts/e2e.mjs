// `npm run e2e [-- <jest args>]`: the browser suite alone, for working on the UI.
// Builds, starts the product on free ports with a Redis of its own choosing (as
// `npm test` does), runs the browser suite (or the files/-t filter given) against
// it and stops everything. Several checkouts can run it at once on one machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, ensureDependencies, ensureKeyPair, ensureRedis, freePort, ROOT, say } from './lib/environment.mjs';
import { COMPONENTS, startProduct } from './lib/product.mjs';

ensureDependencies();
const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-e2e-'));
const redis = await ensureRedis(dataDir);
if (!process.env.E2E_NO_BUILD) build();
const ports = {};
for (const component of COMPONENTS) ports[component.name] = await freePort();
const gatewayPort = await freePort();
const metricsPort = await freePort();
const keys = ensureKeyPair(join(dataDir, 'product'));
let status = 1;
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
      DATA_DIR: join(dataDir, 'product'),
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `e2e-${Date.now()}`,
      JWT_PRIVATE_KEY: keys.privatePath,
      JWT_EXTRA_PUBLIC_KEYS: keys.extraDir,
      CORS_ORIGINS: `http://localhost:${gatewayPort}`,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  say(`Product for the browser suite at ${product.url}`);
  const result = spawnSync('npx', ['jest', '-c', join(ROOT, 'e2e', 'jest.config.cjs'), ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: product.url, E2E_METRICS_URL: product.metricsUrl },
  });
  status = result.status ?? 1;
} finally {
  await product?.stop();
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
