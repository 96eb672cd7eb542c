// Imports are checked by lint beyond the layers: no import cycle in the services, the
// kit and the gateway (`local/no-cycle`, as in the web app; type-only imports are not
// edges), every import names a file or package that exists (`imports/no-unresolved`),
// and a service uses no other service's package and the kit only through its public
// entry (`@typescript-eslint/no-restricted-imports`). Each fixture is linted with the
// repository's own ESLint config as the file named beside it, so its imports resolve
// to the real files around that path.
import path from 'node:path';
import { lintAs } from '../src/testing/lint';

const fixtures = path.join(__dirname, 'fixtures/imports-lint');

const CASES: Array<[fixture: string, as: string, rules: string[]]> = [
  // testing/boot.ts imports environment.ts: environment.ts importing boot.ts back is a cycle.
  ['kit-cycle.ts', 'services/shared/src/testing/environment.ts', ['local/no-cycle']],
  ['kit-type-only-back.ts', 'services/shared/src/testing/environment.ts', []],
  // domain/list-changes.ts imports list-rules.ts.
  ['service-cycle.ts', 'services/wishlists/src/domain/list-rules.ts', ['local/no-cycle']],
  ['unresolved-file.ts', 'services/auth/src/domain/fixture.ts', ['imports/no-unresolved']],
  ['unresolved-package.ts', 'services/auth/src/domain/fixture.ts', ['imports/no-unresolved']],
  ['unresolved-kit-path.ts', 'services/auth/test/fixture.test.ts', ['imports/no-unresolved']],
  ['resolved.ts', 'services/wishlists/src/domain/fixture.ts', []],
  ['resolved-in-test.ts', 'services/wishlists/test/domain/fixture.test.ts', []],
  ['unresolved-file.ts', 'web/src/lib/fixture.ts', ['imports/no-unresolved']],
  ['other-service.ts', 'services/wishlists/src/domain/fixture.ts', ['@typescript-eslint/no-restricted-imports']],
  ['other-service.ts', 'services/wishlists/test/fixture.test.ts', []],
  ['kit-subpath-in-service.ts', 'services/auth/src/http/fixture.ts', ['@typescript-eslint/no-restricted-imports']],
  ['kit-imports-itself.ts', 'services/shared/src/http/fixture.ts', ['@typescript-eslint/no-restricted-imports']],
];

describe('imports (lint)', () => {
  let findings: Array<string[] | undefined>;
  beforeAll(() => {
    // One lint run; each case gets a key of its own (a fixture may be linted as two files).
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
