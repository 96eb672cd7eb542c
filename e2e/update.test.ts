// A new version of the app (ADR 0038): after one visit, a second build is deployed — the
// served worker file changes by a byte, as every release's does — and the open page says
// "A new version is ready — Reload" instead of swapping code under the traveller; only
// Reload puts the new version in charge.
//
// The product serves web/dist from disk (gateway WEB_DIST), and sw.js with no-cache, so
// changing the file is a deployment as a browser sees it. The file is put back after.
import fs from 'node:fs';
import path from 'node:path';
import { expect as jestExpect } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, journeySteps, launch } from './browser';

const WORKER = path.resolve(__dirname, '../web/dist/sw.js');
let original = '';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await assertProductRunning();
  original = fs.readFileSync(WORKER, 'utf8');
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  if (original) fs.writeFileSync(WORKER, original);
  await browser?.close();
});

const { step } = journeySteps('update', () => page);

/** Whether a new worker waits, and which worker controls the page. */
const workerState = () =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
  });

describe('a traveller with the app open when a new version is deployed', () => {
  step('visits once: the worker installs and controls the page, and no bar shows', async () => {
    await page.goto(`${BASE_URL}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    jestExpect(await page.getByText('A new version is ready').count()).toBe(0);
  });

  step(
    'a second build is deployed: the page says a new version is ready, and keeps the old one meanwhile',
    async () => {
      fs.writeFileSync(WORKER, `${original}\n// second build ${Date.now()}\n`);
      await page.reload();
      await page.getByText('A new version is ready —').waitFor({ timeout: 30_000 });
      jestExpect(await workerState()).toEqual({ waiting: true, controlled: true });
      await page.screenshot({ path: '/work/wt/shots/h9-update-bar-1280.png' });
    },
  );

  step('presses Reload: the new version takes over and the bar is gone', async () => {
    await Promise.all([page.waitForEvent('framenavigated'), page.getByRole('button', { name: 'Reload' }).click()]);
    await page.waitForFunction(async () => !(await navigator.serviceWorker.getRegistration())?.waiting);
    jestExpect(await workerState()).toEqual({ waiting: false, controlled: true });
    jestExpect(await page.getByText('A new version is ready').count()).toBe(0);
  });
});
