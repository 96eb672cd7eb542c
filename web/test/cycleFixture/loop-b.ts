// Fixture for noCycle.test.ts: loop-a and loop-b load each other.
import { a } from './loop-a';

export const b = () => a;
