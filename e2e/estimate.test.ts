// Itemising an estimate (docs/adr/0062): Stay €420 was typed for a window, then the
// traveller adds the €520 hotel as its first item. The editor asks whether the hotel
// replaces that estimate — the default — and the window's total with it follows the
// choice; replacing, the window costs €520, never €940, on screen and as stored.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, blockingFindings, journeySteps, launch, shot } from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('estimate', { fname: 'Léa', lname: 'Martin' });

let browser: Browser;
let page: Page;
let token = '';
let tripId = '';
let windowId = '';

beforeAll(async () => {
  await assertProductRunning();
  ({ token } = await signUp(USER));
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Nice, France', currency: 'EUR' },
    token,
  );
  tripId = trip._id;
  const window = await api(
    'POST',
    `/api/trips/getaway/${tripId}/instances`,
    { trip_start: '2031-06-01', trip_end: '2031-06-05', stay_expense: 420, travel_expense: 80 },
    token,
  );
  windowId = window._id;
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
});

const { step } = journeySteps('estimate', () => page);

describe('a traveller itemising a window whose stay was an estimate', () => {
  step(
    'adds the hotel as the first stay item, keeps the default "replaces", and the total is 600 (not 1,020)',
    async () => {
      await signIn(page, USER);
      await page.goto(`${BASE_URL}/trips/${tripId}/instances/${windowId}`);
      await page.getByText('Total Cost: €500.00').waitFor();
      await page.getByRole('button', { name: '+ Add stay item' }).click();
      const form = page.getByRole('form', { name: 'Add stay item' });
      await form.getByLabel('Item name').fill('Hôtel Negresco');
      await form.getByLabel('Amount').fill('520');
      const choice = form.getByRole('group', { name: 'Stay €420.00 was entered before itemising. This item…' });
      jestExpect(await choice.getByRole('radio', { name: /^replaces that estimate/ }).isChecked()).toBe(true);
      await choice.getByText('Window total with this item: €600.00').waitFor();
      // On top of the estimate the total would count the stay twice; the preview says so before anything is saved.
      await choice.getByRole('radio', { name: /^comes on top of it/ }).check();
      await choice.getByText('Window total with this item: €1,020.00').waitFor();
      await choice.getByRole('radio', { name: /^replaces that estimate/ }).check();
      await choice.getByText('Window total with this item: €600.00').waitFor();
      await shot(page, 'estimate-choice');
      await form.getByRole('button', { name: /^Add/ }).click();
      await page.getByText('Hôtel Negresco replaces the Stay estimate of €420.00.').waitFor();
      await page.getByText('Total Cost: €600.00').waitFor();
      // As stored: the stay is the hotel alone, the travel amount became an item of its own.
      const stored = await api('GET', `/api/trips/getaway/${tripId}/instances/${windowId}`, undefined, token);
      jestExpect({
        stay: stored.instance.stay_expense,
        total: stored.instance.total_cost,
        items: stored.instance.items.map((item: { name: string }) => item.name),
      }).toEqual({ stay: 520, total: 600, items: ['Travel — entered before itemising', 'Hôtel Negresco'] });
      jestExpect(blockingFindings()).toEqual([]);
    },
  );
});
