// A traveller's data is theirs, in the real product through a real browser: another
// user sees only the public part of a profile, the owner downloads everything as
// one file and deletes the account, and the public port shows nothing internal.
import fs from 'node:fs';
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  a11y,
  BASE_URL,
  assertProductRunning,
  blockingFindings,
  journeySteps,
  launch,
  shot,
  writeA11yReport,
} from './browser';
import { api, newTraveller, PASSWORD, request, signIn, signUp } from './traveller';

const person = (name: string) =>
  newTraveller(`privacy-${name.toLowerCase()}`, {
    fname: name,
    lname: 'Privacy',
    birthday: '1988-02-29',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
  });
const OWNER = person('Olive');
const OTHER = person('Oscar');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let ownerId = '';
let ownerTrip = '';

beforeAll(async () => {
  await assertProductRunning();
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const owner = await signUp(OWNER);
  ownerId = owner.id;
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' }, owner.token);
  ownerTrip = trip._id;
  await api(
    'POST',
    `/api/trips/getaway/${ownerTrip}/instances`,
    { trip_start: '2031-06-01', trip_end: '2031-06-05', stay_expense: 500, travel_expense: 220 },
    owner.token,
  );
  await api('POST', '/api/wishlist/createlist', { list_name: 'Someday', trips: [{ _id: ownerTrip }] }, owner.token);
  await signUp(OTHER);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step, brokenAt } = journeySteps('privacy', () => page);

const go = (path: string) => page.goto(`${BASE_URL}${path}`);
const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });

describe('a traveller’s data', () => {
  step('the public port answers API-looking paths with JSON, never the app or metrics', async () => {
    for (const path of ['/metrics', '/openapi.json', '/api/user/openapi.json', '/healthz/live', '/api/nope']) {
      const res = await request('GET', path);
      jestExpect([path, res.status, res.type]).toEqual([path, 404, jestExpect.stringContaining('application/json')]);
    }
    if (process.env.E2E_METRICS_URL) {
      const metrics = await fetch(process.env.E2E_METRICS_URL);
      jestExpect(metrics.status).toBe(200);
      jestExpect(await metrics.text()).toContain('http_requests_total');
    }
  });

  step('another user sees only the public part of a profile', async () => {
    await signIn(page, OTHER);
    await go(`/profile/${ownerId}`);
    await visible('Only their public details are shown.');
    await visible('Denver, CO');
    jestExpect(await page.getByLabel('Date of Birth').count()).toBe(0);
    jestExpect(await page.getByLabel('Zip Code').count()).toBe(0);
    jestExpect(await page.getByText('80202').count()).toBe(0);
    jestExpect(await page.getByRole('button', { name: 'Delete account' }).count()).toBe(0);
    await shot(page, 'privacy-other-profile');
    await go('/mytrips');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
  });

  step('the owner downloads their data as one JSON file', async () => {
    await signIn(page, OWNER);
    await go(`/profile/${ownerId}`);
    await visible('Your data');
    await shot(page, 'privacy-own-profile');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    jestExpect(download.suggestedFilename()).toMatch(/^tripcost-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    jestExpect(data.account).toMatchObject({ _id: ownerId, email: OWNER.email });
    jestExpect(data.profile).toMatchObject({ fname: 'Olive', birthday: '1988-02-29', zip: '80202' });
    jestExpect(data.trips).toHaveLength(1);
    jestExpect(data.trips[0]).toMatchObject({ _id: ownerTrip, location_address: 'Lisbon, Portugal' });
    jestExpect(data.trips[0].instances[0]).toMatchObject({ stay_expense: 500, travel_expense: 220, total_cost: 720 });
    jestExpect(data.wishlists).toEqual([jestExpect.objectContaining({ list_name: 'Someday' })]);
  });

  step(
    'the owner deletes the account: a wrong password is refused, the right one logs out to the landing page',
    async () => {
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.getByText('every trip, with all its date windows and costs').waitFor();
      await dialog.getByLabel('Your password').fill('not my password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('The password is not correct.').waitFor();
      await shot(page, 'privacy-delete-confirm');
      await dialog.getByLabel('Your password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await visible('Your account and all its data have been deleted.');
      await visible('Plan Smarter, Travel Further.');
      jestExpect(new URL(page.url()).pathname).toBe('/');
      await shot(page, 'privacy-deleted');
      // Gone for good: the login fails, and a reload does not bring the session back.
      await page.reload();
      await visible('Plan Smarter, Travel Further.');
      const login = await request('POST', '/api/user/login', { email: OWNER.email, password: PASSWORD });
      jestExpect(login.status).toBe(400);
    },
  );
});

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('finds no serious or critical violation on the privacy screens (profiles, the delete dialog)', () => {
    const report = writeA11yReport('privacy');
    jestExpect(brokenAt()).toBeNull();
    jestExpect(a11y.screens.length).toBeGreaterThanOrEqual(4);
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
