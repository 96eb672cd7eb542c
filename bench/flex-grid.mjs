// The flex grid's cost (issue 26): GET …/instances/:id/flex for the full 62 start dates ×
// 14 lengths on a window with 100 cost items — 80 per-night items with 20 seasons and a
// weekend rate each (the heavier path: every night of the grid's span has a rate), and
// 20 per-person fares with 30 quotes each — through the built trips service in its own
// process (embedded store, real Redis). Reports the service CPU per grid (closed loop,
// 2 connections, from /proc), which includes reading the trip, the JSON of 868 cells
// and HTTP; the domain function alone (flexGrid, in this process) is the comparison.
// Run: npm run build && node bench/flex-grid.mjs [--smoke]   (needs Redis at REDIS_URL)
import { startTripsService } from './trips-support.mjs';
import { loadWithCpu, summary } from './lib/processes.mjs';
import { isMain, median, ms, runAlone } from './lib/table.mjs';

const STARTS = 62;
const LENGTHS = 14;
const RANGE = { from: '2030-03-01', to: '2030-05-01', minNights: 1, maxNights: 14 };
const TARGET_MS = 25;

const day = (offset) => new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

/** Item i of the window: a per-night item with 20 seasons, or a fare with 30 quotes. */
function itemOf(i) {
  if (i % 5 !== 4) {
    return {
      category: 'stay',
      name: `Stay ${i}`,
      amount: 100 + i,
      basis: i % 2 ? 'per_night' : 'per_day',
      weekend_amount: 150 + i,
      // 20 seasons of 5 days every 9 days, from mid-January to mid-July.
      seasons: Array.from({ length: 20 }, (_, s) => ({
        from: day(15 + s * 9),
        to: day(19 + s * 9),
        amount: 120 + s + i / 100,
      })),
    };
  }
  return {
    category: 'travel',
    name: `Fare ${i}`,
    amount: 400 + i,
    basis: 'per_person',
    quotes: Array.from({ length: 30 }, (_, q) => ({
      start: day(59 + q * 2),
      end: day(59 + q * 2 + 1 + (q % 14)),
      amount: 300 + q + i / 100,
      captured_on: '2026-01-01',
    })),
  };
}

/** The same window computed in this process by the domain function, `rounds` times: ms per grid. */
async function domainOnly(window, travellers, rounds) {
  const { flexGrid } = await import('../services/trips/dist/costs/domain/item-pricing.js');
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 20; i++) flexGrid(window, travellers, RANGE, today); // warm up
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const began = process.cpuUsage();
    flexGrid(window, travellers, RANGE, today);
    const spent = process.cpuUsage(began);
    times.push((spent.user + spent.system) / 1000);
  }
  return median(times);
}

export async function run({ smoke, log }) {
  const seconds = smoke ? 1 : 5;
  const rounds = smoke ? 1 : 3;
  const service = await startTripsService();
  try {
    const trip = await service.call('POST', '/api/trips/getaway-trip', {
      location_address: 'Lisbon, Portugal',
      travelers: 2,
    });
    const base = `/api/trips/getaway/${trip._id}`;
    const window = await service.call('POST', `${base}/instances`, {
      trip_start: '2030-03-04',
      trip_end: '2030-03-09',
    });
    for (let i = 0; i < 100; i++) await service.call('POST', `${base}/instances/${window._id}/items`, itemOf(i));
    const path = `${base}/instances/${window._id}/flex?${new URLSearchParams(
      Object.entries(RANGE).map(([key, value]) => [key, String(value)]),
    )}`;
    const first = await fetch(`${service.url}${path}`, { headers: { authorization: service.token } });
    const body = await first.text();
    const grid = JSON.parse(body);
    if (first.status !== 200 || grid.cells.length !== STARTS * LENGTHS) {
      throw new Error(`the grid answered ${first.status} with ${grid.cells?.length} cells`);
    }
    log(
      `grid: ${grid.cells.length} cells, ${Math.round(body.length / 1024)} kB, cheapest ${grid.cheapest.overall.total_cost}`,
    );

    const stored = (await service.call('GET', `${base}/instances/${window._id}`)).instance;
    const inProcess = await domainOnly(stored, 2, smoke ? 5 : 200);

    const target = { url: `${service.url}${path}`, headers: { authorization: service.token } };
    await loadWithCpu({ ...target, seconds: 1, connections: 2 }, [service.pid]); // warm up
    const cpu = [];
    for (let round = 1; round <= rounds; round++) {
      const result = await loadWithCpu({ ...target, seconds, connections: 2 }, [service.pid]);
      if (result.non2xx || result.errors) throw new Error(`flex grid: ${summary(result)}`);
      cpu.push(result.cpuPerRequest[0]);
      log(`flex round ${round}: ${summary(result)} cpu ${ms(result.cpuPerRequest[0])}`);
    }
    const perGrid = median(cpu);
    return [
      {
        measure: `flex grid ${STARTS} × ${LENGTHS}, 100 items (20 seasons / 30 quotes): trips-service CPU per grid`,
        comparison: `HTTP GET, ${Math.round(body.length / 1024)} kB answer; the domain function alone ${ms(inProcess)}`,
        result: ms(perGrid),
        target: `≤ ${TARGET_MS} ms`,
        pass: smoke ? null : perGrid <= TARGET_MS,
      },
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
