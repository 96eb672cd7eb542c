// Hand-written source stays readable whole: lint refuses a file of more than 400 lines
// (all counted) and a function of more than 100 (blank lines and comments aside) in
// services/*/src, gateway/src and web/src; tests and generated files are exempt. The
// fixtures are made here (a size is the point, not their text) and linted as the files
// named beside them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lintAs } from '../src/testing/lint';

/** A function of exactly `lines` lines (its head and closing brace included). */
const functionOf = (lines: number) =>
  `export function big(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
/** A file of exactly `lines` lines: constants, then a blank line at the end of each ten. */
const fileOf = (lines: number) =>
  Array.from({ length: lines }, (_, i) => (i % 10 === 9 ? '' : `export const c${i} = ${i};`)).join('\n') + '\n';

const FIXTURES: Record<string, string> = {
  'function-100.ts': functionOf(100).replace(
    '  let n = 0;\n',
    '  let n = 0;\n\n  // blank lines and comments do not count\n',
  ),
  'function-101.ts': functionOf(101),
  'file-400.ts': fileOf(400).replace(/\n$/, ''),
  'file-401.ts': fileOf(401).replace(/\n$/, ''),
};

const CASES: Array<[fixture: string, as: string, rules: string[]]> = [
  ['function-100.ts', 'services/auth/src/domain/fixture.ts', []],
  ['function-101.ts', 'services/auth/src/domain/fixture.ts', ['max-lines-per-function']],
  ['function-101.ts', 'gateway/src/fixture.ts', ['max-lines-per-function']],
  ['function-101.ts', 'web/src/lib/fixture.ts', ['max-lines-per-function']],
  ['function-101.ts', 'services/auth/test/fixture.test.ts', []],
  ['file-400.ts', 'services/shared/src/http/fixture.ts', []],
  ['file-401.ts', 'services/shared/src/http/fixture.ts', ['max-lines']],
  ['file-401.ts', 'services/shared/src/domain/country-codes.ts', []],
];

describe('file and function sizes (lint)', () => {
  let findings: Array<string[] | undefined>;
  const dir = mkdtempSync(path.join(tmpdir(), 'sizes-lint-'));
  beforeAll(() => {
    for (const [name, text] of Object.entries(FIXTURES)) writeFileSync(path.join(dir, name), text);
    const results = lintAs(
      CASES.map(([fixture, as], index) => ({ fixture: path.join(dir, fixture), as, key: String(index) })),
    );
    findings = CASES.map((_, index) => results.get(String(index)));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(CASES.map((entry, index) => [...entry, index] as const))(
    'when %s is linted as %s, then the lint reports %j',
    (_fixture, _as, rules, index) => {
      expect(findings[index]).toEqual(rules);
    },
  );
});
