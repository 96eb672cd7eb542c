// Screenshots for looking at text limits said at the field (and the dated rates beside them) (not part of the suite: run with
// E2E_NO_BUILD=1 npm run e2e -- --testMatch '<rootDir>/shots/limits.ts'). Saved in e2e/screenshots.
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, shot } from '../browser';
import { api, newTraveller, signIn, signUp } from '../traveller';

const WHO = newTraveller('shots-limits', { fname: 'Lim', lname: 'Its' });
let browser: Browser;
let page: Page;
let windowPath = '';
let token = '';

beforeAll(async () => {
  ({ token } = await signUp(WHO));
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' }, token);
  const window = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: '2031-05-03', trip_end: '2031-05-08' },
    token,
  );
  windowPath = `/trips/${trip._id}/instances/${window._id}`;
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, WHO);
});
afterAll(() => browser?.close());

it('shows a window name pasted over its limit and an item name near its limit', async () => {
  await page.goto(`${BASE_URL}${windowPath}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const name = page.getByLabel('Window name');
  await name.focus();
  await page.keyboard.insertText('A long weekend by the river with the whole family, and grandma');
  await page.getByText('Window name: at most 60 characters').waitFor();
  await page.getByRole('button', { name: '+ Add stay item' }).click();
  const form = page.getByRole('form', { name: 'Add stay item' });
  await form.getByLabel('Item name').fill('H'.repeat(100));
  await form.getByText('100 of 120 characters').waitFor();
  await shot(page, 'limits-window-and-item', { a11y: false });
});

it('shows a person’s name near its limit, a payment note over it and the payments’ dated rates', async () => {
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Lyon, France' }, token);
  const path = `/api/trips/getaway/${trip._id}`;
  await api('POST', `${path}/instances`, { trip_start: '2031-05-03', trip_end: '2031-05-08' }, token);
  const named = await api('PUT', path, { people: [{ name: 'Ada' }, { name: 'Bo', settle_currency: 'EUR' }] }, token);
  const [ada, bo] = named.people.map((person: { _id: string }) => person._id);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await api('POST', `${path}/payments`, { from: bo, to: ada, amount: 40, currency: 'EUR', paid_on: monthAgo }, token);
  await page.goto(`${BASE_URL}/trips/${trip._id}`);
  const people = page.getByRole('region', { name: 'People' });
  await people.getByLabel('Name').fill('Bartholomew Fitzgerald-Montgomery of Lower Wallop, Esq.');
  await people.getByText(/of 60 characters/).waitFor();
  const balances = page.getByRole('region', { name: 'Balances' });
  await balances.getByText('Record a payment').click();
  await balances.getByLabel('Note').focus();
  await page.keyboard.insertText('Dinner at the bouchon on the first night. '.repeat(5));
  await balances.getByText('Note: at most 200 characters').waitFor();
  await people.scrollIntoViewIfNeeded();
  await shot(page, 'limits-people-and-payment', { a11y: false });
});
