// The real path (issue 44): travellers' heaviest reads from the built trips service,
// through the gateway and through a bare node:http proxy in front of the same service,
// in the same run, rounds alternating. The synthetic hop (large-answers.mjs) stays as
// context; this is what travellers wait for.
// - the trip list of a traveller with 200 trips × 5 windows, itemised, with dated
//   prices: closed loop (10 connections), identity and Brotli (the bare proxy then
//   compresses with the gateway's settings), and the p50 / p99 each adds at a fixed
//   100 req/s (open loop), held only if the bare proxy holds it;
// - one trip with 50 windows and 200 items and its flex grid (62 × 14): closed loop,
//   identity;
// - later rows (runLater, `npm run bench -- --later`): a page of 100 history entries and
//   the balances of 6 people, closed loop, identity.
// Every ratio is the median of 7 alternating rounds of 3 s (1 in --smoke).
// Run: npm run build && node bench/real-path.mjs [--smoke] [--later]   (needs Redis at REDIS_URL)
import { failuresOf, openLoop, openLoopSummary } from './lib/open-loop.mjs';
import { gatewayVsBare } from './lib/gateway-vs-bare.mjs';
import { startNode } from './lib/processes.mjs';
import { isMain, median, ms, runAlone } from './lib/table.mjs';
import { bareProxy } from './lib/upstreams.mjs';
import { inParallel, startTripsService } from './trips-support.mjs';

const CONNECTIONS = 10;
const FIXED_RATE = 100;
const TARGETS = ['bare proxy', 'gateway'];
const signed = (value) => `${value >= 0 ? '+' : '−'}${ms(Math.abs(value))}`;
const day = (offset) => new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

/** A window's items: a per-night stay with seasons and a weekend rate, a fare with dated quotes. */
const itemsOf = (n) => [
  {
    category: 'stay',
    name: `Hotel ${n}`,
    amount: 120 + n,
    basis: 'per_night',
    weekend_amount: 150 + n,
    seasons: [{ from: day(40), to: day(70), amount: 140 + n }],
  },
  {
    category: 'travel',
    name: `Flight ${n}`,
    amount: 300 + n,
    basis: 'per_person',
    quotes: [{ start: day(60 + n), end: day(65 + n), amount: 280 + n, captured_on: '2026-11-01' }],
  },
];

/** 200 trips (20 in smoke) × 5 windows, each window with two priced items, one committed. */
export async function seedList(service, count) {
  const trips = await inParallel(Array.from({ length: count }), 10, (_, i) =>
    service.call('POST', '/api/trips/getaway-trip', { location_address: `City ${i}, State, Country`, travelers: 2 }),
  );
  await inParallel(trips, 10, async (trip, i) => {
    const base = `/api/trips/getaway/${trip._id}`;
    let last;
    for (let n = 0; n < 5; n++) {
      last = await service.call('POST', `${base}/instances`, {
        name: `Option ${n + 1}`,
        trip_start: day(60 + ((i + n) % 28)),
        trip_end: day(64 + ((i + n) % 28)),
      });
      for (const item of itemsOf(n)) await service.call('POST', `${base}/instances/${last._id}/items`, item);
    }
    await service.call('PATCH', `${base}/instances/${last._id}/commit`, {});
  });
}

/** One trip with 50 windows × 4 items (200), 6 people, the last window committed. */
async function seedBigTrip(service, windows) {
  const trip = await service.call('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' });
  const base = `/api/trips/getaway/${trip._id}`;
  const people = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'].map((name) => ({ name }));
  await service.call('PUT', base, { people });
  const created = await inParallel(Array.from({ length: windows }), 4, async (_, n) => {
    const window = await service.call('POST', `${base}/instances`, {
      trip_start: day(60 + n),
      trip_end: day(65 + n),
    });
    for (const item of [...itemsOf(n), ...itemsOf(n + 1)]) {
      await service.call('POST', `${base}/instances/${window._id}/items`, item);
    }
    return window;
  });
  await service.call('PATCH', `${base}/instances/${created.at(-1)._id}/commit`, {});
  return { base, window: created[0]._id };
}

/**
 * The rows of `npm run bench` (the list, one big trip, its flex grid); `later: true`, the
 * reads added as features landed (history, balances), reached with `--later` or `--only`.
 */
