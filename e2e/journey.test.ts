// A new user's journey through the real product, one screenshot per screen; every
// screenshotted screen (modals and the mobile menu included) is audited with axe-core.
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
import { newTraveller, signIn } from './traveller';

/** Registered through the form below: its fields are what a person types. */
const USER = newTraveller('journey', { birthday: '1991-06-15' });

/** The narrow phone the mobile layout is checked at. */
const PHONE = { width: 390, height: 844 };

function dateFromToday(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripUrl = '';

beforeAll(async () => {
  await assertProductRunning();
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step, brokenAt } = journeySteps('journey', () => page);

const go = (path: string) => page.goto(`${BASE_URL}${path}`);
const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });

describe('a new traveller', () => {
  step('sees the landing and about pages', async () => {
    await go('/');
    await visible('Plan Smarter, Travel Further.');
    await shot(page, 'landing');
    await page.setViewportSize(PHONE);
    await shot(page, 'landing-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    // The landing page is served without the app; following a link loads the app in
    // place, with no page reload (a marker on the window survives), and Back returns.
    await page.evaluate(() => Object.assign(window, { landingMarker: true }));
    await page.getByRole('link', { name: 'About us' }).click();
    await visible('Cost breakdowns');
    await shot(page, 'about');
    jestExpect(await page.evaluate(() => 'landingMarker' in window)).toBe(true);
    await page.goBack();
    await visible('Plan Smarter, Travel Further.');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(/\/login$/);
    jestExpect(await page.evaluate(() => 'landingMarker' in window)).toBe(true);
  });

  step('is refused with a 4-digit zip, then registers', async () => {
    await go('/register');
    await page.getByLabel('First Name').fill(USER.fname);
    await page.getByLabel('Last Name').fill(USER.lname);
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByLabel('Date of Birth').fill(USER.birthday);
    await page.getByLabel('City').fill(USER.city);
    await page.getByLabel('State').selectOption(USER.state);
    await page.getByLabel('Zip Code').fill('7330');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible('Zip code must be exactly 5 digits.');
    await shot(page, 'register-zip-refused');

    await page.getByLabel('Zip Code').fill('73301');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/login\?created=1/);
    await visible('Account created. Please log in.');
    await shot(page, 'login-after-register');
  });

  step('logs in and lands on an empty My Trips', async () => {
    await signIn(page, USER);
    await visible('Start planning your trips!');
    await shot(page, 'mytrips-empty');
  });

  step('creates a trip from the city search with the keyboard', async () => {
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    await visible('No trips yet');
    await shot(page, 'explore-empty');
    await page.getByRole('link', { name: 'Create a trip' }).click();
    await page.waitForURL(/\/search$/);
    await visible('Where are you going?');
    await shot(page, 'search-empty');

    const combobox = page.getByRole('combobox', { name: 'City' });
    // Typed key by key like a person (the delay paces keystrokes; nothing waits on it).
    await combobox.pressSequentially('Lisb', { delay: 40 });
    await page
      .getByRole('option', { name: /Lisbon/ })
      .first()
      .waitFor();
    await shot(page, 'search-suggestions');
    await combobox.press('ArrowDown');
    await combobox.press('Enter');
    await jestExpect(await combobox.inputValue()).toMatch(/Lisbon/);
    await page.locator('.preview__image').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'search-chosen');

    await page.getByRole('button', { name: 'Create Trip' }).click();
    await page.waitForURL(/\/explore$/);
    await page
      .getByRole('article', { name: /Lisbon/ })
      .first()
      .waitFor();
    // A new trip has nothing wrong: its card asks for windows, not attention (ADR 0063).
    await visible('No windows yet: add dates to compare');
    jestExpect(await page.getByText('Needs attention').count()).toBe(0);
    await shot(page, 'explore-with-trip');
  });

  step('adds two instances, sees their totals and commits one', async () => {
    await page
      .getByRole('link', { name: /^View Lisbon/ })
      .first()
      .click();
    await page.waitForURL(/\/trips\/[^/]+$/);
    tripUrl = new URL(page.url()).pathname;
    await visible('Trip Instances');
    await page.waitForLoadState('networkidle');
    await shot(page, 'trip-overview-empty');

    const addInstance = async (
      start: number,
      end: number,
      stay: string,
      travel: string,
      car: string,
      other: string,
    ) => {
      await page.getByRole('button', { name: 'Create New Instance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Trip Instance' });
      await dialog.waitFor();
      await dialog.getByLabel('Start Date').fill(dateFromToday(start));
      await dialog.getByLabel('End Date').fill(dateFromToday(end));
      await dialog.getByLabel('Stay').fill(stay);
      await dialog.getByLabel('Travel').fill(travel);
      await dialog.getByLabel('Car').fill(car);
      await dialog.getByLabel('Other').fill(other);
      return dialog;
    };

    const first = await addInstance(10, 14, '500', '200.5', '0', '10');
    await shot(page, 'create-instance-modal');
    await first.getByRole('button', { name: 'Create', exact: true }).click();
    await first.waitFor({ state: 'detached' });
    await visible('$710.50');

    const second = await addInstance(30, 35, '300', '100', '', '0');
    await second.getByRole('button', { name: 'Create', exact: true }).click();
    await second.waitFor({ state: 'detached' });
    await visible('$400.00');
    const totals = await page.locator('.instance-card__total').allTextContents();
    jestExpect(totals).toEqual(['$400.00', '$710.50']);
    await shot(page, 'trip-overview-two-instances');

    const cheaper = page.locator('.instance-card', { hasText: '$400.00' });
    await cheaper.getByRole('button', { name: /^More actions for/ }).click();
    await cheaper.getByRole('menuitem', { name: 'Commit', exact: true }).click();
    await cheaper.getByText('Committed', { exact: true }).waitFor();
    await cheaper.getByRole('button', { name: /^More actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Committed ✓' }).waitFor();
    await page.keyboard.press('Escape');
    await visible('Committed');
    await shot(page, 'trip-overview-committed');
  });

  step('opens an instance, edits it and sees the live total', async () => {
    await page.locator('.instance-card', { hasText: '$400.00' }).getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/instances\//);
    await visible('Trip Details & Expenses');
    await shot(page, 'instance-view');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Other Expenses').fill('25.25');
    await visible('$425.25');
    await shot(page, 'instance-edit');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('link', { name: 'Back to Trip Overview' }).click();
    await page.waitForURL(new RegExp(`${tripUrl}$`));
  });

  step('sees the committed trip on My Trips with its status', async () => {
    await go('/mytrips');
    await page.getByRole('heading', { level: 2, name: /Lisbon/ }).waitFor();
    await visible(/days until your next trip|Tomorrow|In \d+ hours?|Happening now/);
    await shot(page, 'mytrips-committed');
  });

  step('favourites the trip into a new wishlist and sees the toast', async () => {
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    await page
      .getByRole('button', { name: /Add .*Lisbon.* to a wishlist/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add to wishlist' });
    await dialog.waitFor();
    await dialog.getByLabel('New list name').fill('Summer picks');
    await shot(page, 'wishlist-modal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible('Trip has been added to Summer picks');
    await page.getByRole('article', { name: 'Wishlist Summer picks' }).waitFor();
    await shot(page, 'explore-wishlist-toast');
    await page.getByRole('link', { name: 'Open wishlist Summer picks' }).click();
    await page.waitForURL(/\/wishlist-detail\//);
    await page
      .getByRole('article', { name: /Lisbon/ })
      .first()
      .waitFor();
    await shot(page, 'wishlist-detail');
  });

  step('edits the profile', async () => {
    await go('/mytrips');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile\//);
    await visible('Manage your profile details.');
    await shot(page, 'profile-view');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Dallas');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible('Profile updated successfully.');
    await shot(page, 'profile-saved');
  });

  step('hits an unknown path and sees the 404 page', async () => {
    await go('/this-path-does-not-exist');
    await visible('Oops! The page you’re looking for doesn’t exist.');
    await shot(page, 'not-found');
  });

  step('logs out and is refused a guarded page', async () => {
    await page.setViewportSize(PHONE);
    await go('/explore');
    await page
      .getByRole('article', { name: /Lisbon/ })
      .first()
      .waitFor();
    await shot(page, 'explore-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor({ state: 'visible' });
    await shot(page, 'mobile-menu');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForURL(/\/login$/);
    await go('/explore');
    await page.waitForURL(/\/not-logged-in$/);
    await visible('You must be logged in to view this page.');
    await shot(page, 'access-denied');
  });
});

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('finds no serious or critical violation on any screen of the journey', () => {
    const report = writeA11yReport('journey');
    // Every screen of the journey was audited (a broken step stops the journey early).
    jestExpect(brokenAt()).toBeNull();
    jestExpect(a11y.screens.length).toBeGreaterThanOrEqual(20);
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
