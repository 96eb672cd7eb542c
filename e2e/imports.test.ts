// Importing bookings through the real product: a hotel confirmation page, a flight's
// calendar file and a car rental's PDF are dropped on the trip page, reviewed (each in
// the window its dates fall in), and added; the window's total and its items'
// Reserved/Paid marks follow, and the trip's Activity shows the import as one change.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
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
let carPdf = '';

/** The car-rental text fixture as a PDF confirmation (labels and values in two columns), written to a file. */
async function carRentalPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  readFileSync(path.join(FIXTURES, 'text', 'car-rental.txt'), 'utf8')
    .trim()
    .split('\n')
    .forEach((line, i) => {
      const [label, ...value] = line.split(': ');
      page.drawText(value.length ? `${label}:` : line, { x: 50, y: 780 - i * 22, size: 11, font });
      if (value.length) page.drawText(value.join(': '), { x: 220, y: 780 - i * 22, size: 11, font });
    });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tripcost-e2e-pdf-')), 'car-rental.pdf');
  writeFileSync(file, await doc.save());
  return file;
}

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
  carPdf = await carRentalPdf();
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
  step(
    'drops a hotel confirmation, a flight’s calendar file and a car rental PDF on the trip page and reviews them',
    async () => {
      await signIn(page, USER);
      await page.goto(`${BASE_URL}/trips/${tripId}`);
      await page.getByRole('button', { name: 'Import bookings' }).click();
      await page
        .getByLabel('Confirmation files')
        .setInputFiles([path.join(FIXTURES, 'hotel-jsonld.html'), path.join(FIXTURES, 'flight.ics'), carPdf]);
      await page.getByRole('button', { name: 'Read bookings' }).click();
      const hotel = page.getByRole('row', { name: /Hotel Fixture Lisbon/ });
      await hotel.waitFor();
      await hotel.getByText('€412.50').waitFor();
      // Both are proposed in the June window, where their dates fall.
      await page.getByLabel('Window for Fixture Stays · Hotel Fixture Lisbon').waitFor();
      expect(await page.getByLabel('Window for Fixture Stays · Hotel Fixture Lisbon').inputValue()).toBe(windowId);
      expect(await page.getByLabel('Window for Flight FX 124 LIS to BOS').inputValue()).toBe(windowId);
      expect(await page.getByLabel('Category for Flight FX 124 LIS to BOS').inputValue()).toBe('travel');
      // The PDF's car rental, read from its text: €155.20, in June too, as a car.
      const car = page.getByRole('row', { name: /Compact \(VW Golf or similar\)/ });
      await car.getByText('€155.20').waitFor();
      expect(await page.getByLabel('Window for Compact (VW Golf or similar)').inputValue()).toBe(windowId);
      expect(await page.getByLabel('Category for Compact (VW Golf or similar)').inputValue()).toBe('car');
      await shot(page, 'imports-review');
    },
  );

  step(
    'adds them: the June window’s total becomes the hotel’s and the car’s prices, all marked Reserved, the hotel Paid; Activity shows one import',
    async () => {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Added 3 bookings.').waitFor();
      await page.getByRole('button', { name: 'Done' }).click();
      // The June window's card now totals the hotel and the car.
      await page.locator('.instance-card__total', { hasText: '€567.70' }).waitFor();
      // One import is one change in the trip's Activity.
      const activity = page.getByRole('region', { name: 'Activity' });
      await activity.getByText('Activity').click();
      await activity.getByText('Ida imported 3 bookings').waitFor();
      await shot(page, 'imports-activity');
      await page.goto(`${BASE_URL}/trips/${tripId}/instances/${windowId}`);
      await page.getByText('Paid €412.50 · Still to pay €155.20').waitFor();
      await page.getByText('Flight FX 124 LIS to BOS').first().waitFor();
      // An editor sees the marks as checkboxes: all reserved, only the hotel (paid in its confirmation) paid.
      const reserved = page.getByRole('checkbox', { name: 'Reserved' });
      const paid = page.getByRole('checkbox', { name: 'Paid' });
      expect(await Promise.all([0, 1, 2].map((i) => reserved.nth(i).isChecked()))).toEqual([true, true, true]);
      expect(await Promise.all([0, 1, 2].map((i) => paid.nth(i).isChecked()))).toEqual([true, false, false]);
      await shot(page, 'imports-added');
    },
  );
});
