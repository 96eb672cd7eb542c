#!/usr/bin/env node
/* global document, window, localStorage, navigator, requestAnimationFrame -- code passed to page.evaluate runs in the browser */
// The trip page in headless Chromium, timed from the moment its data arrives (the
// request's responseEnd in Resource Timing) until the user sees it all:
// - the comparison board with 50 windows: the table shows every row and the chart has
//   drawn every bar (target ≤ 200 ms), against the Cards view of the same trip side
//   by side, alternating rounds, medians;
// - Flex dates at its largest, 62 start dates × 14 lengths (868 cells), from the flex
//   answer's responseEnd until every cell is in the grid (target ≤ 150 ms).
// Optionally profiles one Compare visit (self time per script and function) and saves
// screenshots of Compare, the chart and Flex dates at 360 px and desktop width.
//   npm run build && REDIS_URL=redis://127.0.0.1:6379 node bench/web-compare.mjs \
//     [--rounds 9] [--windows 50] [--profile] [--trace] [--board-only] [--screenshots DIR] [--smoke]
// --trace: main-thread CPU (thread time of the renderer's tasks in a Chromium trace) from
// the trip's responseEnd to table + chart drawn, per Compare visit — robust to machine load.
// --board-only: only the Compare board (no Flex dates, no offline reload).
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { COMPONENTS, startProduct } from '../scripts/lib/product.mjs';
import { ensureKeyPair, freePort } from '../scripts/lib/environment.mjs';
import { isMain, median, ms, ratio, runAlone } from './lib/table.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const BOARD_TARGET_MS = 200;
const GRID_TARGET_MS = 150;
/** Issue 29: a trip with 50 windows shows within 1 s of an offline reload. */
const OFFLINE_TARGET_MS = 1000;
/** The largest grid the server gives: 62 start dates × 14 lengths. */
const GRID = { from: '2031-03-01', days: 62, minNights: 2, maxNights: 15 };
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

const addDays = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function run({ smoke, log }) {
  const rounds = Number(option('--rounds', smoke ? '1' : '7'));
  const windows = Number(option('--windows', '50'));
  const screenshotsDir = option('--screenshots', '');
  const bench = await setUp(windows, log);
  try {
    if (args.includes('--profile')) await profile(bench, log);
    if (args.includes('--trace')) await traceBoard(bench, rounds, log);
    const board = await measureBoard(bench, rounds, log);
    if (args.includes('--board-only')) {
      return [
        {
          measure: `trip page, ${windows} windows: table + chart drawn after the data arrives (headless Chromium)`,
          comparison: `Cards view ${ms(board.cards)}; table alone ${ms(board.table)}; max ${ms(board.max)}`,
          result: ms(board.compare),
          target: `≤ ${BOARD_TARGET_MS} ms`,
          pass: board.compare <= BOARD_TARGET_MS,
        },
      ];
    }
    const grid = await measureGrid(bench, rounds, log);
    if (screenshotsDir) await screenshots(bench, screenshotsDir, log);
    // Last: it stops the product (the network is gone for the page and its service worker).
    const offline = await measureOfflineReload(bench, rounds, log);
    return [
      {
        measure: `trip page, ${windows} windows: table + chart drawn after the data arrives (headless Chromium)`,
        comparison: `Cards view ${ms(board.cards)}; table alone ${ms(board.table)}; Compare ÷ Cards ${ratio(board.compare / board.cards)}; max ${ms(board.max)}`,
        result: ms(board.compare),
        target: `≤ ${BOARD_TARGET_MS} ms`,
        pass: board.compare <= BOARD_TARGET_MS,
      },
      {
        measure: 'Flex dates grid, 62 × 14 cells, drawn after the data arrives (headless Chromium)',
        comparison: `868 cells, ${rounds} rounds; max ${ms(grid.max)}`,
        result: ms(grid.median),
        target: `≤ ${GRID_TARGET_MS} ms`,
        pass: grid.median <= GRID_TARGET_MS,
      },
      {
        measure: `offline reload of a trip with ${windows} windows: Compare table + chart from the device (headless Chromium)`,
        comparison: `product stopped; from the reload's start to every row and bar and the offline banner; max ${ms(offline.max)}`,
        result: ms(offline.median),
        target: `≤ ${OFFLINE_TARGET_MS} ms`,
        pass: offline.median <= OFFLINE_TARGET_MS,
      },
    ];
  } finally {
    await bench.close();
  }
}

