// The configuration contract between the chart and the services: what a
// container gets from the rendered chart (environment from its ConfigMap,
// Secrets and literals; files from its Secret volumes), resolved the way the
// kubelet would, then the built process (`dist/main.js`, what the image runs)
// started with exactly that and nothing else, until it answers /readyz.
//
// The only changes made to run it here instead of in a pod, each stated:
// - ports: a variable whose value is one of the container's ports gets a free
//   local port instead (PORT, METRICS_PORT);
// - host names: `scheme://<Service>:<port>` of a Service in the render becomes
//   the local process or the test's Redis (REDIS_URL) / MongoDB (MONGO_URL);
// - mounts: `/etc/tripcost/jwt`, `/tmp` become temporary directories holding
//   the same files;
// - MongoDB: when the test has no MONGO_URL, a service's MONGO_URL becomes ''
//   (its embedded store) with DATA_DIR in a temporary directory, since no
//   MongoDB runs here; the chart's value is still parsed by the service's own
//   configuration schema (configAccepts).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createInterface } = require('node:readline');
const { NODE_FLAGS, repoRoot } = require('../helpers');
const { freePort } = require('../../../scripts/lib/free-port.cjs');

const RECORDER = path.join(__dirname, 'record-env-reads.cjs');
// Generous: under `npm test` every other suite competes for the CPU.
const READY_DEADLINE_MS = 90_000;

const workspaceOf = (component) => path.join(repoRoot, component === 'gateway' ? 'gateway' : `services/${component}`);

const decode = (secret) => ({
  ...Object.fromEntries(Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()])),
  ...(secret.stringData ?? {}),
});

/**
 * The namespace as the kubelet sees it: the render's ConfigMaps and Secrets plus
 * Secrets the operator created beforehand (`existing`: {name: {key: value}}).
 */
function namespaceFrom(objects, existing = {}) {
  const configMaps = {};
  const secrets = { ...existing };
  for (const o of objects) {
    if (o.kind === 'ConfigMap') configMaps[o.metadata.name] = o.data ?? {};
    if (o.kind === 'Secret') secrets[o.metadata.name] = decode(o);
  }
  return { configMaps, secrets };
}

/**
 * The environment and files one Deployment's container gets. Missing references
 * (a ConfigMap, Secret or key that does not exist and is not optional) are
 * returned as problems: the pod would never start.
 */
function containerInputs(deployment, namespace) {
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const env = {};
  const problems = [];
  const sourceOf = (kind, name) => (kind === 'configMap' ? namespace.configMaps : namespace.secrets)[name];

  for (const from of container.envFrom ?? []) {
    const [kind, ref] = from.configMapRef ? ['configMap', from.configMapRef] : ['secret', from.secretRef];
    const source = sourceOf(kind, ref.name);
    if (!source) {
      if (!ref.optional) problems.push(`envFrom ${kind} ${ref.name} does not exist`);
      continue;
    }
    Object.assign(env, from.prefix ? prefixed(source, from.prefix) : source);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) {
      env[variable.name] = variable.value;
      continue;
    }
    const [kind, ref] = variable.valueFrom.secretKeyRef
      ? ['secret', variable.valueFrom.secretKeyRef]
      : ['configMap', variable.valueFrom.configMapKeyRef];
    if (!ref) {
      problems.push(`${variable.name}: unsupported valueFrom`);
      continue;
    }
    const source = sourceOf(kind, ref.name);
    if (source && ref.key in source) env[variable.name] = source[ref.key];
    else if (!ref.optional) problems.push(`${variable.name}: ${kind} ${ref.name} has no key ${ref.key}`);
  }

  const mounts = [];
  for (const mount of container.volumeMounts ?? []) {
    const volume = pod.volumes.find((v) => v.name === mount.name);
    if (volume.emptyDir) {
      mounts.push({ mountPath: mount.mountPath, files: {} });
    } else if (volume.secret) {
      const source = namespace.secrets[volume.secret.secretName];
      if (!source) {
        problems.push(`volume ${volume.name}: Secret ${volume.secret.secretName} does not exist`);
        continue;
      }
      const items = volume.secret.items ?? Object.keys(source).map((key) => ({ key, path: key }));
      const files = {};
      for (const item of items) {
        if (item.key in source) files[item.path] = source[item.key];
        else problems.push(`volume ${volume.name}: Secret ${volume.secret.secretName} has no key ${item.key}`);
      }
      mounts.push({ mountPath: mount.mountPath, files, readOnly: mount.readOnly });
    } else {
      problems.push(`volume ${volume.name}: kind not supported by this test`);
    }
  }
  const ports = (container.ports ?? []).map((p) => p.containerPort);
  return { env, mounts, ports, problems };
}

