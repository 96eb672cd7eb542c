// `npm start` builds only what changed (scripts/lib/build-cache.cjs): the web app is
// built again exactly when the content of something it reads differs from the build
// that made web/dist, and `tsc -b` is never left trusting a tsbuildinfo whose dist/ is
// gone. Each test works on a small repository of its own in a temp folder.
const { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const {
  fingerprint,
  forgetOrphanBuildInfos,
  orphanBuildInfos,
  recordWebBuild,
  webBuildDecision,
  webBuildInputs,
} = require('../lib/build-cache.cjs');

let root;
const write = (path, content) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};
const env = { NODE_ENV: undefined };

/** A repository whose web app was built once, successfully, from what is there now. */
function builtRepository() {
  write('web/src/main.tsx', 'export const app = 1;\n');
  write('web/public/favicon.svg', '<svg/>');
  write('web/index.html', '<!doctype html>');
  write('web/vite.config.ts', 'export default {};\n');
  write('web/package.json', '{"name":"@tripcost/web"}');
  write('services/shared/src/domain/money.ts', 'export const cents = 100;\n');
  write('services/shared/src/index.ts', 'export * from "./domain/money";\n');
  write('web/src/agreement.test.ts', "import { kinds } from '../../services/trips/src/domain/cost-items';\n");
  write('services/trips/src/domain/cost-items.ts', 'export const kinds = [];\n');
  write('services/auth/src/domain/accounts.ts', 'export const accounts = [];\n');
  write('services/trips/src/http/routes.ts', 'export const routes = [];\n');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('web/dist/index.html', '<!doctype html><script src="/assets/main-abc.js"></script>');
  write('web/dist/assets/main-abc.js', 'console.log(1)');
  recordWebBuild(root, webBuildDecision(root, env).fingerprint);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tripcost-build-cache-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the fingerprint of a folder', () => {
  beforeEach(() => {
    write('web/src/a.ts', 'export const a = 1;\n');
    write('web/src/b/c.ts', 'export const c = 2;\n');
  });
  const of = () => fingerprint(root, ['web']);

  it('is the same for the same content, whatever the files’ times', () => {
    const before = of();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'web/src/a.ts'), later, later);
    write('web/src/b/c.ts', 'export const c = 2;\n'); // saved again, unchanged
    expect(of()).toBe(before);
  });

  it('changes when one file’s content changes', () => {
    const before = of();
    write('web/src/b/c.ts', 'export const c = 3;\n');
    expect(of()).not.toBe(before);
  });

  it('changes when a file is added, removed or renamed', () => {
    const before = of();
    write('web/src/d.ts', '');
    const added = of();
    expect(added).not.toBe(before);
    rmSync(join(root, 'web/src/d.ts'));
    expect(of()).toBe(before);
    rmSync(join(root, 'web/src/a.ts'));
    write('web/src/renamed.ts', 'export const a = 1;\n');
    expect(of()).not.toBe(before);
  });

  it('leaves out outputs and installed packages: building does not change it', () => {
    const before = of();
    write('web/dist/index.html', 'built');
    write('web/node_modules/x/index.js', 'installed');
    write('web/tsconfig.tsbuildinfo', '{}');
    expect(of()).toBe(before);
  });

  it('changes with the settings a build depends on', () => {
    expect(fingerprint(root, ['web'], { VITE_X: '1' })).not.toBe(fingerprint(root, ['web'], { VITE_X: '2' }));
  });
});

