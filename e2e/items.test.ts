// A traveller itemises a window's costs: two items with different bases in labelled
// fields, a confirmation number shown and edited, the window total and the comparison
// following, Reserved and Paid saved, the editor at 390 px without wrapped buttons, and
// the notice when the first item turns a window's plain amounts into items.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  BASE_URL,
  a11y,
  assertProductRunning,
  blockingFindings,
  journeySteps,
  launch,
  shot,
  writeA11yReport,
} from './browser';
import { api, newTraveller, signIn, signUp } from './traveller';

const USER = newTraveller('items', { fname: 'Ines', lname: 'Costa' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripPath = '';
let windowPath = '';
/** The September window, which keeps its plain $900 stay until the last step. */
let plainWindowPath = '';

beforeAll(async () => {
  await assertProductRunning();
  // A trip for two with two 4-night windows, made through the API; the items are added in
  // the browser. May starts without amounts; September has a plain $900 stay.
  const { token } = await signUp(USER);
  const trip = await api(
    'POST',
    '/api/trips/getaway-trip',
    { location_address: 'Madeira, Portugal', travelers: 2 },
    token,
  );
  const september = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: '2031-09-01', trip_end: '2031-09-05', stay_expense: 900 },
    token,
  );
  const window = await api(
    'POST',
    `/api/trips/getaway/${trip._id}/instances`,
    { trip_start: '2031-05-01', trip_end: '2031-05-05' },
    token,
  );
  tripPath = `/trips/${trip._id}`;
  windowPath = `${tripPath}/instances/${window._id}`;
  plainWindowPath = `${tripPath}/instances/${september._id}`;
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const { step, brokenAt } = journeySteps('items', () => page);

const region = (category: string) =>
  page.getByRole('region', { name: `${category[0]!.toUpperCase()}${category.slice(1)} items` });
const itemRow = (category: string, name: string) => region(category).getByRole('listitem').filter({ hasText: name });

async function addItem(
  category: string,
  name: string,
  amount: string,
  basis: string,
  expectedCost: string,
  confirmation = '',
) {
  await page.getByRole('button', { name: `+ Add ${category} item` }).click();
  const form = page.getByRole('form', { name: `Add ${category} item` });
  await form.getByLabel('Item name').fill(name);
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Basis').selectOption({ label: basis });
  if (confirmation) await form.getByLabel('Confirmation number').fill(confirmation);
  await form.getByLabel('Item cost').getByText(`= ${expectedCost}`).waitFor();
  await form.getByRole('button', { name: /^Add/ }).click();
  await itemRow(category, name).waitFor();
}

/** Buttons and toggles of the cost items whose words wrapped onto a second line, and any sideways scroll. */
function wrappedControls(): Promise<{ wrapped: string[]; pageWidth: number }> {
  return page.evaluate(() => {
    const wrapped: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('.cost-items button, .cost-items .cost-item__toggle');
    for (const control of controls) {
      const style = getComputedStyle(control);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
      const content = control.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      // Two lines of text make the content at least two line heights tall.
      if (content > line * 1.6 || control.scrollWidth > control.clientWidth + 1)
        wrapped.push(control.textContent?.trim() ?? '');
    }
    return { wrapped, pageWidth: document.documentElement.scrollWidth };
  });
}

describe('a traveller itemising a window', () => {
  step('logs in and opens the May window', async () => {
    await signIn(page, USER);
    await page.goto(`${BASE_URL}${windowPath}`);
    await page.getByRole('heading', { name: 'Cost items' }).waitFor();
  });

  step('sees every item field with a visible label', async () => {
    await page.getByRole('button', { name: '+ Add stay item' }).click();
    const form = page.getByRole('form', { name: 'Add stay item' });
    for (const label of ['Item name', 'Amount', 'Basis', 'Link', 'Confirmation number']) {
      // The words are on screen (a <label>), not a placeholder that disappears on typing.
      await form.locator('label').filter({ hasText: label }).first().waitFor({ state: 'visible' });
      jestExpect(await form.getByLabel(label, { exact: true }).getAttribute('placeholder')).toBeNull();
    }
    // A limit is said, never a silent cut: 65 characters stay, and the field says the limit.
    const confirmation = form.getByLabel('Confirmation number');
    await confirmation.fill('C'.repeat(65));
    jestExpect(await confirmation.inputValue()).toHaveLength(65);
    await form.getByText('Confirmation number: at most 64 characters').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  step(
    'adds a hotel per night with its confirmation number and flights per person, and sees the window total',
    async () => {
      await addItem('stay', 'Quinta hotel', '120.50', 'Per night', '$482.00', 'QH-4821');
      await itemRow('stay', 'Quinta hotel').getByText('Confirmation number QH-4821').waitFor();
      await addItem('travel', 'Flights', '199.99', 'Per person', '$399.98');
      await page.getByText('Paid $0.00 · Still to pay $881.98').waitFor();
      await page.getByText('Total Cost: $881.98').waitFor();
      await shot(page, 'items-window');
    },
  );

  step('corrects the confirmation number and sees it after a reload', async () => {
    await itemRow('stay', 'Quinta hotel').getByRole('button', { name: 'Edit Quinta hotel' }).click();
    const form = page.getByRole('form', { name: 'Edit Quinta hotel' });
    await form.getByLabel('Confirmation number').fill('QH-4822');
    await form.getByRole('button', { name: 'Save' }).click();
    await itemRow('stay', 'Quinta hotel').getByText('Confirmation number QH-4822').waitFor();
    await page.reload();
    await itemRow('stay', 'Quinta hotel').getByText('Confirmation number QH-4822').waitFor();
  });

  step('sees the comparison pick the itemised window as cheapest', async () => {
    await page.goto(`${BASE_URL}${tripPath}`);
    await page.getByRole('button', { name: 'Compare' }).click();
    const may = page.getByRole('table', { name: /Date windows/ }).getByRole('row', { name: /May 1, 2031/ });
    await may.getByText('Cheapest').waitFor();
    jestExpect(await may.getByRole('cell').allTextContents()).toContain('$881.98');
  });

  step('marks the hotel reserved and the flights paid, and both stay after a reload', async () => {
    await page.goto(`${BASE_URL}${windowPath}`);
    const saved = () =>
      page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/items/') && res.ok());
    await Promise.all([saved(), itemRow('stay', 'Quinta hotel').getByRole('checkbox', { name: 'Reserved' }).click()]);
    await Promise.all([saved(), itemRow('travel', 'Flights').getByRole('checkbox', { name: 'Paid' }).click()]);
    await page.getByText('Paid $399.98 · Still to pay $482.00').waitFor();
    await shot(page, 'items-paid');
    await page.reload();
    await page.getByText('Paid $399.98 · Still to pay $482.00').waitFor();
    jestExpect(await itemRow('stay', 'Quinta hotel').getByRole('checkbox', { name: 'Reserved' }).isChecked()).toBe(
      true,
    );
    jestExpect(await itemRow('travel', 'Flights').getByRole('checkbox', { name: 'Paid' }).isChecked()).toBe(true);
  });

  step('at 390 px the items read without wrapped buttons or sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await itemRow('stay', 'Quinta hotel').getByRole('button', { name: 'Edit Quinta hotel' }).waitFor();
    // One add form open too, to see its fields at this width.
    await page.getByRole('button', { name: '+ Add car item' }).click();
    await page.getByRole('form', { name: 'Add car item' }).getByLabel('Item name').fill('Airport transfer');
    const { wrapped, pageWidth } = await wrappedControls();
    jestExpect(wrapped).toEqual([]);
    jestExpect(pageWidth).toBeLessThanOrEqual(390);
    await shot(page, 'items-390');
    await page.getByRole('form', { name: 'Add car item' }).getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  step(
    'before itemising a window with a plain stay, is told what adding an item does, and after, what it did',
    async () => {
      await page.goto(`${BASE_URL}${plainWindowPath}`);
      await page
        .getByText(
          'Adding an item turns the amounts entered so far (Stay $900.00) into items, so the total stays the same plus the new item — unless the item replaces its category’s amount (asked when you add it).',
        )
        .waitFor();
      await addItem('other', 'Levada walk', '40', 'Per person', '$80.00');
      await page
        .getByRole('status')
        .filter({ hasText: 'Your earlier Stay $900.00 is now an item, so the total is unchanged plus the new item.' })
        .waitFor();
      // Nothing dropped: the $900 stay is an item of its own and the total grew by the walk only.
      await itemRow('stay', 'entered before itemising').waitFor();
      await page.getByText('Total Cost: $980.00').waitFor();
      await shot(page, 'items-itemised-notice');
    },
  );
});

describe('accessibility of the cost item editor (axe-core, WCAG 2.1 A and AA)', () => {
  it('finds no serious or critical violation on any screen of the items journey', () => {
    const report = writeA11yReport('items');
    jestExpect(brokenAt()).toBeNull();
    jestExpect(a11y.screens.length).toBeGreaterThanOrEqual(4);
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
