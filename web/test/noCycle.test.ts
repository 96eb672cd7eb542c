/**
 * @jest-environment node
 */
// The lint rule that keeps the web app free of import cycles (eslint.config.mjs,
// local/no-cycle): it reports a loop of run-time imports, and not a type-only import back.
import fs from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import { parser } from 'typescript-eslint';
import noCycle from '../eslint-rules/no-cycle.cjs';

function lint(file: string, options: { types?: boolean } = {}) {
  const filename = path.join(__dirname, 'cycleFixture', file);
  const linter = new Linter({ configType: 'flat' });
  return linter.verify(
    fs.readFileSync(filename, 'utf8'),
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser },
        plugins: { local: { rules: { 'no-cycle': noCycle } } },
        rules: { 'local/no-cycle': ['error', options] },
      },
    ],
    { filename },
  );
}

describe('the no-cycle lint rule', () => {
  it('when two modules import each other, then both imports are reported with the loop', () => {
    const [problem, ...more] = lint('loop-a.ts');
    expect(more).toEqual([]);
    expect(problem.ruleId).toBe('local/no-cycle');
    expect(problem.message).toMatch(/loop-a\.ts → .*loop-b\.ts → .*loop-a\.ts/);
    expect(lint('loop-b.ts').map((p) => p.ruleId)).toEqual(['local/no-cycle']);
  });

  it('when the import back names only a type, then there is no cycle', () => {
    expect(lint('typed-a.ts')).toEqual([]);
    expect(lint('typed-b.ts')).toEqual([]);
  });

  it('when type-only imports count (the web app: { types: true }), then a loop of types is a cycle too', () => {
    expect(lint('typed-a.ts', { types: true }).map((p) => p.ruleId)).toEqual(['local/no-cycle']);
    expect(lint('typed-b.ts', { types: true }).map((p) => p.ruleId)).toEqual(['local/no-cycle']);
    const [problem] = lint('loop-a.ts', { types: true });
    expect(problem.message).toMatch(/loop-a\.ts → .*loop-b\.ts → .*loop-a\.ts/);
  });
});
