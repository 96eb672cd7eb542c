// Login at a realistic load: the built auth service (embedded store, real Redis) and
// the gateway in front of it, each in its own process; one registered user logs in
// at a fixed 5 requests/s, evenly spaced (open loop, lib/open-loop.mjs), direct and
// through the gateway.
// Login cost is dominated on purpose by the password hash.
// Run: npm run build && node bench/auth-login.mjs [--smoke]   (needs Redis at REDIS_URL)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib/environment.mjs';
import { startBenchGateway } from './lib/gateway.mjs';
import { benchKeys } from './lib/identity.mjs';
import { failuresOf, openLoop, openLoopSummary } from './lib/open-loop.mjs';
import { startNode } from './lib/processes.mjs';
import { isMain, ms, runAlone } from './lib/table.mjs';

const RATE = 5;

export async function run({ smoke, log }) {
  const seconds = smoke ? 3 : 10; // 50 logins at 5/s; the full run stays within 15 minutes
  const { privateKey, publicKey } = benchKeys();
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-auth-'));
  const auth = await startNode({
    file: join(ROOT, 'services/auth/dist/main.js'),
    health: '/readyz',
    env: {
      DATA_DIR: dataDir,
      JWT_PRIVATE_KEY: privateKey,
      JWT_PUBLIC_KEY: publicKey,
      QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
      // Every login starts a session family in Redis; let the bench's expire in a day.
      REFRESH_SESSION_DAYS: '1',
    },
  });
  const gateway = await startBenchGateway({ AUTH_URL: auth.url, JWT_PUBLIC_KEY: publicKey });
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'bench password 123';
    const registered = await fetch(`${auth.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fname: 'Bench',
        lname: 'User',
        email,
        password,
        birthday: '1990-01-01',
        city: 'Boston',
        state: 'MA',
        zip: '02118',
      }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const login = (base) =>
      openLoop({
        url: `${base}/api/user/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
        seconds,
        rate: RATE,
      });
    await login(auth.url); // warm up
    const direct = await login(auth.url);
    const viaGateway = await login(gateway.url);
    log(`login @${RATE}/s: direct ${openLoopSummary(direct)} | gateway ${openLoopSummary(viaGateway)}`);
    const p = (r) => r.percentile(95);
    return [
      {
        measure: `login at a fixed ${RATE}/s through the gateway: p95`,
        comparison: `direct p95 ${ms(p(direct))}, p50 ${ms(direct.percentile(50))} vs gateway p50 ${ms(viaGateway.percentile(50))}`,
        result: ms(p(viaGateway)),
        target: '≤ 150 ms',
        pass: smoke ? null : p(viaGateway) <= 150 && failuresOf(viaGateway) === 0,
      },
    ];
  } finally {
    await gateway.stop();
    await auth.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runAlone(run);