async function realPath({ smoke, log, later = false }) {
  const rounds = smoke ? 1 : 5;
  const service = await startTripsService();
  const bare = await startNode({ source: bareProxy, env: { TARGET: service.url } });
  const bareBr = await startNode({ source: bareProxy, env: { TARGET: service.url, COMPRESS: 'br' } });
  const auth = { authorization: service.token };
  try {
    const began = Date.now();
    if (!later) await seedList(service, smoke ? 20 : 200);
    const big = await seedBigTrip(service, smoke ? 10 : 50);
    log(`seeded in ${((Date.now() - began) / 1000).toFixed(0)} s`);

    /** Closed loop through each target, rounds alternating: the gateway ÷ bare proxy ratio. */
    const gatewayTarget = { url: service.gatewayUrl, pid: service.gatewayPid };
    const closedLoop = (label, path, { headers = {}, bareTarget = bare } = {}) =>
      gatewayVsBare({
        label,
        bare: bareTarget,
        gateway: gatewayTarget,
        path,
        headers: { ...auth, ...headers },
        smoke,
        log,
        connections: CONNECTIONS,
      });

    /** Open loop at a fixed rate: the p50 / p99 the gateway adds over the bare proxy. */
    const fixedRate = async (label, path) => {
      const urls = { 'bare proxy': `${bare.url}${path}`, gateway: `${service.gatewayUrl}${path}` };
      const runs = { 'bare proxy': [], gateway: [] };
      for (let round = 1; round <= rounds; round++) {
        for (const name of TARGETS) {
          runs[name].push(
            await openLoop({
              url: urls[name],
              headers: auth,
              seconds: smoke ? 1 : 3, // 3 s: the full run stays within 15 minutes
              rate: FIXED_RATE,
            }),
          );
        }
        log(
          `${label} ${FIXED_RATE}/s round ${round}: ${TARGETS.map((n) => `${n} ${openLoopSummary(runs[n].at(-1))}`).join(' | ')}`,
        );
      }
      const at = (name, p) => median(runs[name].map((r) => r.percentile(p)));
      const held = (name) =>
        median(runs[name].map((r) => r.achievedRate)) >= FIXED_RATE * 0.95 &&
        runs[name].every((r) => failuresOf(r) === 0);
      const p50 = at('gateway', 50) - at('bare proxy', 50);
      const p99 = at('gateway', 99) - at('bare proxy', 99);
      const bareHeld = held('bare proxy');
      return {
        measure: `${label} at a fixed ${FIXED_RATE} req/s, open loop: gateway − bare proxy p50 / p99`,
        comparison: `bare proxy p50 ${ms(at('bare proxy', 50))} p99 ${ms(at('bare proxy', 99))}; gateway p50 ${ms(at('gateway', 50))} p99 ${ms(at('gateway', 99))}`,
        result: bareHeld
          ? `${signed(p50)} / ${signed(p99)}${held('gateway') ? '' : ' (gateway did not hold the rate)'}`
          : 'bare proxy saturates: not a gateway measure',
        target: '≤ +1 ms / ≤ +5 ms',
        pass: smoke || !bareHeld ? null : held('gateway') && p50 <= 1 && p99 <= 5,
      };
    };

    if (later) {
      return [
        await closedLoop('history page of 100 entries', `${big.base}/history?limit=100`),
        await closedLoop('balances of the committed window, 6 people', `${big.base}/balances`),
      ];
    }
    const list = '/api/trips/getaway-trip';
    const count = smoke ? 20 : 200;
    return [
      await closedLoop(`trip list ${count} × 5, itemised, identity`, list),
      await closedLoop(`trip list ${count} × 5, itemised, Brotli`, list, {
        headers: { 'accept-encoding': 'br' },
        bareTarget: bareBr,
      }),
      await fixedRate(`trip list ${count} × 5, itemised, identity`, list),
      await closedLoop(`one trip, ${smoke ? 10 : 50} windows × 4 items`, big.base),
      await closedLoop(
        'flex grid 62 × 14 of a window',
        `${big.base}/instances/${big.window}/flex?from=2030-03-01&to=2030-05-01&minNights=1&maxNights=14`,
      ),
    ];
  } finally {
    await Promise.all([bare.stop(), bareBr.stop(), service.stop()]);
  }
}

export const run = (options) => realPath(options);
export const runLater = (options) => realPath({ ...options, later: true });

if (isMain(import.meta.url)) await runAlone(process.argv.includes('--later') ? runLater : run);
