// A window's share per traveller where its total is shown: on its card and on its
// page, where the share follows the amounts as they are typed (the shared core's
// rounding, the server's), and nowhere when one person goes.
import { screen, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Trip } from '../../lib/types';

describe('per person on a window', () => {
  let api: FakeApi;
  afterEach(() => {
    api?.restore();
    localStorage.clear();
  });

  const window = instance({ label: 'Long weekend', stay_expense: 1000.01, travel_expense: 90.81 });
  const serve = (shown: Trip) => {
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: shown }),
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({ body: { trip: shown, instance: window } }),
    });
  };

  it('when three travel, then each card shows the share the server computed under its total', async () => {
    const shown = trip({ travelers: 3, instances: [{ ...window, per_person: 363.61 }] });
    serve(shown);
    localStorage.setItem(`tripcost:windows-view:${shown._id}`, 'cards');
    renderApp(`/trips/${shown._id}`);
    const card = (await screen.findByRole('heading', { name: 'Long weekend' })).closest('article, li, div')!;
    expect(within(card as HTMLElement).getByText('$1,090.82')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('$363.61 per person')).toBeInTheDocument();
  });

  it('when one person goes, then no card says per person', async () => {
    const shown = trip({ travelers: 1, instances: [window] });
    serve(shown);
    localStorage.setItem(`tripcost:windows-view:${shown._id}`, 'cards');
    renderApp(`/trips/${shown._id}`);
    const card = (await screen.findByRole('heading', { name: 'Long weekend' })).closest('article, li, div')!;
    expect(within(card as HTMLElement).getByText('$1,090.82')).toBeInTheDocument();
    expect(within(card as HTMLElement).queryByText(/per person/)).not.toBeInTheDocument();
  });

  it('when an amount is typed on the window page, then the total and the share per person follow it to the cent', async () => {
    const shown = trip({ travelers: 3, instances: [window] });
    serve(shown);
    const { user } = renderApp(`/trips/${shown._id}/instances/${window._id}`);
    const total = async () => (await screen.findByText(/^Total Cost:/)).closest('p')!;
    expect(await total()).toHaveTextContent('Total Cost: $1,090.82 · $363.61 per person');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const stay = screen.getByLabelText('Stay (Lodging)');
    await user.clear(stay);
    await user.type(stay, '9.19');
    // 9.19 + 90.81 = 100.00, shared by 3: 33.33 (rounded to the cent, as the server rounds it).
    expect(await total()).toHaveTextContent('Total Cost: $100.00 · $33.33 per person');
  });
});
