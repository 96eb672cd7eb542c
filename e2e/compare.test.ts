// A traveller decides between date windows on the comparison board: three windows
// (one named when created, one named on its card), cards sorted by start date (kept
// over a reload), Compare with its Cheapest marker, Δ and the per-category difference,
// the chart's bar totals, marks and budget line, eliminating the cheapest, duplicating
// a window a week later, travellers halving the per-person cost, a budget for the trip
// then per person, and committing (the budget then measures the committed window) and
// clearing the plan. Screenshots (each audited with axe) at 1280, 390 and 360 px; at
// 390 px each row is a card whose total, per person and Δ are in view.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

const USER = newTraveller('compare', { fname: 'Noor', lname: 'Haddad' });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripPath = '';

beforeAll(async () => {
  await assertProductRunning();
  // The account and the empty trip are set up through the API; the decisions are made in the browser.
  const { token } = await signUp(USER);
  const trip = await api('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' }, token);
  tripPath = `/trips/${trip._id}`;
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Where an element is on the screen, and whether its text fits its box. */
async function placement(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: Math.floor(box.left),
      right: Math.ceil(box.right),
      width: box.width,
      clipped: element.scrollWidth > element.clientWidth + 1,
      viewport: document.documentElement.clientWidth,
    };
  });
}

const { step } = journeySteps('compare', () => page);

const table = () => page.getByRole('table', { name: /Date windows/ });
const row = (name: RegExp) => table().getByRole('row', { name });
const cellTexts = (locator: Locator) => locator.getByRole('cell').allTextContents();

