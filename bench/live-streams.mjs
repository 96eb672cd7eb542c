// Live streams are bounded and let go (docs/adr/0053-bounded-live-streams.md): 1,000
// trip event streams through one gateway replica to the built trips service (each in
// its own process), held by 50 travellers — 20 each, 10 on each of two trips, within
// the limits of 10 per trip and 30 in all — and then every client killed at once
// (SIGKILL, as a browser that crashes or loses its network: no goodbye).
// - release: from the kill until the trips service holds no stream connection (each
//   follower ends with its connection); target within 2 s;
// - resident memory (RSS) of the gateway and of the trips service before the streams
//   opened (after 5,000 trip lists through the gateway: a process at work, not one
//   fresh from start-up, which is shown beside it), at the peak, and 10 s after the
//   release; target: back within 15 MB;
// - a second burst of the same 1,000 streams, opened and killed the same way: RSS 10 s
//   after it against 10 s after the first (what a process keeps per outage; target
//   within 15 MB); docs/adr/0060-collect-after-bursts.md;
// - the limit: one more stream of a trip for a traveller who holds 10 of it is 429.
// Run: npm run build && node bench/live-streams.mjs [--smoke]   (needs Redis at REDIS_URL)
import { inParallel, startTripsService } from './trips-support.mjs';
import { connectionsTo, holdStreams, rssOf, streamsOf } from './lib/streams.mjs';
import { isMain, runAlone } from './lib/table.mjs';

const STREAMS = 1000;
const TRIPS = 10;
const MB = 1024 * 1024;
const SETTLE_MS = 10_000;
const WARM_UP = 5000;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run({ smoke, log }) {
  const count = smoke ? 100 : STREAMS;
  const settleMs = smoke ? 200 : SETTLE_MS;
  const service = await startTripsService();
  try {
    const trips = await inParallel(Array.from({ length: TRIPS }), 10, (_, i) =>
      service.call('POST', '/api/trips/getaway-trip', { location_address: `City ${i}, Country` }),
    );
    const plan = await streamsOf(
      service,
      trips.map((trip) => trip._id),
      count,
      2,
    );
    const pids = { gateway: service.gatewayPid, trips: service.pid };
    await wait(smoke ? 200 : 2000);
    const fresh = { gateway: rssOf(pids.gateway), trips: rssOf(pids.trips) };
    // A gateway at work has served ordinary requests before any outage: the trips list,
    // WARM_UP times through it. Its heap's young generation is then in use, as in
    // production; a process fresh from start-up has touched little of it (ADR 0060).
    await inParallel(Array.from({ length: smoke ? 50 : WARM_UP }), 10, async () => {
      const answer = await fetch(`${service.gatewayUrl}/api/trips/getaway-trip`, {
        headers: { authorization: service.token },
      });
      await answer.arrayBuffer();
    });
    await wait(smoke ? 200 : 2000);
    const before = { gateway: rssOf(pids.gateway), trips: rssOf(pids.trips) };
    const peak = { ...before };
    const sampler = setInterval(() => {
      for (const name of Object.keys(pids)) peak[name] = Math.max(peak[name], rssOf(pids[name]));
    }, 100);
    const idle = connectionsTo(service.port);

    const held = await holdStreams(service.gatewayUrl, plan);
    await wait(smoke ? 200 : 2000);
    const { open } = await held.report();
    const [token, tripId] = plan[0];
    const extra = await fetch(`${service.gatewayUrl}/api/trips/getaway/${tripId}/events`, {
      headers: { authorization: token },
    });
    const refusal = await extra.text();
    clearInterval(sampler);

    const killed = performance.now();
    await held.close({ abruptly: true });
    let releasedMs = null;
    const deadline = killed + 120_000;
    while (performance.now() < deadline) {
      if (connectionsTo(service.port) <= idle) {
        releasedMs = performance.now() - killed;
        break;
      }
      await wait(20);
    }
    await wait(settleMs);
    const after = { gateway: rssOf(pids.gateway), trips: rssOf(pids.trips) };
    // The same outage again: what stays per burst once the process has lived through one.
    const again = await holdStreams(service.gatewayUrl, plan);
    await wait(smoke ? 200 : 2000);
    await again.close({ abruptly: true });
    while (connectionsTo(service.port) > idle && performance.now() < deadline + 120_000) await wait(20);
    await wait(settleMs);
    const afterSecond = { gateway: rssOf(pids.gateway), trips: rssOf(pids.trips) };
    const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
    const memory = (name) =>
      `fresh ${mb(fresh[name])}, at work ${mb(before[name])} → peak ${mb(peak[name])} → ${mb(after[name])}`;
    log(
      `live streams: ${open}/${count} open, extra stream ${extra.status} ${refusal.slice(0, 80)}; released in ` +
        `${releasedMs === null ? 'never' : `${Math.round(releasedMs)} ms`}; gateway ${memory('gateway')}; trips ${memory('trips')}`,
    );
    const memoryRow = (name, process) => ({
      measure: `${process} RSS at work before ${count} trip event streams → peak → ${settleMs / 1000} s after their clients were killed`,
      comparison: `${memory(name)}; after − before`,
      result: `${after[name] >= before[name] ? '+' : ''}${((after[name] - before[name]) / MB).toFixed(1)} MB`,
      target: '≤ +15 MB',
      pass: smoke ? null : after[name] - before[name] <= 15 * MB,
    });
    const repeatRow = (name, process) => ({
      measure: `${process} RSS ${settleMs / 1000} s after a second burst of ${count} streams → after the first`,
      comparison: `${mb(after[name])} → ${mb(afterSecond[name])}; second − first`,
      result: `${afterSecond[name] >= after[name] ? '+' : ''}${((afterSecond[name] - after[name]) / MB).toFixed(1)} MB`,
      target: '≤ +15 MB',
      pass: smoke ? null : afterSecond[name] - after[name] <= 15 * MB,
    });
    return [
      {
        measure: `release of ${count} trip event streams whose clients were killed at once (through the gateway)`,
        comparison: `from SIGKILL of the clients until the trips service holds no stream connection; ${open}/${count} were open`,
        result: releasedMs === null ? 'not within 120 s' : `${Math.round(releasedMs)} ms`,
        target: '≤ 2000 ms',
        pass: smoke ? null : open === count && releasedMs !== null && releasedMs <= 2000,
      },
      memoryRow('gateway', 'gateway'),
      memoryRow('trips', 'trips service'),
      repeatRow('gateway', 'gateway'),
      repeatRow('trips', 'trips service'),
      {
        measure: 'an 11th stream of one trip for one traveller (through the gateway)',
        comparison: `answer: ${extra.status} ${refusal.slice(0, 60)}`,
        result: String(extra.status),
        target: '429',
        pass: extra.status === 429,
      },
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
