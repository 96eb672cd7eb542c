// Alerts in the real product (issue 42): the owner has My Trips open; another member's
// change makes a window the cheapest; the bell shows one unread without a reload (it
// polls); opening it lists the alert with its amount, and the alert leads to the window.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertProductRunning, BASE_URL, launch, shot } from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const OWNER = newTraveller('alerts-owner', { fname: 'Ada' });
const EDITOR = newTraveller('alerts-editor', { fname: 'Bo' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripId = '';
let juneId = '';
let editorToken = '';

beforeAll(async () => {
  await assertProductRunning();
  const ownerToken = (await signUp(OWNER)).token;
  editorToken = (await signUp(EDITOR)).token;
  tripId = (await api('POST', '/api/trips/getaway-trip', { location_address: 'Faro, Portugal' }, ownerToken))._id;
  const add = (label: string, trip_start: string, stay_expense: number) =>
    api(
      'POST',
      `/api/trips/getaway/${tripId}/instances`,
      { label, trip_start, trip_end: trip_start, stay_expense },
      ownerToken,
    );
  await add('May', '2031-05-03', 400);
  juneId = (await add('June', '2031-06-07', 650))._id;
  const invite = await api('POST', `/api/trips/getaway/${tripId}/invites`, { role: 'editor' }, ownerToken);
  await api('POST', `/api/trips/invites/${invite.token}/accept`, undefined, editorToken);
  // The joining alert is read, so the bell starts at nothing unread. It is made from the
  // join's event, after the join's answer: wait for it, or it may come after read-all.
  for (let tries = 0; ; tries += 1) {
    const { items } = await api('GET', '/api/notifications?limit=5', undefined, ownerToken);
    if (items.length > 0) break;
    if (tries === 100) throw new Error('No alert of the join after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await api('POST', '/api/notifications/read-all', undefined, ownerToken);

  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, OWNER);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

it('when another member makes a window the cheapest, then the bell shows it and it leads to the window', async () => {
  await page.goto(`${BASE_URL}/mytrips`);
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await bell.waitFor();
  expect(await page.getByTestId('unread-count').count()).toBe(0);

  await api('PUT', `/api/trips/getaway/${tripId}`, { instances: [{ _id: juneId, stay_expense: 300 }] }, editorToken);
  await page.getByTestId('unread-count').filter({ hasText: '1' }).waitFor();
  await shot(page, 'alerts-bell-unread');

  await bell.click();
  const alert = page.getByRole('link', { name: /A new cheapest window/ });
  await alert.waitFor();
  expect(await alert.textContent()).toContain('“June” is now the cheapest window of Faro, Portugal, at');
  await shot(page, 'alerts-list');
  await alert.click();
  await page.waitForURL(`**/trips/${tripId}/instances/${juneId}`);
});

it('when someone signs in for the first time, then their browser’s time zone becomes the one their alerts keep', async () => {
  const traveller = newTraveller('alerts-zone', { fname: 'Kei' });
  const { token } = await signUp(traveller);
  const tokyo = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  try {
    const tab = await tokyo.newPage();
    tab.setDefaultTimeout(15_000);
    await signIn(tab, traveller);
    await tab.getByRole('link', { name: /^Notifications/ }).click();
    await tab.getByText('Times are in Asia/Tokyo.').waitFor();
    await shot(tab, 'alerts-time-zone');
    expect((await api('GET', '/api/notifications/preferences', undefined, token)).time_zone).toBe('Asia/Tokyo');
  } finally {
    await tokyo.close();
  }
});
