#!/usr/bin/env node
/* global document, window, localStorage, requestAnimationFrame -- code passed to page.evaluate runs in the browser */
// The trip page's comparison board with 20 windows in headless Chromium: how long from
// the trip's data arriving (the GET's responseEnd) until the table shows all 20 rows
// and the chart has drawn its bars, against the same page in the Cards view (20 cards)
// side by side, alternating rounds, medians. Optionally saves screenshots of Compare
// and the chart at 360 px and desktop width.
//   npm run build && REDIS_URL=redis://127.0.0.1:6379 node bench/web-compare.mjs [--rounds 15] [--screenshots DIR]
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { COMPONENTS, startProduct } from '../scripts/lib/product.mjs';
import { ensureKeyPair, freePort } from '../scripts/lib/environment.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const ROUNDS = Number(option('--rounds', '15'));
const SCREENSHOTS = option('--screenshots', '');
const PROFILE = args.includes('--profile');
const WINDOWS = Number(option('--windows', '20'));
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const dataDir = mkdtempSync(join(tmpdir(), 'tripcost-bench-compare-'));
const keys = ensureKeyPair(dataDir);
const ports = {};
for (const component of COMPONENTS) ports[component.name] = await freePort();
const gatewayPort = await freePort();
const product = await startProduct({
  gatewayPort,
  // Not the default 9464: another run of the product on the same machine may hold it.
  metricsPort: await freePort(),
  ports,
  quiet: !process.env.BENCH_SHOW_LOGS,
  env: {
    DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench-compare-${Date.now()}`,
    JWT_PRIVATE_KEY: keys.privatePath,
    JWT_PUBLIC_KEY: keys.publicPath,
    CORS_ORIGINS: `http://localhost:${gatewayPort}`,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    // Weather and suggestions are not measured: their providers are a closed port.
    OPEN_METEO_BASE_URL: 'http://127.0.0.1:9',
    OPEN_METEO_GEOCODING_BASE_URL: 'http://127.0.0.1:9',
    OPENAI_BASE_URL: 'http://127.0.0.1:9',
  },
});
const base = product.url;

async function api(method, path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const email = `bench-compare-${Date.now()}@example.test`;
const password = 'correct horse battery';
await api('POST', '/api/user/register', {
  fname: 'Bench',
  lname: 'Runner',
  email,
  password,
  birthday: '1990-01-01',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
});
const { accesstoken } = await api('POST', '/api/user/login', { email, password });
const trip = await api(
  'POST',
  '/api/trips/getaway-trip',
  { location_address: 'Lisbon, Portugal', travelers: 2, budget: 2000 },
  accesstoken,
);
for (let index = 0; index < WINDOWS; index += 1) {
  const start = new Date(Date.UTC(2031, 0, 5 + index * 7));
  const end = new Date(start.getTime() + (3 + (index % 5)) * 86_400_000);
  const window = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    {
      trip_start: start.toISOString().slice(0, 10),
      trip_end: end.toISOString().slice(0, 10),
      stay_expense: 600 + ((index * 137) % 900),
      travel_expense: 200 + ((index * 61) % 400),
      car_expense: index % 3 === 0 ? 0 : 90 + index * 5,
      other_expense: 40 + (index % 4) * 25,
      label: index % 4 === 0 ? `Option ${index + 1}` : '',
    },
    accesstoken,
  );
  if (index % 6 === 5) {
    await api(
      'PUT',
      `/api/trips/getaway/${trip._id}`,
      { instances: [{ _id: window._id, status: 'eliminated' }] },
      accesstoken,
    );
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

async function loggedInPage(viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** One visit: ms from the trip's responseEnd until the view shows every window (and, for Compare, the chart's bars). */
async function visit(page, view) {
  await page.evaluate(([id, chosen]) => localStorage.setItem(`tripcost:windows-view:${id}`, chosen), [trip._id, view]);
  await page.goto(`${base}/trips/${trip._id}`);
  return page.evaluate(
    ([id, view, windows]) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + 20_000;
        let tableAt = 0;
        const ready = () =>
          view === 'compare'
            ? document.querySelectorAll('.compare__table tbody tr').length === windows &&
              document.querySelectorAll('.compare-chart__plot .compare-chart__row').length >= windows
            : document.querySelectorAll('.instance-grid > li').length === windows;
        const check = () => {
          if (
            !tableAt &&
            document.querySelectorAll('.compare__table tbody tr, .instance-grid > li').length === windows
          ) {
            tableAt = performance.now();
          }
          if (ready()) {
            const at = performance.now();
            const entry = performance
              .getEntriesByType('resource')
              .find((candidate) => candidate.name.endsWith(`/api/trips/getaway/${id}`));
            if (!entry) return reject(new Error('no resource timing for the trip request'));
            return resolve({ all: at - entry.responseEnd, table: tableAt - entry.responseEnd });
          }
          if (performance.now() > deadline) {
            const rows = document.querySelectorAll('.compare__table tbody tr').length;
            const bars = document.querySelectorAll('.compare-chart__plot .compare-chart__row').length;
            return reject(new Error(`the ${view} view never finished rendering (${rows} rows, ${bars} bars)`));
          }
          requestAnimationFrame(check);
        };
        check();
      }),
    [trip._id, view, WINDOWS],
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  if (PROFILE) await profile();
  if (ROUNDS > 0) await measure();
  if (SCREENSHOTS) await screenshots();
} finally {
  await browser.close();
  await product.stop();
}

async function measure() {
  const { context, page } = await loggedInPage({ width: 1280, height: 900 });
  await visit(page, 'compare'); // warm-up: chunks cached as a returning visitor has them
  await visit(page, 'cards');
  const times = { compare: [], cards: [], table: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const view of round % 2 ? ['cards', 'compare'] : ['compare', 'cards']) {
      const { all, table } = await visit(page, view);
      times[view].push(all);
      if (view === 'compare') times.table.push(table);
    }
  }
  const compare = median(times.compare);
  const cards = median(times.cards);
  console.log(
    `trip page, ${WINDOWS} windows, ${ROUNDS} alternating rounds, ms from the trip data arriving to all rendered:`,
  );
  console.log(
    `  Compare (table + chart)  median ${compare.toFixed(1)} ms  max ${Math.max(...times.compare).toFixed(1)} ms`,
  );
  console.log(`  of which the table        median ${median(times.table).toFixed(1)} ms`);
  console.log(
    `  Cards                    median ${cards.toFixed(1)} ms  max ${Math.max(...times.cards).toFixed(1)} ms`,
  );
  console.log(`  ratio Compare / Cards    ${(compare / cards).toFixed(2)}`);
  await context.close();
}

