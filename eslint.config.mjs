// Lint rules for every workspace: typescript-eslint's recommended set, plus the
// project rules that keep the layout honest (no console in services, no focused tests).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './web/eslint-rules/no-cycle.cjs';
import noUnresolved from './web/eslint-rules/no-unresolved.cjs';

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

/** The kit's entry files, which assemble its layers; every other file directly in its src/ is a base file. */
const KIT_ENTRY = '{index,service,service-settings}.ts';
const KIT_BASE = '!(index|service|service-settings).ts';
/**
 * The trips service's capabilities (ADR 0057) and the ones each may use, through their
 * index.ts: one way, from windows (which assembles every use case) down to costs (pure
 * rules). A capability missing from another's list cannot be imported by it, so no two
 * capabilities ever import each other.
 */
const TRIPS_CAPABILITIES = {
  costs: [],
  trip: ['costs'],
  live: ['trip'],
  currency: ['trip', 'costs'],
  sharing: ['trip', 'costs'],
  exports: ['sharing', 'trip', 'costs'],
  history: ['sharing', 'trip'],
  votes: ['history', 'sharing', 'trip', 'costs'],
  shares: ['exports', 'sharing', 'currency', 'trip', 'costs'],
  windows: ['exports', 'live', 'history', 'votes', 'shares', 'sharing', 'currency', 'trip', 'costs'],
};

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
  // The web build treats the app's own modules as free of side effects (web/vite.config.ts,
  // ADR 0069): a module imported only for its side effects would be dropped, so only
  // stylesheets may be imported bare.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[specifiers.length=0][source.value!=/\\.css$/]',
          message: 'Import a web module for what it exports: the build drops modules imported only for side effects.',
        },
      ],
    },
  },
  // Every service's layers (ADR 0031): http → domain, jobs → domain, and the adapters
  // (store/, providers/) → domain. The domain defines the entity types and the ports
  // (store and provider interfaces) and imports nothing else of its service; an adapter
  // implements a port and may import domain types; nothing imports http/ or jobs/. Only
  // the composition root — the files directly in src/ (server.ts, app.ts, main.ts,
  // index.ts, config.ts) — wires every layer. The trips service is laid out by capability
  // (ADR 0057): the same layers inside each capability folder (services/trips/src/<capability>/
  // {http,jobs,domain,store}), and a capability uses another only through its index.ts and
  // only down TRIPS_CAPABILITIES. Proven by services/shared/test/layers-lint.test.ts.
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
        // The trips service by capability (ADR 0057): the same layers inside each capability
        // folder, and the capability's own files (its index.ts, the public entry) above them.
        ...['http', 'jobs', 'domain', 'store'].map((layer) => ({
          type: `capability-${layer}`,
          pattern: `services/trips/src/*/${layer}`,
          capture: ['capability'],
        })),
        { type: 'capability', pattern: 'services/trips/src/*', capture: ['capability'] },
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
        // Trips: its composition root wires every capability; a capability's index.ts
        // re-exports its own layers; inside a capability http/jobs/store → domain, never back.
        {
          from: { element: { type: 'root', captured: { service: 'trips' } } },
          allow: { to: { element: { types: ['capability', 'capability-*'] } } },
        },
        {
          from: { element: { type: 'capability' } },
          allow: {
            to: { element: { type: 'capability-*', captured: { capability: '{{ from.captured.capability }}' } } },
          },
        },
        {
          from: { element: { types: ['capability-http', 'capability-jobs', 'capability-store'] } },
          allow: {
            to: { element: { type: 'capability-domain', captured: { capability: '{{ from.captured.capability }}' } } },
          },
        },
        // Between capabilities: only another capability's index.ts, and only down the order.
        ...Object.entries(TRIPS_CAPABILITIES)
          .filter(([, uses]) => uses.length > 0)
          .map(([capability, uses]) => ({
            from: { element: { captured: { capability } } },
            allow: {
              to: { element: { type: 'capability', fileInternalPath: 'index.ts', captured: { capability: uses } } },
            },
          })),
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
  // The service kit's own layers (services/shared/src; docs/service-kit.md "The kit's
  // layers"): domain/ (the browser-safe core, checked by its own rule above) imports
  // nothing else; the base files directly in src/ (config, logger, errors, redis,
  // events, lifecycle, …) import each other and the domain; auth/ and store/ add
  // themselves; http/ adds auth/; the entry files (index.ts, service.ts,
  // service-settings.ts) assemble every layer; testing/ may import any of them, and only
  // testing/ imports testing/. Proven by services/shared/test/kit-layers-lint.test.ts.
  {
    files: ['services/shared/src/**/*.ts'],
    ignores: ['services/shared/src/domain/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'kit-domain', pattern: 'services/shared/src/domain' },
        { type: 'kit-auth', pattern: 'services/shared/src/auth' },
        { type: 'kit-store', pattern: 'services/shared/src/store' },
        { type: 'kit-http', pattern: 'services/shared/src/http' },
        { type: 'kit-testing', pattern: 'services/shared/src/testing' },
        // Last, so it only takes what no folder above took: the files directly in src/.
        { type: 'kit-root', pattern: 'services/shared/src' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      // Not importDirection: its "own element" policy would let a base file import an entry file.
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports inside one element are checked too: the base and entry files share src/.
          checkInternals: true,
          policies: [
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { element: { type: 'kit-domain' } } } },
            { allow: { to: { element: { type: 'kit-root', fileInternalPath: KIT_BASE } } } },
            {
              from: { element: { types: ['kit-auth', 'kit-store', 'kit-http', 'kit-testing'] } },
              allow: { dependency: { relationship: { to: 'internal' } } },
            },
            {
              from: { element: { types: ['kit-http', 'kit-testing'] } },
              allow: { to: { element: { type: 'kit-auth' } } },
            },
            {
              from: { element: { type: 'kit-testing' } },
              allow: { to: { element: { types: ['kit-store', 'kit-http'] } } },
            },
            {
              from: { element: { type: 'kit-root', fileInternalPath: KIT_ENTRY } },
              allow: { to: { element: { types: ['kit-auth', 'kit-store', 'kit-http', 'kit-root'] } } },
            },
          ],
        },
      ],
    },
  },
  // The gateway uses the kit only through its public entry (`@tripcost/shared`, never
  // `@tripcost/shared/<path>` nor a relative path into services/), and no service's
  // code at all; a service's code uses no other service's package (only the kit is
  // shared: services talk over HTTP and events, docs/architecture.md §1). The
  // typescript-eslint twin of `no-restricted-imports` is used so that these options do
  // not replace the core rule's in the browser-safe domain block above. Proven by
  // gateway/test/gateway-lint.test.ts and services/shared/test/imports-lint.test.ts.
  {
    files: ['gateway/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@tripcost/shared/',
              message: 'The gateway uses the kit only through its public entry: import from @tripcost/shared.',
            },
            {
              regex: '^@tripcost/(?!shared($|/))',
              message: "The gateway never uses a service's code: it reaches services over HTTP.",
            },
            {
              regex: '^(\\.\\./)+(services|web)/',
              message: 'The gateway imports only its own files and packages (the kit as @tripcost/shared).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@tripcost/(?!shared($|/))',
              message: "A service never uses another service's code (only @tripcost/shared is shared).",
            },
            {
              regex: '^@tripcost/shared/',
              message: 'A service uses the kit through its public entry: import from @tripcost/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/shared/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@tripcost/', message: 'The kit depends on no workspace: it is what they share.' }] },
      ],
    },
  },
  // No import cycles in the services, the kit and the gateway either (the web app's
  // block above has its own): a module may not import, through any others, a module
  // that imports it back. Proven by services/shared/test/imports-lint.test.ts.
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    plugins: { local: { rules: { 'no-cycle': noCycle } } },
    rules: { 'local/no-cycle': 'error' },
  },
  // An import must name a file or a package that exists (the local rule resolves as
  // TypeScript, jest.preset.js and the web app's alias do; see its header for why no
  // plugin). Its own plugin name, so it can also cover web/ beside the web block's
  // `local`. Every file: scripts, tests and configs too. Proven by services/shared/test/imports-lint.test.ts.
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    // Fixtures are linted by their tests as files of the folders they stand for.
    ignores: ['**/test/fixtures/**'],
    plugins: { imports: { rules: { 'no-unresolved': noUnresolved } } },
    rules: { 'imports/no-unresolved': 'error' },
  },
  // Sizes for hand-written source: a file of at most 400 lines (all of them counted)
  // and a function of at most 100 (blank lines and comments aside), so each part stays
  // readable whole. Tests and generated files are exempt.
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'web/src/lib/api-types.ts',
      'services/shared/src/domain/country-codes.ts',
      'services/shared/src/domain/currency-codes.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
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
