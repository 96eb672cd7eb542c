// What `npm start` (and `npm test`, `npm run e2e`) may skip building because nothing it
// reads changed since the last build that succeeded. The web app's build (type-check,
// `vite build`, precompression) takes about a minute on two cores, so it is skipped when
// the content of every input is the same as when web/dist was last built. `tsc -b` has
// its own incremental check (the tsbuildinfo files), but it trusts a tsbuildinfo whose
// outputs were deleted, so those are removed first. CommonJS so that both
// scripts/lib/environment.mjs and the scripts jest project (plain CommonJS) can load it.
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

/** Folders and files under an input that are outputs or tools' caches, never inputs. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.vite']);
const isOutputFile = (name) => name.endsWith('.tsbuildinfo');

/**
 * What the web build reads, relative to the repository root: all of web/ but its outputs
 * (sources, public files, index.html, configs, its build scripts, its tests — the
 * type-check covers them), the shared kit's source (the web imports its domain and
 * type-checks through its types), each service folder a web file names by path (web
 * tests import the trips domain), and the installed packages (npm rewrites
 * node_modules/.package-lock.json on every install; the lock file says what a clone will
 * install).
 */
function webBuildInputs(root) {
  return [
    'web',
    'services/shared/src',
    ...serviceFoldersNamedBy(root, filesUnder(join(root, 'web'))),
    'package-lock.json',
    'node_modules/.package-lock.json',
  ];
}

const SOURCE = /\.(?:[cm]?[jt]sx?|json)$/;
const SERVICE_PATH = /services\/([\w.-]+)\/src\/([\w.-]+)/g;

/**
 * `services/<name>/src/<folder>` for each such path the given files name (a domain, as
 * `../../services/trips/src/costs/domain/comparison`), or `services/<name>/src` when what is
 * named is a file. Those folders import only themselves and the shared kit (ADR 0031;
 * the trips capability `costs` imports nothing else of its service, ADR 0057).
 */
function serviceFoldersNamedBy(root, files) {
  const folders = new Set();
  for (const file of files) {
    if (!SOURCE.test(file)) continue;
    for (const [, service, entry] of readFileSync(file, 'utf8').matchAll(SERVICE_PATH)) {
      if (service === 'shared') continue;
      const folder = `services/${service}/src/${entry}`;
      const isFolder = existsSync(join(root, folder)) && statSync(join(root, folder)).isDirectory();
      folders.add(isFolder ? folder : `services/${service}/src`);
    }
  }
  return [...folders].sort();
}

/** Every file under `path` (a file or a folder), outputs left out, sorted; none when it is missing. */
function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (NOT_INPUTS.has(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !isOutputFile(entry.name)) found.push(full);
    }
  };
  walk(path);
  return found.sort();
}

/**
 * A hash of the content and names of every file under `inputs` (paths relative to
 * `root`), and of `settings` (environment that changes what a build makes). Times are
 * left out on purpose: a checkout or a `touch` that leaves the content as it was needs
 * no build, an edit saved with an older time does.
 */
function fingerprint(root, inputs, settings = {}) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.entries(settings).sort(([a], [b]) => a.localeCompare(b))));
  for (const input of [...inputs].sort()) {
    for (const file of filesUnder(join(root, input))) {
      const content = readFileSync(file);
      // Name and length first, so that no two different sets of files hash alike.
      hash.update(`\0${relative(root, file).split(sep).join('/')}\0${content.length}\0`);
      hash.update(content);
    }
  }
  return hash.digest('hex');
}

/** Environment that changes what `vite build` makes: the mode and the app's VITE_ variables. */
function webBuildSettings(env = process.env) {
  const settings = { NODE_ENV: env.NODE_ENV ?? '' };
  for (const [name, value] of Object.entries(env)) if (name.startsWith('VITE_')) settings[name] = value;
  return settings;
}

/**
 * Where the last successful web build's fingerprint is kept: inside web/dist, which
 * `vite build` empties when it starts, so a build that fails or is interrupted leaves
 * no record and the next start builds again. The gateway never serves it (dotfiles are
 * ignored by its static files).
 */
const recordFile = (root) => join(root, 'web', 'dist', '.build-fingerprint');

/**
 * Whether the web app must be built: `{ rebuild, reason, fingerprint }`. It must when
 * web/dist has no app, no record of the build that made it, or one made from other
 * inputs. `fingerprint` is what to record once the build has succeeded — taken before
 * it starts, so that an edit made during the build is built by the next start.
 */
function webBuildDecision(root, env = process.env) {
  const current = fingerprint(root, webBuildInputs(root), webBuildSettings(env));
  if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
    return { rebuild: true, reason: 'web/dist has no app yet', fingerprint: current };
  }
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(recordFile(root), 'utf8')).fingerprint;
  } catch {
    return { rebuild: true, reason: 'no record of the last web build', fingerprint: current };
  }
  if (recorded !== current) return { rebuild: true, reason: 'its inputs changed', fingerprint: current };
  return { rebuild: false, reason: 'nothing it reads changed since the last build', fingerprint: current };
}

/** Records a successful web build made from the inputs whose fingerprint is `value`. */
function recordWebBuild(root, value) {
  writeFileSync(recordFile(root), `${JSON.stringify({ fingerprint: value, builtAt: new Date().toISOString() })}\n`);
}

/**
 * The tsbuildinfo files of `tsconfig.build.json`'s projects whose dist/ is gone (or
 * empty). `tsc -b` judges a project up to date from its tsbuildinfo alone, so after
 * `rm -rf services/x/dist` it would build nothing and the service would not start.
 * The tsbuildinfo sits beside the project's tsconfig (rootDir src, outDir dist).
 */
function orphanBuildInfos(root) {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8'));
  const orphans = [];
  for (const { path } of config.references ?? []) {
    const buildInfo = join(root, path, 'tsconfig.tsbuildinfo');
    const dist = join(root, path, 'dist');
    const built = existsSync(dist) && readdirSync(dist).length > 0;
    if (!built && existsSync(buildInfo)) orphans.push(buildInfo);
  }
  return orphans;
}

/** Removes the tsbuildinfo files orphanBuildInfos finds; returns them. */
function forgetOrphanBuildInfos(root) {
  const orphans = orphanBuildInfos(root);
  for (const file of orphans) rmSync(file, { force: true });
  return orphans;
}

module.exports = {
  fingerprint,
  forgetOrphanBuildInfos,
  orphanBuildInfos,
  recordWebBuild,
  webBuildDecision,
  webBuildInputs,
  webBuildSettings,
};
