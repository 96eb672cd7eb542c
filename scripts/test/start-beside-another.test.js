// Two `npm start`s on one machine, as two checkouts would run them, with a stranger on
// one of the ports: each run opens its ports from its own base, replaces a taken one
// by a free one instead of taking the stranger's /healthz for its service, and keeps
// every Redis key under a prefix of its own. Runs the real scripts/start.mjs (on the
// build) against a redis-server of the test's own, so every key in it is accounted for.
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:http');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Redis } = require('ioredis');
const { freePort } = require('../lib/free-port.cjs');

const ROOT = join(__dirname, '..', '..');
// jest.config.js's testTimeout is ignored when several projects run together (`npm test`,
// `jest --projects … scripts`), where a start of the whole product on busy cores outlasts
// the 20 s default: the file sets its own.
jest.setTimeout(240_000);

function listening(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host }, () => server.close(() => resolve(true)));
  });
}

/** deployables.json: the processes `npm start` runs, gateway first; metrics take the port after the last. */
const DEPLOYABLES = require(join(ROOT, 'deployables.json')).deployables;
const METRICS_OFFSET = DEPLOYABLES.length;

/** A base with it and the ports after it (one per deployable, then metrics) free (picked at random, checked). */
async function freeBase(avoid = []) {
  for (;;) {
    // Below Linux's ephemeral range (32768–60999): a base checked free there can be taken
    // as the local port of any process's outgoing connection before npm start binds it.
    const base = 20000 + Math.floor(Math.random() * 12000);
    const range = Array.from({ length: METRICS_OFFSET + 1 }, (_, offset) => base + offset);
    if (range.some((port) => avoid.includes(port))) continue;
    let free = true;
    for (const port of range) free = free && (await listening(port, '0.0.0.0'));
    if (free) return base;
  }
}

const redisServerInstalled = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).status === 0;

