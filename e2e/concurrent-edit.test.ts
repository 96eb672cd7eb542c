// Two tabs of one traveller edit the same trip. Edits of different instances are both
// kept; when both edit the same instance, the later save is refused (412) and that
// tab says so and shows what is stored now.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, launch, shot } from './browser';

const stamp = Date.now();
const USER = {
  fname: 'Nora',
  lname: 'Diaz',
  email: `e2e-concurrent-${stamp}@example.com`,
  password: 'Sup3r-secret-pass',
  birthday: '1988-02-20',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
};

let browser: Browser;
let context: BrowserContext;
let tabA: Page;
let tabB: Page;
let tripId = '';
const instanceIds: string[] = [];

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  await assertProductRunning();
  // The account, trip and two instances are set up through the API; the edits go through the UI.
  await call('/user/register', { method: 'POST', body: USER });
  const { accesstoken } = await call<{ accesstoken: string }>('/user/login', {
    method: 'POST',
    body: { email: USER.email, password: USER.password },
  });
  const trip = await call<{ _id: string }>('/trips/getaway-trip', {
    method: 'POST',
    token: accesstoken,
    body: { location_address: 'Lisbon, Portugal', user_email: USER.email, image_url: '' },
  });
  tripId = trip._id;
  for (const start of ['2030-05-01', '2030-06-01']) {
    const created = await call<{ _id: string }>(`/trips/getaway/${tripId}/instances`, {
      method: 'POST',
      token: accesstoken,
      body: { trip_start: start, trip_end: start.replace(/01$/, '05'), stay_expense: 100 },
    });
    instanceIds.push(created._id);
  }

  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  tabA = await context.newPage();
  tabA.setDefaultTimeout(15_000);
  await tabA.goto(`${BASE_URL}/login`);
  await tabA.getByLabel('Email').fill(USER.email);
  await tabA.getByLabel('Password').fill(USER.password);
  await tabA.getByRole('button', { name: 'Log in' }).click();
  await tabA.waitForURL(/\/mytrips$/);
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
