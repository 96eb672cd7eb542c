// An open-loop load generator: requests leave at evenly spaced times (rate per
// second), whether or not earlier ones have been answered, the way independent users
// arrive. autocannon's `overallRate` is not that: it lets each connection send its
// share of a second back to back and then wait for the next second, so at "100 req/s"
// a hundred requests arrive together every second and p99 measures that burst.
//
// Latency is counted from the moment a request was due, not from when it was sent,
// so a generator or machine that falls behind shows up in the numbers instead of
// hiding them (no coordinated omission). Every request gets a keep-alive socket from
// a pool large enough that none waits for another's answer.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * @param {object} options
 * @param {string} options.url
 * @param {number} options.rate        requests per second
 * @param {number} options.seconds
 * @param {Record<string,string>} [options.headers]
 * @param {string} [options.method]
 * @param {string} [options.body]
 * @returns {Promise<{ sent: number, answered: number, errors: number, statuses: Record<string, number>,
 *   achievedRate: number, percentile(p: number): number }>}
 */
export function openLoop({ url, rate, seconds, headers = {}, method = 'GET', body }) {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies = [];
  const statuses = {};
  let sent = 0;
  let settled = 0;
  let errors = 0;
  const started = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      const elapsed = (performance.now() - started) / 1000;
      const sorted = latencies.sort((a, b) => a - b);
      resolve({
        sent,
        answered: latencies.length,
        errors,
        statuses,
        achievedRate: latencies.length / elapsed,
        percentile: (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN,
      });
    };
    const settle = () => {
      if (++settled === total) finish();
    };

    const send = (due) => {
      const outgoing = request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent },
        (answer) => {
          statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
          answer.resume();
          answer.once('end', () => {
            latencies.push(performance.now() - due);
            settle();
          });
        },
      );
      outgoing.once('error', () => {
        errors++;
        settle();
      });
      outgoing.end(body);
    };

    // Each tick sends every request whose time has come; timers fire late under load,
    // and the late requests still carry their due time.
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        send(started + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
}

/** Answers that were not 2xx/304, plus requests that got no answer. */
export const failuresOf = (result) =>
  result.errors +
  Object.entries(result.statuses)
    .filter(([status]) => !(status.startsWith('2') || status === '304'))
    .reduce((sum, [, count]) => sum + count, 0);

export const openLoopSummary = (result) =>
  `${Math.round(result.achievedRate)} req/s p50 ${result.percentile(50).toFixed(1)} ms p99 ${result.percentile(99).toFixed(1)} ms` +
  (failuresOf(result) ? ` (failed ${failuresOf(result)})` : '');
