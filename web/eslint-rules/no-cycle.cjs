// ESLint rule `local/no-cycle`: a module may not import (directly or through others) a
// module that imports it back. The equivalent of eslint-plugin-import's `no-cycle`,
// without adding that plugin and its resolver stack: only relative imports are followed
// (packages cannot import our files). By default type-only imports are not edges, because
// TypeScript erases them and they create no load-order cycle; with `{ types: true }` they
// are (the web app's setting: a loop of types is still two modules that cannot be read,
// moved or split one without the other).
const fs = require('node:fs');
const path = require('node:path');

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'];

function resolveFrom(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(file), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  for (const candidate of candidates) {
    if (EXTENSIONS.includes(path.extname(candidate)) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return null;
}

/**
 * `import … from`, `export … from` and bare `import '…'` statements of a source text that
 * load a module at run time: not `import type`, `export type`, nor `import { type A, type B }`.
 */
const STATEMENT = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([\w*$\s{},]*?)\s*(?:from\s*)?['"]([^'"\n]+)['"]/g;

function runtimeSpecifiers(text, withTypes = false) {
  const found = [];
  for (const match of text.matchAll(STATEMENT)) {
    const [, keyword, typeOnly, clause, specifier] = match;
    if (withTypes) {
      found.push(specifier);
      continue;
    }
    if (typeOnly) continue;
    if (keyword === 'export' && !/^(\*|\{)/.test(clause.trim())) continue;
    const named = /\{([^}]*)\}/.exec(clause);
    const hasDefaultOrStar =
      clause
        .replace(/\{[^}]*\}/, '')
        .replace(/,/g, '')
        .trim() !== '';
    if (named && !hasDefaultOrStar) {
      const names = named[1]
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    }
    found.push(specifier);
  }
  return found;
}

/** file → the files it loads at run time (or imports at all, types included); read once per lint run. */
const graphs = { runtime: new Map(), types: new Map() };

function edgesOf(file, withTypes) {
  const graph = withTypes ? graphs.types : graphs.runtime;
  let edges = graph.get(file);
  if (edges) return edges;
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    text = '';
  }
  edges = [
    ...new Set(
      runtimeSpecifiers(text, withTypes)
        .map((spec) => resolveFrom(file, spec))
        .filter(Boolean),
    ),
  ];
  graph.set(file, edges);
  return edges;
}

/** A path of files from `start` back to `target`, or null. */
function pathBack(start, target, withTypes) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of edgesOf(file, withTypes)) stack.push([next, [...trail, next]]);
  }
  return null;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that lead back to the importing module (import cycles).' },
    schema: [{ type: 'object', properties: { types: { type: 'boolean' } }, additionalProperties: false }],
    messages: { cycle: 'Import cycle: {{trail}}' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const root = process.cwd();
    const withTypes = context.options[0]?.types === true;
    // This file as it is being linted, not as last saved.
    (withTypes ? graphs.types : graphs.runtime).set(file, [
      ...new Set(
        runtimeSpecifiers(context.sourceCode.getText(), withTypes)
          .map((spec) => resolveFrom(file, spec))
          .filter(Boolean),
      ),
    ]);
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      if (!withTypes) {
        if (node.importKind === 'type' || node.exportKind === 'type') return;
        if (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) return;
      }
      const target = resolveFrom(file, node.source.value);
      if (!target) return;
      const trail = pathBack(target, file, withTypes);
      if (trail) {
        context.report({
          node,
          messageId: 'cycle',
          data: { trail: [file, ...trail].map((f) => path.relative(root, f)).join(' → ') },
        });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
