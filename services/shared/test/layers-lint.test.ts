// Every service's layers are checked by lint (ADR 0031): http → domain, jobs → domain,
// store/providers (adapters) → domain; the domain imports nothing else of its service and
// nothing of another; only the composition root (the files directly in src/) wires the
// layers. Each fixture is linted with the repository's own ESLint config as if it were the
// file its name says (`<service>.<layer>.<name>.ts` → services/<service>/src/<layer>/<name>.ts),
// so its imports resolve to the real files of that service.
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
        const filePath = path.join(${JSON.stringify(root)}, 'services', service, 'src', layer, rest.join('.'));
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
    'trips.domain.clean.ts',
    'trips.store.imports-domain.ts',
    'trips.http.imports-domain.ts',
    'trips.jobs.imports-domain.ts',
    'integrations.providers.imports-domain.ts',
  ])('when a file imports only what its layer may (%s), then the lint passes', (fixture) => {
    expect(findings.get(fixture)).toEqual([]);
  });

  it.each([
    'trips.domain.imports-store.ts',
    'trips.domain.imports-store-type.ts',
    'trips.domain.imports-http.ts',
    'trips.domain.imports-jobs.ts',
    'trips.domain.imports-root.ts',
    'trips.domain.imports-other-service.ts',
    'integrations.domain.imports-provider.ts',
    'trips.store.imports-http.ts',
    'trips.http.imports-store.ts',
    'trips.http.imports-jobs.ts',
    'trips.http.imports-root.ts',
    'trips.jobs.imports-http.ts',
    'integrations.providers.imports-store.ts',
  ])('when a file imports against the layer direction (%s), then the lint fails', (fixture) => {
    expect(findings.get(fixture)).toEqual(['boundaries/dependencies']);
  });

  it('every fixture is named in a case above', () => {
    expect(findings.size).toBe(18);
  });
});
