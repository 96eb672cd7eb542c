// Amounts as people type them, per locale (docs/adr/0061): what the locale suites
// (amounts-en-US, amounts-fr-FR, amounts-de-CH) share. One browser, one traveller
// registered with the locale's country and a trip in its currency; the steps type and
// paste amounts into the window form and the item editor, read what the field says it
// understood, and read the stored value back through the API.
import { expect as jestExpect } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, assertProductRunning, launch } from './browser';
import { api, newTraveller, signIn, signUp, type Registration } from './traveller';

export interface LocaleCase {
  /** The suite's name and the browser's locale ('fr-FR'). */
  locale: string;
  /** Where the traveller lives: the profile country decides how amounts read. */
  profile: Partial<Registration>;
  currency: string;
}

export interface LocaleJourney {
  page: () => Page;
  /** The API as the traveller. */
  get: (path: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers
  tripId: () => string;
}

/** Registers the traveller, makes their trip and opens the browser in the locale; closed after the file. */
export function localeJourney(c: LocaleCase): LocaleJourney {
  let browser: Browser;
  let page: Page;
  let token = '';
  let tripId = '';
  beforeAll(async () => {
    await assertProductRunning();
    const who = newTraveller(`amounts-${c.locale}`, c.profile);
    ({ token } = await signUp(who));
    tripId = (
      await api('POST', '/api/trips/getaway-trip', { location_address: 'Annecy, France', currency: c.currency }, token)
    )._id;
    browser = await launch();
    const context = await browser.newContext({ locale: c.locale, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, who);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    page: () => page,
    get: (path) => api('GET', path, undefined, token),
    tripId: () => tripId,
  };
}

/** The money field's box: the input, what it understood, and its refusal. */
const box = (field: Locator) => field.locator('xpath=ancestor::span[contains(@class, "money-input")][1]');

/** Types `text` key by key, as a person does. */
export async function typeAmount(field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.pressSequentially(text);
}

/** Pastes `text`: one input of the whole text, no key presses. */
export async function pasteAmount(field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.focus();
  await field.page().keyboard.insertText(text);
}

/** Waits until the field says it understood `preview` ('= €12.50'). */
export async function expectPreview(field: Locator, preview: string | RegExp): Promise<void> {
  await box(field).locator('.money-input__preview').getByText(preview).waitFor();
  jestExpect(await field.getAttribute('aria-invalid')).not.toBe('true');
}

/** Waits until the field refuses what it holds with `why`, and is invalid. */
export async function expectRefusal(field: Locator, why: string | RegExp): Promise<void> {
  await box(field).locator('.money-input__refusal').getByText(why).waitFor();
  jestExpect(await field.getAttribute('aria-invalid')).toBe('true');
}

/** Opens the trip's "Create New Trip Instance" dialog with its dates filled in. */
export async function openWindowForm(page: Page, tripId: string): Promise<Locator> {
  await page.goto(`${BASE_URL}/trips/${tripId}`);
  await page.getByRole('button', { name: 'Create New Instance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Trip Instance' });
  await dialog.getByLabel('Start Date').fill('2031-06-01');
  await dialog.getByLabel('End Date').fill('2031-06-05');
  return dialog;
}

/** Opens the add form of the window's "other" items (no estimate to replace there). */
export async function openItemForm(page: Page, tripId: string, windowId: string): Promise<Locator> {
  await page.goto(`${BASE_URL}/trips/${tripId}/instances/${windowId}`);
  await page.getByRole('button', { name: '+ Add other item' }).click();
  const form = page.getByRole('form', { name: 'Add other item' });
  await form.getByLabel('Item name').fill('Lake cruise');
  return form;
}

/**
 * What a money field refuses whatever the locale: a negative typed (`negative`) and an
 * amount in another currency pasted (`foreign`), each said at the field; with the field
 * refused, `submit` (the form's button) sends nothing — no request but reads leaves the
 * page within half a second of the click.
 */
export async function expectSignAndCurrencyRefused(
  field: Locator,
  submit: Locator,
  { negative, foreign, currency }: { negative: string; foreign: string; currency: string },
): Promise<void> {
  await typeAmount(field, negative);
  await expectRefusal(field, 'The amount cannot be negative.');
  await pasteAmount(field, foreign);
  await expectRefusal(
    field,
    `This amount is in ${currency}: type it in ${currency}, or add it as a cost item in its own currency.`,
  );
  const page = field.page();
  const sent: string[] = [];
  const listen = (request: { method: () => string; url: () => string }) => {
    if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', listen);
  // Dispatched rather than clicked: a disabled button (the item editor's) is not clickable.
  await submit.dispatchEvent('click');
  await page.waitForTimeout(500);
  page.off('request', listen);
  jestExpect(sent).toEqual([]);
}
