// Heavy answers (issue 30, docs/adr/0036-compressed-answers.md):
// 1. The hop on a large body: a ~600 kB JSON answer, identity-encoded,
//    from a bare upstream (lib/upstreams.mjs sizedListService), through a bare
//    node:http proxy and through the gateway, each in its own process.
//    - closed loop, 10 connections, median of 3 alternating rounds: gateway ÷ bare proxy;
//    - open loop at a fixed 100 req/s and at 60 % of the bare proxy's maximum: the
//      gateway's p50 and p99 minus the bare proxy's, same rounds alternating.
//    Context since issue 44 (3 rounds of 3 s): the real path (real-path.mjs), the built
//    trips service's own answers, holds the targets.
// 2. The 200-trip list (200 trips × 5 windows, the built trips service behind the
//    gateway): bytes on the wire plain, Brotli and gzip; the gateway's CPU per list
//    compressed minus identity at a fixed rate (apart from the throughput rows); and
//    the ?view=summary list's size before compression.
// Run: npm run build && node bench/large-answers.mjs [--smoke]   (needs Redis at REDIS_URL)
import { request } from 'node:http';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib/environment.mjs';
import { benchIdentity } from './lib/identity.mjs';
import { cpuMsOf, loadWithCpu, startNode, summary } from './lib/processes.mjs';
import { failuresOf, openLoop, openLoopSummary } from './lib/open-loop.mjs';
import { isMain, median, ms, ratio, runAlone } from './lib/table.mjs';
import { bareProxy, LIST_PATH, sizedListService } from './lib/upstreams.mjs';
import { seed } from './trips-read.mjs';
import { startTripsService } from './trips-support.mjs';

const CONNECTIONS = 10;
const signed = (value) => `${value >= 0 ? '+' : '−'}${ms(Math.abs(value))}`;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export async function run({ smoke, log }) {
  const rows = [];
  // ~25 kB is the gateway bench's own size (gateway-proxy.mjs): here only the large body.
  rows.push(...(await hopRows(600, { smoke, log })));
  rows.push(...(await listRows({ smoke, log })));
  return rows;
}

async function hopRows(size, { smoke, log }) {
  const seconds = smoke ? 1 : 3;
  const rounds = smoke ? 1 : 3;
  const { publicKey, token } = benchIdentity();
  const upstream = await startNode({ source: sizedListService });
  const bare = await startNode({ source: bareProxy, env: { TARGET: upstream.url } });
  const gateway = await startNode({
    file: join(ROOT, 'gateway/dist/main.js'),
    env: {
      TRIPS_URL: upstream.url,
      JWT_PUBLIC_KEY: publicKey,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      QUEUE_PREFIX: 'bench-large-answers',
    },
  });
  const targets = { 'bare proxy': bare, gateway };
  const headers = { authorization: `Bearer ${token}` };
  const url = (name) => `${targets[name].url}${LIST_PATH}?kb=${size}`;
  const label = `~${size} kB`;
  try {
    for (const name of Object.keys(targets)) await loadWithCpu({ url: url(name), headers, seconds: 1 }, []); // warm up
    const closed = { 'bare proxy': [], gateway: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const name of Object.keys(targets)) {
        closed[name].push(
          await loadWithCpu({ url: url(name), headers, seconds, connections: CONNECTIONS }, [targets[name].pid]),
        );
      }
      log(
        `${label} round ${round}: ${Object.entries(closed)
          .map(([n, r]) => `${n} ${summary(r.at(-1))}`)
          .join(' | ')}`,
      );
    }
    const throughput = median(
      closed.gateway.map((result, i) => result.requests.average / closed['bare proxy'][i].requests.average),
    );
    const bareMax = median(closed['bare proxy'].map((r) => r.requests.average));
    const cpu = (name) => median(closed[name].map((r) => r.cpuPerRequest[0]));

    const atRate = async (rate, what) => {
      const fixed = { 'bare proxy': [], gateway: [] };
      for (let round = 1; round <= 1; round++) {
        // context: one round at each rate
        for (const name of Object.keys(targets)) {
          fixed[name].push(await openLoop({ url: url(name), headers, seconds: smoke ? 1 : 4, rate }));
        }
        log(
          `${label} fixed ${rate}/s round ${round}: ${Object.entries(fixed)
            .map(([n, r]) => `${n} ${openLoopSummary(r.at(-1))}`)
            .join(' | ')}`,
        );
      }
      const at = (name, p) => median(fixed[name].map((r) => r.percentile(p)));
      const held = (name) =>
        median(fixed[name].map((r) => r.achievedRate)) >= rate * 0.95 && fixed[name].every((r) => failuresOf(r) === 0);
      const bareHeld = held('bare proxy');
      const keptUp = bareHeld && held('gateway');
      const p50 = at('gateway', 50) - at('bare proxy', 50);
      const p99 = at('gateway', 99) - at('bare proxy', 99);
      return {
        measure: `${label} answer at a fixed ${rate} req/s (${what}), open loop: gateway − bare proxy p50 / p99`,
        comparison: `bare proxy p50 ${ms(at('bare proxy', 50))} p99 ${ms(at('bare proxy', 99))}; gateway p50 ${ms(at('gateway', 50))} p99 ${ms(at('gateway', 99))}`,
        result: bareHeld
          ? `${signed(p50)} / ${signed(p99)}${keptUp ? '' : ' (gateway did not hold the rate)'}`
          : 'bare proxy saturates: not a gateway measure',
        target: 'context',
        pass: null,
      };
    };
    const steady = await atRate(100, 'steady');
    const busy = await atRate(Math.max(10, Math.round(bareMax * 0.6)), '60 % of the bare proxy’s max');
    return [
      {
        measure: `${label} answer, identity: gateway ÷ bare proxy throughput, ${CONNECTIONS} connections`,
        comparison: `median of ${rounds} alternating rounds; bare proxy ${Math.round(bareMax)} req/s; CPU per request gateway ${ms(cpu('gateway'))} vs bare proxy ${ms(cpu('bare proxy'))}`,
        result: ratio(throughput),
        target: 'context',
        pass: null,
      },
      steady,
      busy,
    ];
  } finally {
    await Promise.all([upstream, ...Object.values(targets)].map((target) => target.stop()));
  }
}

