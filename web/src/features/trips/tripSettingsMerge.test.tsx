import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { trip } from '../../../test/fixtures';
import { LOGGED_IN, renderApp } from '../../../test/render';
import type { Trip } from '../../lib/types';
import { TripSettings } from './components/TripSettings';

describe('trip settings saved while another tab changed the trip', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  /** The trip service's If-Match rule; `elsewhere` is what another tab saved just before this one. */
  function setup(elsewhere: Partial<Trip>) {
    const shown = trip({ version: 5, travelers: 2, budget: null });
    let stored: Trip = { ...shown, ...elsewhere, version: 6 };
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'PUT /api/trips/getaway/:id': (req) => {
        if (req.headers.get('if-match') !== `"${stored.version}"`) return { status: 412, body: { msg: 'stale' } };
        stored = { ...stored, ...(req.body as Partial<Trip>), version: stored.version + 1 };
        return { body: stored };
      },
    });
    return renderApp('/', LOGGED_IN, <TripSettings trip={shown} />);
  }
  const puts = () => api.calls.filter((c) => c.method === 'PUT');

  it('when the budget changed elsewhere and this tab adds a traveller, then both are kept without asking', async () => {
    const { user } = setup({ budget: 900 });
    await user.click(screen.getByRole('button', { name: 'More travellers' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[0].headers.get('if-match')).toBe('"5"');
    expect(puts()[1].headers.get('if-match')).toBe('"6"');
    expect(puts()[1].body).toEqual({ travelers: 3 });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('when the travellers changed elsewhere too, then both values are shown and "Keep mine" stores mine', async () => {
    const { user } = setup({ travelers: 4 });
    await user.click(screen.getByRole('button', { name: 'More travellers' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'This trip changed elsewhere.' });
    expect(dialog).toHaveTextContent('Travellers: Yours: 3 / On the server: 4');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].headers.get('if-match')).toBe('"6"');
    expect(puts()[1].body).toEqual({ travelers: 3 });
  });

  it('when this tab adds two travellers quickly, then the second is not mistaken for a change elsewhere', async () => {
    const { user } = setup({});
    // Nothing changed elsewhere; only the version moved (as after any save).
    await user.click(screen.getByRole('button', { name: 'More travellers' }));
    await user.click(screen.getByRole('button', { name: 'More travellers' }));
    await waitFor(() => expect(puts().map((p) => p.body)).toContainEqual({ travelers: 4 }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