/** One Compare visit under the CPU profiler: self time per script and the top functions. */
async function profile() {
  const { context, page } = await loggedInPage({ width: 1280, height: 900 });
  await visit(page, 'compare');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const { all } = await visit(page, 'compare');
  const { profile: cpu } = await cdp.send('Profiler.stop');
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const intervals = cpu.timeDeltas;
  cpu.samples.forEach((id, index) => {
    const frame = byId.get(id).callFrame;
    const file = frame.url.split('/').pop() || `(${frame.functionName || 'program'})`;
    const key = `${file} ${frame.functionName || '(anonymous)'}:${frame.lineNumber}:${frame.columnNumber}`;
    const ms = (intervals[index] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + ms);
    self.set(file, (self.get(`file ${file}`) ?? 0) + ms);
    self.set(`file ${file}`, (self.get(`file ${file}`) ?? 0) + ms);
  });
  const top = [...self].filter(([key]) => !key.startsWith('file ')).sort((a, b) => b[1] - a[1]);
  const files = [...self].filter(([key]) => key.startsWith('file ')).sort((a, b) => b[1] - a[1]);
  console.log(`profiled visit: ${all.toFixed(1)} ms; self time by script:`);
  for (const [key, ms] of files.slice(0, 8)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key.slice(5)}`);
  console.log('top functions:');
  for (const [key, ms] of top.slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  await context.close();
}

async function screenshots() {
  {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [name, viewport] of [
      ['360', { width: 360, height: 780 }],
      ['desktop', { width: 1280, height: 900 }],
    ]) {
      const shot = await loggedInPage(viewport);
      await visit(shot.page, 'compare');
      await shot.page.locator('.compare').screenshot({ path: join(SCREENSHOTS, `compare-${name}.png`) });
      await shot.page.locator('.compare-chart').screenshot({ path: join(SCREENSHOTS, `chart-${name}.png`) });
      await shot.page.screenshot({ path: join(SCREENSHOTS, `trip-page-${name}.png`), fullPage: true });
      const wider = await shot.page.evaluate(() => {
        const overflow = document.documentElement.scrollWidth - window.innerWidth;
        // The outermost elements that stick out, to say what makes the page too wide.
        const culprits = [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .filter(
            (element) =>
              !element.parentElement?.closest('*') ||
              element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1,
          )
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
        return { overflow, culprits };
      });
      if (wider.overflow > 0) {
        console.log(
          `warning: at ${name} the page is ${wider.overflow}px wider than the screen: ${wider.culprits.join(', ')}`,
        );
      }
      await shot.context.close();
    }
    console.log(`screenshots in ${SCREENSHOTS}`);
  }
}
