// `npm run e2e [-- <jest args>]`: the browser suite alone, for working on the UI.
// Builds, starts the product on free ports with a Redis of its own choosing (as
// `npm test` does), runs the browser suite (or the files/-t filter given) against
// it and stops everything. Several checkouts can run it at once on one machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, ensureDependencies, ensureRedis, ROOT, say } from './lib/environment.mjs';
import { startProductForBrowserSuite } from './lib/product.mjs';

ensureDependencies();
const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-e2e-'));
const redis = await ensureRedis(dataDir);
if (!process.env.E2E_NO_BUILD) build();
let status = 1;
let product;
try {
  product = await startProductForBrowserSuite({ dataDir, redisUrl: redis.url });
  say(`Product for the browser suite at ${product.url}`);
  // Not spawnSync: this process serves the suite's fake exchange rates meanwhile.
  const child = spawn('npx', ['jest', '-c', join(ROOT, 'e2e', 'jest.config.cjs'), ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...product.testEnv },
  });
  status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
} finally {
  await product?.stop();
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
