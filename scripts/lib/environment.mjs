// What `npm start` and `npm test` need before anything runs: dependencies
// installed, a signing key pair, and a Redis that answers. Plain Node, no
// dependencies, because it runs before `npm ci` has.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import buildCache from './build-cache.cjs';
import freePortModule from './free-port.cjs';
import vapidKeys from './vapid-keys.cjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The V8 flags every TripCost process starts with, wherever it runs (the image's
 * CMD says the same; k8s/test/build-files.test.js keeps them equal). Kept in the
 * root package.json so plain Node, the TypeScript fault suites and the Kubernetes
 * tests read one list. Why: docs/adr/0022 ("A heap with room to grow").
 */
export const NODE_FLAGS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).config.nodeFlags;

/** node's arguments for a built component (`gateway`, `services/trips`, …), as its image runs it. */
export const componentArgs = (dir) => [...NODE_FLAGS, join(ROOT, dir, 'dist', 'main.js')];

export function say(message) {
  process.stdout.write(`[tripcost] ${message}\n`);
}

export function fail(message) {
  process.stderr.write(`[tripcost] ${message}\n`);
  process.exit(1);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) fail(`'${command} ${args.join(' ')}' failed (exit ${result.status ?? result.signal}).`);
}

export function ensureDependencies() {
  if (existsSync(join(ROOT, 'node_modules', '.package-lock.json'))) return;
  say('Installing dependencies (first run)…');
  run('npm', existsSync(join(ROOT, 'package-lock.json')) ? ['ci', '--no-audit', '--no-fund'] : ['install']);
}

/**
 * Builds what changed since the last successful build, so that a restart with nothing
 * changed is quick (lib/build-cache.cjs): `tsc -b` compiles only the projects whose
 * inputs changed (a few seconds when none did), and the web app — a minute and more on
 * two cores — is built only when the content of something it reads differs from the
 * build that made web/dist. What is skipped is exactly what the same inputs already
 * built and checked, so a test run never runs against a stale build. FORCE_BUILD=1
 * builds everything again.
 */
export function build({ web = true } = {}) {
  const force = process.env.FORCE_BUILD === '1';
  for (const file of buildCache.forgetOrphanBuildInfos(ROOT)) {
    say(`${relative(ROOT, dirname(file))}/dist is gone: building it again`);
  }
  say('Building services…');
  run('npx', ['tsc', '-b', 'tsconfig.build.json', ...(force ? ['--force'] : [])]);
  if (!web) return;
  const decision = buildCache.webBuildDecision(ROOT);
  if (!decision.rebuild && !force) {
    say(`Web app up to date (${decision.reason}): not building it.`);
    return;
  }
  say(`Building the web app (${force ? 'FORCE_BUILD=1' : decision.reason})…`);
  run('npm', ['run', 'build', '-w', '@tripcost/web', '--silent']);
  // Only now: run() has exited the process if the build failed.
  buildCache.recordWebBuild(ROOT, decision.fingerprint);
}

/**
 * An RS256 key pair under <dataDir>/keys, made once and kept (sessions survive
 * restarts), and <dataDir>/keys/extra for public keys auth also publishes and
 * trusts: the one retired by a rotation, whose tokens should still pass (docs/deploy.md, "Rotating the JWT keys").
 */
export function ensureKeyPair(dataDir) {
  const dir = join(dataDir, 'keys');
  const privatePath = join(dir, 'jwt-private.pem');
  const publicPath = join(dir, 'jwt-public.pem');
  const extraDir = join(dir, 'extra');
  mkdirSync(extraDir, { recursive: true, mode: 0o700 });
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(privatePath, privateKey, { mode: 0o600 });
    writeFileSync(publicPath, publicKey, { mode: 0o644 });
    say(`Created a signing key pair in ${dir}`);
  }
  return { privatePath, publicPath, extraDir };
}

/**
 * The VAPID key pair Web Push messages are signed with (issue 42), under <dataDir>/keys,
 * made once and kept: a new pair would invalidate every browser's subscription
 * (vapid-keys.cjs makes it).
 * Only the notifications service is given them (VAPID_* variables).
 */
export function ensureVapidKeys(dataDir) {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'vapid.json');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existsSync(file)) {
    writeFileSync(file, `${JSON.stringify(vapidKeys.vapidKeyPair())}\n`, { mode: 0o600 });
    say(`Created a Web Push (VAPID) key pair in ${dir}`);
  }
  const keys = JSON.parse(readFileSync(file, 'utf8'));
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

/**
 * The Redis key prefix of the product whose data is in `dataDir`: `tripcost-` and 8 hex
 * digits of the directory's path. Two checkouts (two data dirs) never share queues,
 * sessions or limits on one Redis; one checkout keeps its own across restarts.
 */
export function queuePrefixFor(dataDir) {
  return `tripcost-${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 8)}`;
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Marks `dataDir` as used by this process (<dataDir>/npm-start.pid) and fails if a live
 * `npm start` already uses it: embedded stores are one process's files. A mark left by
 * a run that died is taken over. Returns the function that removes the mark.
 */
export function lockDataDir(dataDir, gatewayPort) {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'npm-start.pid');
  const holder = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : NaN;
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
    fail(
      `Another npm start (pid ${holder}) is using the data in ${dataDir}. Stop it, or give this run ` +
        `its own data: DATA_DIR=.data-${gatewayPort} PORT=${gatewayPort} npm start`,
    );
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file);
    } catch {
      // already gone
    }
  };
}

/** Sends PING over a raw socket; true when Redis answers +PONG. */
export function redisAnswers(url, timeoutMs = 1000) {
  const { hostname, port } = new URL(url);
  return new Promise((resolvePing) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (answer) => {
      socket.destroy();
      resolvePing(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    // An auth-protected Redis answers -NOAUTH: it is there; the services will log in.
    socket.on('data', (data) => done(/^\+PONG|^-NOAUTH/.test(data.toString())));
  });
}

/** A port for a process we start (lib/free-port.cjs says why not `listen(0)`). */
export const { freePort } = freePortModule;

function onPath(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).status === 0;
}

/**
 * Makes sure Redis answers at REDIS_URL. If nothing answers and redis-server is
 * installed, starts one on a free port with its data under <dataDir>/redis.
 * Returns the URL to use and a stop function for a server we started.
 */
export async function ensureRedis(dataDir) {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) return { url, stop: async () => undefined };
  if (!onPath('redis-server')) {
    fail(
      `Redis does not answer at ${url}. Install Redis (Debian/Ubuntu: sudo apt-get install redis-server; ` +
        'macOS: brew install redis) or set REDIS_URL to a running Redis, then try again.',
    );
  }
  const port = await freePort();
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  say(`Redis does not answer at ${url}; starting redis-server on port ${port} (data in ${dir})`);
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '60 1'],
    { stdio: 'ignore' },
  );
  const localUrl = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await redisAnswers(localUrl, 200)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await redisAnswers(localUrl))) fail('redis-server was started but does not answer.');
  return {
    url: localUrl,
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}
