// The first screens read right (docs/adr/0063-first-screens-read-right.md and 0076), on
// a phone (390 × 844): Explore's card for a trip with six priced windows shows the
// cheapest one's dates and total and how many windows there are, not "Needs attention",
// which only a trip whose window has no prices gets; a trip without windows asks for some;
// nothing covers a card, a button, a link or the tab bar (elementFromPoint at their
// centres), with or without a toast, on Explore and a trip page; a window card's actions
// open as a menu under its figures.
// One browser and one page; the data is made through the API.
import { expect as jestExpect } from '@jest/globals';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  BASE_URL,
  SCREENSHOT_DIR,
  assertProductRunning,
  blockingFindings,
  journeySteps,
  launch,
  shot,
  writeA11yReport,
} from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('first-screens', {
  fname: 'Léa',
  lname: 'Martin',
  city: 'Lyon',
  state: 'Auvergne-Rhône-Alpes',
  zip: '69001',
  country: 'FR',
});

// Six priced windows; the cheapest is Mar 19–22, 2031 at $520.50.
const WINDOWS: Array<[string, string, number]> = [
  ['2031-03-12', '2031-03-15', 640],
  ['2031-03-19', '2031-03-22', 520.5],
  ['2031-04-02', '2031-04-06', 900],
  ['2031-04-09', '2031-04-13', 870],
  ['2031-05-01', '2031-05-04', 610],
  ['2031-05-20', '2031-05-24', 1010],
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let lisbonPath = '';

beforeAll(async () => {
  await assertProductRunning();
  const { token } = await signUp(USER);
  const lisbon = await api('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' }, token);
  lisbonPath = `/trips/${lisbon._id}`;
  for (const [trip_start, trip_end, stay] of WINDOWS) {
    const window = { trip_start, trip_end, stay_expense: stay, travel_expense: 0, car_expense: 0, other_expense: 0 };
    await api('POST', `/api/trips/getaway/${lisbon._id}/instances`, window, token);
  }
  await api('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' }, token);
  // One window with no prices yet: that card needs attention, and says why.
  const faro = await api('POST', '/api/trips/getaway-trip', { location_address: 'Faro, Portugal' }, token);
  const unpriced = { trip_start: '2031-07-04', trip_end: '2031-07-08', stay_expense: 0, travel_expense: 0 };
  await api('POST', `/api/trips/getaway/${faro._id}/instances`, unpriced, token);
  browser = await launch();
  // A context of its own: the accessibility audit (axe) needs one.
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step } = journeySteps('first-screens', () => page);

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every element `locator` finds, where the page shows them now. */
async function boxes(locator: Locator): Promise<Box[]> {
  const found = await Promise.all((await locator.all()).map((element) => element.boundingBox()));
  return found.filter((box): box is Box => box !== null);
}

/** What the checks look at: cards, buttons, links, the tab bar and toasts. */
const CHECKED = 'article, li, button, a[href], nav, .toast';

interface Covering {
  /** How many elements had their centre on the screen, and so were checked. */
  checked: number;
  /** Each element whose centre another element covers: what it is and what covers it. */
  covered: Array<{ element: string; by: string }>;
}

/**
 * Asks the browser, at the centre of every shown card, button, link, tab bar and toast
 * whose centre is on the screen, which element a tap there reaches (elementFromPoint):
 * the element itself or something inside it, or it is covered. The header sticks to the
 * top and, on a phone, the toasts just under it: what has scrolled under them is out of
 * view, as above the screen, and is not checked.
 */
function covering(page: Page): Promise<Covering> {
  return page.evaluate((selector) => {
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} "${(
        element.getAttribute('aria-label') ??
        element.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}"`;
    // What sticks at the top: the header, and on a phone the toasts just under it.
    const sticky = [document.querySelector('.app-top') ?? document.querySelector('.site-header')].filter(
      (element): element is Element => element !== null,
    );
    const toaster = document.querySelector('.toaster');
    if (toaster && getComputedStyle(toaster).position === 'sticky') sticky.push(toaster);
    const top = Math.max(0, ...sticky.map((element) => element.getBoundingClientRect().bottom));
    let checked = 0;
    const covered: Array<{ element: string; by: string }> = [];
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !element.checkVisibility({ visibilityProperty: true })) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const inTop = sticky.some((stuck) => stuck.contains(element));
      if (x < 0 || x >= window.innerWidth || y >= window.innerHeight || y < (inTop ? 0 : top)) continue;
      checked += 1;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !element.contains(hit)) covered.push({ element: name(element), by: hit ? name(hit) : 'nothing' });
    }
    return { checked, covered };
  }, CHECKED);
}

/** Checks at the top, in the middle and at the bottom of the page. */
async function coveringWhileScrolled(page: Page): Promise<Array<Covering & { scrolled: number }>> {
  const found = [];
  for (const scrolled of [0, 400, 100_000]) {
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    found.push({ scrolled, ...(await covering(page)) });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return found;
}

/** The centre of what `locator` finds is on the screen and a tap there reaches it. */
async function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (y < 0 || y >= window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
  });
}