/**
 * Whether the service's own configuration schema (its built dist/config.js)
 * accepts `env`: used for the chart's MONGO_URL when no MongoDB runs here.
 * Returns null when accepted, else the schema's message.
 */
function configAccepts(component, env) {
  const config = require(path.join(workspaceOf(component), 'dist', 'config.js'));
  const schemas = Object.values(config).filter((value) => typeof value?.safeParse === 'function');
  if (schemas.length !== 1)
    return `expected one configuration schema exported by ${component}/dist/config.js, found ${schemas.length}`;
  const result = schemas[0].safeParse(env);
  return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}

/** `scheme://[user@]<Service>:<port>...` → the same URL at the local address standing in for that Service. */
const mapServiceUrl = (url, services) =>
  url.replace(/^([a-z+]+:\/\/(?:[^@/]*@)?)([^/:@]+):(\d+)/, (whole, scheme, host, port) => {
    const local = services[`${host}:${port}`];
    return local ? `${scheme}${local}` : whole;
  });

const prefixed = (source, prefix) => Object.fromEntries(Object.entries(source).map(([k, v]) => [prefix + k, v]));

/**
 * Turns a container's inputs into a local run: temp dirs for the mounts, free
 * ports, Service host names → local addresses. `services` maps "<name>:<port>"
 * to "127.0.0.1:<port>"; `mongoUrl` is the test's MongoDB (or undefined).
 */
function localRun(inputs, { portMap, services, mongoUrl, workDir }) {
  const env = {};
  const substitutions = [];
  const mountDirs = inputs.mounts.map((mount, i) => {
    const dir = path.join(workDir, `mount-${i}`);
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, content] of Object.entries(mount.files)) fs.writeFileSync(path.join(dir, file), content);
    if (mount.readOnly) for (const file of Object.keys(mount.files)) fs.chmodSync(path.join(dir, file), 0o440);
    return { mountPath: mount.mountPath, dir };
  });
  for (const [name, original] of Object.entries(inputs.env)) {
    let value = original;
    if (portMap[value]) value = String(portMap[value]);
    for (const { mountPath, dir } of mountDirs) {
      if (value === mountPath || value.startsWith(`${mountPath}/`)) value = dir + value.slice(mountPath.length);
    }
    value = mapServiceUrl(value, services);
    if (name === 'MONGO_URL' && value) {
      if (mongoUrl) {
        value = mongoUrl;
      } else {
        value = '';
        env.DATA_DIR = path.join(workDir, 'data');
        substitutions.push('MONGO_URL → embedded store (no MONGO_URL in the test environment)');
      }
    }
    if (value !== original) substitutions.push(`${name}: ${original} → ${value}`);
    env[name] = value;
  }
  return { env, substitutions };
}

/**
 * Starts `node dist/main.js` of a component with exactly `env` (plus PATH),
 * recording which variables it looks up. Resolves once GET /readyz answers 200;
 * rejects with its output when it exits or the deadline passes.
 */
async function startProcess(component, env, port) {
  // The image's command: node, the root package.json's V8 flags, dist/main.js.
  const child = spawn(process.execPath, [...NODE_FLAGS, '--require', RECORDER, 'dist/main.js'], {
    cwd: workspaceOf(component),
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const output = [];
  const lookedUp = new Set();
  const listings = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => output.push(line));
  }
  createInterface({ input: child.stdio[3] }).on('line', (line) => {
    if (line.startsWith('* ')) listings.push(line.slice(2));
    else lookedUp.add(line);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)));
  const running = {
    component,
    child,
    output,
    lookedUp,
    listings,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };

  const deadline = Date.now() + READY_DEADLINE_MS;
  let exitedWith;
  exited.then((how) => (exitedWith = how));
  let last = 'no answer';
  while (Date.now() < deadline && exitedWith === undefined) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return running;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 150)); // poll interval, not synchronisation
  }
  const why = exitedWith !== undefined ? `exited (${exitedWith})` : `was not ready within the deadline (last: ${last})`;
  await running.stop();
  const error = new Error(`${component} ${why}:\n${output.slice(-15).join('\n')}`);
  error.output = output.join('\n');
  throw error;
}

