// `npm test`: every test of every workspace, then the browser suite against the
// real product, and one closing line `N passed, M failed`. Works on a fresh clone:
// installs if needed and makes sure Redis answers (the same logic as `npm start`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, ensureDependencies, ensureKeyPair, ensureRedis, freePort, ROOT, say } from './lib/environment.mjs';
import { COMPONENTS, startProduct } from './lib/product.mjs';

const RESULTS = join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PROJECTS = [
  'services/shared',
  'services/auth',
  'services/trips',
  'services/wishlists',
  'services/integrations',
  'gateway',
  'web',
  'k8s',
  'system',
  'fault',
  'bench',
].filter((dir) => ['jest.config.js', 'jest.config.cjs'].some((file) => existsSync(join(ROOT, dir, file))));

ensureDependencies();
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-test-'));
const redis = await ensureRedis(dataDir);
process.env.REDIS_URL = redis.url;
build();

function jest(args, outputFile, env = {}) {
  const result = spawnSync('npx', ['jest', '--ci', '--json', `--outputFile=${outputFile}`, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status;
}

say(`Running the test suites of: ${PROJECTS.join(', ')}`);
jest(['--projects', ...PROJECTS], join(RESULTS, 'unit.json'));

const e2eConfig = join(ROOT, 'e2e', 'jest.config.cjs');
let e2eSkippedReason;
if (!existsSync(e2eConfig)) e2eSkippedReason = 'no e2e suite';
else if (!existsSync(CHROMIUM)) e2eSkippedReason = `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`;

if (e2eSkippedReason) {
  say(`Browser suite NOT run: ${e2eSkippedReason}.`);
} else {
  const productDir = join(dataDir, 'product');
  const keys = ensureKeyPair(productDir);
  const ports = {};
  for (const component of COMPONENTS) ports[component.name] = await freePort();
  const gatewayPort = await freePort();
  const metricsPort = await freePort();
  say(`Starting the product for the browser suite on port ${gatewayPort}…`);
  let product;
  try {
    product = await startProduct({
      gatewayPort,
      metricsPort,
      ports,
      quiet: !process.env.E2E_SHOW_LOGS,
      env: {
        NODE_ENV: 'development',
        DATA_DIR: productDir,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: `e2e-${Date.now()}`,
        JWT_PRIVATE_KEY: keys.privatePath,
        JWT_PUBLIC_KEY: keys.publicPath,
        CORS_ORIGINS: `http://localhost:${gatewayPort}`,
      },
    });
    jest(['-c', e2eConfig], join(RESULTS, 'e2e.json'), {
      E2E_BASE_URL: `http://localhost:${gatewayPort}`,
      E2E_METRICS_URL: product.metricsUrl,
    });
  } catch (error) {
    say(`The product did not start for the browser suite: ${error.message}`);
    writeFileSync(
      join(RESULTS, 'e2e.json'),
      JSON.stringify({ numPassedTests: 0, numFailedTests: 1, numRuntimeErrorTestSuites: 0 }),
    );
  } finally {
    await product?.stop();
  }
}
await redis.stop();
rmSync(dataDir, { recursive: true, force: true });

let passed = 0;
let failed = 0;
for (const file of ['unit.json', 'e2e.json']) {
  const path = join(RESULTS, file);
  if (!existsSync(path)) {
    if (file === 'unit.json') failed += 1; // jest itself did not run
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A suite that fails to load has no failed tests but is a failure all the same.
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
}
if (e2eSkippedReason && process.env.CI) failed += 1;
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(RESULTS, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
