// The shared domain (the money and date core) is bundled into the web app, so a lint
// rule keeps it browser-safe: it imports only its own files and uses no Node globals.
// Each fixture here is linted with the repository's own ESLint config as if it were a
// file of services/shared/src/domain; the bad ones must fail, the clean one must pass.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const fixtures = path.join(__dirname, 'fixtures/domain-lint');

interface Finding {
  fixture: string;
  rules: string[];
}

/**
 * ESLint's Node API in a child process: jest's module sandbox cannot load the ESM
 * config file. One process lints every fixture (ESLint starts once).
 */
function lintFixturesAsDomainFiles(): Finding[] {
  const script = `
    const { ESLint } = require('eslint');
    const fs = require('node:fs');
    const path = require('node:path');
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(root)} });
      const out = [];
      for (const fixture of ${JSON.stringify(readdirSync(fixtures).sort())}) {
        const text = fs.readFileSync(path.join(${JSON.stringify(fixtures)}, fixture), 'utf8');
        const filePath = path.join(${JSON.stringify(root)}, 'services/shared/src/domain', fixture);
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

describe('the shared domain stays browser-safe (lint)', () => {
  let findings: Map<string, string[]>;
  beforeAll(() => {
    findings = new Map(lintFixturesAsDomainFiles().map(({ fixture, rules }) => [fixture, rules]));
  }, 60_000);

  it('when a domain file imports only other domain files, then the lint passes', () => {
    expect(findings.get('clean.ts')).toEqual([]);
  });

  it.each([
    ['imports-node-builtin.ts', 'no-restricted-imports'],
    ['imports-bare-builtin.ts', 'no-restricted-imports'],
    ['imports-kit.ts', 'no-restricted-imports'],
    ['imports-package.ts', 'no-restricted-imports'],
    ['dynamic-import.ts', 'no-restricted-syntax'],
    ['uses-node-global.ts', 'no-restricted-globals'],
  ])('when a domain file is like %s, then the lint fails with %s', (fixture, rule) => {
    expect(findings.get(fixture)).toEqual([rule]);
  });
});
