// Live from the first join (issue 39; docs/adr/0065 and 0076): the owner opens the page of
// a trip only they plan; then a second traveller joins it through an invite and edits a
// window, both through the API. The owner's open page shows the join ("Planned with …")
// and the edit without a reload. Before, the page followed a trip only while it already
// had members, so it missed both until reloaded. Steps run in order, one owner's page.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertProductRunning, BASE_URL, journeySteps, launch, shot } from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const OWNER = newTraveller('live-join-owner', { fname: 'Ada', lname: 'Lovelace' });
const MEMBER = newTraveller('live-join-member', { fname: 'Cy', lname: 'Young' });

let browser: Browser;
let context: BrowserContext;
let owner: Page;
let ownerToken = '';
let memberToken = '';
let tripId = '';
let windowId = '';

beforeAll(async () => {
  await assertProductRunning();
  ownerToken = (await signUp(OWNER)).token;
  memberToken = (await signUp(MEMBER)).token;
  tripId = (await api('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' }, ownerToken))._id;
  const window = { trip_start: '2031-05-03', trip_end: '2031-05-07', stay_expense: 400, travel_expense: 120 };
  windowId = (await api('POST', `/api/trips/getaway/${tripId}/instances`, window, ownerToken))._id;
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  owner = await context.newPage();
  owner.setDefaultTimeout(15_000);
  await signIn(owner, OWNER);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step } = journeySteps('live-first-join', () => owner);

/** True while the page is the one the test opened: a reload or navigation forgets the mark. */
const sameDocument = () => owner.evaluate(() => (window as unknown as { liveMark?: string }).liveMark === 'set');

describe('live from the first join', () => {
  step('the owner opens a trip nobody else plans: the page follows it all the same', async () => {
    const following = owner.waitForResponse((res) => res.url().endsWith(`/trips/getaway/${tripId}/events`));
    await owner.goto(`${BASE_URL}/trips/${tripId}`);
    await owner.getByText('Only you plan this trip').waitFor();
    await owner.getByText('$520.00').first().waitFor();
    jestExpect((await following).status()).toBe(200);
    await owner.evaluate(() => {
      (window as unknown as { liveMark?: string }).liveMark = 'set';
    });
  });

  step('a second traveller joins through an invite: the open page shows it without a reload', async () => {
    const invite = await api('POST', `/api/trips/getaway/${tripId}/invites`, { role: 'editor' }, ownerToken);
    await api('POST', `/api/trips/invites/${invite.token}/accept`, undefined, memberToken);
    await owner.getByText('Planned with Cy').waitFor({ timeout: 5_000 });
    jestExpect(await owner.getByText('Only you plan this trip').count()).toBe(0);
    jestExpect(await sameDocument()).toBe(true);
  });

  step('the new member names the window and raises its stay: the open page shows both without a reload', async () => {
    const change = { instances: [{ _id: windowId, label: 'Cy’s May week', stay_expense: 460 }] };
    await api('PUT', `/api/trips/getaway/${tripId}`, change, memberToken);
    const card = owner.getByRole('listitem').filter({ hasText: 'Cy’s May week' });
    await card.getByText('$580.00').waitFor({ timeout: 5_000 });
    jestExpect(await sameDocument()).toBe(true);
    await shot(owner, 'live-first-join-desktop');
  });
});
