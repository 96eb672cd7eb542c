// Login benchmark: POST /api/user/login through the gateway at a FIXED arrival rate
// (an open-loop generator: a request leaves every 1/rate s whether or not earlier
// ones have answered, so queueing shows up as latency, the way users feel it).
// Two kinds of account, side by side in one run, against the same auth process:
//   argon2id  a registered account: Argon2id m=19 MiB, t=2, p=1 (the steady state)
//   scrypt    accounts seeded with a former scrypt hash (N=2^15, r=8, p=1), one
//             login each: verify with scrypt, then re-hash with Argon2id (the
//             one-off cost of the migration)
// Auth runs with its production hashing settings (2 hashing slots) on the embedded
// store and a real Redis; the gateway verifies tokens by the auth service's JWKS.
//   npx tsc -b services/auth gateway && node bench/auth-login.mjs
//   BENCH_RATE=5 BENCH_SECONDS=20 by default.
import { spawn } from 'node:child_process';
import { randomBytes, scrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../scripts/lib/environment.mjs';
import { startBenchGateway } from './lib/gateway.mjs';
import { benchKeys, waitUntilUp } from './lib/identity.mjs';

const rate = Number(process.env.BENCH_RATE ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const logins = Math.round(rate * seconds);
const password = 'bench password 123';
const require = createRequire(import.meta.url);

const profile = { fname: 'Bench', lname: 'User', birthday: '1990-01-01', city: 'Boston', state: 'MA', zip: '02118' };

/** A hash in the format the service stored before Argon2id: scrypt$N$r$p$salt$key. */
function legacyScryptHash(text) {
  const salt = randomBytes(16);
  const cost = 2 ** 15;
  return new Promise((resolve, reject) =>
    scrypt(
      text.normalize('NFKC'),
      salt,
      32,
      { cost, blockSize: 8, parallelization: 1, maxmem: 64 * 1024 * 1024 },
      (error, key) =>
        error
          ? reject(error)
          : resolve(['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')),
    ),
  );
}

/** Writes accounts straight into auth's embedded store (before auth starts). */
async function seedScryptAccounts(dataDir, count) {
  const { openEmbeddedUserStore } = require(join(ROOT, 'services/auth/dist/store/embedded.js'));
  const users = await openEmbeddedUserStore(dataDir);
  const passwordHash = await legacyScryptHash(password);
  const emails = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-scrypt-${i}-${randomBytes(3).toString('hex')}@example.test`;
    await users.create({ ...profile, email, passwordHash, role: 0 });
    emails.push(email);
  }
  await users.close();
  return emails;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Fires `emails.length` logins at `rate` per second on a fixed schedule; latency of each. */
async function openLoop(url, emails) {
  const started = performance.now();
  const results = await Promise.all(
    emails.map(
      (email, i) =>
        new Promise((resolve) => {
          const due = started + (i * 1000) / rate;
          setTimeout(
            async () => {
              const sent = performance.now();
              try {
                const res = await fetch(`${url}/api/user/login`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ email, password }),
                });
                await res.arrayBuffer();
                resolve({ status: res.status, ms: performance.now() - sent, lateMs: sent - due });
              } catch {
                resolve({ status: 0, ms: performance.now() - sent, lateMs: sent - due });
              }
            },
            Math.max(0, due - performance.now()),
          );
        }),
    ),
  );
  // Every request counts, refused or not: a login that timed out was felt as slow.
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
  return {
    logins: results.length,
    // 0 = no answer; 504 = the gateway's upstream timeout ran out while the login queued.
    statuses: Object.fromEntries(
      [...new Set(results.map((result) => result.status))].map((status) => [
        status,
        results.filter((result) => result.status === status).length,
      ]),
    ),
    maxSendLagMs: Number(Math.max(...results.map((result) => result.lateMs)).toFixed(1)),
    latencyMs: {
      p50: Number(percentile(latencies, 50).toFixed(1)),
      p95: Number(percentile(latencies, 95).toFixed(1)),
      max: Number(latencies.at(-1).toFixed(1)),
    },
  };
}

const { privateKey } = benchKeys();
const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-auth-'));
const scryptEmails = await seedScryptAccounts(dataDir, logins);
const port = await freePort();
const authUrl = `http://127.0.0.1:${port}`;
const auth = spawn(process.execPath, ['services/auth/dist/main.js'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_PRIVATE_KEY: privateKey,
    // Every login starts a session family in Redis; let the bench's expire in a day.
    REFRESH_SESSION_DAYS: '1',
  },
});

try {
  await waitUntilUp(`${authUrl}/readyz`);
  const argonEmail = `bench-argon2-${randomBytes(4).toString('hex')}@example.test`;
  const registered = await fetch(`${authUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...profile, email: argonEmail, password }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);

  const gateway = await startBenchGateway({ AUTH_URL: authUrl, JWT_PUBLIC_KEY: '' });
  try {
    const rows = [
      ['argon2id (m=19 MiB, t=2, p=1), steady state', Array.from({ length: logins }, () => argonEmail)],
      ['scrypt (N=2^15, r=8, p=1) legacy hash, first login: verify + re-hash', scryptEmails],
    ];
    const measured = [];
    for (const [kind, emails] of rows) {
      const result = {
        kind,
        route: 'POST /api/user/login via gateway',
        ratePerSecond: rate,
        ...(await openLoop(gateway.url, emails)),
      };
      measured.push(result);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
    const [argon, legacy] = measured;
    process.stdout.write(
      `${JSON.stringify({
        ratio: 'scrypt first login / argon2id',
        p50: Number((legacy.latencyMs.p50 / argon.latencyMs.p50).toFixed(2)),
        p95: Number((legacy.latencyMs.p95 / argon.latencyMs.p95).toFixed(2)),
      })}\n`,
    );
  } finally {
    await gateway.stop();
  }
} finally {
  auth.kill('SIGTERM');
  await new Promise((resolve) => auth.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
