// Alerts end to end (issue 42): from a trip change to the alert in every member's
// in-app list, with the built trips and notifications services in their own processes
// (embedded stores, real Redis and BullMQ, the trips outbox relay in between).
// - 10 trips of 20 members each (an owner and 19 editors, all seeing costs), each with
//   a committed window; 5 changes a second, round-robin over the trips, each flipping
//   its trip's budget between under and over the plan: every second change of a trip
//   puts it over budget, which is one alert to each of its 20 members;
// - for each such change, the time from its answer to the moment the last of its 20
//   members' lists (GET /api/notifications) shows the alert; p50 / p99 over all of them.
// Lists are polled member by member (8 at a time) while changes are pending, so the
// latency includes up to one polling round (reported beside it).
// - later row (runList, `npm run bench -- --later`): the in-app list of a trip's owner
//   (19 members joined, each an alert) read through the gateway and through a bare proxy
//   in front of the same notifications service (issue 44's real path: ≥ 0.95×, median
//   of 7 alternating rounds).
// Run: npm run build && node bench/notifications.mjs [--smoke] [--later]   (needs Redis at REDIS_URL)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchGateway } from './lib/gateway.mjs';
import { gatewayVsBare } from './lib/gateway-vs-bare.mjs';
import { benchIdentity, waitUntilUp } from './lib/identity.mjs';
import { startNode } from './lib/processes.mjs';
import { isMain, ms, runAlone } from './lib/table.mjs';
import { bareProxy } from './lib/upstreams.mjs';
import { componentArgs, freePort } from '../scripts/lib/environment.mjs';

const TRIPS = 10;
const MEMBERS = 20;
const CHANGES_PER_SECOND = 5;
const POLLERS = 8;

