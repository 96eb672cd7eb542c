// Live updates at scale: 500 trip event streams (Server-Sent Events) held open on one
// gateway replica in front of the built trips service, both in their own processes.
// - the gateway's resident memory with the 500 streams open, minus before them;
// - an ordinary read (GET one trip, 50 connections, closed loop) with the 500 streams
//   open ÷ with none: throughput and p99, alternating rounds, median of the ratios;
// - that every stream got a change published while they were open (they are live).
// Streams carry heartbeats at the production interval; one change every second goes
// to every followed trip while the load runs, as a planning group would make them.
// Run: npm run build && node bench/live-updates.mjs [--smoke]   (needs Redis at REDIS_URL)
import { request, Agent } from 'node:http';
import { readFileSync } from 'node:fs';
import { inParallel, startTripsService } from './trips-support.mjs';
import { load } from './lib/processes.mjs';
import { isMain, median, ms, ratio, runAlone } from './lib/table.mjs';

const STREAMS = 500;
/** Followed trips: 50 travellers' groups of 10 followers each. */
const TRIPS = 50;
const CONNECTIONS = 50;
const MB = 1024 * 1024;

const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** Opens `count` streams over the trips, each on its own connection; resolves once all have their headers. */
async function openStreams(gatewayUrl, token, tripIds, count) {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const streams = [];
  await inParallel(Array.from({ length: count }), 50, (_, index) => {
    return new Promise((resolve, reject) => {
      const stream = { changes: 0, request: undefined };
      stream.request = request(
        `${gatewayUrl}/api/trips/getaway/${tripIds[index % tripIds.length]}/events`,
        { headers: { authorization: token }, agent },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${index}: ${res.statusCode}`));
          res.setEncoding('utf8');
          res.on('data', (chunk) => (stream.changes += chunk.split('event: change').length - 1));
          res.on('error', () => undefined);
          streams.push(stream);
          resolve();
        },
      );
      stream.request.on('error', reject);
      stream.request.end();
    });
  });
  return {
    streams,
    close: async () => {
      for (const stream of streams) stream.request.destroy();
      agent.destroy();
      await new Promise((resolve) => setTimeout(resolve, 500)); // the gateway notices and lets go
    },
  };
}

export async function run({ smoke, log }) {
  const seconds = smoke ? 1 : 8;
  const rounds = smoke ? 1 : 3;
  const count = smoke ? 50 : STREAMS;
  const service = await startTripsService();
  try {
    const trips = await inParallel(Array.from({ length: TRIPS }), 10, (_, i) =>
      service.call('POST', '/api/trips/getaway-trip', { location_address: `City ${i}, Country` }),
    );
    const tripIds = trips.map((trip) => trip._id);
    const read = { url: `${service.gatewayUrl}/api/trips/getaway/${tripIds[0]}`, headers: { authorization: service.token } };
    await load({ ...read, connections: CONNECTIONS, seconds: 1 }); // warm up

    // One change a second to every followed trip while streams are open (the read's trip too).
    let travelers = 1;
    const changeAll = () =>
      inParallel(tripIds, 10, (tripId) =>
        service.call('PUT', `/api/trips/getaway/${tripId}`, { travelers: (travelers % 5) + 1 }),
      ).then(() => (travelers += 1));

    const none = [];
    const open = [];
    const growth = [];
    let delivered = true;
    for (let round = 1; round <= rounds; round++) {
      none.push(await load({ ...read, connections: CONNECTIONS, seconds }));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = rssOf(service.gatewayPid);
      const held = await openStreams(service.gatewayUrl, service.token, tripIds, count);
      let changing = true;
      const changes = (async () => {
        while (changing) {
          await changeAll();
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      open.push(await load({ ...read, connections: CONNECTIONS, seconds }));
      changing = false;
      await changes;
      await new Promise((resolve) => setTimeout(resolve, 500));
      growth.push(rssOf(service.gatewayPid) - before);
      delivered &&= held.streams.length === count && held.streams.every((stream) => stream.changes > 0);
      await held.close();
      log(
        `live updates round ${round}: none ${Math.round(none.at(-1).requests.average)} req/s p99 ${ms(none.at(-1).latency.p99)} | ` +
          `${count} streams ${Math.round(open.at(-1).requests.average)} req/s p99 ${ms(open.at(-1).latency.p99)} | ` +
          `gateway RSS +${(growth.at(-1) / MB).toFixed(1)} MB`,
      );
    }
    const throughput = median(open.map((result, i) => result.requests.average / none[i].requests.average));
    const p99 = median(open.map((result, i) => result.latency.p99 / Math.max(none[i].latency.p99, 0.01)));
    const rss = median(growth);
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
        comparison: `median of ${rounds} alternating rounds; one change a second to each of the ${TRIPS} followed trips`,
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
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
