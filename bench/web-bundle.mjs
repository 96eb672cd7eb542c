#!/usr/bin/env node
// The JavaScript a browser downloads, gzipped, for the first load of each route:
// the entry's static import closure plus the route's lazily loaded chunk and its
// imports, read from Vite's manifest. Builds the web app first unless --no-build
// (the smoke run reuses an existing build).
//   node bench/web-bundle.mjs [--no-build] [--smoke]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../scripts/lib/environment.mjs';
import { isMain, runAlone } from './lib/table.mjs';

const web = path.join(ROOT, 'web');
const dist = path.join(web, 'dist');
const KIB = 1024;
const LANDING_TARGET = 90 * KIB;
const ROUTE_TARGET = 150 * KIB;
const PRECACHE_TARGET = 600 * KIB;

const ROUTES = {
  '/login': 'features/auth/components/LoginPage.tsx',
  '/register': 'features/auth/components/RegisterPage.tsx',
  '/about': 'app/pages/AboutPage.tsx',
  '/mytrips': 'features/trips/components/MyTripsPage.tsx',
  '/explore': 'app/pages/ExplorePage.tsx',
  '/previous-trips': 'features/trips/components/PastTripsPage.tsx',
  '/search': 'features/search/components/CitySearchPage.tsx',
  '/trips/:tripId': 'app/pages/TripOverviewPage.tsx',
  '/trips/:tripId/instances/:instanceId': 'features/windows/components/InstancePage.tsx',
  '/profile/:userId': 'features/profile/components/ProfilePage.tsx',
  '/wishlist-detail/:id': 'features/wishlists/components/WishlistDetailPage.tsx',
  '/view-all': 'app/pages/ViewAllPage.tsx',
  '/join/:token': 'features/sharing/components/JoinPage.tsx',
};

/** Gzipped bytes of every JS file loaded with these manifest keys and their static imports. */
function firstLoad(manifest, keys) {
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
  let gzip = 0;
  for (const file of files) gzip += gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  return gzip;
}

/** Gzipped bytes of every file the service worker precaches (its list in dist/sw.js). */
export function precacheGzip() {
  const worker = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]);
  if (urls.length === 0) throw new Error('No precache list in dist/sw.js');
  let gzip = 0;
  for (const url of urls) gzip += gzipSync(fs.readFileSync(path.join(dist, url)), { level: 9 }).length;
  return { files: urls.length, gzip };
}

export async function run({ smoke, log }) {
  const haveBuild = fs.existsSync(path.join(dist, '.vite', 'manifest.json'));
  if (!process.argv.includes('--no-build') && !(smoke && haveBuild)) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const keyOf = (fragment) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(fragment));
    if (!key) throw new Error(`No chunk for ${fragment} in the Vite manifest`);
    return key;
  };
  const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;
  // The landing page is part of the entry; every other route also loads the app
  // (app/FullApp.tsx: router, store, API client) and its own chunk.
  const landing = firstLoad(manifest, [entry]);
  const app = keyOf('app/FullApp.tsx');
  const routes = Object.entries(ROUTES).map(([route, file]) => [route, firstLoad(manifest, [entry, app, keyOf(file)])]);
  routes.sort((a, b) => b[1] - a[1]);
  const [heaviestRoute, heaviest] = routes[0];
  const precache = precacheGzip();
  log(`web first loads: landing ${kib(landing)}; ${routes.map(([r, b]) => `${r} ${kib(b)}`).join(', ')}`);
  return [
    {
      measure: 'landing route (/) JavaScript, gzipped',
      comparison: `entry (React + landing page, no router or store); login ${kib(routes.find(([r]) => r === '/login')[1])}`,
      result: kib(landing),
      target: `≤ ${kib(LANDING_TARGET)}`,
      pass: landing <= LANDING_TARGET,
    },
    {
      measure: "every other route's first load, gzipped JS (heaviest)",
      comparison: `${heaviestRoute}; lightest ${routes.at(-1)[0]} ${kib(routes.at(-1)[1])}`,
      result: kib(heaviest),
      target: `≤ ${kib(ROUTE_TARGET)}`,
      pass: heaviest <= ROUTE_TARGET,
    },
    {
      measure: "service worker's precache, gzipped",
      comparison: `${precache.files} files: the app shell, every route's chunks, icons`,
      result: kib(precache.gzip),
      target: `≤ ${kib(PRECACHE_TARGET)}`,
      pass: precache.gzip <= PRECACHE_TARGET,
    },
  ];
}

if (isMain(import.meta.url)) await runAlone(run);