async function setUp(windowCount, log) {
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
  let browser;
  try {
    const api = async (method, path, body, token) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
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
    log(`  seeding ${windowCount} windows`);
    for (let index = 0; index < windowCount; index += 1) {
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
    // Flex dates' own trip: one itemised window (a nightly stay with weekend and season
    // rates, a return fare with a quote) whose grid is the one measured.
    const flexTrip = await api(
      'POST',
      '/api/trips/getaway-trip',
      { location_address: 'Porto, Portugal', travelers: 2 },
      accesstoken,
    );
    const flexWindow = await api(
      'POST',
      `/api/trips/getaway/${flexTrip._id}/instances`,
      {
        trip_start: '2031-03-20',
        trip_end: '2031-03-25',
        stay_expense: 0,
        travel_expense: 0,
        car_expense: 0,
        other_expense: 0,
      },
      accesstoken,
    );
    const items = `/api/trips/getaway/${flexTrip._id}/instances/${flexWindow._id}/items`;
    await api(
      'POST',
      items,
      {
        category: 'stay',
        name: 'Flat by the river',
        amount: 120,
        basis: 'per_night',
        weekend_amount: 165,
        seasons: [{ from: '2031-04-10', to: '2031-04-21', amount: 210 }],
      },
      accesstoken,
    );
    await api(
      'POST',
      items,
      {
        category: 'travel',
        name: 'Return flights',
        amount: 340,
        basis: 'per_person',
        quotes: [{ start: '2031-03-20', end: '2031-03-25', amount: 310, captured_on: addDays(today(), -2) }],
      },
      accesstoken,
    );
    await api('POST', items, { category: 'car', name: 'Car', amount: 38, basis: 'per_day' }, accesstoken);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    let stopped = false;
    const stopProduct = async () => {
      if (stopped) return;
      stopped = true;
      await product.stop();
    };
    return {
      base,
      browser,
      stopProduct,
      email,
      password,
      trip,
      windowCount,
      flexTrip,
      close: async () => {
        await browser.close();
        await stopProduct();
      },
    };
  } catch (error) {
    await browser?.close();
    await product.stop();
    throw error;
  }
}

const monthDay = (day) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const today = () => new Date().toISOString().slice(0, 10);

async function loggedInPage(bench, viewport) {
  const context = await bench.browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${bench.base}/login`);
  await page.getByLabel('Email').fill(bench.email);
  await page.getByLabel('Password').fill(bench.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** One visit: ms from the trip's responseEnd until the view shows every window (and, for Compare, the chart's bars). */
async function visit(bench, page, view) {
  const { trip, windowCount } = bench;
  await page.evaluate(([id, chosen]) => localStorage.setItem(`tripcost:windows-view:${id}`, chosen), [trip._id, view]);
  await page.goto(`${bench.base}/trips/${trip._id}`);
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
            // Marks for --trace: the trace's clock differs from performance.now().
            performance.mark('bench:drawn');
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
    [trip._id, view, windowCount],
  );
}

async function measureBoard(bench, rounds, log) {
  const { context, page } = await loggedInPage(bench, { width: 1280, height: 900 });
  try {
    await visit(bench, page, 'compare'); // warm-up: chunks cached as a returning visitor has them
    await visit(bench, page, 'cards');
    const times = { compare: [], cards: [], table: [] };
    for (let round = 0; round < rounds; round += 1) {
      for (const view of round % 2 ? ['cards', 'compare'] : ['compare', 'cards']) {
        const { all, table } = await visit(bench, page, view);
        times[view].push(all);
        if (view === 'compare') times.table.push(table);
      }
    }
    const result = {
      compare: median(times.compare),
      cards: median(times.cards),
      table: median(times.table),
      max: Math.max(...times.compare),
    };
    log(
      `  ${bench.windowCount} windows: Compare ${result.compare.toFixed(1)} ms (table ${result.table.toFixed(1)}), Cards ${result.cards.toFixed(1)} ms`,
    );
    return result;
  } finally {
    await context.close();
  }
}

/**
 * Visits the trip online (the service worker installs and controls the page, the trip is
 * kept on the device), stops the product, then times reloads: from the navigation's start
 * until Compare shows every window and bar, with the offline banner.
 */
async function measureOfflineReload(bench, rounds, log) {
  const { context, page } = await loggedInPage(bench, { width: 1280, height: 900 });
  try {
    await visit(bench, page, 'compare');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page
      .locator('.compare__table tbody tr')
      .nth(bench.windowCount - 1)
      .waitFor();
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      throw new Error('the service worker does not control the page');
    }
    await bench.stopProduct();
    const times = [];
    for (let round = 0; round < Math.max(2, rounds); round += 1) {
      await page.reload();
      times.push(
        await page.evaluate(
          (windows) =>
            new Promise((resolve, reject) => {
              const deadline = performance.now() + 20_000;
              const check = () => {
                const rows = document.querySelectorAll('.compare__table tbody tr').length;
                const bars = document.querySelectorAll('.compare-chart__plot .compare-chart__row').length;
                const banner = document.querySelector('.offline-banner');
                if (rows === windows && bars >= windows && banner) return resolve(performance.now());
                if (performance.now() > deadline) {
                  return reject(new Error(`offline reload never finished (${rows} rows, banner ${Boolean(banner)})`));
                }
                requestAnimationFrame(check);
              };
              check();
            }),
          bench.windowCount,
        ),
      );
    }
    // The first reload after the stop also waits for the failed refresh; all count.
    const result = { median: median(times), max: Math.max(...times) };
    log(
      `  offline reload, ${bench.windowCount} windows: ${result.median.toFixed(1)} ms (max ${result.max.toFixed(1)})`,
    );
    return result;
  } finally {
    await context.close();
  }
}

/** Opens Flex dates on the itemised window and waits for its first (default) grid. */
async function openFlex(bench, page) {
  const id = bench.flexTrip._id;
  await page.evaluate((trip) => localStorage.setItem(`tripcost:windows-view:${trip}`, 'flex'), id);
  await page.goto(`${bench.base}/trips/${id}`);
  await page.getByRole('grid').waitFor();
}

/** Asks for the 62 × 14 grid from `from` and times its drawing from the flex answer's responseEnd. */
async function drawGrid(page, from) {
  const to = addDays(from, GRID.days - 1);
  await page.evaluate(() => performance.clearResourceTimings());
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Fewest', { exact: true }).fill(String(GRID.minNights));
  await page.getByLabel('Most', { exact: true }).fill(String(GRID.maxNights));
  const cells = GRID.days * (GRID.maxNights - GRID.minNights + 1);
  return page.evaluate(
    ([from, to, cells, heading]) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + 20_000;
        const wanted = (name) => name.includes('/flex?') && name.includes(`from=${from}`) && name.includes(`to=${to}`);
        const check = () => {
          const drawn = document.querySelectorAll('.flex-grid [role="gridcell"]').length === cells;
          const entry = performance.getEntriesByType('resource').find((candidate) => wanted(candidate.name));
          if (drawn && entry && entry.responseEnd > 0) {
            // The previous grid stays up while the next loads: wait for the one that starts at `from`.
            const first = document.querySelectorAll('.flex-grid [role="columnheader"]')[1];
            if (first?.textContent.endsWith(heading)) return resolve(performance.now() - entry.responseEnd);
          }
          if (performance.now() > deadline) {
            return reject(new Error(`the grid never showed ${cells} cells (request seen: ${Boolean(entry)})`));
          }
          requestAnimationFrame(check);
        };
        check();
      }),
    [from, to, cells, monthDay(from)],
  );
}

async function measureGrid(bench, rounds, log) {
  const { context, page } = await loggedInPage(bench, { width: 1280, height: 900 });
  try {
    await openFlex(bench, page);
    await drawGrid(page, addDays(GRID.from, -1)); // warm-up
    const times = [];
    // A new start each round, so every round is a new request (not the cached grid).
    for (let round = 0; round < Math.max(1, rounds); round += 1)
      times.push(await drawGrid(page, addDays(GRID.from, round)));
    const result = { median: median(times), max: Math.max(...times) };
    log(`  Flex dates 62 × 14: ${result.median.toFixed(1)} ms (max ${result.max.toFixed(1)})`);
    return result;
  } finally {
    await context.close();
  }
}

/** One Compare visit under the CPU profiler: self time per script and the top functions. */
async function profile(bench, log) {
  const { context, page } = await loggedInPage(bench, { width: 1280, height: 900 });
  try {
    await visit(bench, page, 'compare');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const { all } = await visit(bench, page, 'compare');
    const { profile: cpu } = await cdp.send('Profiler.stop');
    const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
    const files = new Map();
    const functions = new Map();
    const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
    cpu.samples.forEach((id, index) => {
      const frame = byId.get(id).callFrame;
      const file = frame.url.split('/').pop() || `(${frame.functionName || 'program'})`;
      const took = (cpu.timeDeltas[index] ?? 0) / 1000;
      add(files, file, took);
      add(functions, `${file} ${frame.functionName || '(anonymous)'}:${frame.lineNumber}:${frame.columnNumber}`, took);
    });
    const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
    log(
      `  profiled Compare visit (from login page to drawn): ${all.toFixed(1)} ms after the data; self time by script:`,
    );
    for (const [key, took] of top(files, 8)) log(`    ${took.toFixed(1).padStart(7)} ms  ${key}`);
    log('  top functions:');
    for (const [key, took] of top(functions, 15)) log(`    ${took.toFixed(1).padStart(7)} ms  ${key}`);
  } finally {
    await context.close();
  }
}

/**
 * Main-thread CPU of Compare visits from a Chromium trace: the thread time (tdur) of the
 * renderer main thread's tasks between the trip request's finish (ResourceFinish) and the
 * 'bench:drawn' mark, parts of tasks clipped. Unlike wall time it barely moves with load.
 */
async function traceBoard(bench, rounds, log) {
  const { context, page } = await loggedInPage(bench, { width: 1280, height: 900 });
  try {
    await visit(bench, page, 'compare'); // warm-up
    const cpu = [];
    const layouts = [];
    const walls = [];
    for (let round = 0; round < rounds; round += 1) {
      await bench.browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel'],
      });
      const { all } = await visit(bench, page, 'compare');
      const events = JSON.parse((await bench.browser.stopTracing()).toString()).traceEvents;
      const main = events.find(
        (event) =>
          event.name === 'thread_name' &&
          event.args?.name === 'CrRendererMain' &&
          events.some((other) => other.pid === event.pid && other.name === 'bench:drawn'),
      );
      const sent = events.find(
        (event) =>
          event.name === 'ResourceSendRequest' &&
          event.args?.data?.url?.endsWith(`/api/trips/getaway/${bench.trip._id}`),
      );
      const finish = events.find(
        (event) => event.name === 'ResourceFinish' && event.args?.data?.requestId === sent?.args?.data?.requestId,
      );
      const drawn = events.find((event) => event.name === 'bench:drawn' && event.pid === main?.pid);
      if (!main || !finish || !drawn) throw new Error('trace: no renderer main thread, trip request or drawn mark');
      const from = finish.ts;
      const onMain = (event) =>
        event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.tdur !== undefined;
      const isTask = (event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask';
      // To the end of the frame the mark is in: its style, layout and paint are part of "drawn".
      const frame = events.find(
        (event) => onMain(event) && isTask(event) && event.ts <= drawn.ts && drawn.ts <= event.ts + event.dur,
      );
      const to = frame ? frame.ts + frame.dur : drawn.ts;
      // The part spent in style and layout (forced or not), counted whole where inside the window.
      const within = (event) => event.ts >= from && event.ts + event.dur <= to;
      let took = 0;
      let styleLayout = 0;
      for (const event of events) {
        if (!onMain(event)) continue;
        if (isTask(event)) {
          const start = Math.max(from, event.ts);
          const end = Math.min(to, event.ts + event.dur);
          if (end > start) took += (event.tdur * (end - start)) / Math.max(1, event.dur);
        } else if ((event.name === 'Layout' || event.name === 'UpdateLayoutTree') && within(event)) {
          styleLayout += event.tdur;
        }
      }
      cpu.push(took / 1000);
      layouts.push(styleLayout / 1000);
      walls.push(all);
    }
    const elements = await page.evaluate(() => document.querySelectorAll('.compare *').length);
    log(
      `  trace: main-thread CPU from the trip's data to drawn ${median(cpu).toFixed(1)} ms median (${cpu.map((v) => v.toFixed(0)).join(', ')}), of which style + layout ${median(layouts).toFixed(1)} ms; wall ${median(walls).toFixed(1)} ms; ${elements} elements in the board`,
    );
  } finally {
    await context.close();
  }
}

