// Prices in any currency: a trip in pounds with a hotel priced in euros and a fare in
// dollars. Compare shows pounds; each foreign item shows both amounts and its frozen
// rate with its date and source; when the published rates move, nothing changes until
// the traveller asks "Re-price at today's rates", which then says what exchange rates
// moved the totals by. The rates come from the suite's local fake of the ECB source
// (scripts/lib/fake-rates.mjs), whose rates the test changes.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const USER = newTraveller('currency', { fname: 'Priya', lname: 'Shah' });
const FX_URL = process.env.E2E_FX_URL;

/**
 * Units per 1 EUR, as the fake publishes them: ten days ago (so those rates are over a
 * week old and say so), then today.
 */
const TODAY = new Date().toISOString().slice(0, 10);
const TEN_DAYS_AGO = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
const FIRST = { date: TEN_DAYS_AGO, rates: { GBP: 0.85, USD: 1.08, JPY: 161 } };
const LATER = { date: TODAY, rates: { GBP: 0.9, USD: 1.08, JPY: 161 } };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripPath = '';
let windowPath = '';

async function publish(rates: typeof FIRST) {
  const res = await fetch(FX_URL!, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rates),
  });
  if (!res.ok) throw new Error(`the fake rates source refused: ${res.status}`);
}

beforeAll(async () => {
  await assertProductRunning();
  if (!FX_URL) throw new Error('E2E_FX_URL is not set: run the suite with npm run e2e (it starts the fake rates)');
  await publish(FIRST);
  const { token } = await signUp(USER);
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Lisbon, Portugal', currency: 'GBP' },
    token,
  );
  const window = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: '2031-05-01', trip_end: '2031-05-05', label: 'May week' },
    token,
  );
  const items = `/api/trips/getaway/${trip._id}/instances/${window._id}/items`;
  // €100 a night for 4 nights at 0.85 → £340.00; $216 at 0.85 / 1.08 (0.787037) → £170.00.
  await api(
    'POST',
    items,
    { category: 'stay', name: 'Hotel Alfama', amount: 100, basis: 'per_night', currency: 'EUR' },
    token,
  );
  await api('POST', items, { category: 'travel', name: 'Flight', amount: 216, basis: 'total', currency: 'USD' }, token);
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

const { step } = journeySteps('currency', () => page);
const row = () => page.getByRole('table').getByRole('row', { name: /May week/ });
const cellTexts = () => row().getByRole('cell').allTextContents();

describe('a trip in pounds with prices in euros and dollars', () => {
  step('signs in and sees Compare in pounds', async () => {
    await signIn(page, USER);
    await page.goto(`${BASE_URL}${tripPath}`);
    jestExpect(await page.getByLabel('Trip currency').inputValue()).toBe('GBP');
    await page.getByRole('button', { name: 'Compare' }).click();
    await row().waitFor();
    jestExpect(await cellTexts()).toEqual(jestExpect.arrayContaining(['£340.00', '£170.00', '£510.00']));
    await page.getByText('Lowest £510.00').waitFor();
    await page.locator('.compare-chart__plot').getByText('£510.00').waitFor();
    // Nothing has moved yet: no exchange-rate line.
    jestExpect(
      await row()
        .getByText(/from exchange rates/)
        .count(),
    ).toBe(0);
  });

  step('sees each foreign item with both amounts and its frozen rate', async () => {
    await page.goto(`${BASE_URL}${windowPath}`);
    await page.getByText(`€400.00 → £340.00 at 0.85 (ECB, ${TEN_DAYS_AGO} · over 7 days old)`).waitFor();
    await page.getByText(`$216.00 → £170.00 at 0.787037 (ECB, ${TEN_DAYS_AGO} · over 7 days old)`).waitFor();
    await page.getByRole('button', { name: 'Edit Hotel Alfama' }).click();
    const form = page.getByRole('form', { name: 'Edit Hotel Alfama' });
    jestExpect(await form.getByLabel('Currency', { exact: true }).inputValue()).toBe('EUR');
    await form.getByLabel('Rate: GBP per 1 EUR').waitFor();
    await form.getByText('= €400.00 → £340.00').waitFor();
    await shot(page, 'currency-item-editor');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  step('when the published rates move, nothing changes until the traveller re-prices', async () => {
    await publish(LATER);
    await page.goto(`${BASE_URL}${tripPath}`);
    await page.getByRole('button', { name: 'Compare' }).click();
    await row().waitFor();
    jestExpect(await cellTexts()).toContain('£510.00');
    await page.getByRole('button', { name: 'Re-price at today’s rates' }).click();
    // €400 at 0.9 = £360.00 (+£20.00); $216 at 0.833333 = £180.00 (+£10.00).
    await page.getByText(/May week.*Exchange rates: £0\.00 → \+£30\.00/).waitFor();
    await row().getByText('+£30.00 from exchange rates').waitFor();
    jestExpect(await cellTexts()).toEqual(jestExpect.arrayContaining(['£360.00', '£180.00', '£540.00']));
    await shot(page, 'currency-compare-repriced');
  });

  step('sees the window at the new rates, and a second re-price changes nothing', async () => {
    await page.goto(`${BASE_URL}${windowPath}`);
    await page.getByText(`€400.00 → £360.00 at 0.9 (ECB, ${TODAY})`).waitFor();
    await page.getByText(/\+£30\.00 from exchange rates/).waitFor();
    await page.getByRole('button', { name: 'Re-price at today’s rates' }).click();
    await page.getByText('Today’s rates are the ones already used: nothing changed.').waitFor();
  });

  step(
    'changes the trip currency to euros: each rate before and after, with its day and source, then confirms',
    async () => {
      await page.goto(`${BASE_URL}${tripPath}`);
      await page.getByLabel('Trip currency').selectOption('EUR');
      const preview = page.getByRole('region', { name: 'Change the trip currency to EUR' });
      const rateRow = (region: typeof preview, what: RegExp) => region.getByRole('row', { name: what });
      // The hotel is in euros: its rate goes; the fare's becomes today's USD → EUR rate.
      await rateRow(preview, /Hotel Alfama/)
        .getByText(`1 EUR = 0.9 GBP (ECB, ${TODAY})`)
        .waitFor();
      await rateRow(preview, /Hotel Alfama/)
        .getByText('none (in EUR)')
        .waitFor();
      await rateRow(preview, /Flight/)
        .getByText(`1 USD = 0.925926 EUR (ECB, ${TODAY})`)
        .waitFor();
      await shot(page, 'currency-change-preview');
      await preview.getByRole('button', { name: 'Change to EUR' }).click();
      const done = page.getByRole('region', { name: 'Trip currency changed to EUR' });
      await rateRow(done, /Flight/)
        .getByText(`1 USD = 0.925926 EUR (ECB, ${TODAY})`)
        .waitFor();
      jestExpect(await page.getByLabel('Trip currency', { exact: true }).inputValue()).toBe('EUR');
    },
  );

  it('has no serious or critical accessibility findings on the screens it saw', () => {
    const report = writeA11yReport('currency');
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
