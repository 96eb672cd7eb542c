// Who pays what (issue 40) in the browser: Ada, Bo and Cy in Porto for five nights, the
// worked example of docs/product.md ("Who pays what"). Ada and Bo share one of the two
// rooms (hotel shares 1 : 1 : 2), Cy is there for 3 of the 5 nights (half board split by
// nights), Bo rented the car, Cy paid the flights in pounds. The People panel names them,
// presence and the split editor say who is there and who pays, and the Balances view must
// show the hand computation; recording its transfers settles the trip.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  BASE_URL,
  a11y,
  assertProductRunning,
  blockingFindings,
  journeySteps,
  launch,
  shot,
  writeA11yReport,
} from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const ADA = newTraveller('who-pays', { fname: 'Ada', lname: 'Lovelace' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let tripId = '';
let windowId = '';

beforeAll(async () => {
  await assertProductRunning();
  // The trip, its window and its four items are typed through the API; who is there and
  // who pays what are the browser's.
  ({ token } = await signUp(ADA));
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Porto, Portugal', currency: 'EUR' },
    token,
  );
  tripId = trip._id;
  const window = await api(
    'POST',
    `/api/trips/getaway/${tripId}/instances`,
    {
      trip_start: '2031-06-01',
      trip_end: '2031-06-06',
    },
    token,
  );
  windowId = window._id;
  const items = `/api/trips/getaway/${tripId}/instances/${windowId}/items`;
  await api('POST', items, { category: 'stay', name: 'Hotel, 2 rooms', amount: 700 }, token);
  await api('POST', items, { category: 'other', name: 'Half board', amount: 390 }, token);
  await api('POST', items, { category: 'car', name: 'Car', amount: 100 }, token);
  await api(
    'POST',
    items,
    { category: 'travel', name: 'Flights', amount: 300, currency: 'GBP', fx: { rate: 1.15 } },
    token,
  );
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step, brokenAt } = journeySteps('who-pays', () => page);

const people = () => page.getByRole('region', { name: 'People' });
const balances = () => page.getByRole('region', { name: 'Balances' });

/** Opens the item's "Who pays" editor and saves a payer and a split. */
async function whoPays(item: string, payer: string, split: string, shares: Record<string, string> = {}) {
  const row = page.getByRole('listitem').filter({ has: page.getByText(item, { exact: true }) });
  await row.getByRole('button', { name: `Who pays ${item}` }).click();
  const form = page.getByRole('form', { name: `Who pays ${item}` });
  await form.getByLabel('Paid by').selectOption({ label: payer });
  await form.getByLabel('Split').selectOption({ label: split });
  for (const [name, value] of Object.entries(shares)) await form.getByLabel(`${name}’s shares`).fill(value);
  await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/items/') && res.ok()),
    form.getByRole('button', { name: 'Save split' }).click(),
  ]);
  await row.getByText(`Paid by ${payer}`).waitFor();
}

describe('a group settling up', () => {
  step('names the travellers in the People panel: Ada from the members, Bo and Cy by name', async () => {
    await signIn(page, ADA);
    await page.goto(`${BASE_URL}/trips/${tripId}`);
    await people().getByRole('button', { name: 'Add Ada' }).click();
    await people().getByText('has an account').waitFor();
    for (const name of ['Bo', 'Cy']) {
      await people().getByLabel('Name').fill(name);
      await people().getByRole('button', { name: 'Add person' }).click();
      await people()
        .getByRole('listitem')
        .filter({ has: page.getByText(name, { exact: true }) })
        .waitFor();
    }
    jestExpect(await people().getByText('no account').count()).toBe(2);
    await shot(page, 'who-pays-people', { a11y: false });
  });

  step('says Cy is there for 3 of the 5 nights', async () => {
    await page.goto(`${BASE_URL}/trips/${tripId}/instances/${windowId}`);
    const presence = page.getByRole('region', { name: /Who is there/ });
    await presence.getByLabel('Cy arrives').fill('2031-06-03');
    await Promise.all([
      page.waitForResponse((res) => res.request().method() === 'PUT' && res.ok()),
      presence.getByRole('button', { name: 'Save who is there' }).click(),
    ]);
    await presence.getByText('Saved').waitFor();
  });

  step('says who paid each item and how it is split', async () => {
    await whoPays('Hotel, 2 rooms', 'Ada', 'By shares', { Ada: '1', Bo: '1', Cy: '2' });
    await whoPays('Half board', 'Ada', 'By nights present');
    await whoPays('Car', 'Bo', 'Equally among everyone');
    await whoPays('Flights', 'Cy', 'Equally among everyone');
    // Each one's share of the window, as the server apportioned it (Σ = €1,535.00).
    const presence = page.getByRole('region', { name: /Who is there/ });
    for (const [name, share] of [
      ['Ada', '€473.34'],
      ['Bo', '€473.33'],
      ['Cy', '€588.33'],
    ]) {
      await presence
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .getByText(share)
        .waitFor();
    }
    await shot(page, 'who-pays-window', { a11y: false });
  });

  step('sees the balances and transfers of the hand computation, and recording them settles the trip', async () => {
    await api('PATCH', `/api/trips/getaway/${tripId}/instances/${windowId}/commit`, {}, token);
    await page.goto(`${BASE_URL}/trips/${tripId}`);
    const table = balances().getByRole('table');
    // Ada paid 700 + 390, Bo 100, Cy 345 (£300 at 1.15); minus their shares.
    for (const [name, paid, balance] of [
      ['Ada', '€1,090.00', '+€616.66'],
      ['Bo', '€100.00', '−€373.33'],
      ['Cy', '€345.00', '−€243.33'],
    ]) {
      const row = table.getByRole('row', { name: new RegExp(`^${name}`) });
      await row.getByText(balance).waitFor();
      await row.getByText(paid).waitFor();
    }
    const transfers = balances().getByRole('list', { name: 'Transfers that settle up' });
    jestExpect(await transfers.getByRole('listitem').allTextContents()).toEqual([
      jestExpect.stringContaining('Bo pays Ada €373.33'),
      jestExpect.stringContaining('Cy pays Ada €243.33'),
    ]);
    await shot(page, 'who-pays-balances');
    for (const who of ['Bo pays Ada €373.33', 'Cy pays Ada €243.33']) {
      await Promise.all([
        page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/payments')),
        transfers.getByRole('button', { name: `Record payment : ${who}` }).click(),
      ]);
    }
    await balances().getByText('Settled: everyone is even.').waitFor();
    for (const name of ['Ada', 'Bo', 'Cy']) {
      await table
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .getByText('€0.00', { exact: true })
        .last()
        .waitFor();
    }
    await shot(page, 'who-pays-settled', { a11y: false });
  });

  it('has no serious accessibility findings on the screens it saw', () => {
    writeA11yReport('who-pays');
    if (brokenAt()) return;
    jestExpect(a11y.screens.length).toBeGreaterThan(0);
    jestExpect(blockingFindings()).toEqual([]);
  });
});
