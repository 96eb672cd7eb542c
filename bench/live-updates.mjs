// Live updates at scale: 500 trip event streams (Server-Sent Events) held open on one
// gateway replica in front of the built trips service, both in their own processes.
// - the gateway's resident memory with the 500 streams open, minus before them;
// - an ordinary read (GET one trip, 50 connections, closed loop) with the 500 streams
//   open ÷ with none: throughput and p99, alternating rounds, median of the ratios;
// - that every stream got a change published while they were open (they are live).
// The streams belong to 50 travellers, 10 each (the most one may hold of a trip).
// Streams carry heartbeats at the production interval; every followed trip changes
// once a second throughout (in the rounds without streams too, so the only difference
// between the two sides is the streams and what they deliver).
// Run: npm run build && node bench/live-updates.mjs [--smoke]   (needs Redis at REDIS_URL)
import { inParallel, startTripsService } from './trips-support.mjs';
import { loadWithCpu } from './lib/processes.mjs';
import { holdStreams, rssOf, streamsOf } from './lib/streams.mjs';
import { isMain, median, ms, ratio, runAlone } from './lib/table.mjs';

const STREAMS = 500;
/** Followed trips: 10 planning groups of 50 followers each. */
const TRIPS = 10;
const CONNECTIONS = 50;
const MB = 1024 * 1024;

export async function run({ smoke, log }) {
  const seconds = smoke ? 1 : 3; // the full run stays within 15 minutes
  const rounds = smoke ? 1 : 5;
  const count = smoke ? 50 : STREAMS;
  const service = await startTripsService();
  try {
    const trips = await inParallel(Array.from({ length: TRIPS }), 10, (_, i) =>
      service.call('POST', '/api/trips/getaway-trip', { location_address: `City ${i}, Country` }),
    );
    const tripIds = trips.map((trip) => trip._id);
    const plan = await streamsOf(service, tripIds, count, 1);
    const read = {
      url: `${service.gatewayUrl}/api/trips/getaway/${tripIds[0]}`,
      headers: { authorization: service.token },
    };
    await loadWithCpu({ ...read, connections: CONNECTIONS, seconds: 1 }, [service.gatewayPid]); // warm up

    // One change a second to every followed trip while streams are open (the read's trip too).
    let travelers = 1;
    const changeAll = () =>
      inParallel(tripIds, 10, (tripId) =>
        service.call('PUT', `/api/trips/getaway/${tripId}`, { travelers: (travelers % 5) + 1 }),
      ).then(() => (travelers += 1));

    let changing = true;
    const changes = (async () => {
      while (changing) {
        await changeAll();
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const none = [];
    const open = [];
    const growth = [];
    let delivered = true;
    for (let round = 1; round <= rounds; round++) {
      none.push(await loadWithCpu({ ...read, connections: CONNECTIONS, seconds }, [service.gatewayPid]));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = rssOf(service.gatewayPid);
      const held = await holdStreams(service.gatewayUrl, plan);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      open.push(await loadWithCpu({ ...read, connections: CONNECTIONS, seconds }, [service.gatewayPid]));
      growth.push(rssOf(service.gatewayPid) - before);
      const { open: stillOpen, withChanges } = await held.report();
      delivered &&= stillOpen === count && withChanges === count;
      await held.close();
      await new Promise((resolve) => setTimeout(resolve, 500)); // the gateway notices and lets go
      log(
        `live updates round ${round}: none ${Math.round(none.at(-1).requests.average)} req/s p99 ${ms(none.at(-1).latency.p99)} | ` +
          `${count} streams ${Math.round(open.at(-1).requests.average)} req/s p99 ${ms(open.at(-1).latency.p99)} | ` +
          `gateway RSS +${(growth.at(-1) / MB).toFixed(1)} MB`,
      );
    }
    changing = false;
    await changes;
    const throughput = median(open.map((result, i) => result.requests.average / none[i].requests.average));
    const p99 = median(open.map((result, i) => result.latency.p99 / Math.max(none[i].latency.p99, 0.01)));
    const rss = median(growth);
    // The gateway's CPU per ordinary read: steadier than throughput on a shared machine
    // (it includes relaying the streams' events, spread over the reads).
    const cpu = (runs) => median(runs.map((r) => r.cpuPerRequest[0]));
    return [
      {
        measure: `gateway memory with ${count} open trip event streams`,
        comparison: `RSS after opening them minus before, median of ${rounds} rounds; every stream got changes: ${delivered ? 'yes' : 'NO'}`,
        result: `+${(rss / MB).toFixed(1)} MB`,
        target: '< 50 MB',
        pass: smoke ? null : delivered && rss < 50 * MB,
      },
      {
        measure: `ordinary read throughput, ${count} streams open ÷ none (GET one trip via gateway, ${CONNECTIONS} connections)`,
        comparison: `median of ${rounds} alternating rounds; each of the ${TRIPS} followed trips changes once a second throughout`,
        result: ratio(throughput),
        target: '≥ 0.90×',
        pass: smoke ? null : throughput >= 0.9,
      },
      {
        measure: `ordinary read p99, ${count} streams open ÷ none`,
        comparison: `median of per-round ratios (p99 ${ms(median(open.map((r) => r.latency.p99)))} vs ${ms(median(none.map((r) => r.latency.p99)))})`,
        result: ratio(p99),
        target: '≤ 1.10×',
        pass: smoke ? null : p99 <= 1.1,
      },
      {
        measure: `gateway CPU per ordinary read, ${count} streams open ÷ none`,
        comparison: `${ms(cpu(open))} vs ${ms(cpu(none))} (the streams' events relayed meanwhile included)`,
        result: ratio(cpu(open) / Math.max(cpu(none), 1e-6)),
        target: 'context',
        pass: null,
      },
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
