// The window page's cost items against a fake backend that derives totals the way the
// server does: adding with a basis, the running totals, paid toggles, delete with undo.
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { id, instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { CostItem, Instance, Trip } from '../../lib/types';
import { previewCost } from './components/CostItems';

describe('cost items on the window page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  function setup() {
    const window: Instance = instance({
      trip_start: '2030-03-01T00:00:00.000Z',
      trip_end: '2030-03-05T00:00:00.000Z',
      nights: 4,
      items: [],
      paid_total: 0,
      to_pay: 0,
    });
    const state: Trip = trip({ travelers: 2, instances: [window] });
    const derive = () => {
      const items = window.items ?? [];
      const cost = (item: CostItem) => previewCost(item.amount, item.basis, 4, 2);
      const sum = (list: CostItem[]) => list.reduce((total, item) => total + cost(item), 0);
      window.stay_expense = sum(items.filter((item) => item.category === 'stay'));
      window.travel_expense = sum(items.filter((item) => item.category === 'travel'));
      window.car_expense = sum(items.filter((item) => item.category === 'car'));
      window.other_expense = sum(items.filter((item) => item.category === 'other'));
      window.paid_total = sum(items.filter((item) => item.paid));
      window.to_pay = sum(items) - window.paid_total;
      return { body: { instance: window, trip: state } };
    };
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({ body: { trip: state, instance: window } }),
      'GET /api/trips/getaway/:id': () => ({ body: state }),
      'POST /api/trips/getaway/:id/instances/:instanceId/items': (req) => {
        window.items = [...(window.items ?? []), { _id: id(), ...(req.body as Omit<CostItem, '_id'>) }];
        return { status: 201, ...derive() };
      },
      'PUT /api/trips/getaway/:id/instances/:instanceId/items/:itemId': (req) => {
        window.items = (window.items ?? []).map((item) =>
          item._id === req.params.itemId ? { ...item, ...(req.body as Partial<CostItem>) } : item,
        );
        return derive();
      },
      'DELETE /api/trips/getaway/:id/instances/:instanceId/items/:itemId': (req) => {
        window.items = (window.items ?? []).filter((item) => item._id !== req.params.itemId);
        return derive();
      },
    });
    return renderApp(`/trips/${state._id}/instances/${window._id}`);
  }

  async function add(
    user: ReturnType<typeof setup>['user'],
    category: string,
    name: string,
    amount: string,
    basis: string,
  ) {
    const form = await screen.findByRole('form', { name: `Add ${category} item` });
    await user.type(within(form).getByLabelText('Item name'), name);
    await user.type(within(form).getByLabelText('Amount'), amount);
    await user.selectOptions(within(form).getByLabelText('Basis'), basis);
    return form;
  }

  it('when two items with different bases are added and one is paid, then totals and still to pay follow', async () => {
    const { user } = setup();
    const stay = await add(user, 'stay', 'Hotel', '120.50', 'Per night');
    // The picker previews amount × 4 nights before saving.
    expect(within(stay).getByLabelText('Item cost')).toHaveTextContent('$482.00');
    await user.click(within(stay).getByRole('button', { name: 'Add' }));
    const travel = await add(user, 'travel', 'Flights', '199.99', 'Per person');
    await user.click(within(travel).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText(/Paid \$0\.00 · Still to pay \$881\.98/)).toBeInTheDocument());
    const flights = within(screen.getByRole('region', { name: 'Travel items' })).getByRole('listitem');
    await user.click(within(flights).getByRole('checkbox', { name: 'Paid' }));
    await waitFor(() => expect(screen.getByText(/Paid \$399\.98 · Still to pay \$482\.00/)).toBeInTheDocument());
    const put = api.calls.filter((call) => call.method === 'PUT');
    expect(put.at(-1)?.body).toEqual({ paid: true });
  });

  it('when an item is deleted, then Undo adds it back', async () => {
    const { user } = setup();
    const car = await add(user, 'car', 'Rental', '30', 'Per day');
    await user.click(within(car).getByRole('button', { name: 'Add' }));
    const region = screen.getByRole('region', { name: 'Car items' });
    await waitFor(() =>
      expect(
        within(region).getByText('$150.00', { selector: '.cost-item__cost *, .cost-item__cost' }),
      ).toBeInTheDocument(),
    );
    await user.click(within(region).getByRole('button', { name: 'Delete Rental' }));
    await waitFor(() => expect(within(region).queryAllByRole('listitem')).toHaveLength(0));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(within(region).getByRole('listitem')).toHaveTextContent(/Rental.*\$150\.00/);
  });

  it('when an item has a link, then it opens in a new tab without access to this page', async () => {
    const { user } = setup();
    const other = await add(user, 'other', 'Museum', '20', 'Total');
    await user.type(within(other).getByLabelText('Link'), 'https://museum.example/tickets');
    await user.click(within(other).getByRole('button', { name: 'Add' }));
    const link = await screen.findByRole('link', { name: 'Museum' });
    expect(link).toHaveAttribute('href', 'https://museum.example/tickets');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/noopener/);
  });
});
