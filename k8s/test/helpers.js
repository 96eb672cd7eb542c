// Runs helm and kubectl (installed by scripts/k8s-tools.sh) and turns rendered
// YAML into objects. kubectl parses the YAML offline (`label --local`), so the
// tests need no YAML library and no cluster.
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');
const chartDir = path.join(repoRoot, 'k8s', 'helm', 'tripcost');
const manifestsDir = path.join(repoRoot, 'k8s', 'manifests');
const toolsBin = path.join(repoRoot, '.tools', 'bin');
const helmBin = path.join(toolsBin, 'helm');
const kubectlBin = path.join(toolsBin, 'kubectl');

const COMPONENTS = ['gateway', 'auth', 'trips', 'wishlists', 'integrations'];
const PORTS = { gateway: 8080, auth: 4001, trips: 4002, wishlists: 4003, integrations: 4004 };
const PARSE_LABEL = 'tripcost.test/parsed';

// No kube context is needed or wanted: every command here works offline.
const toolEnv = () => ({
  ...process.env,
  KUBECONFIG: os.devNull,
  HELM_CACHE_HOME: path.join(os.tmpdir(), 'tripcost-helm-cache'),
  HELM_CONFIG_HOME: path.join(os.tmpdir(), 'tripcost-helm-config'),
  HELM_DATA_HOME: path.join(os.tmpdir(), 'tripcost-helm-data'),
});

function installTools() {
  execFileSync('bash', [path.join(repoRoot, 'scripts', 'k8s-tools.sh')], { cwd: repoRoot, stdio: 'pipe' });
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

/** `helm template tripcost <chart> --namespace tripcost` with --set overrides, as text. */
function renderText(values) {
  return runOk(helmBin, ['template', 'tripcost', chartDir, '--namespace', 'tripcost', ...setArgs(values)]);
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

/** Renders the chart and returns its objects. */
function render(values) {
  return parseYaml(renderText(values));
}

const find = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const ofKind = (objects, kind) => objects.filter((o) => o.kind === kind);

function envOf(container) {
  return Object.fromEntries((container.env || []).map((e) => [e.name, e.value !== undefined ? e.value : e.valueFrom]));
}

function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

module.exports = {
  repoRoot,
  chartDir,
  manifestsDir,
  helmBin,
  kubectlBin,
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
