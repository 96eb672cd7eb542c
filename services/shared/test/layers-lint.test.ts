// Every service's layers are checked by lint (ADR 0031): http → domain, jobs → domain,
// store/providers (adapters) → domain; the domain imports nothing else of its service and
// nothing of another; only the composition root (the files directly in src/) wires the
// layers. A service laid out by capability (trips, ADR 0057) has the same layers inside each
// capability folder; a capability uses another only through its index.ts, and only down the
// capability order. Each fixture is linted with the repository's own ESLint config as if it
// were the file its name says (`<service>.<layer>.<name>.ts` → services/<service>/src/<layer>/<name>.ts,
// and `<capability>+<layer>` → <capability>/<layer>), so its imports resolve to the real files.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const fixtures = path.join(__dirname, 'fixtures/layers-lint');

interface Finding {
  fixture: string;
  rules: string[];
}

/** ESLint's Node API in one child process (jest's module sandbox cannot load the ESM config). */
function lintFixturesInPlace(): Finding[] {
  const script = `
    const { ESLint } = require('eslint');
    const fs = require('node:fs');
    const path = require('node:path');
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(root)} });
      const out = [];
      for (const fixture of ${JSON.stringify(readdirSync(fixtures).sort())}) {
        const [service, layer, ...rest] = fixture.split('.');
        const text = fs.readFileSync(path.join(${JSON.stringify(fixtures)}, fixture), 'utf8');
        const folder = layer.split('+').join('/');
        const filePath = path.join(${JSON.stringify(root)}, 'services', service, 'src', folder, rest.join('.'));
        const [result] = await eslint.lintText(text, { filePath });
        out.push({ fixture, rules: result.messages.map((m) => m.ruleId ?? m.message) });
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => { console.error(error); process.exit(2); });
  `;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`eslint failed to run: ${run.stderr}`);
  return JSON.parse(run.stdout) as Finding[];
}

describe('service layers (lint)', () => {
  let findings: Map<string, string[]>;
  beforeAll(() => {
    findings = new Map(lintFixturesInPlace().map(({ fixture, rules }) => [fixture, rules]));
  }, 60_000);

  it.each([
    'wishlists.domain.clean.ts',
    'wishlists.store.imports-domain.ts',
    'wishlists.http.imports-domain.ts',
    'wishlists.jobs.imports-domain.ts',
    'integrations.providers.imports-domain.ts',
    'trips.votes+domain.imports-entry.ts',
    'trips.windows+http.imports-domain.ts',
    'trips.trip+store.imports-domain.ts',
  ])('when a file imports only what its layer may (%s), then the lint passes', (fixture) => {
    expect(findings.get(fixture)).toEqual([]);
  });

  it.each([
    'wishlists.domain.imports-store.ts',
    'wishlists.domain.imports-store-type.ts',
    'wishlists.domain.imports-http.ts',
    'wishlists.domain.imports-jobs.ts',
    'wishlists.domain.imports-root.ts',
    'wishlists.domain.imports-other-service.ts',
    'integrations.domain.imports-provider.ts',
    'wishlists.store.imports-http.ts',
    'wishlists.http.imports-store.ts',
    'wishlists.http.imports-jobs.ts',
    'wishlists.http.imports-root.ts',
    'wishlists.jobs.imports-http.ts',
    'integrations.providers.imports-store.ts',
    'trips.windows+http.imports-other-internals.ts',
    'trips.sharing+domain.imports-http.ts',
    'trips.live+domain.imports-store.ts',
    'trips.sharing+domain.imports-upward.ts',
    'trips.costs+domain.imports-own-entry.ts',
  ])('when a file imports against the layer direction (%s), then the lint fails', (fixture) => {
    expect(findings.get(fixture)).toEqual(['boundaries/dependencies']);
  });

  it('every fixture is named in a case above', () => {
    expect(findings.size).toBe(26);
  });
});
