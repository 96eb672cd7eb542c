// A traveller decides between date windows on the comparison board: three windows,
// Compare with its Cheapest marker and Δ, eliminating the cheapest, duplicating a
// window a week later, travellers halving the per-person cost, a budget, and
// committing then clearing the plan. Screenshots at desktop and 360 px.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, journeySteps, launch, shot } from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('compare', { fname: 'Noor', lname: 'Haddad' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripPath = '';

beforeAll(async () => {
  await assertProductRunning();
  // The account and the empty trip are set up through the API; the decisions are made in the browser.
  const { token } = await signUp(USER);
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' }, token);
  tripPath = `/trips/${trip._id}`;
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step } = journeySteps('compare', () => page);

const table = () => page.getByRole('table', { name: /Date windows/ });
const row = (name: RegExp) => table().getByRole('row', { name });
const cellTexts = (locator: Locator) => locator.getByRole('cell').allTextContents();

describe('a traveller comparing date windows', () => {
  step('logs in and adds three windows to a trip', async () => {
    await signIn(page, USER);
    await page.goto(`${BASE_URL}${tripPath}`);
    await page.getByRole('heading', { name: 'Trip Instances' }).waitFor();
    const windows = [
      { start: '2031-06-01', end: '2031-06-05', stay: '600', travel: '220' },
      { start: '2031-07-01', end: '2031-07-05', stay: '500', travel: '200' },
      { start: '2031-08-01', end: '2031-08-04', stay: '700', travel: '300' },
    ];
    for (const window of windows) {
      await page.getByRole('button', { name: 'Create New Instance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Trip Instance' });
      await dialog.getByLabel('Start Date').fill(window.start);
      await dialog.getByLabel('End Date').fill(window.end);
      await dialog.getByLabel('Stay').fill(window.stay);
      await dialog.getByLabel('Travel').fill(window.travel);
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.locator('.instance-card').nth(2).waitFor();
  });

  step('opens Compare and sees the Cheapest window and the others’ difference to it', async () => {
    await page.getByRole('button', { name: 'Compare' }).click();
    const july = row(/Jul 1, 2031/);
    await july.getByText('Cheapest').waitFor();
    await row(/Jun 1, 2031/)
      .getByText('+$120.00 (+17.1%)')
      .waitFor();
    await page.getByText('Spread $300.00').waitFor();
    await page.getByText('Costs by category').waitFor();
    await page.locator('.compare-chart__plot .recharts-bar-rectangle').first().waitFor();
    await shot(page, 'compare-desktop');
  });

  step('eliminates the cheapest window and sees the marker move', async () => {
    await row(/Jul 1, 2031/)
      .getByRole('combobox', { name: /Status of/ })
      .selectOption('eliminated');
    await row(/Jun 1, 2031/)
      .getByText('Cheapest')
      .waitFor();
    jestExpect(await cellTexts(row(/Jul 1, 2031/))).toContain('Eliminated');
    await page.getByRole('button', { name: 'Eliminated (1)' }).waitFor();
  });

  step('duplicates a window a week later', async () => {
    await row(/Aug 1, 2031/)
      .getByRole('button', { name: /^Duplicate/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate window' });
    await dialog.getByRole('button', { name: '+7 days' }).click();
    await dialog.waitFor({ state: 'detached' });
    const copy = row(/Aug 8, 2031 – Aug 11, 2031/);
    await copy.waitFor();
    jestExpect(await cellTexts(copy)).toContain('$1,000.00');
    jestExpect(await copy.getByRole('combobox', { name: /Status of/ }).inputValue()).toBe('considering');
  });

  step('sets two travellers and sees the cost per person halve', async () => {
    const june = row(/Jun 1, 2031/);
    jestExpect(await cellTexts(june)).toContain('$820.00');
    await page.getByRole('button', { name: 'More travellers' }).click();
    await june.getByRole('cell', { name: '$410.00', exact: true }).waitFor();
  });

  step('sets a budget and sees whether the cheapest window fits', async () => {
    const budget = page.getByLabel('Budget ($)');
    await budget.fill('800');
    await budget.press('Enter');
    await page.getByText('Over budget by $20.00').waitFor();
    await budget.fill('1000');
    await budget.press('Enter');
    await page.getByText('Under budget by $180.00').waitFor();
  });

  step('commits a window, then clears the plan', async () => {
    const june = row(/Jun 1, 2031/);
    await june.getByRole('button', { name: 'Commit', exact: true }).click();
    await june.getByRole('button', { name: 'Committed ✓' }).waitFor();
    await page.getByText('Committed plan: $820.00').waitFor();
    await june.getByRole('button', { name: 'Clear plan' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear plan' }).click();
    await june.getByRole('button', { name: 'Commit', exact: true }).waitFor();
    jestExpect(await page.getByText(/Committed plan/).count()).toBe(0);
    jestExpect(await june.getByRole('combobox', { name: /Status of/ }).inputValue()).toBe('top_choice');
  });

  step('sees the board and the chart at 360 px, and the chart as a table', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await table().waitFor();
    // The table scrolls sideways inside its box; the page itself fits the screen.
    jestExpect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'compare-360');
    await page.getByRole('button', { name: 'Show as table' }).click();
    await page.getByRole('table', { name: 'Costs by category for each window' }).waitFor();
    await shot(page, 'compare-chart-table-360');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
