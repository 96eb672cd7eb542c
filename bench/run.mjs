// `npm run bench`: every bench in one command, one table (measure, the side-by-side
// comparison it rests on, result, target, pass/miss), written to docs/performance.md
// with the machine and the date. Run it on an otherwise idle machine: each measure
// is a ratio or a difference taken in one run, but a busy machine still bends them.
//
// `npm run bench -- --smoke` runs every bench for a few seconds to prove they still
// work (CI does this through bench/test/smoke.test.js); it asserts nothing about
// time and does not touch docs/performance.md. Needs a build (`npm run build`) and
// Redis at REDIS_URL.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib/environment.mjs';
import { formatTable, markdownTable } from './lib/table.mjs';

/** [name, file, export (default run), later: not in the full run] */
const BENCHES = [
  ['rate limiter', './rate-limiter.mjs'],
  ['gateway', './gateway-proxy.mjs'],
  ['large answers', './large-answers.mjs'],
  ['real path', './real-path.mjs'],
  ['real path, later reads', './real-path.mjs', 'runLater', true],
  ['kit', './kit-overhead.mjs'],
  ['trips list', './trips-read.mjs'],
  ['live updates', './live-updates.mjs'],
  ['live streams', './live-streams.mjs'],
  ['flex grid', './flex-grid.mjs'],
  ['trip history', './trip-history.mjs'],
  ['calendar feed', './calendar-feed.mjs'],
  ['imports', './imports.mjs'],
  ['shares', './shares.mjs'],
  ['notifications', './notifications.mjs'],
  ['notifications list', './notifications.mjs', 'runList', true],
  ['login', './auth-login.mjs'],
  ['web bundle', './web-bundle.mjs'],
  ['web render', './web-compare.mjs'],
];

const smoke = process.argv.includes('--smoke');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const later = process.argv.includes('--later');
const log = (line) => process.stderr.write(`${line}\n`);
const started = new Date();
const loadAtStart = os.loadavg()[0];

const rows = [];
let broken = 0;
for (const [name, file, exported = 'run', isLater = false] of BENCHES) {
  if (only) {
    if (!only.split(',').includes(name)) continue;
  } else if (!smoke && isLater !== later) continue; // the smoke run proves every bench still works

  log(`— ${name}`);
  const began = Date.now();
  try {
    const run = (await import(file))[exported];
    rows.push(...(await run({ smoke, log })));
  } catch (error) {
    broken++;
    log(error.stack ?? String(error));
    rows.push({
      measure: `${name} bench`,
      comparison: `failed: ${error.message}`,
      result: '—',
      target: '',
      pass: false,
    });
  }
  log(`  (${((Date.now() - began) / 1000).toFixed(0)} s)`);
}

const table = formatTable(rows);
console.log(table);

const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
const runFacts = `- Date: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machine}
- Load average (1 min) when the run started: ${loadAtStart.toFixed(2)}${loadAtStart > 1 ? ' — the machine was not idle; treat the numbers as indicative' : ''}
- The run took ${minutes} minutes`;

if (!smoke && !only && later) {
  writeFileSync(
    join(ROOT, 'docs', 'performance-later.md'),
    `# Performance: later rows

Written by \`npm run bench -- --later\` (bench/run.mjs); do not edit by hand. The reads
added as features landed, each through the gateway and through a bare proxy in front
of the same service (median of 7 alternating rounds, ≥ 0.95×). They run apart so that
the full \`npm run bench\` (docs/performance.md) stays within 15 minutes.

${runFacts}

${markdownTable(rows)}
`,
  );
  log('wrote docs/performance-later.md');
} else if (!smoke && !only) {
  const document = `# Performance

Written by \`npm run bench\` (bench/run.mjs); do not edit by hand. Every result is a
ratio or a difference measured side by side in one run, because absolute numbers
on a shared machine swing by ±30 % between runs. How each bench works is described
at the top of its file in \`bench/\`.

${runFacts}

${markdownTable(rows)}

## Reading the results

- Throughput rows are closed loop (autocannon, as fast as answers come); fixed-rate
  rows are open loop (\`bench/lib/open-loop.mjs\`): requests leave evenly spaced and
  latency counts from when each was due, so a p99 is what users arriving at that
  rate would see.
- The load generator, the gateway and the upstream share the machine's cores. Direct,
  the upstream has a core to itself; through any proxy, the proxy's CPU is taken from
  the generator and the upstream. The bare \`node:http\` proxy in the same run is the
  floor any gateway on Node's HTTP stack can reach; compare the gateway with it.
- Fixed rates at a share of a maximum use the bare proxy's maximum, never the
  direct one (through any proxy, two cores saturate far below it). A rate the bare
  proxy itself could not hold is reported as "bare proxy saturates": that row
  measures the machine, not the gateway.
- The real path (bench/real-path.mjs) is the built trips service with a seeded
  traveller, through the gateway and through a bare proxy in front of the same
  service; the synthetic upstream rows (gateway, large answers) are context for it.
  The reads added since (history, balances, the notifications list) are in
  docs/performance-later.md (\`npm run bench -- --later\`).
- Whether a change made an API path slower than an earlier commit is measured apart,
  by \`node bench/compare-commits.mjs\` (it needs a built checkout of that commit):
  docs/performance-vs-base.md.
- Why each design was chosen: docs/adr/0015-one-rate-limiter.md and
  docs/adr/0022-hot-paths-without-redis-and-a-light-landing-page.md.
`;
  writeFileSync(join(ROOT, 'docs', 'performance.md'), document);
  log('wrote docs/performance.md');
}
if (smoke && broken > 0) process.exitCode = 1;
