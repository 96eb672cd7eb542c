// The real path's yardstick (issue 44): one read through the gateway and through a bare
// node:http proxy in front of the same service, closed loop, rounds alternating so a
// machine's drift hits both alike. The ratio is the median of the rounds' ratios; the
// pass rule is ≥ 0.95×. Both are compared warm: with a 1 s warm-up the gateway, which
// has far more code for the JIT to settle than the bare proxy, still spent up to 0.15 ms
// more CPU per 168 kB answer in the first rounds, and always going second in a pair
// cost a few per cent; both showed as a gap the steady gateway does not have.
// Used by every bench with a "through the gateway" row.
import { loadWithCpu, summary } from './processes.mjs';
import { median, ms, ratio } from './table.mjs';

const TARGETS = ['bare proxy', 'gateway'];

/**
 * @param {object} options
 * @param {string} options.label     what is read ("trip list 200 × 5, itemised, identity")
 * @param {{ url: string, pid: number }} options.bare     the bare proxy
 * @param {{ url: string, pid: number }} options.gateway  the gateway
 * @param {string} options.path      the path read through both
 * @param {Record<string,string>} options.headers
 * @param {boolean} options.smoke    one short round, no verdict
 * @param {(line: string) => void} options.log
 * @param {number} [options.connections]
 */
export async function gatewayVsBare({ label, bare, gateway, path, headers, smoke, log, connections = 10 }) {
  const seconds = smoke ? 1 : 3;
  // 7 short rounds rather than 5 long ones: the median holds better against a drifting
  // machine (the pass rule asks for at least 5), in about the same time.
  const rounds = smoke ? 1 : 7;
  const targets = { 'bare proxy': bare, gateway };
  // Warmed 3 s each, until the JIT has settled (see above).
  for (const name of TARGETS) {
    await loadWithCpu({ url: `${targets[name].url}${path}`, headers, seconds: smoke ? 1 : 3, connections }, []);
  }
  const results = { 'bare proxy': [], gateway: [] };
  for (let round = 1; round <= rounds; round++) {
    // Which goes first alternates: the second of a pair meets the service's garbage from
    // the first (the service, not the proxy, is the bottleneck on two cores).
    for (const name of round % 2 ? TARGETS : [...TARGETS].reverse()) {
      const { url, pid } = targets[name];
      results[name].push(await loadWithCpu({ url: `${url}${path}`, headers, seconds, connections }, [pid]));
    }
    log(`${label} round ${round}: ${TARGETS.map((n) => `${n} ${summary(results[n].at(-1))}`).join(' | ')}`);
  }
  const failed = TARGETS.some((n) => results[n].some((r) => r.non2xx || r.errors));
  const ratios = results.gateway.map((r, i) => r.requests.average / results['bare proxy'][i].requests.average);
  const value = median(ratios);
  const cpu = (name) => ms(median(results[name].map((r) => r.cpuPerRequest[0])));
  return {
    measure: `${label}: gateway ÷ bare proxy throughput, ${connections} connections`,
    comparison: `median of ${rounds} alternating rounds (${ratio(Math.min(...ratios))}–${ratio(Math.max(...ratios))}); bare proxy ${Math.round(median(results['bare proxy'].map((r) => r.requests.average)))} req/s; proxy CPU per request gateway ${cpu('gateway')} vs bare proxy ${cpu('bare proxy')}`,
    result: failed ? 'failed: error answers' : ratio(value),
    target: '≥ 0.95×',
    pass: smoke ? null : !failed && value >= 0.95,
  };
}
