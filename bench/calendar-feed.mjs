// The calendar feed (issue 42): the service CPU of serving the feed of a traveller with
// 200 committed trips, each with a pay-by reminder (401 events), through the built
// notifications service in its own process (embedded store, real Redis). The trips
// arrive as trip.alert-state events on the service's real inbox, as the trips service
// sends them. Comparison on the same service: reading the caller's preferences (a
// one-document read through the same kit), so the feed's own cost is seen beside the
// kit's per-request floor. Closed loop, 2 connections, CPU from /proc.
// Run: npm run build && node bench/calendar-feed.mjs [--smoke]   (needs Redis at REDIS_URL)
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { componentArgs, freePort } from '../scripts/lib/environment.mjs';
import { benchIdentity, waitUntilUp } from './lib/identity.mjs';
import { loadWithCpu, summary } from './lib/processes.mjs';
import { isMain, median, ms, runAlone } from './lib/table.mjs';

const TRIPS = 200;
const TARGET_MS = 50;

export async function run({ smoke, log }) {
  const seconds = smoke ? 1 : 5;
  const rounds = smoke ? 1 : 3;
  const { publicKey, token, userId } = benchIdentity();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-calendar-'));
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const child = spawn(process.execPath, componentArgs('services/notifications'), {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      JWT_PUBLIC_KEY: publicKey,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const { hostname, port: redisPort } = new URL(redisUrl);
  const inbox = new Queue('tripcost-inbox-notifications', {
    connection: { host: hostname, port: Number(redisPort || 6379) },
    prefix,
  });
  try {
    await waitUntilUp(`${url}/readyz`);
    for (let i = 0; i < TRIPS; i++) {
      const month = String((i % 12) + 1).padStart(2, '0');
      const trip = {
        _id: randomBytes(12).toString('hex'),
        name: `Getaway ${i}`,
        currency: 'EUR',
        version: 1,
        access: { [userId]: 'full', [randomBytes(12).toString('hex')]: 'hidden' },
        names: {},
        cheapest: null,
        committed: {
          instance_id: randomBytes(12).toString('hex'),
          label: `Window ${i}`,
          start: `${2030 + Math.floor(i / 12)}-${month}-03`,
          end: `${2030 + Math.floor(i / 12)}-${month}-09`,
          total: 100_000 + i,
          to_pay: 25_000 + i,
        },
        over_budget_by: null,
        actor_id: userId,
      };
      const id = randomUUID();
      const event = { id, type: 'trip.alert-state', occurredAt: new Date().toISOString(), payload: { trip } };
      await inbox.add('trip.alert-state', event, { jobId: id, removeOnComplete: true });
    }
    const headers = { authorization: `Bearer ${token}` };
    const made = await (await fetch(`${url}/api/notifications/calendar`, { method: 'POST', headers })).json();
    const feedPath = new URL(made.url).pathname;
    let events = 0;
    for (let tries = 0; tries < 600 && events < TRIPS * 2; tries++) {
      const text = await (await fetch(`${url}${feedPath}`)).text();
      events = text.split('BEGIN:VEVENT').length - 1;
      if (events < TRIPS * 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (events < TRIPS * 2) throw new Error(`the feed shows ${events} events, not ${TRIPS * 2}`);
    const bytes = Buffer.byteLength(await (await fetch(`${url}${feedPath}`)).text());
    log(`feed: ${events} events, ${Math.round(bytes / 1024)} kB`);

    await loadWithCpu({ url: `${url}${feedPath}`, seconds: 1, connections: 2 }, [child.pid]);
    const feedCpu = [];
    const preferencesCpu = [];
    for (let round = 1; round <= rounds; round++) {
      for (const [target, into, auth] of [
        [`${url}${feedPath}`, feedCpu, {}],
        [`${url}/api/notifications/preferences`, preferencesCpu, headers],
      ]) {
        const result = await loadWithCpu({ url: target, headers: auth, seconds, connections: 2 }, [child.pid]);
        if (result.non2xx || result.errors) throw new Error(`calendar feed bench: ${summary(result)}`);
        into.push(result.cpuPerRequest[0]);
        log(`${into === feedCpu ? 'feed' : 'preferences'} round ${round}: ${summary(result)}`);
      }
    }
    return [
      {
        measure: `calendar feed of ${TRIPS} committed trips (${events} events): notifications-service CPU`,
        comparison: `reading the caller’s preferences ${ms(median(preferencesCpu))}`,
        result: ms(median(feedCpu)),
        target: `≤ ${TARGET_MS} ms`,
        pass: smoke ? null : median(feedCpu) <= TARGET_MS,
      },
    ];
  } finally {
    await inbox.obliterate({ force: true }).catch(() => undefined);
    await inbox.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runAlone(run);