describe('whether npm start builds the web app', () => {
  it('builds when web/dist has no app yet, or no record of the build that made it', () => {
    write('web/src/main.tsx', 'export const app = 1;\n');
    expect(webBuildDecision(root, env)).toMatchObject({ rebuild: true, reason: 'web/dist has no app yet' });
    write('web/dist/index.html', '<!doctype html>');
    expect(webBuildDecision(root, env)).toMatchObject({ rebuild: true, reason: 'no record of the last web build' });
  });

  it('does not build when nothing it reads changed since the last successful build', () => {
    builtRepository();
    expect(webBuildDecision(root, env).rebuild).toBe(false);
  });

  it.each([
    ['a web source file', 'web/src/main.tsx'],
    ['a new web source file', 'web/src/features/new.tsx'],
    ['a public file', 'web/public/favicon.svg'],
    ['index.html', 'web/index.html'],
    ['the Vite config', 'web/vite.config.ts'],
    ['the web package.json', 'web/package.json'],
    ['a web test (the build type-checks it)', 'web/test/setup.ts'],
    ['the shared domain the web imports', 'services/shared/src/domain/money.ts'],
    ['the shared kit (its types)', 'services/shared/src/index.ts'],
    ['a service domain a web test imports', 'services/trips/src/domain/cost-items.ts'],
    ['the lock file', 'package-lock.json'],
    ['the installed packages', 'node_modules/.package-lock.json'],
  ])('builds again after a change to %s', (_, path) => {
    builtRepository();
    write(path, `changed ${Math.random()}`);
    expect(webBuildDecision(root, env)).toMatchObject({ rebuild: true, reason: 'its inputs changed' });
  });

  it('does not build again for a change the web app does not read (another layer, a domain no web file names)', () => {
    builtRepository();
    write('services/trips/src/http/routes.ts', 'export const routes = [1];\n');
    write('services/auth/src/domain/accounts.ts', 'export const accounts = [1];\n');
    write('README.md', 'docs');
    expect(webBuildDecision(root, env).rebuild).toBe(false);
  });

  it('builds again when the mode or a VITE_ variable differs', () => {
    builtRepository();
    expect(webBuildDecision(root, { NODE_ENV: 'development' }).rebuild).toBe(true);
    expect(webBuildDecision(root, { VITE_API: 'x' }).rebuild).toBe(true);
    expect(webBuildDecision(root, { PATH: '/elsewhere' }).rebuild).toBe(false);
  });

  it('builds again after a build that did not finish (vite empties web/dist first)', () => {
    builtRepository();
    rmSync(join(root, 'web/dist'), { recursive: true });
    write('web/dist/assets/half-written.js', '');
    expect(webBuildDecision(root, env).rebuild).toBe(true);
  });

  it('keeps the fingerprint from before the build: an edit made during it is built next time', () => {
    builtRepository();
    write('web/src/main.tsx', 'export const app = 2;\n');
    const decision = webBuildDecision(root, env); // the build starts…
    write('web/src/main.tsx', 'export const app = 3;\n'); // …an edit lands while it runs
    recordWebBuild(root, decision.fingerprint); // …and it succeeds
    expect(webBuildDecision(root, env).rebuild).toBe(true);
  });

  it('reads what the real web app reads', () => {
    const inputs = webBuildInputs(join(__dirname, '..', '..'));
    expect(inputs).toEqual(
      expect.arrayContaining(['web', 'services/shared/src', 'services/trips/src/costs', 'package-lock.json']),
    );
    expect(inputs).not.toContain('services/auth/src/domain');
  });
});

describe('tsc -b after a dist/ was deleted', () => {
  beforeEach(() => {
    write(
      'tsconfig.build.json',
      JSON.stringify({ files: [], references: [{ path: 'services/shared' }, { path: 'gateway' }] }),
    );
    for (const project of ['services/shared', 'gateway']) {
      write(`${project}/tsconfig.tsbuildinfo`, '{}');
      write(`${project}/dist/main.js`, '');
    }
  });

  it('keeps every tsbuildinfo whose outputs are there', () => {
    expect(orphanBuildInfos(root)).toEqual([]);
  });

  it('forgets the tsbuildinfo of a project whose dist/ is gone or empty, so tsc -b builds it', () => {
    rmSync(join(root, 'gateway/dist'), { recursive: true });
    rmSync(join(root, 'services/shared/dist/main.js'));
    expect(forgetOrphanBuildInfos(root).sort()).toEqual(
      [join(root, 'gateway/tsconfig.tsbuildinfo'), join(root, 'services/shared/tsconfig.tsbuildinfo')].sort(),
    );
    expect(existsSync(join(root, 'gateway/tsconfig.tsbuildinfo'))).toBe(false);
    expect(orphanBuildInfos(root)).toEqual([]);
  });
});