describe('a traveller comparing date windows', () => {
  step('logs in and adds three windows to a trip', async () => {
    await signIn(page, USER);
    await page.goto(`${BASE_URL}${tripPath}`);
    await page.getByRole('heading', { name: 'Trip Instances' }).waitFor();
    const windows = [
      { start: '2031-06-01', end: '2031-06-05', stay: '600', travel: '220', name: 'Early June' },
      { start: '2031-07-01', end: '2031-07-05', stay: '500', travel: '200', name: '' },
      { start: '2031-08-01', end: '2031-08-04', stay: '700', travel: '300', name: '' },
    ];
    for (const window of windows) {
      await page.getByRole('button', { name: 'Create New Instance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Trip Instance' });
      if (window.name) await dialog.getByLabel('Name (optional)').fill(window.name);
      await dialog.getByLabel('Start Date').fill(window.start);
      await dialog.getByLabel('End Date').fill(window.end);
      await dialog.getByLabel('Stay').fill(window.stay);
      await dialog.getByLabel('Travel').fill(window.travel);
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.locator('.instance-card').nth(2).waitFor();
    await page.getByRole('heading', { name: 'Early June', level: 3 }).waitFor();
  });

  const cardTitles = () => page.getByRole('list', { name: 'Trip instances' }).getByRole('heading').allTextContents();

  step('names a window on its card; the name becomes the card’s title', async () => {
    await page.getByRole('button', { name: 'More actions for Jul 1, 2031 – Jul 5, 2031' }).click();
    await page.getByRole('menuitem', { name: 'Name this window: Jul 1, 2031 – Jul 5, 2031' }).click();
    const field = page.getByRole('textbox', { name: 'Window name' });
    await field.fill('Mid July');
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Mid July', level: 3 }).waitFor();
    await page.getByRole('button', { name: /^More actions for Mid July/ }).click();
    await page.getByRole('menuitem', { name: 'Rename: Mid July' }).waitFor();
    await page.keyboard.press('Escape');
    await shot(page, 'windows-named-cards');
  });

  step('sorts the cards by start date, and the order is kept after a reload', async () => {
    // The spec's default: the newest window first.
    jestExpect(await cardTitles()).toEqual(['Aug 1, 2031 – Aug 4, 2031', 'Mid July', 'Early June']);
    await page.getByRole('combobox', { name: 'Sort:' }).selectOption('By start date');
    jestExpect(await cardTitles()).toEqual(['Early June', 'Mid July', 'Aug 1, 2031 – Aug 4, 2031']);
    await page.reload();
    await page.getByRole('heading', { name: 'Early June', level: 3 }).waitFor();
    jestExpect(await page.getByRole('combobox', { name: 'Sort:' }).inputValue()).toBe('start');
    jestExpect(await cardTitles()).toEqual(['Early June', 'Mid July', 'Aug 1, 2031 – Aug 4, 2031']);
  });

  step('opens Compare and sees the Cheapest window and why the others cost more', async () => {
    await page.getByRole('button', { name: 'Compare' }).click();
    const july = row(/Jul 1, 2031/);
    await july.getByText('Cheapest').waitFor();
    const june = row(/Jun 1, 2031/);
    await june.getByText('+$120.00 (+17.1%)').waitFor();
    await june.getByText('+$100.00 stay, +$20.00 travel').waitFor();
    await row(/Aug 1, 2031/)
      .getByText('+$200.00 stay, +$100.00 travel')
      .waitFor();
    await page.getByText('Spread $300.00').waitFor();
    await page.getByText('Costs by category').waitFor();
    await page.locator('.compare-chart__plot .compare-chart__bar').first().waitFor();
  });

  step('sees every column at 1280 px, and a chart with its totals, marks and a summary in words', async () => {
    // Every column is in the table's box: nothing to scroll sideways, no header cut short.
    const scroller = page.getByRole('region', { name: 'Comparison table' });
    jestExpect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    for (const header of await table().getByRole('columnheader').all()) {
      jestExpect({ header: await header.textContent(), clipped: (await placement(header)).clipped }).toEqual({
        header: await header.textContent(),
        clipped: false,
      });
    }
    const plot = page.locator('.compare-chart__plot');
    for (const total of ['$700.00', '$820.00', '$1,000.00']) {
      await plot.locator('.compare-chart__total', { hasText: total }).waitFor();
    }
    await plot.getByText('★ Cheapest').waitFor();
    // The picture is hidden from screen readers, so nothing in it may be reached with Tab.
    jestExpect(await plot.locator('[tabindex]:not([tabindex="-1"])').count()).toBe(0);
    await page
      .getByText(
        'Cheapest: Mid July, $700.00 — Early June costs $120.00 more (stay +$100.00, travel +$20.00); ' +
          'Aug 1 – Aug 4, 2031 costs $300.00 more (stay +$200.00, travel +$100.00).',
      )
      .waitFor();
    jestExpect(await page.getByRole('button', { name: 'Show as table' }).count()).toBe(0);
    await shot(page, 'compare-1280');
  });

  step('eliminates the cheapest window and sees the marker move', async () => {
    await row(/Jul 1, 2031/)
      .getByRole('combobox', { name: /Status of/ })
      .selectOption('eliminated');
    await row(/Jun 1, 2031/)
      .getByText('Cheapest')
      .waitFor();
    jestExpect(await cellTexts(row(/Jul 1, 2031/))).toContain('Eliminated');
    await page.getByRole('button', { name: 'Eliminated (1)' }).waitFor();
  });

  step('duplicates a window a week later', async () => {
    await row(/Aug 1, 2031/)
      .getByRole('button', { name: /^Duplicate/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate window' });
    await dialog.getByRole('button', { name: '+7 days' }).click();
    await dialog.waitFor({ state: 'detached' });
    const copy = row(/Aug 8, 2031 – Aug 11, 2031/);
    await copy.waitFor();
    jestExpect(await cellTexts(copy)).toContain('$1,000.00');
    jestExpect(await copy.getByRole('combobox', { name: /Status of/ }).inputValue()).toBe('considering');
  });

  step('sets two travellers and sees the cost per person halve', async () => {
    const june = row(/Jun 1, 2031/);
    jestExpect(await cellTexts(june)).toContain('$820.00');
    await page.getByRole('button', { name: 'More travellers' }).click();
    await june.getByRole('cell', { name: '$410.00', exact: true }).waitFor();
  });

  step(
    'sets a budget for the trip and sees whether the cheapest window fits, with the budget drawn on the chart',
    async () => {
      const budget = page.getByLabel('Budget ($)');
      await budget.fill('800');
      await budget.press('Enter');
      await page.getByText('Cheapest window is $20.00 over budget').waitFor();
      await budget.fill('1000');
      await budget.press('Enter');
      await page.getByText('Cheapest window is $180.00 under budget').waitFor();
      await page.locator('.compare__summary').getByText('Budget for the trip: $1,000.00').waitFor();
      await page.locator('.compare-chart__plot .compare-chart__budget').waitFor();
      await page.locator('.compare-chart__plot').getByText('Budget $1,000.00').waitFor();
    },
  );

  step(
    'commits a window; the budget then measures the committed window; then clears the plan, undoes that, clears it again',
    async () => {
      const june = row(/Jun 1, 2031/);
      await june.getByRole('button', { name: 'Commit', exact: true }).click();
      await june.getByRole('button', { name: 'Committed ✓' }).waitFor();
      await page.getByText('Committed plan: $820.00').waitFor();
      await page.getByText('Committed window is $180.00 under budget').waitFor();
      await page.locator('.compare-chart__plot').getByText('✓ Committed').waitFor();
      await shot(page, 'compare-committed-1280');
      await june.getByRole('button', { name: 'Clear plan' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Clear plan' }).click();
      await june.getByRole('button', { name: 'Commit', exact: true }).waitFor();
      jestExpect(await page.getByText(/Committed plan/).count()).toBe(0);
      jestExpect(await june.getByRole('combobox', { name: /Status of/ }).inputValue()).toBe('top_choice');
      // The toast's Undo puts the plan back (the history's undo of the clearing); cleared again after.
      await page.locator('.toast', { hasText: 'Plan cleared' }).getByRole('button', { name: 'Undo' }).click();
      await june.getByRole('button', { name: 'Committed ✓' }).waitFor();
      await page.getByText('Committed plan: $820.00').waitFor();
      await june.getByRole('button', { name: 'Clear plan' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Clear plan' }).click();
      await june.getByRole('button', { name: 'Commit', exact: true }).waitFor();
    },
  );

  step('sets the budget per person and sees it measured per person', async () => {
    await page.getByRole('combobox', { name: 'Budget applies' }).selectOption('per person');
    await page.locator('.compare__summary').getByText('Budget per person: $1,000.00').waitFor();
    // Two travellers: the cheapest window (Early June, $820.00) is $410.00 each.
    await page.getByText('Cheapest window is $590.00 per person under budget').waitFor();
    // The bars are whole-trip totals: no per-person budget line is drawn over them.
    jestExpect(await page.locator('.compare-chart__plot .compare-chart__budget').count()).toBe(0);
    await page.getByText(/the bars are whole-trip totals, so no budget line is drawn/).waitFor();
  });

  step('sees each row as a card at 390 px, with total, per person and Δ in view and no header cut short', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await table().waitFor();
    jestExpect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const rows = await table().locator('tbody').getByRole('row').all();
    jestExpect(rows.length).toBe(4);
    for (const one of rows) {
      for (const cell of ['.compare__total', '.compare__per-person', '.compare__delta']) {
        const where = await placement(one.locator(cell));
        jestExpect({ cell, inView: where.left >= 0 && where.right <= where.viewport && where.width > 0 }).toEqual({
          cell,
          inView: true,
        });
      }
    }
    for (const header of await table().getByRole('columnheader').all()) {
      if (!(await header.isVisible())) continue;
      const where = await placement(header);
      jestExpect({
        header: await header.textContent(),
        clipped: where.clipped,
        inView: where.right <= where.viewport,
      }).toEqual({
        header: await header.textContent(),
        clipped: false,
        inView: true,
      });
    }
    await shot(page, 'compare-390');
  });

  step('sees the board and the chart at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await table().waitFor();
    jestExpect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'compare-360');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('has no serious or critical accessibility findings on the screens it saw', () => {
    const report = writeA11yReport('compare');
    jestExpect({ report, blocking: blockingFindings() }).toEqual({ report, blocking: [] });
  });
});
