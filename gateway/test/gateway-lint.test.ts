// The gateway's imports are checked by lint: it uses the kit only through its public
// entry (`@tripcost/shared`, not a subpath, not a path into services/), never a
// service's code (by package or by path), and has no import cycle. Each fixture is
// linted with the repository's own ESLint config as the gateway file named beside it.
import path from 'node:path';
import { lintAs } from '@tripcost/shared/testing/lint';

const fixtures = path.join(__dirname, 'fixtures/gateway-lint');
const RESTRICTED = '@typescript-eslint/no-restricted-imports';

const CASES: Array<[fixture: string, as: string, rules: string[]]> = [
  ['kit-entry.ts', 'gateway/src/fixture.ts', []],
  ['own-files.ts', 'gateway/src/fixture.ts', []],
  ['kit-domain-subpath.ts', 'gateway/src/fixture.ts', [RESTRICTED]],
  ['kit-testing-subpath.ts', 'gateway/src/fixture.ts', [RESTRICTED]],
  // No such file either: the kit's source is not a path of its package.
  ['kit-source-path.ts', 'gateway/src/fixture.ts', [RESTRICTED, 'imports/no-unresolved']],
  ['kit-relative-path.ts', 'gateway/src/fixture.ts', [RESTRICTED]],
  ['service-package.ts', 'gateway/src/fixture.ts', [RESTRICTED]],
  ['service-internals.ts', 'gateway/src/fixture.ts', [RESTRICTED]],
  // api.ts imports api-refusals.ts.
  ['cycle.ts', 'gateway/src/api-refusals.ts', ['local/no-cycle']],
];

describe('the gateway’s imports (lint)', () => {
  let findings: Array<string[] | undefined>;
  beforeAll(() => {
    const results = lintAs(
      CASES.map(([fixture, as], index) => ({ fixture: path.join(fixtures, fixture), as, key: String(index) })),
    );
    findings = CASES.map((_, index) => results.get(String(index)));
  }, 60_000);

  it.each(CASES.map((entry, index) => [...entry, index] as const))(
    'when %s is linted as %s, then the lint reports %j',
    (_fixture, _as, rules, index) => {
      expect(findings[index]).toEqual(rules);
    },
  );
});
