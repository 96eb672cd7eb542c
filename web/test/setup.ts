import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor poll for the condition until this deadline. Testing Library's default
// (1 s) is a guess at speed: on two busy cores a first render alone can take longer.
// Far below jest's testTimeout, so a real failure still names the missing element.
configure({ asyncUtilTimeout: 8000 });

// Each test's own deadline, set here because jest ignores a project's testTimeout when
// several projects run together (as in `npm test`).
jest.setTimeout(30_000);

// Money fields load the reader of typed amounts after their page rendered (ADR 0065);
// in a test it is loaded first, so what a test types is read at once. Loading it late is
// tested on its own (components/MoneyInput.test.tsx).
beforeAll(async () => {
  const { loadAmountReader } = await import('../src/components/MoneyInput');
  await loadAmountReader();
});
