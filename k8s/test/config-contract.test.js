// The configuration contract: for each values file, every Deployment's built
// process (dist/main.js, as in the image) is started with exactly the
// environment and files the chart gives its container, and must answer
// /readyz, and must look up every variable the chart sets. So a variable the
// chart sets that the service's configuration does not know, or a required
// one the chart forgets, fails here — whatever the services' config schemas
// (services/*/src/config.ts, gateway/src/config.ts) say at the time.
// How a pod is turned into a local process is in contract/contract.js.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { COMPONENTS, DEPLOYABLES, installTools, renderValuesSet } = require('./helpers');
const { spawn } = require('node:child_process');
const { runContract, workspaceOf } = require('./contract/contract');

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MONGO_URL = process.env.MONGO_URL || undefined;
const mongoNote = MONGO_URL
  ? 'MongoDB at MONGO_URL'
  : 'no MONGO_URL here: services use their embedded store, the chart MONGO_URL is checked by their config schema';
// A queue prefix of our own, so these processes never consume another suite's events.
const QUEUE = { 'common.queuePrefix': `contract-${process.pid}` };

// Secrets a platform engineer creates before installing with values-prod.yaml.
function prodSecrets() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const mongo = (db) => `mongodb+srv://tripcost:secret@cluster0.example.net/${db}?retryWrites=true&w=majority`;
  return {
    'tripcost-jwt': {
      'private.pem': privateKey.export({ type: 'pkcs8', format: 'pem' }),
      'public.pem': publicKey.export({ type: 'spki', format: 'pem' }),
    },
    // One key per component with a store (deployables.json), as docs/deploy.md tells to create.
    'tripcost-mongodb': Object.fromEntries(
      DEPLOYABLES.filter((d) => d.store).map((d) => [`MONGO_URL_${d.name.toUpperCase()}`, MONGO_URL ?? mongo(d.name)]),
    ),
    // The "external" Redis is the test's own.
    'tripcost-redis': { REDIS_URL },
  };
}

/**
 * `helm test`: runs the chart's test pod's command (node -e <script>) against
 * the running processes, with its env's Service URLs mapped to them.
 */
function runHelmTestPod(objects, mapUrl) {
  const pod = objects.find((o) => o.kind === 'Pod' && o.metadata.annotations?.['helm.sh/hook'] === 'test');
  const container = pod.spec.containers[0];
  const env = Object.fromEntries(container.env.map((e) => [e.name, mapUrl(e.value)]));
  // Asynchronous, so this process keeps draining the services' output meanwhile.
  const child = spawn(container.command[0], [...container.command.slice(1), ...container.args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

const VALUES_SETS = [
  ['default', {}],
  ['prod', prodSecrets()],
  ['dev', {}],
];
// One values set at a time: a dozen Node processes starting at once on a small
// machine would only miss their readiness deadline. Each describe block below
// awaits its own run.
const runs = {};

beforeAll(() => {
  installTools();
  for (const component of COMPONENTS) {
    const main = path.join(workspaceOf(component), 'dist', 'main.js');
    if (!fs.existsSync(main))
      throw new Error(`${path.relative(process.cwd(), main)} is missing: run \`npm run build\``);
  }
  let previous = Promise.resolve();
  for (const [valuesSet, existingSecrets] of VALUES_SETS) {
    const objects = renderValuesSet(valuesSet, QUEUE);
    runs[valuesSet] = previous
      .then(() =>
        runContract(objects, {
          redisUrl: REDIS_URL,
          mongoUrl: MONGO_URL,
          existingSecrets,
          whileRunning: ({ mapUrl }) => runHelmTestPod(objects, mapUrl),
        }),
      )
      .catch((error) => ({ error }));
    previous = runs[valuesSet];
  }
});

describe.each(VALUES_SETS)(`%s values, each component started as its pod would be (${mongoNote})`, (valuesSet) => {
  let results;
  beforeAll(async () => {
    results = await runs[valuesSet];
    if (results.error) throw results.error;
  }, 240_000);

  test.each(COMPONENTS)('when %s starts with what the chart gives it, then it becomes ready', (component) => {
    const result = results[component];
    expect(result.problems).toEqual([]);
    expect(result.failure ?? 'ready').toBe('ready');
    expect(result.mongoUrlRejected ?? null).toBeNull();
  });

  test.each(COMPONENTS)('when %s has started, then it has looked up every variable the chart sets', (component) => {
    const result = results[component];
    expect(result.ready).toBe(true);
    expect(result.unknown).toEqual([]);
  });
  test('when `helm test` runs its pod against them, then it finds the gateway ready and all four services described', () => {
    expect(results.whileRunning.output).toMatch(/GET \/readyz -> 200[\s\S]*OK: the gateway is ready/);
    expect(results.whileRunning.status).toBe(0);
  });
});

describe('the contract catches a broken chart', () => {
  // Only the one Deployment under test is started.
  const only = (objects, component) =>
    objects.filter((o) => o.kind !== 'Deployment' || o.metadata.labels['app.kubernetes.io/component'] === component);

  test('when the chart sets a variable trips does not know, then the contract names it', async () => {
    const objects = only(
      renderValuesSet('default', { ...QUEUE, 'components.trips.env.TRIPS_PAGE_SIZE': '50' }),
      'trips',
    );
    const { trips } = await runContract(objects, { redisUrl: REDIS_URL, mongoUrl: MONGO_URL });
    expect(trips.ready).toBe(true);
    expect(trips.unknown).toEqual(['TRIPS_PAGE_SIZE']);
  });

  test('when the chart forgets a required variable, then auth does not start and says which one', async () => {
    const objects = only(renderValuesSet('default', QUEUE), 'auth');
    const { auth } = await runContract(objects, {
      redisUrl: REDIS_URL,
      mongoUrl: MONGO_URL,
      edit: (namespace) => delete namespace.configMaps['tripcost-auth'].JWT_PRIVATE_KEY,
    });
    expect(auth.ready).toBe(false);
    expect(auth.failure).toMatch(/exited[\s\S]*JWT_PRIVATE_KEY/);
  });

  test('when the chart points at a Secret key that does not exist, then the contract reports the reference', async () => {
    const objects = only(renderValuesSet('prod', QUEUE), 'trips');
    const secrets = prodSecrets();
    delete secrets['tripcost-mongodb'].MONGO_URL_TRIPS;
    const { trips } = await runContract(objects, {
      redisUrl: REDIS_URL,
      mongoUrl: MONGO_URL,
      existingSecrets: secrets,
    });
    expect(trips.problems).toEqual(['MONGO_URL: secret tripcost-mongodb has no key MONGO_URL_TRIPS']);
  });
});
