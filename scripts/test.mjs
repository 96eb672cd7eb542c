// `npm test`: every test of every workspace, then the browser suite against the
// real product, and one closing line `N passed, M failed`. Works on a fresh clone:
// installs if needed and makes sure Redis answers (the same logic as `npm start`).
// Each phase has a deadline: a hang is killed and counted as a failure, and the
// closing line is printed all the same.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, ensureDependencies, ensureRedis, ROOT, say } from './lib/environment.mjs';
import { DEPLOYABLES, startProductForBrowserSuite } from './lib/product.mjs';

const RESULTS = join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MINUTE = 60_000;
/** Jest's order for both phases: the longest suites first (see the file). */
const LONGEST_FIRST = join(ROOT, 'scripts/lib/longest-first.cjs');
/** Per phase; generous for 2 busy cores (see docs/testing.md for measured times). */
const DEADLINES = {
  unit: Number(process.env.TEST_UNIT_DEADLINE_MIN ?? 15) * MINUTE,
  browser: Number(process.env.TEST_BROWSER_DEADLINE_MIN ?? 10) * MINUTE,
};
// The kit, every deployable's workspace (deployables.json), then the rest.
const PROJECTS = [
  'services/shared',
  ...DEPLOYABLES.map((d) => d.dir),
  'web',
  'k8s',
  'system',
  'fault',
  'bench',
  'scripts',
].filter((dir) => ['jest.config.js', 'jest.config.cjs'].some((file) => existsSync(join(ROOT, dir, file))));

ensureDependencies();
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-test-'));
const redis = await ensureRedis(dataDir);
process.env.REDIS_URL = redis.url;
build();

/** Names of phases that hit their deadline; each counts as one failure. */
const timedOut = [];
/** The running jest: in its own process group, so Ctrl-C must be passed on to it. */
let active;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (active) killGroup(active, signal);
    void redis.stop(); // signals a redis-server we started at once; the product stops on exit
    process.exit(130);
  });
}

/**
 * Runs jest in its own process group and kills the whole group (workers, and anything
 * a test started) when the phase's deadline passes.
 */
function jest(phase, args, outputFile, env = {}) {
  const started = Date.now();
  const child = spawn('npx', ['jest', '--ci', '--json', `--outputFile=${outputFile}`, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  active = child;
  const deadline = setTimeout(() => {
    timedOut.push(phase);
    say(
      `The ${phase} phase did not finish within ${DEADLINES[phase] / MINUTE} min: stopping it (counted as a failure).`,
    );
    killGroup(child, 'SIGTERM');
    setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
  }, DEADLINES[phase]);
  return new Promise((resolvePhase) => {
    child.on('exit', (code) => {
      active = undefined;
      clearTimeout(deadline);
      say(`The ${phase} phase took ${Math.round((Date.now() - started) / 1000)} s.`);
      resolvePhase(code);
    });
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** The browser suite's one system dependency, printed so a run names what it tested with. */
function chromiumVersion() {
  const result = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : `unknown (${result.error?.message ?? result.stderr.trim()})`;
}

say(`Running the test suites of: ${PROJECTS.join(', ')}`);
// Two workers on two cores: most suites wait on sockets and child processes, so two at
// a time fill the cores that one leaves half idle (Jest's default here is one).
const UNIT_WORKERS = process.env.TEST_UNIT_WORKERS ?? '2';
await jest(
  'unit',
  [`--maxWorkers=${UNIT_WORKERS}`, `--testSequencer=${LONGEST_FIRST}`, '--projects', ...PROJECTS],
  join(RESULTS, 'unit.json'),
);

const e2eConfig = join(ROOT, 'e2e', 'jest.config.cjs');
let e2eSkippedReason;
if (!existsSync(e2eConfig)) e2eSkippedReason = 'no e2e suite';
else if (!existsSync(CHROMIUM)) e2eSkippedReason = `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`;

if (e2eSkippedReason) {
  say(`Browser suite NOT run: ${e2eSkippedReason}.`);
} else {
  let product;
  try {
    product = await startProductForBrowserSuite({ dataDir, redisUrl: redis.url });
    say(`Browser suite with ${chromiumVersion()} at ${CHROMIUM}`);
    // Two browsers at a time: each suite registers travellers of its own, and a browser
    // waits on the product more than it computes (measured: docs/testing.md).
    const browserWorkers = process.env.TEST_BROWSER_WORKERS ?? '2';
    await jest(
      'browser',
      ['-c', e2eConfig, `--maxWorkers=${browserWorkers}`, `--testSequencer=${LONGEST_FIRST}`],
      join(RESULTS, 'e2e.json'),
      product.testEnv,
    );
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
let failed = timedOut.length;
const suites = [];
for (const file of ['unit.json', 'e2e.json']) {
  const path = join(RESULTS, file);
  if (!existsSync(path)) {
    // Jest did not run, or was stopped at its deadline (already counted).
    if (file === 'unit.json' && !timedOut.includes('unit')) failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A suite that fails to load has no failed tests but is a failure all the same.
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  for (const suite of report.testResults ?? []) {
    suites.push({ name: relative(ROOT, suite.name), seconds: (suite.endTime - suite.startTime) / 1000 });
  }
}
if (e2eSkippedReason && process.env.CI) failed += 1;
suites.sort((a, b) => b.seconds - a.seconds);
writeFileSync(join(RESULTS, 'suite-times.json'), `${JSON.stringify(suites, null, 2)}\n`);
say('Slowest suites:');
for (const suite of suites.slice(0, 5)) say(`  ${suite.seconds.toFixed(1).padStart(6)} s  ${suite.name}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(RESULTS, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
