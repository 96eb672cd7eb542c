// The budget is a money field like the others: read in the traveller's locale, saved as
// the amount read, and a budget that is not an amount is refused at the field, not saved.
import { screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { trip } from '../../../test/fixtures';
import { LOGGED_IN, renderApp } from '../../../test/render';
import { AmountLocaleContext } from '../../lib/amountLocale';
import type { Trip } from '../../lib/types';
import { TripSettings } from './components/TripSettings';

describe('the trip budget typed as people type amounts', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  function setup(locale: string, saved: number | null = null) {
    const shown = trip({ version: 5, currency: 'EUR', budget: saved });
    api = installFakeApi({
      'PUT /api/trips/getaway/:id': (req) => ({ body: { ...shown, ...(req.body as Partial<Trip>), version: 6 } }),
    });
    return renderApp(
      '/',
      LOGGED_IN,
      <AmountLocaleContext.Provider value={locale}>
        <TripSettings trip={shown} />
      </AmountLocaleContext.Provider>,
    );
  }
  const puts = () => api.calls.filter((c) => c.method === 'PUT');

  it('when a traveller in France types 1 500,50 and presses Enter, then 1500.5 is saved', async () => {
    const { user } = setup('fr-FR');
    const budget = screen.getByLabelText('Budget (€)');
    await user.type(budget, '1\u202f500,50');
    expect(budget).toHaveAccessibleDescription('= €1,500.50');
    await user.type(budget, '{Enter}');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ budget: 1500.5 });
  });

  it('when the budget is not an amount, then the field says why and nothing is saved, on Enter or on leaving it', async () => {
    const { user } = setup('en-US', 1000);
    const budget = screen.getByLabelText('Budget (€)');
    await user.clear(budget);
    await user.type(budget, '12.5e5{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('“12.5e5” is not an amount. Type it like 12.50.');
    await user.tab();
    expect(budget).toHaveValue('12.5e5');
    // Not cleared either: the saved budget stays.
    expect(puts()).toHaveLength(0);
    expect(screen.getByText('Budget for the trip: €1,000.00')).toBeInTheDocument();
  });
});
