// Importing bookings through the real product: a hotel confirmation page and a flight's
// calendar file are dropped on the trip page, reviewed (each in the window its dates
// fall in), and added; the window's total and its items' Reserved/Paid marks follow.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, journeySteps, launch, shot } from './browser';
import { api as call, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('imports', { fname: 'Ida', lname: 'Importer' });
// The imports service's own fixtures: a JSON-LD hotel stay (10–13 June 2027, €412.50, paid) and a flight on 13 June.
const FIXTURES = path.join(__dirname, '..', 'services', 'imports', 'test', 'fixtures');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripId = '';
let windowId = '';

beforeAll(async () => {
  await assertProductRunning();
  const { token } = await signUp(USER);
  const trip = await call(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Lisbon, Portugal', currency: 'EUR' },
    token,
  );
  await call(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: '2027-07-01', trip_end: '2027-07-04' },
    token,
  );
  const june = await call(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: '2027-06-09', trip_end: '2027-06-14' },
    token,
  );
  [tripId, windowId] = [trip._id, june._id];
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step } = journeySteps('imports', () => page);

describe('a traveller importing their bookings', () => {
  step('drops a hotel confirmation and a flight’s calendar file on the trip page and reviews them', async () => {
    await signIn(page, USER);
    await page.goto(`${BASE_URL}/trips/${tripId}`);
    await page.getByRole('button', { name: 'Import bookings' }).click();
    await page
      .getByLabel('Confirmation files')
      .setInputFiles([path.join(FIXTURES, 'hotel-jsonld.html'), path.join(FIXTURES, 'flight.ics')]);
    await page.getByRole('button', { name: 'Read bookings' }).click();
    const hotel = page.getByRole('row', { name: /Hotel Fixture Lisbon/ });
    await hotel.waitFor();
    await hotel.getByText('€412.50').waitFor();
    // Both are proposed in the June window, where their dates fall.
    await page.getByLabel('Window for Fixture Stays · Hotel Fixture Lisbon').waitFor();
    expect(await page.getByLabel('Window for Fixture Stays · Hotel Fixture Lisbon').inputValue()).toBe(windowId);
    expect(await page.getByLabel('Window for Flight FX 124 LIS to BOS').inputValue()).toBe(windowId);
    expect(await page.getByLabel('Category for Flight FX 124 LIS to BOS').inputValue()).toBe('travel');
    await shot(page, 'imports-review');
  });

  step(
    'adds them: the June window’s total becomes the hotel’s price, and both items are marked Reserved, the hotel Paid',
    async () => {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Added 2 bookings.').waitFor();
      await page.getByRole('button', { name: 'Done' }).click();
      // The June window's card now totals the hotel.
      await page.locator('.instance-card__total', { hasText: '€412.50' }).waitFor();
      await page.goto(`${BASE_URL}/trips/${tripId}/instances/${windowId}`);
      await page.getByText('Paid €412.50 · Still to pay €0.00').waitFor();
      await page.getByText('Flight FX 124 LIS to BOS').first().waitFor();
      // An editor sees the marks as checkboxes: both reserved, only the hotel (paid in its confirmation) paid.
      const reserved = page.getByRole('checkbox', { name: 'Reserved' });
      const paid = page.getByRole('checkbox', { name: 'Paid' });
      expect([await reserved.nth(0).isChecked(), await reserved.nth(1).isChecked()]).toEqual([true, true]);
      expect([await paid.nth(0).isChecked(), await paid.nth(1).isChecked()]).toEqual([true, false]);
      await shot(page, 'imports-added');
    },
  );
});
