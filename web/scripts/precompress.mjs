// After `vite build`: write Brotli and gzip copies of the hashed assets next to
// them, so the gateway can serve compressed files without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ASSETS = new URL('../dist/assets/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt)$/;
const MIN_BYTES = 1024;

let written = 0;
for (const name of readdirSync(ASSETS)) {
  const file = join(ASSETS, name);
  if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  written += 1;
}
process.stdout.write(`precompressed ${written} assets (br, gz)\n`);
