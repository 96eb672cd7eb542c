// Two tabs of one traveller edit the same trip. Edits of different instances are both
// kept; when both edit the same instance, the later save is refused (412) and that
// tab says so and shows what is stored now.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, launch, shot } from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('concurrent', { fname: 'Nora', lname: 'Diaz' });

let browser: Browser;
let context: BrowserContext;
let tabA: Page;
let tabB: Page;
let tripId = '';
const instanceIds: string[] = [];

beforeAll(async () => {
  await assertProductRunning();
  // The account, trip and two instances are set up through the API; the edits go through the UI.
  const { token } = await signUp(USER);
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Lisbon, Portugal', user_email: USER.email, image_url: '' },
    token,
  );
  tripId = trip._id;
  for (const start of ['2030-05-01', '2030-06-01']) {
    const created = await api(
      'POST',
      `/api/trips/getaway/${tripId}/instances`,
      { trip_start: start, trip_end: start.replace(/01$/, '05'), stay_expense: 100 },
      token,
    );
    instanceIds.push(created._id);
  }

  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  tabA = await context.newPage();
  tabA.setDefaultTimeout(15_000);
  await signIn(tabA, USER);
  // The second tab shares the browser's session cookie, as a real second tab does.
  tabB = await context.newPage();
  tabB.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function open(tab: Page, instanceId: string) {
  await tab.goto(`${BASE_URL}/trips/${tripId}/instances/${instanceId}`);
  await tab.getByRole('button', { name: 'Edit' }).waitFor();
}

async function saveStay(tab: Page, amount: string) {
  await tab.getByRole('button', { name: 'Edit' }).click();
  await tab.getByLabel('Stay (Lodging)').fill(amount);
  await tab.getByRole('button', { name: 'Save Changes' }).click();
}

describe('two tabs editing one trip', () => {
  it('when they edit different instances, then both edits are kept', async () => {
    await open(tabA, instanceIds[0]);
    await open(tabB, instanceIds[1]);
    await saveStay(tabA, '111');
    await tabA.getByRole('button', { name: 'Edit' }).waitFor();
    await saveStay(tabB, '222');
    await tabB.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await tabB.getByRole('alert').count()).toBe(0);

    await open(tabA, instanceIds[0]);
    await tabA.getByText('$111.00').first().waitFor();
    await open(tabA, instanceIds[1]);
    await tabA.getByText('$222.00').first().waitFor();
  });

  it('when they edit the same instance, then the later save is refused and that tab says so', async () => {
    await open(tabA, instanceIds[0]);
    await open(tabB, instanceIds[0]);
    await saveStay(tabA, '333');
    await tabA.getByRole('button', { name: 'Edit' }).waitFor();

    await saveStay(tabB, '444');
    const alert = tabB.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This trip changed elsewhere; your view was refreshed.');
    // Tab B now shows what tab A saved, and nothing of its own edit was stored.
    await tabB.getByText('$333.00').first().waitFor();
    await shot(tabB, 'instance-changed-elsewhere');
    await open(tabA, instanceIds[0]);
    await tabA.getByText('$333.00').first().waitFor();
    expect(await tabA.getByText('$444.00').count()).toBe(0);
  });
});
