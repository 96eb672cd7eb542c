#!/usr/bin/env node
// Builds the web app and reports the gzipped JavaScript a browser downloads for the
// landing route and for the logged-in app, from Vite's manifest (static import closure
// of the entry plus the lazily loaded route chunks).
//   node bench/web-bundle.mjs [--no-build]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const dist = path.join(web, 'dist');

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** Every JS file loaded with these manifest keys: their static imports, transitively. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

function routeKey(fragment) {
  const key = Object.keys(manifest).find((k) => k.endsWith(fragment));
  if (!key) throw new Error(`No chunk for ${fragment} in the Vite manifest`);
  return key;
}

function measure(files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const buf = fs.readFileSync(path.join(dist, file));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { chunks: files.size, raw, gzip };
}

const LOGGED_IN_ROUTES = [
  'features/trips/components/MyTripsPage.tsx',
  'app/pages/ExplorePage.tsx',
  'features/trips/components/PastTripsPage.tsx',
  'features/search/components/CitySearchPage.tsx',
  'app/pages/TripOverviewPage.tsx',
  'features/instances/components/InstancePage.tsx',
  'features/profile/components/ProfilePage.tsx',
  'features/wishlists/components/WishlistDetailPage.tsx',
  'app/pages/ViewAllPage.tsx',
];

const rows = [
  ['landing route (/)', measure(closure([entryKey, routeKey('app/pages/LandingPage.tsx')]))],
  ['login (/login)', measure(closure([entryKey, routeKey('features/auth/components/LoginPage.tsx')]))],
  [
    'logged-in first screen (/mytrips)',
    measure(closure([entryKey, routeKey('features/trips/components/MyTripsPage.tsx')])),
  ],
  ['logged-in app (all guarded routes)', measure(closure([entryKey, ...LOGGED_IN_ROUTES.map(routeKey)]))],
  ['everything built', measure(closure(Object.keys(manifest)))],
];

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const table = [
  ['what', 'chunks', 'raw JS', 'gzipped JS', 'gzipped bytes'],
  ...rows.map(([name, m]) => [name, String(m.chunks), kb(m.raw), kb(m.gzip), String(m.gzip)]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
