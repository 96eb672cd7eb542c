// A new traveller's walk through the running product, for a person to look at: every screen
// saved at 1280×800 and 390×844 as e2e/screenshots/walkthrough-*.png, with console errors and
// failed requests printed. Not part of the suite: `E2E_BASE_URL=http://localhost:21080 node e2e/shots/walkthrough.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
fs.mkdirSync(DIR, { recursive: true });

const email = `walk-${Date.now()}@example.com`;
const USER = {
  fname: 'Erin',
  lname: 'Walker',
  email,
  password: 'Sup3r-secret-pass',
  birthday: '1990-03-04',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
};
const FRIEND = { ...USER, fname: 'Cy', lname: 'Friend', email: `walk-friend-${Date.now()}@example.com` };

const problems = [];
function watch(page, who) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`[${who}] console.${msg.type()}: ${msg.text()} @ ${page.url()}`);
  });
  page.on('pageerror', (err) => problems.push(`[${who}] pageerror: ${err.message} @ ${page.url()}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`[${who}] ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) =>
    problems.push(`[${who}] failed ${req.method()} ${req.url()} ${req.failure()?.errorText}`),
  );
}

async function api(method, p, body, token) {
  const res = await fetch(`${BASE}${p}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

let n = 0;
/** Both sizes of the screen as it is now. */
async function shots(page, name) {
  n += 1;
  const base = `walkthrough-${String(n).padStart(2, '0')}-${name}`;
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(DIR, `${base}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(DIR, `${base}-390.png`), fullPage: true });
  const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  if (overflow > 0) problems.push(`[layout] ${name}: page ${overflow}px wider than 390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(200);
}

const day = (d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
page.setDefaultTimeout(15_000);
watch(page, 'owner');
const go = (p) => page.goto(`${BASE}${p}`);

async function step(name, fn) {
  if (ONLY && !ONLY.test(name)) return;
  try {
    await fn();
    console.log('ok', name);
  } catch (error) {
    console.log('FAILED', name, String(error).split('\n').slice(0, 4).join(' | '));
    await page.screenshot({ path: path.join(DIR, `walkthrough-FAILED-${name}.png`), fullPage: true }).catch(() => {});
  }
}

let tripPath = '';
let eurTripPath = '';

await step('register', async () => {
  await go('/register');
  await shots(page, 'register');
  await page.getByLabel('First Name').fill(USER.fname);
  await page.getByLabel('Last Name').fill(USER.lname);
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel('Password').fill(USER.password);
  await page.getByLabel('Date of Birth').fill(USER.birthday);
  await page.getByLabel('City').fill(USER.city);
  await page.getByLabel('State').selectOption(USER.state);
  await page.getByLabel('Zip Code').fill(USER.zip);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/login/);
  await shots(page, 'login');
});

await step('login', async () => {
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel('Password').fill(USER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/mytrips$/);
  await shots(page, 'mytrips-empty');
});

await step('create trip', async () => {
  await go('/search');
  const combobox = page.getByRole('combobox', { name: 'City' });
  await combobox.pressSequentially('Lisb', { delay: 40 });
  await page
    .getByRole('option', { name: /Lisbon/ })
    .first()
    .waitFor();
  await combobox.press('ArrowDown');
  await combobox.press('Enter');
  await page.waitForLoadState('networkidle');
  await shots(page, 'search-chosen');
  await page.getByRole('button', { name: 'Create Trip' }).click();
  await page.waitForURL(/\/explore$/);
  await page
    .getByRole('article', { name: /Lisbon/ })
    .first()
    .waitFor();
  await shots(page, 'explore-one-trip');
  await page
    .getByRole('link', { name: /^View Lisbon/ })
    .first()
    .click();
  await page.waitForURL(/\/trips\/[^/]+$/);
  tripPath = new URL(page.url()).pathname;
  await page.getByText('Trip Instances').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shots(page, 'trip-empty');
});

await step('three windows', async () => {
  const windows = [
    [20, 25, '600', '250.40', '120', '35.5'],
    [40, 44, '480.99', '310', '0', '20'],
    [60, 67, '820', '199.99', '140.25', '0'],
  ];
  for (const [start, end, stay, travel, car, other] of windows) {
    await page.getByRole('button', { name: 'Create New Instance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Trip Instance' });
    await dialog.waitFor();
    await dialog.getByLabel('Start Date').fill(day(start));
    await dialog.getByLabel('End Date').fill(day(end));
    await dialog.getByLabel('Stay').fill(stay);
    await dialog.getByLabel('Travel').fill(travel);
    await dialog.getByLabel('Car').fill(car);
    await dialog.getByLabel('Other').fill(other);
    if (start === 20) await shots(page, 'create-window-dialog');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  await page.locator('.instance-card').nth(2).waitFor();
  console.log('card totals', await page.locator('.instance-card__total').allTextContents());
  await shots(page, 'trip-three-windows');
});

await step('itemise', async () => {
  await go(tripPath);
  await page.locator('.instance-card').first().getByRole('link', { name: 'View Details' }).click();
  await page.waitForURL(/\/instances\//);
  await page.getByRole('heading', { name: 'Cost items' }).waitFor();
  await shots(page, 'window-before-items');
  const add = async (category, name, amount, basis) => {
    await page.getByRole('button', { name: `+ Add ${category} item` }).click();
    const form = page.getByRole('form', { name: `Add ${category} item` });
    await form.getByLabel('Item name').fill(name);
    await form.getByLabel('Amount').fill(amount);
    await form.getByLabel('Basis').selectOption({ label: basis });
    await page.waitForTimeout(200);
    if (name === 'Hotel') await shots(page, 'item-form');
    await form.getByRole('button', { name: /^Add/ }).click();
    await form.waitFor({ state: 'detached' });
  };
  const bases = await page
    .getByRole('button', { name: '+ Add stay item' })
    .click()
    .then(() =>
      page.getByRole('form', { name: 'Add stay item' }).getByLabel('Basis').locator('option').allTextContents(),
    );
  console.log('bases', bases);
  await page.getByRole('form', { name: 'Add stay item' }).getByRole('button', { name: 'Cancel' }).click();
  await add(
    'stay',
    'Hotel',
    '95.5',
    bases.find((b) => /night/i.test(b) && !/person/i.test(b)),
  );
  await add('travel', 'Flights', '210', bases.find((b) => /person/i.test(b) && !/night/i.test(b)) ?? bases[0]);
  await add('other', 'Museum pass', '12', bases.find((b) => /person/i.test(b) && /night|day/i.test(b)) ?? bases[0]);
  await page.waitForLoadState('networkidle');
  console.log('window page money', (await page.locator('main').innerText()).match(/[$€£][\d,.]+|Total[^\n]*/g));
  await shots(page, 'window-itemised');
});

await step('compare', async () => {
  await go(tripPath);
  await page.locator('.instance-card').first().waitFor();
  console.log('card totals', await page.locator('.instance-card__total').allTextContents());
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.getByRole('table', { name: /Date windows/ }).waitFor();
  await page.waitForTimeout(300);
  for (const row of await page
    .getByRole('table', { name: /Date windows/ })
    .getByRole('row')
    .all())
    console.log('row', (await row.innerText()).replace(/\s+/g, ' '));
  console.log('chart', await page.locator('.compare-chart__total').allTextContents());
  console.log(
    'summary',
    (
      await page
        .locator('.compare__summary')
        .innerText()
        .catch(() => '')
    ).replace(/\s+/g, ' '),
  );
  await shots(page, 'compare');
  const row = page
    .getByRole('table', { name: /Date windows/ })
    .locator('tbody tr')
    .nth(1);
  await row.getByRole('button', { name: 'Commit', exact: true }).click();
  await row.getByRole('button', { name: 'Committed ✓' }).waitFor();
  await shots(page, 'compare-committed');
});

await step('flex', async () => {
  await go(tripPath);
  await page.getByRole('button', { name: 'Cards', exact: true }).click();
  await page.locator('.instance-card').first().waitFor();
  await page.getByRole('button', { name: 'Flex dates', exact: true }).first().click();
  await page.waitForTimeout(1500);
  await shots(page, 'flex');
  const flexFor = page.getByRole('button', { name: /^Flex dates for/ }).first();
  if (await flexFor.count()) {
    await flexFor.click();
    await page.waitForTimeout(1500);
    await shots(page, 'flex-window');
  }
});

await step('currencies', async () => {
  const { accesstoken } = await api('POST', '/api/user/login', { email: USER.email, password: USER.password });
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Porto, Portugal', currency: 'EUR' },
    accesstoken,
  );
  const w = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: day(90), trip_end: day(95), label: 'Autumn week', stay_expense: 400 },
    accesstoken,
  );
  eurTripPath = `/trips/${trip._id}`;
  await go(`${eurTripPath}/instances/${w._id}`);
  await page.getByRole('heading', { name: 'Cost items' }).waitFor();
  await page.getByRole('button', { name: '+ Add travel item' }).click();
  const form = page.getByRole('form', { name: 'Add travel item' });
  await form.getByLabel('Item name').fill('Flight from NYC');
  await form.getByLabel('Amount').fill('300');
  await form
    .getByLabel('Currency', { exact: true })
    .selectOption('USD')
    .catch((e) => console.log('currency select', String(e).slice(0, 200)));
  await page.waitForTimeout(500);
  await shots(page, 'eur-item-form-usd');
  await form.getByRole('button', { name: /^Add/ }).click();
  await page.waitForTimeout(1000);
  console.log('eur window money', (await page.locator('main').innerText()).match(/[$€£][\d,.]+[^\n]*/g));
  await shots(page, 'eur-window');
  await go(eurTripPath);
  await page.locator('.instance-card').first().waitFor();
  console.log('eur card', await page.locator('.instance-card__total').allTextContents());
  await shots(page, 'eur-trip');
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.waitForTimeout(800);
  await shots(page, 'eur-compare');
});

let friendPage;
await step('share', async () => {
  await api('POST', '/api/user/register', FRIEND);
  await go(tripPath);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this trip' });
  await dialog.waitFor();
  await shots(page, 'share-dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  await shots(page, 'share-link');
  await page.keyboard.press('Escape');
  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  friendPage = await guest.newPage();
  friendPage.setDefaultTimeout(15_000);
  watch(friendPage, 'friend');
  await friendPage.goto(link);
  await friendPage.waitForTimeout(800);
  await shots(friendPage, 'join-logged-out');
  await friendPage.goto(`${BASE}/login`);
  await friendPage.getByLabel('Email').fill(FRIEND.email);
  await friendPage.getByLabel('Password').fill(FRIEND.password);
  await friendPage.getByRole('button', { name: 'Log in' }).click();
  await friendPage.waitForURL(/\/mytrips$/);
  await friendPage.goto(link);
  await friendPage.getByRole('button', { name: 'Join' }).waitFor();
  await shots(friendPage, 'join');
  await friendPage.getByRole('button', { name: 'Join' }).click();
  await friendPage.waitForTimeout(1500);
  await shots(friendPage, 'viewer-trip');
  await friendPage
    .getByRole('button', { name: 'Compare' })
    .click()
    .catch(() => {});
  await friendPage.waitForTimeout(800);
  await shots(friendPage, 'viewer-compare');
  await friendPage.goto(`${BASE}/mytrips`);
  await friendPage.waitForTimeout(1000);
  await shots(friendPage, 'viewer-mytrips');
});

await step('wishlists', async () => {
  await go('/explore');
  await page
    .getByRole('button', { name: /Add .*Lisbon.* to a wishlist/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add to wishlist' });
  await dialog.getByLabel('New list name').fill('Summer picks');
  await shots(page, 'wishlist-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('article', { name: 'Wishlist Summer picks' }).waitFor();
  await shots(page, 'explore-wishlist');
  await page.getByRole('link', { name: 'Open wishlist Summer picks' }).click();
  await page.waitForURL(/\/wishlist-detail\//);
  await page.waitForTimeout(800);
  await shots(page, 'wishlist-detail');
});

await step('upcoming past', async () => {
  const { accesstoken } = await api('POST', '/api/user/login', { email: USER.email, password: USER.password });
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Rome, Italy' }, accesstoken);
  const w = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: day(-40), trip_end: day(-35), stay_expense: 700, travel_expense: 300 },
    accesstoken,
  ).catch((e) => console.log('past window', String(e).slice(0, 300)));
  if (w)
    await api('PATCH', `/api/trips/getaway/${trip._id}/instances/${w._id}/commit`, undefined, accesstoken).catch((e) =>
      console.log('commit past', String(e).slice(0, 300)),
    );
  await go('/mytrips');
  await page.waitForTimeout(1500);
  await shots(page, 'mytrips');
  await go('/previous-trips');
  await page.waitForTimeout(1500);
  await shots(page, 'previous-trips');
  console.log('past text', (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 800));
  await go('/mytrips');
  await page.waitForTimeout(1000);
  console.log('mytrips text', (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 1500));
});

await step('profile', async () => {
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.waitForURL(/\/profile\//);
  await page.waitForTimeout(500);
  await shots(page, 'profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await shots(page, 'profile-edit');
});

await step('logout', async () => {
  await go('/explore');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: path.join(DIR, `walkthrough-${++n}-mobile-menu-390.png`), fullPage: true });
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForURL(/\/login$/);
  await shots(page, 'after-logout');
});

console.log('\nPROBLEMS');
for (const p of problems) console.log(p);
await browser.close();
