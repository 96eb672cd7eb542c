// Screenshots for looking at the planning-together screens (not part of the suite: run with
// E2E_NO_BUILD=1 npm run e2e -- --testMatch '<rootDir>/shots/*.ts'). Saved in e2e/screenshots.
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, shot } from '../browser';
import { api, newTraveller, signIn, signUp } from '../traveller';

const OWNER = newTraveller('shots-owner', { fname: 'Ada', lname: 'Lovelace' });
const VIEWER = newTraveller('shots-viewer', { fname: 'Vi', lname: 'Ewer' });
const EDITOR = newTraveller('shots-editor', { fname: 'Ed', lname: 'Itor' });

let browser: Browser;
let tripId = '';
const windowIds: string[] = [];

beforeAll(async () => {
  const owner = await signUp(OWNER);
  const viewer = await signUp(VIEWER);
  const editor = await signUp(EDITOR);
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Porto, Portugal', image_url: '' },
    owner.token,
  );
  tripId = trip._id;
  for (const window of [
    { label: 'May week', trip_start: '2031-05-03', trip_end: '2031-05-08', stay_expense: 520, travel_expense: 180 },
    {
      label: 'June week',
      trip_start: '2031-06-07',
      trip_end: '2031-06-12',
      stay_expense: 410,
      travel_expense: 340,
      car_expense: 95,
    },
    {
      label: 'September week',
      trip_start: '2031-09-06',
      trip_end: '2031-09-11',
      stay_expense: 450,
      travel_expense: 160,
    },
  ]) {
    windowIds.push((await api('POST', `/api/trips/getaway/${tripId}/instances`, window, owner.token))._id);
  }
  await api('PUT', `/api/trips/getaway/${tripId}`, { hide_costs_from_viewers: false }, owner.token);
  for (const [who, role] of [
    [viewer, 'viewer'],
    [editor, 'editor'],
  ] as const) {
    const invite = await api('POST', `/api/trips/getaway/${tripId}/invites`, { role }, owner.token);
    await api('POST', `/api/trips/invites/${invite.token}/accept`, undefined, who.token);
  }
  const votes: Array<[string, number, string]> = [
    [owner.token, 0, 'yes'],
    [viewer.token, 0, 'yes'],
    [editor.token, 0, 'yes'],
    [owner.token, 1, 'maybe'],
    [viewer.token, 1, 'no'],
    [owner.token, 2, 'yes'],
  ];
  for (const [token, index, vote] of votes) {
    await api('PUT', `/api/trips/getaway/${tripId}/instances/${windowIds[index]}/vote`, { vote }, token);
  }
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function pageFor(who: typeof OWNER, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, who);
  await page.goto(`${BASE_URL}/trips/${tripId}`);
  await page.getByRole('heading', { level: 1, name: 'Porto, Portugal' }).waitFor();
  return page;
}

it('shows the screens', async () => {
  const owner = await pageFor(OWNER);
  await owner.getByRole('button', { name: 'Cards' }).click();
  await owner.getByRole('group', { name: /Your vote on May week/ }).waitFor();
  await shot(owner, 'polish-owner-cards', { a11y: false });
  await owner.getByRole('button', { name: 'Compare' }).click();
  await owner.getByRole('table').waitFor();
  await shot(owner, 'polish-owner-compare', { a11y: false });
  await owner.getByRole('button', { name: 'Share', exact: true }).click();
  await owner.getByRole('dialog', { name: 'Share this trip' }).getByRole('heading', { name: 'People' }).waitFor();
  await shot(owner, 'polish-owner-share-dialog', { a11y: false });

  const narrow = await pageFor(OWNER, 760);
  await narrow.getByRole('button', { name: 'Compare' }).click();
  await narrow.getByRole('table').waitFor();
  await shot(narrow, 'polish-owner-compare-narrow', { a11y: false });

  const viewer = await pageFor(VIEWER);
  await viewer.getByRole('button', { name: 'Cards' }).click();
  await viewer.getByText('Viewer · shared by Ada').waitFor();
  await shot(viewer, 'polish-viewer-trip', { a11y: false });
  await viewer.getByRole('button', { name: 'Compare' }).click();
  await viewer.getByRole('table').waitFor();
  await shot(viewer, 'polish-viewer-compare', { a11y: false });
  await viewer.goto(`${BASE_URL}/trips/${tripId}/instances/${windowIds[0]}`);
  await viewer.getByText('Trip Details & Expenses').waitFor();
  await shot(viewer, 'polish-viewer-window', { a11y: false });

  const editor = await pageFor(EDITOR);
  await editor.getByRole('button', { name: 'Cards' }).click();
  await editor.getByText('Editor · shared by Ada').waitFor();
  await shot(editor, 'polish-editor-trip', { a11y: false });
});