/** One GET with the bytes as they travelled (no decoding). */
function wireBytes(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function listRows({ smoke, log }) {
  const count = smoke ? 20 : 200;
  const service = await startTripsService();
  try {
    await seed(service, count);
    const url = `${service.gatewayUrl}${LIST_PATH}`;
    const auth = { authorization: service.token };
    const plain = await wireBytes(url, auth);
    const br = await wireBytes(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await wireBytes(url, { ...auth, 'accept-encoding': 'gzip' });
    const summaryList = await wireBytes(`${url}?view=summary`, auth);
    const summaryBr = await wireBytes(`${url}?view=summary`, { ...auth, 'accept-encoding': 'br' });
    log(
      `list of ${count}: plain ${plain.bytes} B, ${br.encoding} ${br.bytes} B, ${gzip.encoding} ${gzip.bytes} B; summary ${summaryList.bytes} B (${summaryBr.encoding} ${summaryBr.bytes} B)`,
    );

    // The gateway's CPU per list, compressed minus identity, at a rate the machine
    // holds easily (so it is the work, not the waiting), rounds alternating.
    const rate = smoke ? 10 : 40;
    const seconds = smoke ? 1 : 5;
    const cpu = { identity: [], br: [], gzip: [] };
    const encodings = { identity: {}, br: { 'accept-encoding': 'br' }, gzip: { 'accept-encoding': 'gzip' } };
    for (let round = 1; round <= (smoke ? 1 : 3); round++) {
      for (const [name, extra] of Object.entries(encodings)) {
        const before = cpuMsOf(service.gatewayPid);
        const result = await openLoop({ url, headers: { ...auth, ...extra }, seconds, rate });
        cpu[name].push((cpuMsOf(service.gatewayPid) - before) / Math.max(result.answered, 1));
      }
    }
    const extra = (name) => median(cpu[name]) - median(cpu.identity);
    const share = br.bytes / plain.bytes;
    return [
      {
        measure: `trip list ${count} × 5 through the gateway: bytes on the wire compressed ÷ plain`,
        comparison: `plain ${kB(plain.bytes)}, ${br.encoding} ${kB(br.bytes)}, ${gzip.encoding} ${kB(gzip.bytes)} (${Math.round((gzip.bytes / plain.bytes) * 100)} %)`,
        result: `${Math.round(share * 100)} % (${br.encoding})`,
        target: '≤ 15 %',
        pass: smoke ? null : br.encoding === 'br' && share <= 0.15 && gzip.bytes / plain.bytes <= 0.2,
      },
      {
        measure: `trip list ${count} × 5: the gateway's CPU to compress one list`,
        comparison: `at a fixed ${rate} req/s; gateway CPU per list identity ${ms(median(cpu.identity))}, br ${ms(median(cpu.br))}, gzip ${ms(median(cpu.gzip))}`,
        result: `br +${ms(extra('br'))}, gzip +${ms(extra('gzip'))}`,
        target: 'context',
        pass: null,
      },
      {
        measure: `trip list ${count} × 5 for cards (?view=summary): size before compression`,
        comparison: `full list ${kB(plain.bytes)}; summary ${summaryBr.encoding} ${kB(summaryBr.bytes)}`,
        result: kB(summaryList.bytes),
        target: '< 100 kB',
        pass: smoke ? null : summaryList.bytes < 100_000,
      },
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
