// A traveller looks for cheaper dates: one window (Wed May 7 – Mon May 12, 2031, five
// nights) itemised in the cost-item editor with a nightly stay of $100 ($150 on Friday
// and Saturday nights, $180 in a late-May season, set under "Price varies by date") and a
// $300 return fare; the window's total is $900.00 to the cent. Flex dates shows
// the window's all-in total at every start from Apr 23 to May 21 and 3 to 7 nights: the
// cheapest is Sun Apr 27 for 3 nights (three weekday nights + the fare, $600.00, ≈
// estimated because the fare was not seen for those dates). The traveller walks the grid
// with the keyboard, adds that cell as a window and finds it in Compare at $600.00.
// Screenshots (each audited with axe) at 1280 and 360 px; at 360 px the grid scrolls
// sideways inside its box with the nights column stuck to the left.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  BASE_URL,
  assertProductRunning,
  blockingFindings,
  journeySteps,
  launch,
  shot,
  writeA11yReport,
} from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('flex', { fname: 'Ines', lname: 'Moreau' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripPath = '';
let windowPath = '';
let token = '';

beforeAll(async () => {
  await assertProductRunning();
  ({ token } = await signUp(USER));
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Lisbon, Portugal' }, token);
  tripPath = `/trips/${trip._id}`;
  const window = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    {
      trip_start: '2031-05-07',
      trip_end: '2031-05-12',
      stay_expense: 0,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      label: 'Early May',
    },
    token,
  );
  windowPath = `${tripPath}/instances/${window._id}`;
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step } = journeySteps('flex', () => page);
const grid = () => page.getByRole('grid');
const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** Adds an item through the editor; `dated` fills its date-dependent prices before the preview is read. */
async function addItem(category: string, name: string, amount: string, basis: string, dated?: () => Promise<void>) {
  await page.getByRole('button', { name: `+ Add ${category} item` }).click();
  const form = page.getByRole('form', { name: `Add ${category} item` });
  await form.getByLabel('Item name').fill(name);
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Basis').selectOption({ label: basis });
  await dated?.();
  return form;
}

describe('finding cheaper dates', () => {
  step('signs in and itemises the window with a weekend rate and a season', async () => {
    await page.goto(`${BASE_URL}/login`);
    await signIn(page, USER);
    await page.goto(`${BASE_URL}${windowPath}`);
    const stay = await addItem('stay', 'Flat in Alfama', '100', 'Per night', async () => {
      const form = page.getByRole('form', { name: 'Add stay item' });
      await form.getByText('Price varies by date').click();
      await form.getByLabel('Weekend rate (Fri/Sat nights)').fill('150');
      await form.getByRole('button', { name: '+ Add season' }).click();
      await form.getByLabel('Season 1 From').fill('2031-05-20');
      await form.getByLabel('Season 1 To (included)').fill('2031-05-31');
      await form.getByLabel('Season 1 Rate per night').fill('180');
    });
    // Wed, Thu and Sun at $100, Fri and Sat at $150; the season starts later.
    await stay.getByLabel('Item cost').getByText('= $600.00').waitFor();
    await shot(page, 'flex-editor-1280');
    await stay.getByRole('button', { name: /^Add/ }).click();
    const flat = page.getByRole('region', { name: 'Stay items' }).getByRole('listitem').filter({ hasText: 'Flat' });
    await flat.getByText('weekend $150.00 · 1 season').waitFor();
    await flat.getByText(/^Seen on /).waitFor();
    const fare = await addItem('travel', 'Return flights', '300', 'Total');
    await fare.getByLabel('Item cost').getByText('= $300.00').waitFor();
    await fare.getByRole('button', { name: /^Add/ }).click();
    await page.getByText('Total Cost: $900.00').waitFor();
    await page.getByText('Prices from today').waitFor();
    // "Still this price" confirms the fare through the gateway without changing it.
    const checked = page.waitForResponse((response) => response.url().endsWith('/checked'));
    await page.getByRole('button', { name: 'Still this price for Return flights' }).click();
    jestExpect((await checked).status()).toBe(200);
    await page.getByText('Total Cost: $900.00').waitFor();
    jestExpect(await page.getByRole('alert').count()).toBe(0);
  });

  step('sees the window on the trip with how fresh its prices are', async () => {
    await page.goto(`${BASE_URL}${tripPath}`);
    const cards = page.getByRole('list', { name: 'Trip instances' });
    await cards.getByText('$900.00').waitFor();
    await cards.getByText('Prices from today').waitFor();
  });

  step('checks prices on a search site in a new tab', async () => {
    const more = page.getByRole('button', { name: /^More actions for Early May/ });
    await more.click();
    const links = page.getByRole('menuitem', { name: /opens in a new tab/ });
    // Once in CI the links never showed (a 15 s timeout, no screenshot kept): say what
    // the page held instead, so the next failure names its cause.
    await links
      .first()
      .waitFor()
      .catch(async (error: Error) => {
        const menu = page.getByRole('menu', { name: 'Actions for Early May' });
        const open = (await menu.count()) > 0 ? await menu.innerText() : '(no menu)';
        const trip = await api('GET', `/api${tripPath.replace('/trips/', '/trips/getaway/')}`, undefined, token);
        const links = trip.instances?.map((w: { search_links?: unknown[] }) => w.search_links?.length ?? 'none');
        throw new Error(
          `${error.message}\nbutton expanded: ${await more.getAttribute('aria-expanded')}; menu: ${open}; ` +
            `search_links per window from the API: ${JSON.stringify(links)}`,
        );
      });
    for (const link of await links.all()) {
      jestExpect(await link.getAttribute('target')).toBe('_blank');
      jestExpect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      jestExpect(new URL((await link.getAttribute('href')) ?? '').protocol).toBe('https:');
    }
    await page.keyboard.press('Escape');
  });

  step('opens Flex dates from the window and sees the cheapest cell marked', async () => {
    await page.getByRole('button', { name: /^More actions for Early May/ }).click();
    await page.getByRole('menuitem', { name: /^Flex dates for Early May/ }).click();
    await grid().waitFor();
    jestExpect(await grid().getByRole('columnheader').count()).toBe(30); // the corner + Apr 23 … May 21
    jestExpect(await grid().getByRole('rowheader').allTextContents()).toEqual([
      '3 nights',
      '4 nights',
      '5 nights',
      '6 nights',
      '7 nights',
    ]);
    // Summed up at the window's own length (5 nights), then the grid's cheapest, a shorter stay.
    await page
      .getByText(
        'Cheapest for 5 nights: Apr 27 – May 2, $800.00 (≈ estimated) · cheapest of the grid: Apr 27–30, 3 nights, $600.00 (≈ estimated)',
      )
      .waitFor();
    const cheapest = grid().getByRole('gridcell', { name: /cheapest of the grid/ });
    jestExpect(await cheapest.count()).toBe(1);
    jestExpect(await cheapest.getAttribute('aria-label')).toMatch(
      /^Sunday Apr 27 to Wednesday Apr 30, 3 nights, \$600\.00 in all, cheapest of the grid, lowest for 3 nights, estimated$/,
    );
    jestExpect(await cheapest.textContent()).toBe('≈$600.00★ Cheapest · Lowest');
    // The window's own cell is not estimated: its prices are the ones given for its dates.
    const own = grid().getByRole('gridcell', { name: /this window$/ });
    jestExpect(await own.getAttribute('aria-label')).toBe(
      'Wednesday May 7 to Monday May 12, 5 nights, $900.00 in all, this window',
    );
    // The season: five nights from Tue May 20 are all at $180.
    jestExpect(
      await grid()
        .getByRole('gridcell', { name: /^Tuesday May 20 to Sunday May 25, 5 nights/ })
        .getAttribute('aria-label'),
    ).toMatch(/\$1,200\.00 in all/);
    await page.getByRole('list', { name: 'How to read the grid' }).getByText('estimated').waitFor();
    await shot(page, 'flex-1280');
  });

  step('walks the grid with the keyboard and adds the cheapest cell as a window', async () => {
    await grid().locator('[tabindex="0"]').focus();
    jestExpect(await focusedName()).toMatch(/^Wednesday May 7 to Monday May 12, 5 nights/);
    await page.keyboard.press('ArrowRight');
    jestExpect(await focusedName()).toMatch(/^Thursday May 8 to Tuesday May 13, 5 nights/);
    await page.keyboard.press('ArrowUp');
    jestExpect(await focusedName()).toMatch(/^Thursday May 8 to Monday May 12, 4 nights/);
    await page.keyboard.press('Control+Home');
    jestExpect(await focusedName()).toMatch(/^Wednesday Apr 23 to Saturday Apr 26, 3 nights/);
    // One tab stop in the whole grid.
    jestExpect(await grid().locator('[tabindex="0"]').count()).toBe(1);
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
    jestExpect(await focusedName()).toMatch(/^Sunday Apr 27 to Wednesday Apr 30, 3 nights.*cheapest of the grid/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const add = dialog.getByRole('button', {
      name: 'Add this window — Apr 27–30, 3 nights, $600.00 (−$300.00 vs this window)',
    });
    await add.waitFor();
    await shot(page, 'flex-add-window-1280');
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Window added: Apr 27–30').waitFor();
  });

  step('finds the new window in Compare with the cell’s total', async () => {
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const row = page.getByRole('table').getByRole('row', { name: /Apr 27, 2031 – Apr 30, 2031/ });
    await row.waitFor();
    await row.getByText('$600.00').first().waitFor();
    await row.getByText(/^Cheapest/).waitFor();
    // Named for what it is, its dates: not "Early May", its source's name.
    jestExpect(await row.getByText('Early May').count()).toBe(0);
  });

  step('sees the grid at 360 px, scrolling sideways with the nights column stuck', async () => {
    await page.getByRole('button', { name: 'Flex dates', exact: true }).click();
    await page.setViewportSize({ width: 360, height: 780 });
    await grid().waitFor();
    jestExpect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const scroller = page.locator('.flex-grid__scroll');
    const rowHeader = grid().getByRole('rowheader').first();
    const before = await rowHeader.boundingBox();
    await scroller.evaluate((element) => element.scrollBy({ left: 600 }));
    await page.waitForFunction(() => (document.querySelector('.flex-grid__scroll')?.scrollLeft ?? 0) > 0);
    const after = await rowHeader.boundingBox();
    jestExpect(Math.round(after!.x)).toBe(Math.round(before!.x));
    await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
    await shot(page, 'flex-360');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('has no serious or critical accessibility findings on the screens it saw', () => {
    const report = writeA11yReport('flex');
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
