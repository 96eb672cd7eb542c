// A traveller in the US types amounts the American way (docs/adr/0061): "$1,234.50"
// pasted is an amount, "12,50" is still twelve fifty (never 1,250), and "12.5e5", two
// decimal marks, a third decimal, a negative or euros are refused at the field, with
// nothing sent.
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

const journey = localeJourney({ locale: 'en-US', currency: 'USD', profile: { country: 'US' } });
const { step } = journeySteps('amounts-en-US', journey.page);
let windowId = '';

describe('amounts typed in the US', () => {
  step('creates a window with $1,234.50 pasted and 12,50 typed: stored as 1234.5 and 12.5', async () => {
    const dialog = await openWindowForm(journey.page(), journey.tripId());
    const stay = dialog.getByLabel('Stay');
    const car = dialog.getByLabel('Car');
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expectSignAndCurrencyRefused(car, create, { negative: '-$5.00', foreign: '€12.50', currency: 'USD' });
    jestExpect((await journey.get(`/api/trips/getaway/${journey.tripId()}`)).instances).toEqual([]);
    await pasteAmount(stay, '$1,234.50');
    await expectPreview(stay, '= $1,234.50');
    // One comma before two digits can only be decimal, wherever the traveller is.
    await typeAmount(car, '12,50');
    await expectPreview(car, '= $12.50');
    await shot(journey.page(), 'amounts-en-US-window-form');
    jestExpect(blockingFindings()).toEqual([]);
    await create.click();
    await dialog.waitFor({ state: 'detached' });
    const trip = await journey.get(`/api/trips/getaway/${journey.tripId()}`);
    windowId = trip.instances[0]._id;
    jestExpect([trip.instances[0].stay_expense, trip.instances[0].car_expense]).toEqual([1234.5, 12.5]);
  });

  step(
    'refuses 12.5e5, two decimal marks, a third decimal, a negative and euros in the item editor, then saves $1,234.50 pasted',
    async () => {
      const form = await openItemForm(journey.page(), journey.tripId(), windowId);
      const amount = form.getByLabel('Amount');
      await typeAmount(amount, '12.5e5');
      await expectRefusal(amount, '“12.5e5” is not an amount. Type it like 12.50.');
      await typeAmount(amount, '12.50.5');
      await expectRefusal(amount, /is not an amount/);
      await typeAmount(amount, '12.505');
      await expectRefusal(amount, 'Use at most 2 decimals here.');
      await expectSignAndCurrencyRefused(amount, form.getByRole('button', { name: /^Add/ }), {
        negative: '-12.50',
        foreign: 'EUR 12.50',
        currency: 'USD',
      });
      await pasteAmount(amount, '$1,234.50');
      await expectPreview(amount, '= $1,234.50');
      await form.getByRole('button', { name: /^Add/ }).click();
      await journey.page().getByText('Lake cruise').first().waitFor();
      const { instance } = await journey.get(`/api/trips/getaway/${journey.tripId()}/instances/${windowId}`);
      jestExpect(instance.items.find((item: { name: string }) => item.name === 'Lake cruise').amount).toBe(1234.5);
    },
  );
});