async function screenshots(bench, dir, log) {
  mkdirSync(dir, { recursive: true });
  for (const [name, viewport] of [
    ['360', { width: 360, height: 780 }],
    ['desktop', { width: 1280, height: 900 }],
  ]) {
    const shot = await loggedInPage(bench, viewport);
    try {
      await visit(bench, shot.page, 'compare');
      await shot.page.locator('.compare').screenshot({ path: join(dir, `compare-${name}.png`) });
      await shot.page.locator('.compare-chart').screenshot({ path: join(dir, `chart-${name}.png`) });
      await shot.page.screenshot({ path: join(dir, `trip-page-${name}.png`), fullPage: true });
      await warnIfWider(shot.page, name, log);
      await openFlex(bench, shot.page);
      await shot.page.locator('.flex-dates').screenshot({ path: join(dir, `flex-${name}.png`) });
      await warnIfWider(shot.page, `${name} (Flex dates)`, log);
    } finally {
      await shot.context.close();
    }
  }
  log(`  screenshots in ${dir}`);
}

async function warnIfWider(page, name, log) {
  const wider = await page.evaluate(() => {
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
    log(`  warning: at ${name} the page is ${wider.overflow}px wider than the screen: ${wider.culprits.join(', ')}`);
  }
}

if (isMain(import.meta.url)) await runAlone(run);