/**
 * Runs every Deployment of a render as local processes, services before the
 * gateway. Returns, per component, the variables the chart sets and those the
 * process looked up, and stops everything. `existingSecrets` stand in for
 * Secrets the operator creates; `edit(namespace)` lets a test break the render;
 * `whileRunning({mapUrl})` runs once everything is ready (its result is
 * returned as `whileRunning`).
 */
async function runContract(objects, { redisUrl, mongoUrl, existingSecrets = {}, edit, whileRunning } = {}) {
  const namespace = namespaceFrom(objects, existingSecrets);
  if (edit) edit(namespace);
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const componentOf = (o) => o.metadata.labels['app.kubernetes.io/component'];
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcost-contract-'));

  // Every container port gets a free local port; every Service name:port points at it.
  const localPorts = {};
  const services = {};
  for (const deployment of deployments) {
    const ports = {};
    for (const p of deployment.spec.template.spec.containers[0].ports ?? []) ports[p.containerPort] = await freePort();
    localPorts[componentOf(deployment)] = ports;
  }
  for (const service of objects.filter((o) => o.kind === 'Service')) {
    const component = componentOf(service);
    for (const p of service.spec.ports) {
      const key = `${service.metadata.name}:${p.port}`;
      if (localPorts[component]) {
        const deployment = deployments.find((d) => componentOf(d) === component);
        const target = deployment.spec.template.spec.containers[0].ports.find(
          (cp) => cp.name === p.targetPort || cp.containerPort === p.targetPort,
        );
        services[key] = `127.0.0.1:${localPorts[component][target.containerPort]}`;
      } else if (component === 'redis') {
        services[key] = new URL(redisUrl).host;
      } else if (component === 'mongodb' && mongoUrl) {
        services[key] = new URL(mongoUrl).host;
      }
    }
  }

  const order = [...deployments].sort((a, b) => (componentOf(a) === 'gateway') - (componentOf(b) === 'gateway'));
  const results = {};
  const running = [];
  try {
    const prepared = order.map((deployment) => {
      const component = componentOf(deployment);
      const inputs = containerInputs(deployment, namespace);
      const workDir = path.join(workRoot, component);
      const local = localRun(inputs, { portMap: localPorts[component], services, mongoUrl, workDir });
      results[component] = { chartEnv: inputs.env, problems: inputs.problems, substitutions: local.substitutions };
      if (!inputs.problems.length && inputs.env.MONGO_URL && local.env.MONGO_URL === '') {
        results[component].mongoUrlRejected = configAccepts(component, {
          ...local.env,
          MONGO_URL: inputs.env.MONGO_URL,
        });
      }
      return { component, inputs, local };
    });
    const start = async ({ component, inputs, local }) => {
      if (inputs.problems.length) return;
      const port = localPorts[component][inputs.env.PORT] ?? Number(local.env.PORT);
      try {
        const process_ = await startProcess(component, local.env, port);
        running.push(process_);
        Object.assign(results[component], { ready: true, lookedUp: process_.lookedUp, listings: process_.listings });
      } catch (error) {
        Object.assign(results[component], { ready: false, failure: error.message });
      }
    };
    // The services start together, then the gateway in front of them.
    await Promise.all(prepared.filter((p) => p.component !== 'gateway').map(start));
    await Promise.all(prepared.filter((p) => p.component === 'gateway').map(start));
    if (whileRunning) results.whileRunning = await whileRunning({ mapUrl: (url) => mapServiceUrl(url, services) });
  } finally {
    await Promise.all(running.map((r) => r.stop()));
    fs.rmSync(workRoot, { recursive: true, force: true });
  }
  for (const result of Object.values(results)) {
    result.unknown = result.lookedUp ? Object.keys(result.chartEnv).filter((name) => !result.lookedUp.has(name)) : [];
  }
  return results;
}

module.exports = { runContract, namespaceFrom, containerInputs, workspaceOf };