describe('the first screens on a phone', () => {
  step('Explore’s card shows the cheapest window, its total and the window count, not "Needs attention"', async () => {
    await signIn(page, USER);
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    const lisbon = page.getByRole('article', { name: 'Lisbon, Portugal' });
    await lisbon.getByText('Mar 19, 2031 – Mar 22, 2031').waitFor();
    await lisbon.getByText('$520.50').waitFor();
    await lisbon.getByText('cheapest of 6 windows').waitFor();
    jestExpect(await lisbon.getByText('Not set').count()).toBe(0);
    jestExpect(await lisbon.getByText('Needs attention').count()).toBe(0);
    // "Needs attention" only where something does, with what.
    const faro = page.getByRole('article', { name: 'Faro, Portugal' });
    await faro.getByText('Needs attention').waitFor();
    await faro.getByText('The cheapest window has no prices yet').waitFor();
    jestExpect(await page.getByText('Needs attention').count()).toBe(1);
    // A trip without windows has nothing wrong: it asks for some.
    await page
      .getByRole('article', { name: 'Porto, Portugal' })
      .getByText('No windows yet: add dates to compare')
      .waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'first-screens-explore-390');
  });

  step('nothing covers a card, a button or the tab bar, wherever the page is scrolled', async () => {
    await page.getByRole('link', { name: 'Create a trip' }).waitFor();
    for (const { scrolled, checked, covered } of await coveringWhileScrolled(page)) {
      jestExpect({ scrolled, covered }).toEqual({ scrolled, covered: [] });
      jestExpect(checked).toBeGreaterThan(5);
    }
    // "+ Create" is in the page's header, not over the first card.
    const create = await boxes(page.getByRole('link', { name: 'Create a trip' }));
    const cards = await boxes(page.getByRole('article'));
    jestExpect(create.length).toBe(1);
    jestExpect(cards.filter((card) => overlap(card, create[0]!))).toEqual([]);
  });

  step('a toast shown while a dialog is open rises above its backdrop, whole and reachable', async () => {
    // The wishlist service fails this once: the dialog stays open with the spec's toast.
    await page.route('**/api/wishlist/**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"Down for a moment"}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Add Lisbon, Portugal to a wishlist' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New list name').fill('Summer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Said in the dialog and in a toast (the spec's words): the toast is the one checked.
    const toast = page.locator('.toast', { hasText: 'Could not save to wishlist. Please try again.' });
    await toast.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'first-screens-dialog-toast-390-screen.png') });
    const [shown] = await boxes(toast);
    jestExpect({ reachable: await reachable(toast), inside: shown!.y + shown!.height <= 844 }).toEqual({
      reachable: true,
      inside: true,
    });
    await page.unroute('**/api/wishlist/**');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast.waitFor({ state: 'detached' });
  });

  step('a toast takes room of its own: the tab bar, the first card and the toast itself stay reachable', async () => {
    const porto = page.getByRole('article', { name: 'Porto, Portugal' });
    await porto.getByRole('button', { name: 'Delete Porto, Portugal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Trip deleted successfully' });
    await toast.waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    // The toast's own animation ends before the page is measured.
    await page.waitForTimeout(300);
    // The screen as the traveller sees it (the numbered shots are of the whole page).
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'first-screens-toast-390-screen.png') });
    const firstCard = page.getByRole('article').first();
    const tabs = page.getByRole('navigation', { name: 'Trips' });
    jestExpect({
      toast: await reachable(toast),
      tabs: await Promise.all((await tabs.getByRole('link').all()).map(reachable)),
      firstCard: await reachable(firstCard),
    }).toEqual({ toast: true, tabs: [true, true, true], firstCard: true });
    const { checked, covered } = await covering(page);
    jestExpect(covered).toEqual([]);
    jestExpect(checked).toBeGreaterThan(5);
    // Scrolled, the toast stays in view under the tabs, and still covers nothing.
    for (const { scrolled, covered: under } of await coveringWhileScrolled(page)) {
      jestExpect({ scrolled, under }).toEqual({ scrolled, under: [] });
    }
    // And the tab bar takes a tap while it shows.
    await tabs.getByRole('link', { name: 'Past' }).click();
    await page.waitForURL(/\/previous-trips$/);
    await page.goBack();
  });

  step('a window card shows its total and status, View Details, and its other actions in a menu', async () => {
    await page.goto(`${BASE_URL}${lisbonPath}`);
    const card = page.getByRole('listitem').filter({ hasText: 'Mar 19, 2031 – Mar 22, 2031' });
    await card.getByText('$520.50').waitFor();
    await card.getByText('Considering').waitFor();
    jestExpect(await card.getByRole('button').allTextContents()).toEqual(['More ▾']);
    const more = card.getByRole('button', { name: /^More actions for/ });
    await more.click();
    const menu = card.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Commit' }).waitFor();
    jestExpect(await more.getAttribute('aria-expanded')).toBe('true');
    // It opens in the card, under its button: the next card moves down rather than being covered.
    const [list] = await boxes(menu);
    const next = await boxes(page.getByRole('listitem').filter({ hasText: 'Mar 12, 2031 – Mar 15, 2031' }));
    jestExpect(next.filter((box) => list && overlap(list, box))).toEqual([]);
    await shot(page, 'first-screens-card-menu-390');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    jestExpect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  step('on the trip page, a toast covers no window card and none of its buttons', async () => {
    const card = page.getByRole('listitem').filter({ hasText: 'Mar 12, 2031 – Mar 15, 2031' });
    await card.getByRole('button', { name: /^More actions for/ }).click();
    await card.getByRole('menuitem', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Instance deleted successfully' }).waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    const first = page.getByRole('listitem').filter({ hasText: 'May 20, 2031 – May 24, 2031' });
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'first-screens-trip-toast-390-screen.png') });
    for (const { scrolled, checked, covered } of [
      { scrolled: -1, ...(await covering(page)) },
      ...(await coveringWhileScrolled(page)),
    ]) {
      jestExpect({ scrolled, covered }).toEqual({ scrolled, covered: [] });
      jestExpect(checked).toBeGreaterThan(3);
    }
  });

  afterAll(() => {
    const report = writeA11yReport('first-screens');
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
