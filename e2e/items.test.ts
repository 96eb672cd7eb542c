// A traveller itemises a window's costs: two items with different bases, the window
// total and the comparison following, then one marked paid and what is still to pay.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, journeySteps, launch, shot } from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('items', { fname: 'Ines', lname: 'Costa' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripPath = '';
let windowPath = '';

beforeAll(async () => {
  await assertProductRunning();
  // A trip for two with two 4-night windows, made through the API; the items are added in the browser.
  const { token } = await signUp(USER);
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Madeira, Portugal', travelers: 2 },
    token,
  );
  await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: '2031-09-01', trip_end: '2031-09-05', stay_expense: 900 },
    token,
  );
  const window = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    // No plain amounts: this journey is about items (a window with plain amounts keeps
    // them as items when itemised, ADR 0023; the web app's own test shows that).
    { trip_start: '2031-05-01', trip_end: '2031-05-05' },
    token,
  );
  tripPath = `/trips/${trip._id}`;
  windowPath = `${tripPath}/instances/${window._id}`;
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step } = journeySteps('items', () => page);

async function addItem(category: string, name: string, amount: string, basis: string, expectedCost: string) {
  const form = page.getByRole('form', { name: `Add ${category} item` });
  await form.getByLabel('Item name').fill(name);
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Basis').selectOption({ label: basis });
  await form.getByLabel('Item cost').getByText(`= ${expectedCost}`).waitFor();
  await form.getByRole('button', { name: 'Add' }).click();
  await page
    .getByRole('region', { name: `${category[0].toUpperCase()}${category.slice(1)} items` })
    .getByRole('listitem')
    .filter({ hasText: name })
    .waitFor();
}

describe('a traveller itemising a window', () => {
  step('logs in and opens the May window', async () => {
    await signIn(page, USER);
    await page.goto(`${BASE_URL}${windowPath}`);
    await page.getByRole('heading', { name: 'Cost items' }).waitFor();
  });

  step('adds a hotel per night and flights per person, and sees the window total', async () => {
    await addItem('stay', 'Quinta hotel', '120.50', 'Per night', '$482.00');
    await addItem('travel', 'Flights', '199.99', 'Per person', '$399.98');
    await page.getByText('Paid $0.00 · Still to pay $881.98').waitFor();
    await page.getByText('Total Cost: $881.98').waitFor();
    await shot(page, 'items-window');
  });

  step('sees the comparison pick the itemised window as cheapest', async () => {
    await page.goto(`${BASE_URL}${tripPath}`);
    await page.getByRole('button', { name: 'Compare' }).click();
    const may = page.getByRole('table', { name: /Date windows/ }).getByRole('row', { name: /May 1, 2031/ });
    await may.getByText('Cheapest').waitFor();
    jestExpect(await may.getByRole('cell').allTextContents()).toContain('$881.98');
  });

  step('marks the flights paid and sees what is still to pay', async () => {
    await page.goto(`${BASE_URL}${windowPath}`);
    const flights = page
      .getByRole('region', { name: 'Travel items' })
      .getByRole('listitem')
      .filter({ hasText: 'Flights' });
    await flights.getByRole('checkbox', { name: 'Paid' }).click();
    await page.getByText('Paid $399.98 · Still to pay $482.00').waitFor();
    await shot(page, 'items-paid');
  });
});
