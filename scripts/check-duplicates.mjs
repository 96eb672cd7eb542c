// `npm run lint` runs this: the copy-paste detector (jscpd) over the product's own code
// (tests, e2e, fault, system, bench and generated files aside, as .jscpd.json says).
// Each clone it lists is a block of six or more lines written twice; a few are kept on
// purpose, so the check fails only above MAX_CLONES, and prints every clone so a new
// one is easy to find and fold into the code it repeats.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib/environment.mjs';

const MAX_CLONES = 8;
const require = createRequire(import.meta.url);
const { detectClones } = require('jscpd');

const options = JSON.parse(readFileSync(join(ROOT, '.jscpd.json'), 'utf8'));
const clones = await detectClones({ ...options, path: options.path.map((dir) => join(ROOT, dir)) });
const where = (part) => `${part.sourceId.replace(`${ROOT}/`, '')}:${part.start.line}-${part.end.line}`;
for (const clone of clones) console.log(`  ${where(clone.duplicationA)} ~ ${where(clone.duplicationB)}`);
console.log(`${clones.length} repeated block(s) of ${options.minLines}+ lines (at most ${MAX_CLONES} allowed).`);
if (clones.length > MAX_CLONES) {
  console.error('Too much repeated code: fold the new repetition into the code it copies.');
  process.exit(1);
}
