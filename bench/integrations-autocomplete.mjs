// Offline city autocomplete latency, in-process against the built index
// (`npx tsc -b` first): index build time, then N prefix queries (BENCH_QUERIES,
// default 10,000) of mixed lengths; reports p50/p99/max in microseconds.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../scripts/lib/environment.mjs';

const require = createRequire(import.meta.url);
const { offlineCityIndex } = require(join(ROOT, 'services/integrations/dist/store/offline-cities.js'));

const QUERIES = Number(process.env.BENCH_QUERIES ?? 10_000);
const started = performance.now();
let built;
const index = offlineCityIndex({ info: (fields) => (built = fields) });
const totalBuildMs = performance.now() - started;

// Short prefixes walk the largest buckets; misses ('qqq') walk nothing; 'saint e' and
// 'san ' walk long buckets with few matches (the worst case).
const inputs = [
  'l',
  'li',
  'lis',
  'lisbon',
  'sao p',
  'zur',
  'new y',
  'san ',
  'saint e',
  'springf',
  'paris, france',
  'tok',
  'qqq',
  'münch',
  'a',
];
for (let i = 0; i < 2000; i++) index.search(inputs[i % inputs.length], 5); // JIT warm-up

const latencies = new Float64Array(QUERIES);
for (let i = 0; i < QUERIES; i++) {
  const at = performance.now();
  index.search(inputs[i % inputs.length], 5);
  latencies[i] = (performance.now() - at) * 1000;
}
latencies.sort();
const pick = (q) => Math.round(latencies[Math.min(QUERIES - 1, Math.floor(QUERIES * q))] * 10) / 10;
process.stdout.write(
  `${JSON.stringify(
    {
      bench: 'offline city autocomplete (in-process, limit 5)',
      cities: index.size,
      build: { decodeMs: built?.decodeMs, indexMs: built?.indexMs, totalMs: Math.round(totalBuildMs) },
      queries: QUERIES,
      latencyMicros: { p50: pick(0.5), p90: pick(0.9), p99: pick(0.99), max: pick(1) },
      heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
    },
    null,
    2,
  )}\n`,
);
