// Two tabs of one traveller (one browser context, two pages) edit the same trip. Edits of
// different windows, or of different fields of one window, are both kept (a 412 is merged
// by field, ADR 0026); only the same field changed in both tabs is shown as a conflict
// with both values and a choice. The tabs stay in step: a save in one shows in the other
// without a reload, and a logout in one logs the other out at once.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, BLOCKING_IMPACTS, assertProductRunning, audit, launch, shot } from './browser';
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

  it('when they edit different fields of the same window, then both values are kept and no conflict is shown', async () => {
    await open(tabA, instanceIds[0]);
    await open(tabB, instanceIds[0]);
    // Both forms are open before either saves: tab B's save goes against the older version.
    await tabA.getByRole('button', { name: 'Edit' }).click();
    await tabB.getByRole('button', { name: 'Edit' }).click();
    await tabA.getByLabel('Notes').fill('Bring hiking boots');
    await tabB.getByLabel('Stay (Lodging)').fill('555');
    await tabB.getByLabel('Window name', { exact: true }).fill('Early summer');
    await tabA.getByRole('button', { name: 'Save Changes' }).click();
    await tabA.getByRole('button', { name: 'Edit' }).waitFor();
    await tabB.getByRole('button', { name: 'Save Changes' }).click();
    await tabB.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await tabB.getByRole('alertdialog').count()).toBe(0);
    expect(await tabB.getByRole('alert').count()).toBe(0);

    await tabA.reload();
    await tabA.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await tabA.getByLabel('Notes').inputValue()).toBe('Bring hiking boots');
    expect(await tabA.getByLabel('Window name', { exact: true }).inputValue()).toBe('Early summer');
    expect(await tabA.getByLabel('Stay (Lodging)').textContent()).toBe('$555.00');
  });

  it('when they change the same field, then the later tab sees both values and "Keep mine" stores its value', async () => {
    await open(tabA, instanceIds[0]);
    await open(tabB, instanceIds[0]);
    await tabA.getByRole('button', { name: 'Edit' }).click();
    await tabB.getByRole('button', { name: 'Edit' }).click();
    await tabA.getByLabel('Stay (Lodging)').fill('333');
    await tabA.getByRole('button', { name: 'Save Changes' }).click();
    await tabA.getByRole('button', { name: 'Edit' }).waitFor();

    await tabB.getByLabel('Stay (Lodging)').fill('444');
    await tabB.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = tabB.getByRole('alertdialog', { name: 'This window changed elsewhere while you edited it.' });
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('Stay (Lodging): Yours: $444.00 / On the server: $333.00');
    await shot(tabB, 'instance-merge-conflict', { a11y: false });
    const findings = await audit(tabB, 'instance-merge-conflict');
    expect(findings.filter((f) => BLOCKING_IMPACTS.has(f.impact)).map((f) => f.rule)).toEqual([]);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await tabB.getByRole('button', { name: 'Edit' }).waitFor();
    await tabB.getByLabel('Stay (Lodging)').getByText('$444.00').waitFor();

    await tabA.reload();
    await tabA.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await tabA.getByLabel('Stay (Lodging)').textContent()).toBe('$444.00');
  });

  it('when one tab saves, then the other tab shows the change without a reload', async () => {
    await open(tabA, instanceIds[1]);
    await open(tabB, instanceIds[1]);
    expect(await tabB.getByLabel('Stay (Lodging)').textContent()).not.toBe('$777.00');
    await saveStay(tabA, '777');
    await tabA.getByRole('button', { name: 'Edit' }).waitFor();
    // Tab B is not touched: the page updates on its own.
    await tabB.getByLabel('Stay (Lodging)').getByText('$777.00').waitFor();
  });

  it('when the session ends while a form is open, then the login page says so and the form comes back with its values', async () => {
    await open(tabB, instanceIds[1]);
    await tabB.getByRole('button', { name: 'Edit' }).click();
    await tabB.getByLabel('Stay (Lodging)').fill('321');
    await tabB.getByLabel('Notes').fill('Kept across the login');
    // The session ends: the access token is refused and the refresh cookie no longer works.
    const expired = { status: 401, contentType: 'application/json', body: '{"msg":"Please login or register"}' };
    await tabB.route('**/api/user/refresh_token', (route) => route.fulfill(expired));
    await tabB.route('**/api/trips/getaway/**', (route) =>
      route.request().method() === 'PUT' ? route.fulfill(expired) : route.continue(),
    );
    await tabB.getByRole('button', { name: 'Save Changes' }).click();
    await tabB.getByRole('alert').getByText('Your session ended — log in again').waitFor();
    await tabB.unrouteAll();

    await tabB.getByLabel('Email').fill(USER.email);
    await tabB.getByLabel('Password').fill(USER.password);
    await tabB.getByRole('button', { name: 'Log in' }).click();
    await tabB.waitForURL(new RegExp(`/trips/${tripId}/instances/${instanceIds[1]}$`));
    await tabB.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await tabB.getByLabel('Stay (Lodging)').inputValue()).toBe('321');
    expect(await tabB.getByLabel('Notes').inputValue()).toBe('Kept across the login');
    await tabB.getByRole('button', { name: 'Save Changes' }).click();
    await tabB.getByLabel('Stay (Lodging)').getByText('$321.00').waitFor();
    // Restored once: a reload shows the stored window, not the draft.
    await tabB.reload();
    await tabB.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await tabB.getByLabel('Notes').inputValue()).toBe('Kept across the login');
  });

  it('when one tab logs out, then the other shows the logged-out page at once and cannot save', async () => {
    await open(tabB, instanceIds[0]);
    await tabB.getByRole('button', { name: 'Edit' }).click();
    await tabB.getByLabel('Stay (Lodging)').fill('999');

    await tabA.goto(`${BASE_URL}/mytrips`);
    await tabA.getByRole('button', { name: 'Logout' }).click();
    await tabA.waitForURL(/\/login/);

    // No click, no reload in tab B.
    await tabB.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await tabB.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    // Nothing in tab B still holds a session: going back to the window asks for a login.
    await tabB.goto(`${BASE_URL}/trips/${tripId}/instances/${instanceIds[0]}`);
    await tabB.getByRole('heading', { name: 'Access Denied' }).waitFor();
    // Tab B's typed 999 was never sent: the stored value is the last one saved.
    const { accesstoken } = await api('POST', '/api/user/login', { email: USER.email, password: USER.password });
    const stored = await api('GET', `/api/trips/getaway/${tripId}`, undefined, accesstoken);
    expect(stored.instances.find((i: { _id: string }) => i._id === instanceIds[0]).stay_expense).toBe(444);
  });
});
