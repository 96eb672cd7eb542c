// Reads the root deployables.json, checks it, and fills in what follows from it: every
// deployable's `calls` (none when not written) and the entry point's calls (the one with
// chart.public: it calls exactly the deployables with `routes`). Everything that reads
// the list goes through here (npm start, npm test, jest's mapping, the k8s tests,
// scripts/sync-deployables.mjs), so a mistake in the file is one clear error, said once.
const fs = require('node:fs');
const path = require('node:path');

const NAME = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
/** A gateway route: /api/ and one path segment (the gateway routes by that segment alone). */
const ROUTE = /^\/api\/[^/]+$/;
const KEYS = ['$comment', 'name', 'dir', 'port', 'urlVar', 'store', 'calls', 'routes', 'routeTimeoutMs', 'chart'];
/** What an entry may say about itself to the Helm chart (components.<name>.<key> defaults). */
const CHART_KEYS = ['public', 'signsTokens', 'makesLinks', 'providerKeys', 'pushKeys', 'internetEgress', 'metricsPort'];

const urlVarOf = (name) => `${name.toUpperCase().replaceAll('-', '_')}_URL`;
const isPort = (value) => Number.isInteger(value) && value > 0 && value < 65536;

/** The checked list from deployables.json's parsed content; throws naming the entry and key at fault. */
function normalizeDeployables(content, source = 'deployables.json') {
  const fail = (message) => {
    throw new Error(`${source}: ${message}`);
  };
  if (!Array.isArray(content?.deployables) || content.deployables.length === 0) fail('`deployables` must be a list');
  const names = content.deployables.map((d) => d?.name);
  const list = content.deployables.map((entry, index) => {
    const at = `deployables[${index}]${typeof entry?.name === 'string' ? ` (${entry.name})` : ''}`;
    if (entry === null || typeof entry !== 'object') fail(`${at} must be an object`);
    for (const key of Object.keys(entry)) if (!KEYS.includes(key)) fail(`${at}: unknown key ${key}`);
    const { name, dir, port, urlVar, store, calls = [], routes = [], routeTimeoutMs, chart = {} } = entry;
    if (typeof name !== 'string' || !NAME.test(name)) fail(`${at}: name must be lowercase letters, digits and -`);
    if (names.indexOf(name) !== index) fail(`${at}: name ${name} is listed twice`);
    if (typeof dir !== 'string' || dir === '' || dir.startsWith('/') || dir.includes('..')) {
      fail(`${at}: dir must be the workspace's path from the root`);
    }
    if (!isPort(port)) fail(`${at}: port must be a whole number from 1 to 65535`);
    if (urlVar !== urlVarOf(name)) fail(`${at}: urlVar must be ${urlVarOf(name)} (the chart derives it from the name)`);
    if (typeof store !== 'boolean') fail(`${at}: store must be true or false`);
    if (!Array.isArray(calls)) fail(`${at}: calls must be a list of names`);
    for (const callee of calls) {
      if (callee === name || !names.includes(callee)) fail(`${at}: calls ${callee}, which is not another deployable`);
    }
    if (!Array.isArray(routes) || routes.some((route) => typeof route !== 'string' || !ROUTE.test(route))) {
      fail(`${at}: routes must be a list of /api/<segment> prefixes`);
    }
    if (routeTimeoutMs !== undefined && !(Number.isInteger(routeTimeoutMs) && routeTimeoutMs > 0)) {
      fail(`${at}: routeTimeoutMs must be a whole number of milliseconds`);
    }
    if (routeTimeoutMs !== undefined && routes.length === 0) fail(`${at}: routeTimeoutMs without routes`);
    if (chart === null || typeof chart !== 'object' || Array.isArray(chart)) fail(`${at}: chart must be an object`);
    for (const key of Object.keys(chart)) {
      if (!CHART_KEYS.includes(key)) fail(`${at}: chart.${key} is not one of ${CHART_KEYS.join(', ')}`);
      if (key === 'metricsPort' ? !isPort(chart[key]) : typeof chart[key] !== 'boolean') {
        fail(`${at}: chart.${key} must be ${key === 'metricsPort' ? 'a port' : 'true or false'}`);
      }
    }
    return {
      name,
      dir,
      port,
      urlVar,
      store,
      calls: [...calls],
      routes: [...routes],
      routeTimeoutMs,
      chart: { ...chart },
    };
  });
  for (const [i, d] of list.entries()) {
    if (list.findIndex((other) => other.port === d.port) !== i) fail(`${d.name}: port ${d.port} is taken already`);
    if (list.findIndex((other) => other.dir === d.dir) !== i) fail(`${d.name}: dir ${d.dir} is taken already`);
  }
  const seen = new Map();
  for (const d of list) {
    for (const route of d.routes) {
      if (seen.has(route)) fail(`${d.name}: route ${route} is ${seen.get(route)}'s already`);
      seen.set(route, d.name);
    }
  }
  const entry = list.filter((d) => d.chart.public === true);
  if (entry.length !== 1)
    fail(`exactly one deployable must have chart.public (the entry point); found ${entry.length}`);
  if (entry[0].calls.length > 0 || entry[0].routes.length > 0) {
    fail(`${entry[0].name} is the entry point: it calls the deployables with routes, so it has no calls or routes`);
  }
  entry[0].calls = list.filter((d) => d.routes.length > 0).map((d) => d.name);
  return list;
}

/** deployables.json under `root` (default: this repository), checked and filled in. */
function readDeployables(root = path.resolve(__dirname, '..', '..')) {
  const file = path.join(root, 'deployables.json');
  return normalizeDeployables(JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(process.cwd(), file) || file);
}

module.exports = { CHART_KEYS, normalizeDeployables, readDeployables, urlVarOf };
