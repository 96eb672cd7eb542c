// Trips read path: GET /api/trips/getaway-trip for a user with 200 trips of 5
// instances each (~400 kB JSON in one answer), embedded store, the built trips
// service and gateway each in their own process.
// - CPU the trips service spends per list (closed loop, 4 connections), from /proc;
// - p99 through the gateway at a fixed 100 requests/s, evenly spaced (open loop);
// - the same list fetched again with If-None-Match: status and service CPU.
// Run: npm run build && node bench/trips-read.mjs [--smoke]   (needs Redis at REDIS_URL)
import { inParallel, startTripsService } from './trips-support.mjs';
import { failuresOf, openLoop, openLoopSummary } from './lib/open-loop.mjs';
import { loadWithCpu, summary } from './lib/processes.mjs';
import { isMain, median, ms, runAlone } from './lib/table.mjs';

const INSTANCES = 5;
const LIST = '/api/trips/getaway-trip';

export async function seed(service, count) {
  const trips = await inParallel(Array.from({ length: count }), 10, (_, i) =>
    service.call('POST', LIST, {
      location_address: `City ${i}, State, Country`,
      image_url: '/api/places-pics?photoreference=places%2Fabc%2Fphotos%2Fdef',
    }),
  );
  await inParallel(trips, 10, async (trip, i) => {
    let last;
    for (let n = 0; n < INSTANCES; n++) {
      const day = String(1 + ((i + n) % 28)).padStart(2, '0');
      last = await service.call('POST', `/api/trips/getaway/${trip._id}/instances`, {
        trip_start: `2030-0${1 + (n % 9)}-${day}`,
        trip_end: `2030-0${1 + (n % 9)}-${day}`,
        stay_expense: 100 + n,
        travel_expense: 50,
        car_expense: 25,
        other_expense: 10,
        activities: ['Museum', 'Dinner'],
      });
    }
    await service.call('PATCH', `/api/trips/getaway/${trip._id}/instances/${last._id}/commit`, {});
  });
}

export async function run({ smoke, log }) {
  const count = smoke ? 20 : 200;
  const seconds = smoke ? 1 : 3; // the full run stays within 15 minutes
  const rounds = smoke ? 1 : 3;
  const service = await startTripsService();
  try {
    await seed(service, count);
    const first = await fetch(`${service.url}${LIST}`, { headers: { authorization: service.token } });
    const body = await first.text();
    const etag = first.headers.get('etag');
    log(`seeded ${JSON.parse(body).length} trips, ${body.length} bytes per list, ETag ${etag ?? 'none'}`);
    const headers = { authorization: service.token };
    const direct = { url: `${service.url}${LIST}`, headers };
    const viaGateway = { url: `${service.gatewayUrl}${LIST}`, headers };

    await loadWithCpu({ ...direct, seconds: 1, connections: 4 }, [service.pid]); // warm up
    const cpu = [];
    const fixed = [];
    const notModified = [];
    for (let round = 1; round <= rounds; round++) {
      const closed = await loadWithCpu({ ...direct, seconds, connections: 4 }, [service.pid]);
      cpu.push(closed.cpuPerRequest[0]);
      const atRate = await openLoop({ ...viaGateway, seconds, rate: 100 });
      fixed.push(atRate);
      const again = await loadWithCpu(
        { ...direct, headers: { ...headers, 'if-none-match': etag ?? '"none"' }, seconds, connections: 4 },
        [service.pid],
      );
      notModified.push(again);
      log(
        `trips round ${round}: direct ${summary(closed)} cpu ${ms(closed.cpuPerRequest[0])} | gateway @100/s ${openLoopSummary(atRate)} | if-none-match ${summary(again)} cpu ${ms(again.cpuPerRequest[0])}`,
      );
    }
    const cpuPerList = median(cpu);
    const p99 = median(fixed.map((r) => r.percentile(99)));
    const achieved = median(fixed.map((r) => r.achievedRate));
    const failed = fixed.reduce((sum, r) => sum + failuresOf(r), 0);
    const lastAgain = notModified.at(-1);
    const share304 = (lastAgain.statusCodeStats?.['304']?.count ?? 0) / Math.max(lastAgain.requests.total, 1);
    const cpu304 = median(notModified.map((r) => r.cpuPerRequest[0]));
    return [
      {
        measure: `trips list ${count} × ${INSTANCES}: trips-service CPU per request`,
        comparison: `closed loop, 4 connections, ${Math.round(body.length / 1024)} kB list`,
        result: ms(cpuPerList),
        target: '≤ 2 ms',
        pass: smoke ? null : cpuPerList <= 2,
      },
      {
        measure: `trips list ${count} × ${INSTANCES} through the gateway at a fixed 100 req/s: p99`,
        comparison: `open loop, achieved ${Math.round(achieved)} req/s, p50 ${ms(median(fixed.map((r) => r.percentile(50))))}${failed ? `, ${failed} failed` : ''}`,
        result: ms(p99),
        target: '≤ 30 ms',
        pass: smoke ? null : p99 <= 30 && achieved >= 95 && failed === 0,
      },
      {
        measure: 'unchanged list fetched again (If-None-Match)',
        comparison: `${Math.round(share304 * 100)} % answered 304; service CPU ${ms(cpu304)} vs full list ${ms(cpuPerList)}`,
        result: share304 === 1 ? `304, ${ms(cpu304)}` : `${Math.round(share304 * 100)} % 304`,
        target: '304, no body, ≤ 1 ms',
        pass: smoke ? null : share304 === 1 && cpu304 <= 1,
      },
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
