// The first screens read right (docs/adr/0063-first-screens-read-right.md), on a phone
// (390 × 844): Explore's card for a trip with six priced windows shows the cheapest
// one's dates and total and how many windows there are, never "Needs attention"; a trip
// without windows asks for some; "+ Create" covers no card, and a toast covers neither
// the tab bar nor the header; a window card's actions open as a menu under its figures.
// One browser and one page; the data is made through the API.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  BASE_URL,
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

describe('the first screens on a phone', () => {
  step('Explore’s card shows the cheapest window, its total and the window count, not "Needs attention"', async () => {
    await signIn(page, USER);
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    const lisbon = page.getByRole('article', { name: 'Lisbon, Portugal' });
    await lisbon.getByText('Mar 19, 2031 – Mar 22, 2031').waitFor();
    await lisbon.getByText('$520.50').waitFor();
    await lisbon.getByText('cheapest of 6 windows').waitFor();
    jestExpect(await lisbon.getByText('Not set').count()).toBe(0);
    jestExpect(await page.getByText('Needs attention').count()).toBe(0);
    // A trip without windows has nothing wrong: it asks for some.
    await page
      .getByRole('article', { name: 'Porto, Portugal' })
      .getByText('No windows yet: add dates to compare')
      .waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'first-screens-explore-390');
  });

  step('"+ Create" covers no card and no tab, wherever the page is scrolled', async () => {
    const create = page.getByRole('link', { name: 'Create a trip' });
    const cards = page.getByRole('article');
    const tabs = page.getByRole('navigation', { name: 'Trips' });
    for (const scrolled of [0, 400, 100_000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrolled);
      const [button] = await boxes(create);
      const covered = [...(await boxes(cards)), ...(await boxes(tabs))].filter((box) => button && overlap(button, box));
      jestExpect({ scrolled, button: Boolean(button), covered }).toEqual({ scrolled, button: true, covered: [] });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  step('a toast covers neither the tab bar nor the header', async () => {
    const porto = page.getByRole('article', { name: 'Porto, Portugal' });
    await porto.getByRole('button', { name: 'Delete Porto, Portugal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Trip deleted successfully' });
    await toast.waitFor();
    await shot(page, 'first-screens-toast-390', { a11y: false });
    const [shown] = await boxes(toast);
    const header = await boxes(page.locator('.site-header'));
    const tabs = await boxes(page.getByRole('navigation', { name: 'Trips' }));
    jestExpect(header.length + tabs.length).toBe(2);
    jestExpect([...header, ...tabs].filter((box) => shown && overlap(shown, box))).toEqual([]);
    // Inside the screen, whole.
    jestExpect(shown!.y + shown!.height).toBeLessThanOrEqual(844);
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

  afterAll(() => {
    const report = writeA11yReport('first-screens');
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
