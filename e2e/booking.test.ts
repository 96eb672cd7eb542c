// From comparing to booking, through the real product: weather for each window's dates,
// the CSV and calendar downloads (read back with real parsers), renaming a wishlist,
// and Explore filters that survive a reload. The trips are made through the API so
// this journey does not depend on the first one.
import { readFileSync } from 'node:fs';
import { expect as jestExpect } from '@jest/globals';
import { parse as parseCsv } from 'csv-parse/sync';
import ical, { type VEvent } from 'node-ical';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { BASE_URL, assertProductRunning, journeySteps, launch, shot } from './browser';
import { api as call, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('booking', { fname: 'Bea', lname: 'Booker' });
const DAY_MS = 86_400_000;
const dateFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

let browser: Browser;
let context: BrowserContext;
let page: Page;
const trips: Record<'lisbon' | 'oslo', string> = { lisbon: '', oslo: '' };

beforeAll(async () => {
  await assertProductRunning();
  const { token } = await signUp(USER);
  const api = (method: string, path: string, body?: unknown) => call(method, path, body, token);
  const lisbon = await api('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' });
  const near = await api('POST', `/api/trips/getaway/${lisbon._id}/instances`, {
    trip_start: dateFromToday(5),
    trip_end: dateFromToday(8),
    stay_expense: 450,
    travel_expense: 210.5,
  });
  await api('POST', `/api/trips/getaway/${lisbon._id}/instances`, {
    trip_start: dateFromToday(200),
    trip_end: dateFromToday(204),
    stay_expense: 380,
    travel_expense: 180,
  });
  await api('PATCH', `/api/trips/getaway/${lisbon._id}/instances/${near._id}/commit`, {});
  const oslo = await api('POST', '/api/trips/getaway-trip', { location_address: 'Oslo, Norway' });
  await api('POST', `/api/trips/getaway/${oslo._id}/instances`, {
    trip_start: dateFromToday(60),
    trip_end: dateFromToday(63),
    stay_expense: 900,
  });
  await api('POST', '/api/wishlist/createlist', { list_name: 'Someday', trips: [{ _id: oslo._id }] });
  [trips.lisbon, trips.oslo] = [lisbon._id, oslo._id];

  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step } = journeySteps('booking', () => page);

const go = (path: string) => page.goto(`${BASE_URL}${path}`);
const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });
/** Offline the providers answer 503, so either real weather or the honest unavailable line. */
const WEATHER_OUTCOME = /Forecast|Typical for these dates|Weather for these dates is unavailable right now/;

/** Clicks and returns the downloaded file's text. */
async function downloadText(click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

describe('a traveller about to book', () => {
  step('logs in', async () => {
    await signIn(page, USER);
  });

  step('sees weather for each window’s dates on the trip page and downloads the comparison CSV', async () => {
    // Every window card shows its weather, and the page asked for all of them at once
    // (besides the city's current weather, GET /api/weather).
    const weatherCalls: string[] = [];
    const record = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/weather/window')) weatherCalls.push(`${request.method()} ${pathname}`);
    };
    page.on('request', record);
    await go(`/trips/${trips.lisbon}`);
    await visible('Trip Instances');
    const cards = page.locator('.instance-card');
    jestExpect(await cards.count()).toBe(2);
    for (const card of await cards.all()) await card.getByText(WEATHER_OUTCOME).waitFor();
    page.off('request', record);
    jestExpect(weatherCalls).toEqual(['POST /api/weather/windows']);
    await shot(page, 'booking-trip-window-weather');

    const { name, text } = await downloadText(() => page.getByRole('button', { name: 'Download CSV' }).click());
    jestExpect(name).toBe('lisbon-portugal-comparison.csv');
    const rows = parseCsv(text, { bom: true }) as string[][];
    const [header, ...windows] = rows;
    jestExpect(header).toEqual([
      'Place',
      'Window',
      'Start',
      'End',
      'Nights',
      'Stay',
      'Travel',
      'Car',
      'Other',
      'Total',
      'Per night',
      'Per person',
      'Difference from cheapest',
      'Status',
      'Committed',
      'Note',
      'Currency',
      'Exchange rates',
    ]);
    // Columns by name: what a traveller reads in their spreadsheet.
    const column = (row: string[], name: string) => row[header!.indexOf(name)];
    jestExpect(
      windows.map((row) => ['Start', 'Total', 'Committed', 'Status'].map((name) => column(row, name))),
    ).toEqual([
      [dateFromToday(5), '660.50', 'yes', 'Booked'],
      [dateFromToday(200), '560.00', 'no', 'Considering'],
    ]);
  });

  step('opens a window and sees the weather for its dates', async () => {
    await page.locator('.instance-card', { hasText: '$560.00' }).getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/instances\//);
    await page.getByRole('heading', { name: 'Weather for these dates' }).waitFor();
    await page.locator('.window-weather').getByText(WEATHER_OUTCOME).waitFor();
    await shot(page, 'booking-window-weather');
  });

  step('adds the committed trip to a calendar file', async () => {
    await go('/mytrips');
    await page.getByRole('heading', { level: 2, name: /Lisbon/ }).waitFor();
    const { text } = await downloadText(() => page.getByRole('button', { name: 'Add to calendar' }).click());
    const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    jestExpect(events.map((event) => [event.uid, event.summary])).toEqual([
      [`trip-${trips.lisbon}@tripcost`, 'Trip to Lisbon, Portugal'],
    ]);
    jestExpect(events[0]!.description).toContain('Total: $660.50');
    await shot(page, 'booking-mytrips-calendar');
  });

  step('renames a wishlist inline', async () => {
    await go('/explore');
    await page.getByRole('button', { name: 'Rename wishlist Someday' }).click();
    const form = page.getByRole('form', { name: 'Rename wishlist Someday' });
    await form.getByLabel('List name').fill('Northern lights');
    await shot(page, 'booking-wishlist-rename');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article', { name: 'Wishlist Northern lights' }).waitFor();
    await page.reload();
    await page.getByRole('article', { name: 'Wishlist Northern lights' }).waitFor();
  });

  step('filters Explore, reloads and keeps the filters', async () => {
    const planning = page.locator('section[aria-labelledby="planning-heading"]');
    await planning.getByRole('article', { name: /Oslo/ }).waitFor();
    await page.getByLabel('Place').fill('oslo');
    await page.waitForURL(/[?&]q=oslo/);
    await planning.getByRole('article', { name: /Lisbon/ }).waitFor({ state: 'detached' });
    await page.getByLabel('Has committed plan').check();
    await visible('No trips match these filters');
    await page.getByLabel('Has committed plan').uncheck();
    await page.getByLabel('Sort by').selectOption('cheapest');
    await page.waitForURL(/sort=cheapest/);
    await shot(page, 'booking-explore-filtered');

    await page.reload();
    await planning.getByRole('article', { name: /Oslo/ }).waitFor();
    jestExpect(await page.getByLabel('Place').inputValue()).toBe('oslo');
    jestExpect(await page.getByLabel('Sort by').inputValue()).toBe('cheapest');
    jestExpect(await planning.getByRole('article', { name: /Lisbon/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await planning.getByRole('article', { name: /Lisbon/ }).waitFor();
    jestExpect(new URL(page.url()).search).toBe('');
  });
});
