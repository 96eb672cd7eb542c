// ESLint rule `local/no-unresolved`: every import must name a file or package that
// exists. The equivalent of eslint-plugin-import's `no-unresolved`, written beside
// `no-cycle.cjs` rather than adding that plugin and its resolver stack (neither
// eslint-plugin-import nor eslint-plugin-import-x is installed). It resolves the way
// the project's own tools do:
//
// - relative paths as TypeScript does: the file itself, or with one of the source
//   extensions, or its folder's index (`./x.js` may name `./x.ts`); a Vite query
//   (`?url`, `?raw`) is ignored;
// - `@tripcost/<workspace>[/<path>]` as jest.preset.js and the web app's alias do: to
//   the workspace's source, `src/index.ts` or `src/<path>` (the compiled `dist/` a
//   plain Node resolution would want exists only after a build);
// - any other package by finding `node_modules/<name>` (or its `@types/` package)
//   from the file's folder upwards, and a subpath in the package's `exports` or on disk
//   (no `require.resolve`: an ESM-only package has no `require` condition);
// - a relative path into a workspace's compiled `dist/` (a bench script loading the
//   built code) as its source in `src/`, so lint needs no build first;
// - Node built-ins and Vite's `virtual:` modules are always there.
const fs = require('node:fs');
const path = require('node:path');
const { isBuiltin } = require('node:module');

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

const isFile = (candidate) => {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
};

/** The file a path names as TypeScript would find it, or null. */
function resolvePath(base) {
  const stripped = base.replace(/\.(c|m)?js$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => stripped + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find(isFile) ?? null;
}

/** `@scope/name/sub/path` → ['@scope/name', 'sub/path']. */
function splitPackage(specifier) {
  const parts = specifier.split('/');
  const size = specifier.startsWith('@') ? 2 : 1;
  return [parts.slice(0, size).join('/'), parts.slice(size).join('/')];
}

/** The folder of package `name` seen from `dir` (Node's node_modules walk), or null. */
function packageDir(dir, name) {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(at) === at) return null;
  }
}

const typesName = (name) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

function readManifest(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return {};
  }
}

/** Whether `subpath` of the package in `dir` exists: in its `exports` map, else on disk. */
function hasSubpath(dir, subpath) {
  const { exports } = readManifest(dir);
  if (exports && typeof exports === 'object' && !Array.isArray(exports)) {
    const key = `./${subpath}`;
    const keys = Object.keys(exports);
    if (keys.some((k) => k.startsWith('.'))) {
      return keys.some((k) => {
        if (k === key) return true;
        const star = k.indexOf('*');
        return star >= 0 && key.startsWith(k.slice(0, star)) && key.endsWith(k.slice(star + 1));
      });
    }
  }
  return resolvePath(path.join(dir, subpath)) !== null;
}

/** Whether `specifier`, imported by `file`, names something that exists. */
function resolves(file, specifier) {
  const bare = specifier.replace(/\?.*$/, '');
  if (bare.startsWith('virtual:') || isBuiltin(bare)) return true;
  const dir = path.dirname(file);
  if (bare.startsWith('.') || path.isAbsolute(bare)) {
    const target = path.resolve(dir, bare);
    const source = target.replace(/([\\/])dist([\\/])/, '$1src$2');
    return resolvePath(target) !== null || (source !== target && resolvePath(source) !== null);
  }
  const [name, subpath] = splitPackage(bare);
  const found = packageDir(dir, name);
  if (name.startsWith('@tripcost/') && found) {
    return resolvePath(path.join(found, 'src', subpath || 'index')) !== null;
  }
  if (found && (!subpath || hasSubpath(found, subpath))) return true;
  const types = packageDir(dir, typesName(name));
  return types !== null && (!subpath || hasSubpath(types, subpath));
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports of files or packages that do not exist.' },
    schema: [],
    messages: { unresolved: "Unresolved import '{{specifier}}': no such file or package." },
  },
  create(context) {
    const file = path.resolve(context.filename);
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!resolves(file, source.value)) {
        context.report({ node: source, messageId: 'unresolved', data: { specifier: source.value } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
