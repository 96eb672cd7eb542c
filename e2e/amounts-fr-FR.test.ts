// A traveller in France types amounts the French way (docs/adr/0061): "12,50" is twelve
// euros fifty (never 1,250), "1 234,50 €" pasted with its narrow no-break space is an
// amount, and "12.5e5", two decimal marks, a third decimal, a negative or dollars are
// refused at the field, with nothing sent.
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

const NNBSP = '\u202f';
const journey = localeJourney({
  locale: 'fr-FR',
  currency: 'EUR',
  profile: { country: 'FR', city: 'Paris', state: 'Île-de-France', zip: '75001', home_currency: 'EUR' },
});
const { step } = journeySteps('amounts-fr-FR', journey.page);
let windowId = '';

describe('amounts typed in France', () => {
  step('creates a window with 12,50 typed and 1 234,50 € pasted: stored as 12.5 and 1234.5', async () => {
    const dialog = await openWindowForm(journey.page(), journey.tripId());
    const stay = dialog.getByLabel('Stay');
    const travel = dialog.getByLabel('Travel');
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expectSignAndCurrencyRefused(stay, create, { negative: '-12,50', foreign: '$12.50', currency: 'EUR' });
    jestExpect((await journey.get(`/api/trips/getaway/${journey.tripId()}`)).instances).toEqual([]);
    await typeAmount(stay, '12,50');
    await expectPreview(stay, '= €12.50');
    await pasteAmount(travel, `1${NNBSP}234,50${NNBSP}€`);
    await expectPreview(travel, '= €1,234.50');
    await shot(journey.page(), 'amounts-fr-FR-window-form');
    jestExpect(blockingFindings()).toEqual([]);
    await create.click();
    await dialog.waitFor({ state: 'detached' });
    const trip = await journey.get(`/api/trips/getaway/${journey.tripId()}`);
    windowId = trip.instances[0]._id;
    jestExpect([trip.instances[0].stay_expense, trip.instances[0].travel_expense]).toEqual([12.5, 1234.5]);
  });

  step(
    'refuses 12.5e5, two decimal marks, a third decimal, a negative and dollars in the item editor, then saves 45,90',
    async () => {
      const form = await openItemForm(journey.page(), journey.tripId(), windowId);
      const amount = form.getByLabel('Amount');
      await pasteAmount(amount, '12.5e5');
      await expectRefusal(amount, '“12.5e5” is not an amount. Type it like 12,50.');
      await typeAmount(amount, '12,50,5');
      await expectRefusal(amount, /is not an amount/);
      // One comma before three digits is decimal in France: too many for euros, never 12,505 €.
      await typeAmount(amount, '12,505');
      await expectRefusal(amount, 'Use at most 2 decimals here.');
      jestExpect(await form.getByRole('button', { name: /^Add/ }).isDisabled()).toBe(true);
      await expectSignAndCurrencyRefused(amount, form.getByRole('button', { name: /^Add/ }), {
        negative: '−45,90 €',
        foreign: '45,90 $',
        currency: 'EUR',
      });
      await typeAmount(amount, '45,90');
      await expectPreview(amount, '= €45.90');
      await form.getByRole('button', { name: /^Add/ }).click();
      await journey.page().getByText('Lake cruise').first().waitFor();
      const { instance } = await journey.get(`/api/trips/getaway/${journey.tripId()}/instances/${windowId}`);
      jestExpect(instance.items.find((item: { name: string }) => item.name === 'Lake cruise').amount).toBe(45.9);
    },
  );
});
