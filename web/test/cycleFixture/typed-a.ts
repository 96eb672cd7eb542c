// Fixture for noCycle.test.ts: typed-b only names typed-a's type, so nothing loads back.
import { makeB } from './typed-b';

export interface A {
  name: string;
}
export const a: A = { name: makeB() };
