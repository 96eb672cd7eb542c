// Lints source text with the repository's own ESLint config as if it were the file at a
// given path, so a lint test can prove a rule on a fixture placed virtually where the
// rule applies (its imports resolve to the real files around that path). ESLint's Node
// API runs in one child process: jest's module sandbox cannot load the ESM config.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root (this file is services/shared/src/testing/lint.ts). */
export const REPO_ROOT = path.resolve(__dirname, '../../../..');

export interface LintCase {
  /** The fixture's file. */
  fixture: string;
  /** Where it is linted as being, relative to the repository's root. */
  as: string;
  /** Its key in the answer (the fixture's path unless given: one fixture may be linted as several files). */
  key?: string;
}

/** The rule ids each case's text breaks, in the order ESLint reports them, by the case's key. */
export function lintAs(cases: LintCase[]): Map<string, string[]> {
  const inputs = cases.map(({ fixture, as, key }) => ({
    fixture: key ?? fixture,
    text: readFileSync(fixture, 'utf8'),
    filePath: path.join(REPO_ROOT, as),
  }));
  const script = `
    const { ESLint } = require('eslint');
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(REPO_ROOT)} });
      const out = [];
      for (const { fixture, text, filePath } of ${JSON.stringify(inputs)}) {
        const [result] = await eslint.lintText(text, { filePath });
        out.push([fixture, result.messages.map((m) => m.ruleId ?? m.message)]);
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(2); });
  `;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`eslint failed to run: ${run.stderr}`);
  return new Map(JSON.parse(run.stdout) as Array<[string, string[]]>);
}
