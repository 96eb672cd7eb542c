// `npm start` and `npm test` are the README's promise to a fresh clone: they install the
// dependencies themselves (ensureDependencies). Everything they load before that must be
// Node's own, or the first run dies with ERR_MODULE_NOT_FOUND before installing anything
// (it did: scripts/lib/product.mjs imported the fake exchange-rate server, which needs
// ioredis, at its top). This follows the static imports and requires of both entry
// points through the repository's own files; a dynamic import() runs later, when called.
const { readFileSync } = require('node:fs');
const { builtinModules } = require('node:module');
const { dirname, join, relative, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..', '..');
const STATIC = [
  /^\s*import\s+(?:[\w*{}\s,]+\s+from\s+)?['"]([^'"]+)['"]/gm,
  /^\s*export\s+[\w*{}\s,]+\s+from\s+['"]([^'"]+)['"]/gm,
  /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every module specifier a file loads as it is loaded, with the files they lead to. */
function loadedBy(entry) {
  const seen = new Set();
  const bare = [];
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const pattern of STATIC) {
      for (const [, specifier] of source.matchAll(pattern)) {
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
        else bare.push({ specifier, from: relative(ROOT, file) });
      }
    }
  };
  visit(join(ROOT, entry));
  return { files: [...seen].map((file) => relative(ROOT, file)), bare };
}

const isNodes = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier);

describe.each(['scripts/start.mjs', 'scripts/test.mjs'])('%s on a fresh clone', (entry) => {
  test('loads only Node’s own modules before it installs the dependencies', () => {
    const { files, bare } = loadedBy(entry);
    // The walk reached the launcher's libraries (it follows relative imports).
    expect(files).toEqual(expect.arrayContaining([entry, 'scripts/lib/environment.mjs', 'scripts/lib/product.mjs']));
    expect(bare.filter(({ specifier }) => !isNodes(specifier))).toEqual([]);
  });
});

test('the walk sees a package imported at the top of a module', () => {
  const { bare } = loadedBy('scripts/lib/fake-rates.mjs');
  expect(bare.map(({ specifier }) => specifier)).toContain('ioredis');
});
