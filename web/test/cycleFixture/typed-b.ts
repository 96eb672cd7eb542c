// Fixture for noCycle.test.ts: a type-only import is erased, so it is no cycle.
import type { A } from './typed-a';

export const makeB = (from?: A) => from?.name ?? 'b';
