// Who pays what (issue 40): what each person's share and a window's balances cost the
// built trips service (its own process, embedded store, real Redis), and what shares add
// to a trip's answer.
// - Shares: one window of 20 people and 100 items (the item cap) split every way (equal,
//   among, shares, exact, nights with presence): what they add to building and serialising
//   the trip's answer (the service's tripForRole, in this process, with and without the
//   shares), beside the rule alone and the service's CPU per HTTP window answer (whose
//   items also carry their splits) and per answer of the same items without people.
// - Balances: GET …/balances of that window with 500 payments recorded: service CPU per
//   answer, whole (read, apportion, balances, transfers, JSON, HTTP).
// - Size: a trip of 6 people and 5 windows of 8 items, its answer ÷ the same answer with
//   each window's shares and my_share taken out (the people list is in both).
// Run: npm run build && node bench/shares.mjs [--smoke]   (needs Redis at REDIS_URL)
import { startTripsService } from './trips-support.mjs';
import { loadWithCpu, summary } from './lib/processes.mjs';
import { isMain, median, ms, runAlone } from './lib/table.mjs';

const CPU_TARGET_MS = 5;
const SIZE_TARGET = 1.1;

/** Item i of 100: every split kind in turn, bases that multiply by nights and people among them. */
function itemOf(i, ids) {
  const kinds = [
    null,
    { kind: 'equal', among: ids.filter((_, p) => p % 3 !== i % 3) },
    { kind: 'shares', shares: Object.fromEntries(ids.map((id, p) => [id, 1 + ((p + i) % 4) / 2])) },
    { kind: 'exact', amounts: Object.fromEntries(ids.map((id, p) => [id, p === 0 ? 100 + i - (ids.length - 1) : 1])) },
    { kind: 'nights' },
  ];
  const split = kinds[i % kinds.length];
  const exact = split?.kind === 'exact';
  return {
    category: ['stay', 'travel', 'car', 'other'][i % 4],
    name: `Item ${i}`,
    amount: exact ? 100 + i : 37.31 + i,
    basis: exact ? 'total' : ['total', 'per_night', 'per_person', 'per_day'][i % 4],
    paid_by: ids[i % ids.length],
    ...(split ? { split } : {}),
  };
}

/** Service CPU per GET of `path` (median of `rounds` closed-loop runs). */
async function cpuPerAnswer(service, path, seconds, rounds, log, label) {
  const target = { url: `${service.url}${path}`, headers: { authorization: service.token } };
  await loadWithCpu({ ...target, seconds: 1, connections: 2 }, [service.pid]); // warm up
  const cpu = [];
  for (let round = 1; round <= rounds; round++) {
    const result = await loadWithCpu({ ...target, seconds, connections: 2 }, [service.pid]);
    if (result.non2xx || result.errors) throw new Error(`${label}: ${summary(result)}`);
    cpu.push(result.cpuPerRequest[0]);
    log(`${label} round ${round}: ${summary(result)} cpu ${ms(result.cpuPerRequest[0])}`);
  }
  return median(cpu);
}

/** A trip with one dated window and `count` people (none when 0); their ids. */
async function tripWith(service, count, windows = 1) {
  const trip = await service.call('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' });
  const base = `/api/trips/getaway/${trip._id}`;
  const made = [];
  for (let w = 0; w < windows; w++) {
    made.push(await service.call('POST', `${base}/instances`, { trip_start: '2030-03-04', trip_end: '2030-03-09' }));
  }
  const people = Array.from({ length: count }, (_, p) => ({ name: `Person ${p + 1}` }));
  const named = count ? await service.call('PUT', base, { people }) : trip;
  return { base, windows: made.map((window) => window._id), ids: (named.people ?? []).map((person) => person._id) };
}

/** Median CPU ms of `work` over `rounds` runs (after a warm-up). */
function cpuOf(work, rounds) {
  for (let i = 0; i < 20; i++) work();
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const began = process.cpuUsage();
    work();
    const spent = process.cpuUsage(began);
    times.push((spent.user + spent.system) / 1000);
  }
  return median(times);
}

/**
 * In this process, on the stored trip: the domain rule alone (each person's share of the
 * window), and the one-trip answer the service builds (tripForRole) with shares and without.
 */
async function inProcess(trip, rounds) {
  const { windowShareUnits, shareTally } = await import('../services/trips/dist/shares/index.js');
  const { tripForRole } = await import('../services/trips/dist/sharing/index.js');
  const { windowVotes } = await import('../services/trips/dist/votes/index.js');
  const options = { today: '2030-01-01', searchLinks: true, tally: windowVotes };
  const view = (shares) => JSON.stringify(tripForRole(trip, 'owner', trip.user_id, { ...options, shares }));
  return {
    rule: cpuOf(() => windowShareUnits(trip, trip.instances[0]), rounds),
    withShares: cpuOf(() => view(shareTally), rounds),
    without: cpuOf(() => view(undefined), rounds),
  };
}

