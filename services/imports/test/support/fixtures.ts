// The service's own fixtures (test/fixtures, written for these tests) and a PKPass built from pass.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';

export const fixture = (name: string): Buffer => readFileSync(path.join(__dirname, '..', 'fixtures', name));

/** A .pkpass (zip) holding `files` (pass.json from the fixture unless given). */
export function pkpass(files: Record<string, Uint8Array> = { 'pass.json': fixture('pass.json') }): Buffer {
  return Buffer.from(zipSync(files, { level: 6 }));
}

export { strToU8 };