/** A redis-server of this test's own, keeping nothing on disk, so every key in it is the runs'. */
async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  let client;
  for (let attempt = 0; !client; attempt++) {
    const candidate = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    candidate.on('error', () => undefined); // refused until the server listens
    try {
      await candidate.connect();
      client = candidate;
    } catch (error) {
      candidate.disconnect();
      if (attempt > 100) throw new Error(`redis-server on ${url} did not answer: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    keys: async () => {
      const keys = [];
      let cursor = '0';
      do {
        const [next, batch] = await client.scan(cursor, 'COUNT', 1000);
        keys.push(...batch);
        cursor = next;
      } while (cursor !== '0');
      return keys;
    },
    stop: async () => {
      client.disconnect();
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
      );
    },
  };
}

/** `npm start` (the built product) with `env`; resolves once it says where it runs. */
function npmStart(name, env) {
  const dataDir = mkdtempSync(join(tmpdir(), `tripcost-start-${name}-`));
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PASSWORD_ARGON2_MEMORY_KIB: '1024',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const url = /TripCost is running at (\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start (${name}) exited with ${code}:\n${output.slice(-3000)}`)));
  });
  return {
    ready,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

const healthOf = async (port) => (await fetch(`http://127.0.0.1:${port}/healthz`)).json();

async function travellerThrough(url) {
  const email = `start-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const body = {
    fname: 'Ana',
    lname: 'Silva',
    email,
    password: 'correct horse',
    birthday: '1990-04-01',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  };
  const post = (path, json) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  expect((await post('/api/user/register', body)).status).toBe(201);
  const login = await post('/api/user/login', { email, password: body.password });
  expect(login.status).toBe(200);
  return (await login.json()).accesstoken;
}

// Without redis-server (a Redis at REDIS_URL only) the keys of other users of that Redis
// could not be told from a run's, so the suite needs a server of its own.
(redisServerInstalled ? describe : describe.skip)('npm start beside another product', () => {
  let redis;
  let stranger;
  const strangerCalls = [];
  const runs = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(runs.map((run) => run.stop()));
    await new Promise((resolve) => (stranger ? stranger.close(resolve) : resolve()));
    await redis?.stop();
  });

  it('when a stranger answering /healthz 200 holds one of its ports and a second run starts from PORT, then each run uses its own ports and services, and no Redis key is shared', async () => {
    const baseA = await freeBase();
    // Far enough from A that neither run's ports reach into the other's.
    const baseB = await freeBase(Array.from({ length: 2 * METRICS_OFFSET + 1 }, (_, i) => baseA - METRICS_OFFSET + i));
    // Another product's service on run A's trips port: answers every request with 200.
    stranger = createServer((req, res) => {
      strangerCalls.push(req.url);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', trips: ['not yours'] }));
    });
    await new Promise((resolve) => stranger.listen(baseA + 2, '0.0.0.0', resolve));

    const a = npmStart('a', { PORT_BASE: String(baseA), REDIS_URL: redis.url });
    const b = npmStart('b', { PORT: String(baseB), REDIS_URL: redis.url });
    runs.push(a, b);
    const [urlA, urlB] = await Promise.all([a.ready, b.ready]);

    // (2) Every port comes from the run's base: gateway, the services in deployables.json's order, then metrics.
    expect(urlA).toBe(`http://localhost:${baseA}`);
    expect(urlB).toBe(`http://localhost:${baseB}`);
    for (const [offset, name] of DEPLOYABLES.map((d, i) => [i, d.name]).slice(1)) {
      expect((await healthOf(baseB + offset)).instance).toMatch(new RegExp(`^${name}-`));
      if (name !== 'trips') expect((await healthOf(baseA + offset)).instance).toMatch(new RegExp(`^${name}-`));
    }
    expect((await healthOf(baseA)).instance).toMatch(/^gateway-/);
    expect((await fetch(`http://127.0.0.1:${baseA + METRICS_OFFSET}/metrics`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${baseB + METRICS_OFFSET}/metrics`)).status).toBe(200);

    // (1) The taken port was noticed and replaced; the stranger got no traveller's request.
    const moved = new RegExp(`trips: port ${baseA + 2} is in use by another process; using (\\d+) instead`).exec(
      a.output(),
    );
    expect(moved).not.toBeNull();
    expect((await healthOf(Number(moved[1]))).instance).toMatch(/^trips-/);
    const tokenA = await travellerThrough(urlA);
    const trips = await fetch(`${urlA}/api/trips/getaway-trip`, { headers: { authorization: `Bearer ${tokenA}` } });
    expect(trips.status).toBe(200);
    expect(JSON.stringify(await trips.json())).not.toContain('not yours');
    expect(strangerCalls.filter((url) => url.startsWith('/api'))).toEqual([]);

    // (3) Each run keeps every Redis key under its own prefix (sessions, queues, limits…).
    const tokenB = await travellerThrough(urlB);

    // (4) An invitation link opens the run that made it, not the default port 8080.
    const asB = (path, json) =>
      fetch(`${urlB}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenB}` },
        body: JSON.stringify(json),
      }).then((res) => res.json());
    const tripB = await asB('/api/trips/getaway-trip', { location_address: 'Porto, Portugal' });
    const invite = await asB(`/api/trips/getaway/${tripB._id}/invites`, { role: 'viewer' });
    expect(invite.url).toMatch(new RegExp(`^${urlB}/join/`));
    const prefixOf = (run) => /every key under '([\w-]+):'/.exec(run.output())?.[1];
    const [prefixA, prefixB] = [prefixOf(a), prefixOf(b)];
    expect(prefixA).toMatch(/^tripcost-[0-9a-f]{8}$/);
    expect(prefixB).toMatch(/^tripcost-[0-9a-f]{8}$/);
    expect(prefixA).not.toBe(prefixB);
    const keys = await redis.keys();
    expect(keys.filter((key) => !key.startsWith(`${prefixA}:`) && !key.startsWith(`${prefixB}:`))).toEqual([]);
    for (const prefix of [prefixA, prefixB]) {
      expect(keys.some((key) => key.startsWith(`${prefix}:auth:`))).toBe(true); // the login's session
      expect(keys.some((key) => key.startsWith(`${prefix}:tripcost-inbox-`))).toBe(true); // its event queues
    }
  });

  it('when a second run is started on data a live run is using, then it refuses and says how to run beside it', async () => {
    const base = await freeBase();
    const first = npmStart('locked', { PORT_BASE: String(base), REDIS_URL: redis.url });
    runs.push(first);
    await first.ready;
    const second = spawnSync(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, SKIP_BUILD: '1', DATA_DIR: first.dataDir, PORT: '18080', REDIS_URL: redis.url },
      encoding: 'utf8',
      timeout: 30000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(
      /Another npm start \(pid \d+\) is using the data in .*DATA_DIR=\.data-18080 PORT=18080 npm start/s,
    );
  });
});
