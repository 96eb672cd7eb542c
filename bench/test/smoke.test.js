// `npm run bench -- --smoke`: every bench starts its processes, puts load on them and
// reports its rows. Nothing here is about speed; a bench that breaks fails CI.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');

/** Runs a bench script from the repository root; its stderr is shown when it fails. */
function runBench(script, args, timeout) {
  const run = spawnSync(process.execPath, [join(ROOT, 'bench', script), ...args], {
    cwd: ROOT,
    env: process.env,
    encoding: 'utf8',
    timeout,
  });
  if (run.status !== 0) console.log(run.stderr.slice(-4000));
  expect(run.status).toBe(0);
  return run;
}

test('when the benches run in smoke mode, then each reports every measure of the table', () => {
  const run = runBench('run.mjs', ['--smoke'], 380000);
  for (const measure of [
    'per-IP check',
    'gateway ÷ direct throughput',
    'gateway-added p99 over the bare proxy at a fixed',
    'trip list 20 × 5, itemised, identity: gateway ÷ bare proxy throughput',
    'trip list 20 × 5, itemised, Brotli',
    'history page of 100 entries',
    'balances of the committed window, 6 people',
    "a trip owner's notifications list",
    'kit service CPU per request',
    'kit layer: + request context',
    'answer, identity: gateway ÷ bare proxy throughput',
    'bytes on the wire compressed ÷ plain',
    '(?view=summary): size before compression',
    'trips-service CPU per request',
    'through the gateway at a fixed 100 req/s',
    'trip event streams whose clients were killed at once',
    'unchanged list fetched again (If-None-Match)',
    'flex grid 62 × 14, 100 items',
    'shares of a window, 20 people',
    'balances of a window, 20 people',
    'trip answer with shares ÷ without, 6 people',
    'login at a fixed 5/s through the gateway',
    'imports: p99 time of one document, in its worker',
    'imports: pdf documents read per CPU-second',
    'imports: memory of one PDF read',
    'imports: a 5 MB email (base64 HTML with JSON-LD) read',
    'imports: service peak memory with',
    'landing route (/) JavaScript',
    "every other route's first load",
    'windows: table + chart drawn after the data arrives',
    'Flex dates grid, 62 × 14 cells, drawn after the data arrives',
  ]) {
    expect(run.stdout).toContain(measure);
  }
  expect(run.stdout).not.toContain('failed:');
});

test('when compare-commits runs this checkout against itself, then it reports every path', () => {
  // The tool behind "no path more than 5 % slower": both products start, are seeded
  // through the API and answer every path without an error (a failed request fails it).
  const run = runBench('compare-commits.mjs', [`--base-dir=${ROOT}`, '--rounds=1', '--seconds=1', '--trips=2'], 180000);
  for (const path of [
    'list trips',
    'one trip',
    'edit a trip (PUT)',
    'wishlists',
    'profile',
    'city autocomplete',
    'log in',
  ]) {
    expect(run.stdout).toMatch(new RegExp(`^${path.replace(/[()]/g, '\\$&')}.* base \\d+ req/s`, 'm'));
  }
}, 200000);
