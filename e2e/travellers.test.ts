// Travellers from anywhere, through the real product in a real browser: a French
// traveller registers with a name the spec's A–Z rule refused, a country, a region and
// a postal code, then sees them on her profile; another user sees where she lives.
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
import { api, newTraveller, signIn, signUp } from './traveller';

const ANAIS = newTraveller('travellers', {
  fname: 'Anaïs',
  lname: "O'Neil",
  city: 'Paris',
  state: 'Île-de-France',
  zip: '75001',
  country: 'FR',
});
const READER = newTraveller('travellers-reader', { fname: 'Владимир', lname: 'Набоков' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let anaisId = '';

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

const { step, brokenAt } = journeySteps('travellers', () => page);
const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });

describe('a traveller from France', () => {
  step('registers with her name, country, region and postal code; a digit in a name is refused', async () => {
    await page.goto(`${BASE_URL}/register`);
    jestExpect(await page.getByLabel('Country').inputValue()).toBe('US');
    await page.getByLabel('First Name').fill(ANAIS.fname);
    await page.getByLabel('Last Name').fill("O'Neil3");
    await page.getByLabel('Email').fill(ANAIS.email);
    await page.getByLabel('Password').fill(ANAIS.password);
    await page.getByLabel('Date of Birth').fill(ANAIS.birthday);
    await page.getByLabel('City').fill(ANAIS.city);
    await page.getByLabel('Country').selectOption({ label: 'France' });
    await page.getByLabel('Region').fill(ANAIS.state);
    await page.getByLabel('Postal Code').fill(ANAIS.zip);
    jestExpect(await page.getByLabel('Zip Code').count()).toBe(0);
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible('Last name must contain only letters.');
    await shot(page, 'register-abroad-refused');

    await page.getByLabel('Last Name').fill(ANAIS.lname);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/login\?created=1/);
    await visible('Account created. Please log in.');
  });

  step('logs in and sees her profile as she typed it', async () => {
    await signIn(page, ANAIS);
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL(/\/profile\/[0-9a-f]{24}$/);
    anaisId = page.url().split('/').pop() ?? '';
    await page.getByRole('heading', { name: "Anaïs O'Neil" }).waitFor();
    jestExpect(await page.getByLabel('First Name').inputValue()).toBe('Anaïs');
    jestExpect(await page.getByLabel('Last Name').inputValue()).toBe("O'Neil");
    jestExpect(await page.getByLabel('Country').inputValue()).toBe('FR');
    jestExpect(await page.getByLabel('Region').inputValue()).toBe('Île-de-France');
    jestExpect(await page.getByLabel('Postal Code').inputValue()).toBe('75001');
    await shot(page, 'profile-abroad');
    const stored = await api('GET', `/api/user/profile/${anaisId}`, undefined, (await signUp(READER)).token);
    jestExpect(stored).toMatchObject({ fname: 'Anaïs', lname: "O'Neil", state: 'Île-de-France', country: 'FR' });
    await page.goto(`${BASE_URL}/mytrips`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
  });

  step('another user sees where she lives, country named, and not her postal code', async () => {
    await signIn(page, READER);
    await page.goto(`${BASE_URL}/profile/${anaisId}`);
    await visible('Only their public details are shown.');
    await visible('Paris, Île-de-France, France');
    jestExpect(await page.getByText('75001').count()).toBe(0);
    await shot(page, 'profile-abroad-public');
  });
});

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('finds no serious or critical violation on the register and profile screens of a traveller from abroad', () => {
    const report = writeA11yReport('travellers');
    jestExpect(brokenAt()).toBeNull();
    jestExpect(a11y.screens.length).toBeGreaterThanOrEqual(3);
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