export async function run({ smoke, log }) {
  const [seconds, rounds] = smoke ? [1, 1] : [3, 3]; // CPU per answer; the full run stays within 15 minutes
  const [items, payments] = smoke ? [10, 20] : [100, 500];
  const service = await startTripsService();
  try {
    // Shares: 20 people, `items` items, Person 20 there 3 of the 5 nights.
    const shared = await tripWith(service, 20);
    const windowPath = `${shared.base}/instances/${shared.windows[0]}`;
    await service.call('PUT', shared.base, {
      instances: [{ _id: shared.windows[0], presence: { [shared.ids[19]]: { from: '2030-03-06', to: '2030-03-09' } } }],
    });
    for (let i = 0; i < items; i++) await service.call('POST', `${windowPath}/items`, itemOf(i, shared.ids));
    const plain = await tripWith(service, 0);
    const plainPath = `${plain.base}/instances/${plain.windows[0]}`;
    for (let i = 0; i < items; i++) {
      const { paid_by: _payer, split: _split, ...item } = itemOf(i, shared.ids);
      await service.call('POST', `${plainPath}/items`, item);
    }
    const answer = await service.call('GET', windowPath);
    const total = answer.instance.shares.reduce((sum, share) => sum + Math.round(share.amount * 100), 0);
    if (total !== Math.round(answer.instance.total_cost * 100)) throw new Error('the shares do not add up');
    log(`shares: ${answer.instance.shares.length} people, ${answer.instance.items.length} items, Σ = total`);
    const windowCpu = await cpuPerAnswer(service, windowPath, seconds, rounds, log, 'window with shares');
    const plainCpu = await cpuPerAnswer(service, plainPath, seconds, rounds, log, 'window without people');
    const local = await inProcess(await service.call('GET', shared.base), smoke ? 5 : 200);
    const sharesCost = Math.max(0, local.withShares - local.without);

    // Balances: the same window committed, `payments` payments between its people.
    await service.call('PATCH', `${windowPath}/commit`, {});
    for (let p = 0; p < payments; p++) {
      await service.call('POST', `${shared.base}/payments`, {
        from: shared.ids[p % 20],
        to: shared.ids[(p + 1 + (p % 19)) % 20],
        amount: 1 + (p % 50) / 7,
        paid_on: '2030-03-10',
      });
    }
    const balancesPath = `${shared.base}/balances`;
    const balances = await service.call('GET', balancesPath);
    log(`balances: ${balances.transfers.length} transfers for ${balances.people.length} people`);
    const balancesCpu = await cpuPerAnswer(service, balancesPath, seconds, rounds, log, 'balances');

    // Size: 6 people, 5 windows of 8 items; the trip's answer ÷ the same answer without shares.
    const six = await tripWith(service, 6, 5);
    for (const windowId of six.windows) {
      for (let i = 0; i < 8; i++)
        await service.call('POST', `${six.base}/instances/${windowId}/items`, itemOf(i, six.ids));
    }
    const trip = await service.call('GET', six.base);
    const one = JSON.stringify(trip);
    const bare = JSON.stringify({
      ...trip,
      instances: trip.instances.map(({ shares: _shares, my_share: _mine, ...window }) => window),
    });
    const sizeRatio = one.length / bare.length;
    return [
      {
        measure: `shares of a window, 20 people × ${items} items (every split kind): CPU they add to the trip's answer`,
        comparison:
          `one-trip answer built and serialised ${ms(local.withShares)} with shares − ${ms(local.without)} without; ` +
          `the rule alone ${ms(local.rule)}; HTTP window answer ${ms(windowCpu)} (same items without people or splits ${ms(plainCpu)})`,
        result: ms(sharesCost),
        target: `≤ ${CPU_TARGET_MS} ms`,
        pass: smoke ? null : sharesCost <= CPU_TARGET_MS,
      },
      {
        measure: `balances of a window, 20 people, ${items} items, ${payments} payments: trips-service CPU per answer`,
        comparison: `HTTP GET …/balances, whole answer (${balances.transfers.length} transfers)`,
        result: ms(balancesCpu),
        target: `≤ ${CPU_TARGET_MS} ms`,
        pass: smoke ? null : balancesCpu <= CPU_TARGET_MS,
      },
      {
        measure: 'trip answer with shares ÷ without, 6 people, 5 windows of 8 items',
        comparison: `${(one.length / 1024).toFixed(1)} kB with shares and my_share, ${(bare.length / 1024).toFixed(1)} kB without`,
        result: `${sizeRatio.toFixed(3)}×`,
        target: `≤ ${SIZE_TARGET}×`,
        pass: smoke ? null : sizeRatio <= SIZE_TARGET,
      },
    ];
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(run);
