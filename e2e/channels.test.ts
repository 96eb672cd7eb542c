// Alert channels and the calendar feed in the real product (issue 42): the profile makes a
// webcal:// link to the traveller's committed trips (and says calendar apps refresh on
// their own schedule); the link serves the calendar without a login and stops working when
// a new one is made or it is turned off. The notifications page offers push alerts and sets
// a webhook whose secret is shown once. (The browser suite's product allows loopback
// webhooks: there is no internet here.)
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertProductRunning, BASE_URL, launch, shot } from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const TRAVELLER = newTraveller('channels', { fname: 'Cal' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let userId = '';

beforeAll(async () => {
  await assertProductRunning();
  const { token, id } = await signUp(TRAVELLER);
  userId = id;
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Tavira, Portugal' }, token);
  const window = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { label: 'Autumn', trip_start: '2031-10-03', trip_end: '2031-10-06', stay_expense: 480 },
    token,
  );
  await api('PATCH', `/api/trips/getaway/${trip._id}/instances/${window._id}/commit`, {}, token);
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, TRAVELLER);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The feed behind a webcal:// link, fetched as a calendar app does: no login. */
const fetchFeed = (link: string) => fetch(link.replace(/^webcal:\/\/[^/]+/, BASE_URL));

it('when the traveller makes a calendar link on their profile, then it serves their committed trip; a new link retires the old', async () => {
  await page.goto(`${BASE_URL}/profile/${userId}`);
  const panel = page.getByRole('region', { name: 'Your trips in your calendar' });
  await panel.getByText('Google Calendar every 8 to 24 hours').waitFor();
  await panel.getByRole('button', { name: 'Make a calendar link' }).click();
  const link = await panel.getByRole('textbox', { name: 'Calendar link' }).inputValue();
  expect(link).toMatch(/^webcal:\/\/.+\/api\/notifications\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await shot(page, 'calendar-link');

  // The feed follows the trips service's events: it shows the plan within moments.
  let text = '';
  for (let tries = 0; tries < 50 && !text.includes('Trip to Tavira'); tries++) {
    const res = await fetchFeed(link);
    expect(res.status).toBe(200);
    text = await res.text();
    if (!text.includes('Trip to Tavira')) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(text).toContain('DTSTART;VALUE=DATE:20311003');
  // Nothing is paid yet: the pay-by reminder a week before, with what is left to pay.
  expect(text).toContain('SUMMARY:Pay what is left for Tavira');
  expect(text).toContain('DTSTART;VALUE=DATE:20310926');

  await page.reload();
  await panel.getByText('Your calendar link is on.').waitFor();
  await panel.getByRole('button', { name: 'Make a new link' }).click();
  const renewed = await panel.getByRole('textbox', { name: 'Calendar link' }).inputValue();
  expect(renewed).not.toBe(link);
  expect((await fetchFeed(link)).status).toBe(404);
  await panel.getByRole('button', { name: 'Turn off the calendar link' }).click();
  await panel.getByRole('button', { name: 'Make a calendar link' }).waitFor();
  expect((await fetchFeed(renewed)).status).toBe(404);
});

it('when the traveller sets a webhook, then its secret is shown once; a private address is refused in plain words', async () => {
  await page.goto(`${BASE_URL}/notifications`);
  const channels = page.getByRole('region', { name: 'Where to tell me' });
  await channels.getByRole('button', { name: 'Send alerts to this browser' }).waitFor();
  const address = channels.getByRole('textbox', { name: 'Webhook address' });

  await address.fill('https://192.168.1.20/hook');
  await channels.getByRole('button', { name: 'Save webhook' }).click();
  await channels.getByRole('alert').filter({ hasText: 'public internet' }).waitFor();

  await address.fill('http://127.0.0.1:9/tripcost');
  await channels.getByRole('button', { name: 'Save webhook' }).click();
  const secret = channels.getByRole('textbox', { name: 'Signing secret' });
  expect(await secret.inputValue()).toMatch(/^whsec_/);
  await shot(page, 'webhook-secret-once');

  await page.reload();
  await channels.getByText('Your webhook is on.').waitFor();
  expect(await channels.getByRole('textbox', { name: 'Signing secret' }).count()).toBe(0);
  await channels.getByRole('button', { name: 'Remove webhook' }).click();
  await channels.getByRole('button', { name: 'Save webhook' }).waitFor();
});
