// A traveller in Switzerland types francs the Swiss way (docs/adr/0061): "CHF 1'234.50"
// pasted is an amount, "12.50" typed is twelve fifty, and "12.5e5", two decimal marks, a
// third decimal, a negative or euros are refused at the field, with nothing sent.
import { expect as jestExpect } from '@jest/globals';
import {
  expectPreview,
  expectRefusal,
  expectSignAndCurrencyRefused,
  localeJourney,
  openItemForm,
  openWindowForm,
  pasteAmount,
  typeAmount,
} from './amounts';
import { blockingFindings, journeySteps, shot } from './browser';

const journey = localeJourney({
  locale: 'de-CH',
  currency: 'CHF',
  profile: { country: 'CH', city: 'Zürich', state: 'Zürich', zip: '8001', home_currency: 'CHF' },
});
const { step } = journeySteps('amounts-de-CH', journey.page);
let windowId = '';

describe('amounts typed in Switzerland', () => {
  step("creates a window with CHF 1'234.50 pasted and 12.50 typed: stored as 1234.5 and 12.5", async () => {
    const dialog = await openWindowForm(journey.page(), journey.tripId());
    const stay = dialog.getByLabel('Stay');
    const other = dialog.getByLabel('Other');
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expectSignAndCurrencyRefused(other, create, { negative: '-12.50', foreign: '€ 12.50', currency: 'CHF' });
    jestExpect((await journey.get(`/api/trips/getaway/${journey.tripId()}`)).instances).toEqual([]);
    await pasteAmount(stay, "CHF 1'234.50");
    await expectPreview(stay, /^= CHF\s1,234\.50$/);
    await typeAmount(other, '12.50');
    await expectPreview(other, /^= CHF\s12\.50$/);
    await shot(journey.page(), 'amounts-de-CH-window-form');
    jestExpect(blockingFindings()).toEqual([]);
    await create.click();
    await dialog.waitFor({ state: 'detached' });
    const trip = await journey.get(`/api/trips/getaway/${journey.tripId()}`);
    windowId = trip.instances[0]._id;
    jestExpect([trip.instances[0].stay_expense, trip.instances[0].other_expense]).toEqual([1234.5, 12.5]);
  });

  step(
    "refuses 12.5e5, two decimal marks, a third decimal, a negative and euros in the item editor, then saves CHF 1'234.50 pasted",
    async () => {
      const form = await openItemForm(journey.page(), journey.tripId(), windowId);
      const amount = form.getByLabel('Amount');
      await pasteAmount(amount, '12.5e5');
      await expectRefusal(amount, '“12.5e5” is not an amount. Type it like 12.50.');
      await typeAmount(amount, '12.50.5');
      await expectRefusal(amount, /is not an amount/);
      await typeAmount(amount, '12.505');
      await expectRefusal(amount, 'Use at most 2 decimals here.');
      await expectSignAndCurrencyRefused(amount, form.getByRole('button', { name: /^Add/ }), {
        negative: 'CHF -8.00',
        foreign: '8.00 EUR',
        currency: 'CHF',
      });
      await pasteAmount(amount, "CHF 1'234.50");
      await expectPreview(amount, /^= CHF\s1,234\.50$/);
      await form.getByRole('button', { name: /^Add/ }).click();
      await journey.page().getByText('Lake cruise').first().waitFor();
      const { instance } = await journey.get(`/api/trips/getaway/${journey.tripId()}/instances/${windowId}`);
      jestExpect(instance.items.find((item: { name: string }) => item.name === 'Lake cruise').amount).toBe(1234.5);
    },
  );
});
