// The kit's own layers are checked by lint (docs/service-kit.md "The kit's layers"):
// domain/ imports nothing else (its own rule: domain-lint.test.ts); the base files
// directly in src/ import each other and the domain; auth/ and store/ add themselves;
// http/ adds auth/; the entry files (index.ts, service.ts, service-settings.ts) wire
// every layer; testing/ imports any layer but the entry files, and only testing/
// imports testing/. Each fixture is linted with the repository's own ESLint config as
// the kit file its name says (`<layer>.<name>.ts` → services/shared/src/<layer>/<name>.ts,
// `root.<name>.ts` → services/shared/src/<name>.ts), so its imports resolve to real files.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { lintAs } from '../src/testing/lint';

const fixtures = path.join(__dirname, 'fixtures/kit-layers-lint');

function virtualPath(fixture: string): string {
  const [layer, ...rest] = fixture.split('.');
  return path.join('services/shared/src', layer === 'root' ? '' : layer!, rest.join('.'));
}

describe('the kit’s layers (lint)', () => {
  let findings: Map<string, string[]>;
  beforeAll(() => {
    const names = readdirSync(fixtures).sort();
    findings = new Map(
      [...lintAs(names.map((name) => ({ fixture: path.join(fixtures, name), as: virtualPath(name) })))].map(
        ([fixture, rules]) => [path.basename(fixture), rules],
      ),
    );
  }, 60_000);

  it.each([
    'root.imports-base-and-domain.ts',
    'root.service.ts',
    'auth.imports-base.ts',
    'store.imports-base.ts',
    'http.imports-auth.ts',
    'testing.imports-every-layer.ts',
  ])('when a kit file imports only what its layer may (%s), then the lint passes', (fixture) => {
    expect(findings.get(fixture)).toEqual([]);
  });

  it.each([
    'root.imports-http.ts',
    'root.imports-auth.ts',
    'root.imports-entry.ts',
    'root.imports-testing.ts',
    'auth.imports-http.ts',
    'auth.imports-store.ts',
    'store.imports-auth.ts',
    'store.imports-http.ts',
    'http.imports-store.ts',
    'http.imports-entry.ts',
    'http.imports-testing.ts',
    'testing.imports-entry.ts',
  ])('when a kit file imports against the layer direction (%s), then the lint fails', (fixture) => {
    expect(findings.get(fixture)).toEqual(['boundaries/dependencies']);
  });

  it('every fixture is named in a case above', () => {
    expect(findings.size).toBe(18);
  });
});
