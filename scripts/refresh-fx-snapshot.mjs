#!/usr/bin/env node
// Refreshes services/integrations/data/fx-snapshot.json, the ECB reference rates that
// ship with the product (served as source 'bundled' when no live or kept rates exist),
// from a Frankfurter-compatible API. Run it before a release, with network:
//   node scripts/refresh-fx-snapshot.mjs            (FX_API_URL, else the public API)
// The answer is checked before it replaces the file: a EUR base, a YYYY-MM-DD date
// and at least 20 positive rates of three-letter codes.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'services/integrations/data/fx-snapshot.json');
const base = (process.env.FX_API_URL || 'https://api.frankfurter.dev/v1').replace(/\/+$/, '');

const response = await fetch(`${base}/latest?base=EUR`, { signal: AbortSignal.timeout(15_000) });
if (!response.ok) throw new Error(`${base}/latest answered ${response.status}`);
const answer = await response.json();
const rates = Object.entries(answer.rates ?? {}).filter(
  ([code, rate]) => /^[A-Z]{3}$/.test(code) && typeof rate === 'number' && rate > 0,
);
if (answer.base !== 'EUR' || !/^\d{4}-\d{2}-\d{2}$/.test(answer.date ?? '') || rates.length < 20) {
  throw new Error(`Not a EUR reference-rates answer: ${JSON.stringify(answer).slice(0, 200)}`);
}
const previous = JSON.parse(readFileSync(target, 'utf8'));
const snapshot = {
  $comment: previous.$comment,
  amount: 1.0,
  base: 'EUR',
  date: answer.date,
  rates: Object.fromEntries(rates.sort(([a], [b]) => (a < b ? -1 : 1))),
};
writeFileSync(target, `${JSON.stringify(snapshot, null, 2)}\n`);
console.log(`${target}: ${rates.length} rates of ${answer.date} (was ${previous.date})`);