async function startServices() {
  const identity = benchIdentity();
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-notifications-'));
  const [tripsPort, notificationsPort] = [await freePort(), await freePort()];
  const shared = {
    ...process.env,
    LOG_LEVEL: 'warn',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    JWT_PUBLIC_KEY: identity.publicKey,
    TRIPS_URL: `http://127.0.0.1:${tripsPort}`,
  };
  const start = (dir, port, sub) =>
    spawn(process.execPath, componentArgs(dir), {
      env: { ...shared, PORT: String(port), DATA_DIR: join(dataDir, sub) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const children = [
    start('services/trips', tripsPort, 'trips'),
    start('services/notifications', notificationsPort, 'n'),
  ];
  const urls = { trips: `http://127.0.0.1:${tripsPort}`, notifications: `http://127.0.0.1:${notificationsPort}` };
  await Promise.all(Object.values(urls).map((url) => waitUntilUp(`${url}/readyz`)));
  const call = async (base, method, path, token, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  return {
    identity,
    urls,
    trips: (method, path, token, body) => call(urls.trips, method, path, token, body),
    notifications: (method, path, token) => call(urls.notifications, method, path, token),
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A trip of MEMBERS people who all see costs, with a committed window of 1,000.00. */
async function sharedTrip(services, index) {
  const owner = services.identity.mint();
  const token = `Bearer ${owner.token}`;
  const trip = await services.trips('POST', '/api/trips/getaway-trip', token, {
    location_address: `Bench ${index}, Portugal`,
  });
  const window = await services.trips('POST', `/api/trips/getaway/${trip._id}/instances`, token, {
    trip_start: '2031-05-01',
    trip_end: '2031-05-04',
    stay_expense: 1000,
  });
  await services.trips('PATCH', `/api/trips/getaway/${trip._id}/instances/${window._id}/commit`, token);
  const members = [token];
  for (let m = 1; m < MEMBERS; m++) {
    const member = `Bearer ${services.identity.mint().token}`;
    const invite = await services.trips('POST', `/api/trips/getaway/${trip._id}/invites`, token, { role: 'editor' });
    await services.trips('POST', `/api/trips/invites/${invite.token}/accept`, member);
    members.push(member);
  }
  return { id: trip._id, owner: token, members, changes: 0, overs: 0 };
}

const overBudgetCount = async (services, member, tripId) => {
  const page = await services.notifications('GET', '/api/notifications?limit=100', member);
  return page.items.filter((n) => n.kind === 'over_budget' && n.trip_id === tripId).length;
};

/** A member's in-app list (a page of up to 100) through the gateway vs a bare proxy. */
async function listThroughGateway(services, member, { smoke, log }) {
  const path = '/api/notifications?limit=100';
  const alerts = (await services.notifications('GET', path, member)).items.length;
  const gateway = await startBenchGateway({
    TRIPS_URL: services.urls.trips,
    NOTIFICATIONS_URL: services.urls.notifications,
    JWT_PUBLIC_KEY: services.identity.publicKey,
  });
  const bare = await startNode({ source: bareProxy, env: { TARGET: services.urls.notifications } });
  try {
    return await gatewayVsBare({
      label: `a trip owner's notifications list (${alerts} alerts)`,
      bare,
      gateway: { url: gateway.url, pid: gateway.pid },
      path,
      headers: { authorization: member },
      smoke,
      log,
    });
  } finally {
    await Promise.all([gateway.stop(), bare.stop()]);
  }
}

export async function run({ smoke, log }) {
  const seconds = smoke ? 2 : 20;
  const tripCount = smoke ? 2 : TRIPS;
  const services = await startServices();
  try {
    const trips = [];
    for (let i = 0; i < tripCount; i++) trips.push(await sharedTrip(services, i));
    // Let the joins' alerts settle before measuring.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const pending = []; // { trip, expected, at, seen: Set }
    const latencies = [];
    const rounds = [];
    let running = true;
    const poller = (async () => {
      while (running || pending.length > 0) {
        const began = performance.now();
        const work = pending.flatMap((change) =>
          change.trip.members.filter((m) => !change.seen.has(m)).map((member) => ({ change, member })),
        );
        let next = 0;
        await Promise.all(
          Array.from({ length: POLLERS }, async () => {
            while (next < work.length) {
              const { change, member } = work[next++];
              if ((await overBudgetCount(services, member, change.trip.id)) >= change.expected) {
                change.seen.add(member);
                if (change.seen.size === MEMBERS) {
                  latencies.push(performance.now() - change.at);
                  pending.splice(pending.indexOf(change), 1);
                }
              }
            }
          }),
        );
        if (work.length > 0) rounds.push(performance.now() - began);
        else await new Promise((resolve) => setTimeout(resolve, 10));
        if (!running && pending.length > 0 && pending[0].at < performance.now() - 30_000) break; // lost: reported
      }
    })();

    const total = seconds * CHANGES_PER_SECOND;
    const startedAt = performance.now();
    for (let k = 0; k < total; k++) {
      const due = startedAt + (k * 1000) / CHANGES_PER_SECOND;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const trip = trips[k % tripCount];
      trip.changes += 1;
      const over = trip.changes % 2 === 1;
      await services.trips('PUT', `/api/trips/getaway/${trip.id}`, trip.owner, { budget: over ? 500 : 5000 });
      if (over) {
        trip.overs += 1;
        pending.push({ trip, expected: trip.overs, at: performance.now(), seen: new Set() });
      }
    }
    running = false;
    await poller;
    const lost = pending.length;
    const sorted = [...latencies].sort((a, b) => a - b);
    const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
    const round = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)] ?? 0;
    log(`notifications: ${latencies.length} alerting changes, p50 ${ms(pct(50))}, p99 ${ms(pct(99))}, lost ${lost}`);
    return [
      {
        measure: `trip change → alert in all ${MEMBERS} members' in-app lists, p99 (${CHANGES_PER_SECOND} changes/s over ${tripCount} trips)`,
        comparison: `${latencies.length} alerting changes in ${seconds} s, p50 ${ms(pct(50))}; lists polled 8 at a time (median polling round ${ms(round)}); ${lost} never arrived`,
        result: ms(pct(99)),
        target: '≤ 1 s',
        pass: smoke ? null : lost === 0 && pct(99) <= 1000,
      },
    ];
  } finally {
    await services.stop();
  }
}

/** The later row: one trip's owner's list (its members' joins) through the gateway vs a bare proxy. */
export async function runList({ smoke, log }) {
  const services = await startServices();
  try {
    const trip = await sharedTrip(services, 0);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the joins' alerts settle
    return [await listThroughGateway(services, trip.owner, { smoke, log })];
  } finally {
    await services.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(process.argv.includes('--later') ? runList : run);
