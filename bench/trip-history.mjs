// A trip's history (issue 41): what it costs to keep and to read. A trip gets 1,000
// edits through the built trips service in its own process (embedded store, real
// Redis): window prices, item prices, trip fields. Reports the size of a typical entry
// and of the whole history on disk, and the service CPU of reading the newest 100
// entries (closed loop, 2 connections, from /proc) — all of them, and filtered to one
// window on the server (`?instance=`, issue 41's Activity filter) — against the trip
// read itself on the same service as the comparison.
// Run: npm run build && node bench/trip-history.mjs [--smoke]   (needs Redis at REDIS_URL)
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startTripsService } from './trips-support.mjs';
import { loadWithCpu, summary } from './lib/processes.mjs';
import { isMain, median, ms, runAlone } from './lib/table.mjs';

const EDITS = 1000;
const TARGET_READ_MS = 20;
const TARGET_ENTRY_BYTES = 1024;

/** Edit i: a window's stay, an item's price, or the trip's travellers. */
function editOf(i, base, windowIds, itemIds) {
  const window = windowIds[i % windowIds.length];
  if (i % 3 === 0) return ['PUT', base, { instances: [{ _id: window, stay_expense: 100 + (i % 500) }] }];
  if (i % 3 === 1) {
    const item = itemIds[i % itemIds.length];
    return ['PUT', `${base}/instances/${item.window}/items/${item.id}`, { amount: 50 + (i % 700) / 10 }];
  }
  return ['PUT', base, { travelers: 1 + (i % 6) }];
}

export async function run({ smoke, log }) {
  const edits = smoke ? 30 : EDITS;
  const seconds = smoke ? 1 : 3; // the full run stays within 15 minutes
  const rounds = smoke ? 1 : 3;
  const service = await startTripsService();
  try {
    const trip = await service.call('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' });
    const base = `/api/trips/getaway/${trip._id}`;
    const windowIds = [];
    const itemIds = [];
    for (let w = 0; w < 5; w++) {
      const window = await service.call('POST', `${base}/instances`, {
        trip_start: `2030-0${w + 3}-01`,
        trip_end: `2030-0${w + 3}-05`,
        stay_expense: 400,
        travel_expense: 0,
        car_expense: 0,
        other_expense: 0,
      });
      windowIds.push(window._id);
      const added = await service.call('POST', `${base}/instances/${window._id}/items`, {
        category: 'travel',
        name: `Train ${w}`,
        amount: 80,
        basis: 'per_person',
      });
      itemIds.push({ window: window._id, id: added.item._id });
    }
    // Only the windows without items are edited by their stay (itemised ones follow their items).
    const plain = [];
    for (let w = 0; w < 5; w++) {
      const window = await service.call('POST', `${base}/instances`, {
        trip_start: `2031-0${w + 3}-01`,
        trip_end: `2031-0${w + 3}-05`,
        stay_expense: 300,
        travel_expense: 0,
        car_expense: 0,
        other_expense: 0,
      });
      plain.push(window._id);
    }
    for (let i = 0; i < edits; i++) {
      const [method, path, body] = editOf(i, base, plain, itemIds);
      await service.call(method, path, body);
    }
    const page = await service.call('GET', `${base}/history?limit=100`);
    const entryBytes = page.entries.map((entry) => Buffer.byteLength(JSON.stringify(entry)));
    const typical = median(entryBytes);
    const file = join(service.dataDir, 'trips', 'history.db');
    const onDisk = statSync(file).size;
    log(
      `history: ${page.entries.length} entries read, typical entry ${typical} B, history.db ${Math.round(onDisk / 1024)} kB`,
    );

    const read = (path) => ({ url: `${service.url}${path}`, headers: { authorization: service.token } });
    await loadWithCpu({ ...read(`${base}/history?limit=100`), seconds: 1, connections: 2 }, [service.pid]);
    const historyCpu = [];
    const filteredCpu = [];
    const tripCpu = [];
    const oneWindow = `${base}/history?limit=100&instance=${plain[0]}`;
    for (let round = 1; round <= rounds; round++) {
      for (const [path, into, name] of [
        [`${base}/history?limit=100`, historyCpu, 'history'],
        [oneWindow, filteredCpu, 'history of one window'],
        [base, tripCpu, 'trip'],
      ]) {
        const result = await loadWithCpu({ ...read(path), seconds, connections: 2 }, [service.pid]);
        if (result.non2xx || result.errors) throw new Error(`history bench: ${summary(result)}`);
        into.push(result.cpuPerRequest[0]);
        log(`${name} round ${round}: ${summary(result)}`);
      }
    }
    return [
      {
        measure: `trip history after ${edits} edits: a typical entry`,
        comparison: `history.db ${Math.round(onDisk / 1024)} kB for ${edits + 21} entries`,
        result: `${typical} B`,
        target: `≤ ${TARGET_ENTRY_BYTES} B`,
        pass: typical <= TARGET_ENTRY_BYTES,
      },
      {
        measure: `history size of a trip after ${edits} edits (embedded store, on disk)`,
        comparison: `${edits + 21} entries, ${Math.round(onDisk / (edits + 21))} B each on average`,
        result: `${Math.round(onDisk / 1024)} kB`,
        target: '—',
        pass: null,
      },
      {
        measure: 'reading a trip’s newest 100 history entries: trips-service CPU',
        comparison: `reading the trip itself ${ms(median(tripCpu))}`,
        result: ms(median(historyCpu)),
        target: `≤ ${TARGET_READ_MS} ms`,
        pass: smoke ? null : median(historyCpu) <= TARGET_READ_MS,
      },
      {
        measure: 'the same, filtered to one window on the server (?instance=)',
        comparison: `unfiltered ${ms(median(historyCpu))}`,
        result: ms(median(filteredCpu)),
        target: `≤ ${TARGET_READ_MS} ms`,
        pass: smoke ? null : median(filteredCpu) <= TARGET_READ_MS,
      },
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
