// Lint rules for every workspace: typescript-eslint's recommended set, plus the
// project rules that keep the layout honest (no console in services, no focused tests).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './web/eslint-rules/no-cycle.cjs';

/**
 * An import-direction rule (eslint-plugin-boundaries): packages and a module's own
 * element are always allowed, anything else only where one of `policies` allows it.
 */
const importDirection = (...policies) => [
  'error',
  {
    default: 'disallow',
    policies: [
      { allow: { to: { module: { origin: 'external' } } } },
      { allow: { dependency: { relationship: { to: 'internal' } } } },
      ...policies,
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '.data-*/**',
      'k8s/manifests/**',
      '.tools/**',
      'test-results/**',
      'web/dist/**',
      '**/coverage/**',
      'web/src/lib/api-types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only' },
        { object: 'it', property: 'only' },
        { object: 'test', property: 'only' },
      ],
    },
  },
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  // The money and date core (services/shared/src/domain, `@tripcost/shared/domain`) also
  // runs in the browser: it imports only its own files — no Node built-ins, no packages,
  // nothing else of the service kit — and uses no Node globals. Proven by
  // services/shared/test/domain-lint.test.ts.
  {
    files: ['services/shared/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)|\\.\\./',
              message: 'The shared domain is browser-safe: import only files of services/shared/src/domain.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'The shared domain is browser-safe: no dynamic imports.' },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          'require',
          'module',
          'exports',
          '__dirname',
          '__filename',
          'global',
          'setImmediate',
        ].map((name) => ({ name, message: 'The shared domain is browser-safe: no Node globals.' })),
      ],
    },
  },
  // Every service's layers (ADR 0031): http → domain, jobs → domain, and the adapters
  // (store/, providers/) → domain. The domain defines the entity types and the ports
  // (store and provider interfaces) and imports nothing else of its service; an adapter
  // implements a port and may import domain types; nothing imports http/ or jobs/. Only
  // the composition root — the files directly in src/ (server.ts, app.ts, main.ts,
  // index.ts, config.ts) — wires every layer. Proven by services/shared/test/layers-lint.test.ts.
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/shared/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'http', pattern: 'services/*/src/http', capture: ['service'] },
        { type: 'jobs', pattern: 'services/*/src/jobs', capture: ['service'] },
        { type: 'domain', pattern: 'services/*/src/domain', capture: ['service'] },
        { type: 'store', pattern: 'services/*/src/store', capture: ['service'] },
        { type: 'providers', pattern: 'services/*/src/providers', capture: ['service'] },
        { type: 'types', pattern: 'services/*/src/types', capture: ['service'] },
        // Last, so it only takes what no layer took: the files directly in src/.
        { type: 'root', pattern: 'services/*/src', capture: ['service'] },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': importDirection(
        { allow: { to: { element: { type: 'types' } } } },
        {
          from: { element: { type: 'root' } },
          allow: { to: { element: { captured: { service: '{{ from.captured.service }}' } } } },
        },
        {
          from: { element: { types: ['http', 'jobs', 'store', 'providers'] } },
          allow: { to: { element: { type: 'domain', captured: { service: '{{ from.captured.service }}' } } } },
        },
      ),
    },
  },
  // The web app's import direction: app → features → lib/components. A feature uses
  // another feature only through that feature's index.ts (its public API). No module
  // imports, through any others, a module that imports it back, not even for a type
  // (local/no-cycle with { types: true }).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    plugins: { boundaries, local: { rules: { 'no-cycle': noCycle } } },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'lib', pattern: 'web/src/lib' },
        { type: 'components', pattern: 'web/src/components' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'local/no-cycle': ['error', { types: true }],
      // Sizes a reader can hold (ADR 0058): a module split by screen stays under 400 lines,
      // and a function (a component included) under 100 of code.
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
      'boundaries/dependencies': importDirection(
        {
          from: { element: { type: 'app' } },
          allow: { to: { element: { types: ['feature', 'lib', 'components'] } } },
        },
        {
          from: { element: { type: 'feature' } },
          allow: [
            { to: { element: { types: ['lib', 'components'] } } },
            { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
          ],
        },
        { from: { element: { type: 'components' } }, allow: { to: { element: { types: ['lib', 'components'] } } } },
        { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
      ),
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx,js,cjs}', 'e2e/**/*.{ts,js,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
  },
);
