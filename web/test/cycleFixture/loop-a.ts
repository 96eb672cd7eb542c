// Fixture for noCycle.test.ts: loop-a and loop-b load each other.
import { b } from './loop-b';

export const a = () => b;
