// The window page's cost items against a fake backend that derives totals the way the
// server does: adding with a basis, the running totals, paid toggles, delete with the
// toast's Undo (the item back from the trip's bin, with its id).
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi, type FakeRequest, type FakeResponse } from '../../../test/fakeApi';
import { costItem, id, instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { CostItem, Instance, Trip } from '../../lib/types';
import { previewCost } from './CostItems';

describe('cost items on the window page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  function setup(over: Partial<Instance> = {}, routes: Parameters<typeof installFakeApi>[0] = {}) {
    const window: Instance = instance({
      trip_start: '2030-03-01T00:00:00.000Z',
      trip_end: '2030-03-05T00:00:00.000Z',
      nights: 4,
      items: [],
      paid_total: 0,
      to_pay: 0,
      ...over,
    });
    const state: Trip = trip({ travelers: 2, instances: [window] });
    const derive = () => {
      const items = window.items ?? [];
      const cost = (item: CostItem) => previewCost(item, window, 2);
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
      ...routes,
    });
    return { ...renderApp(`/trips/${state._id}/instances/${window._id}`), window };
  }

  async function add(
    user: ReturnType<typeof setup>['user'],
    category: string,
    name: string,
    amount: string,
    basis: string,
  ) {
    await user.click(await screen.findByRole('button', { name: `+ Add ${category} item` }));
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
    await user.click(within(stay).getByRole('button', { name: /^Add/ }));
    const travel = await add(user, 'travel', 'Flights', '199.99', 'Per person');
    await user.click(within(travel).getByRole('button', { name: /^Add/ }));
    await waitFor(() => expect(screen.getByText(/Paid \$0\.00 · Still to pay \$881\.98/)).toBeInTheDocument());
    const flights = within(screen.getByRole('region', { name: 'Travel items' })).getByRole('listitem');
    await user.click(within(flights).getByRole('checkbox', { name: 'Paid' }));
    await waitFor(() => expect(screen.getByText(/Paid \$399\.98 · Still to pay \$482\.00/)).toBeInTheDocument());
    const put = api.calls.filter((call) => call.method === 'PUT');
    expect(put.at(-1)?.body).toEqual({ paid: true });
  });

  it('when an item is deleted, then the toast’s Undo brings it back from the bin with its id', async () => {
    const binId = `3f2b8c4e-6d1a-4b7e-9c2d-5e8f1a3b7c9d:${id()}`;
    // What the bin holds: the deleted item, once deleted.
    const bin: CostItem[] = [];
    const { user, window } = setup(
      {},
      {
        'GET /api/trips/getaway/:id/bin': () => ({
          body: {
            items: bin.map((item) => ({ _id: binId, kind: 'item', thing_id: item._id, name: item.name })),
            kept_days: 30,
          },
        }),
        'POST /api/trips/getaway/:id/bin/:binId/restore': () => {
          window.items = [...(window.items ?? []), ...bin.splice(0)];
          return { body: { trip: trip({ instances: [window] }), entry: {} } };
        },
      },
    );
    const car = await add(user, 'car', 'Rental', '30', 'Per day');
    await user.click(within(car).getByRole('button', { name: /^Add/ }));
    const region = screen.getByRole('region', { name: 'Car items' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    const rental = window.items![0];
    await user.click(within(region).getByRole('button', { name: 'Delete Rental' }));
    await waitFor(() => expect(within(region).queryAllByRole('listitem')).toHaveLength(0));
    bin.push(rental);
    const toast = (await screen.findByText('Rental deleted')).closest('.toast') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await screen.findByText('Restored');
    const restores = api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/restore'));
    expect(restores.map((call) => decodeURIComponent(call.path.split('/').at(-2)!))).toEqual([binId]);
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(window.items!.map((item) => item._id)).toEqual([rental._id]);
    expect(within(region).getByRole('listitem')).toHaveTextContent(/Rental.*\$150\.00/);
  });

  it('when an item has a link, then it opens in a new tab without access to this page', async () => {
    const { user } = setup();
    const other = await add(user, 'other', 'Museum', '20', 'Total');
    await user.type(within(other).getByLabelText('Link'), 'https://museum.example/tickets');
    await user.click(within(other).getByRole('button', { name: /^Add/ }));
    const link = await screen.findByRole('link', { name: 'Museum' });
    expect(link).toHaveAttribute('href', 'https://museum.example/tickets');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/noopener/);
  });
});

describe('the cost item editor', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const hotel = costItem({ _id: 'item-hotel', confirmation: 'ABC123' });

  type Handler = (req: FakeRequest) => FakeResponse;
  /** `put` may hold the answer back or refuse; `saved` is what the server does when it accepts. */
  function setup(over: Partial<Instance>, put?: (req: FakeRequest, saved: Handler) => Promise<FakeResponse>) {
    const window: Instance = instance({
      trip_start: '2030-03-01T00:00:00.000Z',
      trip_end: '2030-03-05T00:00:00.000Z',
      nights: 4,
      ...over,
    });
    const state: Trip = trip({ travelers: 2, instances: [window] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({ body: { trip: state, instance: window } }),
      'GET /api/trips/getaway/:id': () => ({ body: state }),
      'PUT /api/trips/getaway/:id/instances/:instanceId/items/:itemId': (req) => {
        const saved: Handler = () => {
          window.items = (window.items ?? []).map((item) =>
            item._id === req.params.itemId ? { ...item, ...(req.body as Partial<CostItem>) } : item,
          );
          return { body: { instance: window, trip: state } };
        };
        return put ? put(req, saved) : saved(req);
      },
      'POST /api/trips/getaway/:id/instances/:instanceId/items': (req) => {
        // As the trips service does it: the first item turns the plain amounts into items,
        // except its own category's when it replaces that estimate (ADR 0062).
        const { estimate, ...body } = req.body as Omit<CostItem, '_id'> & { estimate?: string };
        const made: CostItem[] = (['stay', 'travel'] as const)
          .filter((category) => Number(window[`${category}_expense`]) > 0)
          .filter((category) => !(estimate === 'replace' && category === body.category))
          .map((category) =>
            costItem({
              category,
              name: `${category === 'stay' ? 'Stay' : 'Travel'} — entered before itemising`,
              amount: Number(window[`${category}_expense`]),
              basis: 'total',
            }),
          );
        const added = { _id: id(), ...body };
        window.items = [...made, added];
        return { status: 201, body: { item: added, instance: window, trip: state, itemised_from_amounts: made } };
      },
    });
    return {
      ...renderApp(`/trips/${state._id}/instances/${window._id}`),
      itemsPath: `/api/trips/getaway/${state._id}/instances/${window._id}/items`,
    };
  }

  it('when adding an item, then every field has a visible label and the server’s limits', async () => {
    const { user } = setup({ items: [] });
    await user.click(await screen.findByRole('button', { name: '+ Add stay item' }));
    const form = await screen.findByRole('form', { name: 'Add stay item' });
    const limits: Array<[string, number | null]> = [
      ['Item name', 120],
      ['Amount', null],
      ['Basis', null],
      ['Link', 500],
      ['Confirmation number', 64],
    ];
    for (const [label, max] of limits) {
      const control = within(form).getByLabelText(label);
      // A <label> the eye can read, not a placeholder or an aria-label only.
      expect(document.querySelector(`label[for="${control.id}"]`)).toHaveTextContent(label);
      expect(control).not.toHaveAttribute('aria-label');
      expect(control).not.toHaveAttribute('placeholder');
      // Never cut: a limit is counted from 80 % and refused past it (below).
      if (max !== null) expect(control).not.toHaveAttribute('maxlength');
    }
    const confirmation = within(form).getByLabelText('Confirmation number');
    await user.click(confirmation);
    await user.paste('C'.repeat(52));
    expect(confirmation).toHaveAccessibleDescription('52 of 64 characters');
    await user.paste('C'.repeat(13));
    expect(confirmation).toHaveValue('C'.repeat(65));
    expect(confirmation).toHaveAccessibleDescription('65 of 64 characters Confirmation number: at most 64 characters');
    expect(confirmation).toBeInvalid();
    // The amount's limits are the reader's: cents at most, never negative, said at the field.
    const amount = within(form).getByLabelText('Amount');
    await user.type(amount, '12.345');
    expect(amount).toBeInvalid();
    expect(amount).toHaveAccessibleDescription('Use at most 2 decimals here.');
    await user.clear(amount);
    await user.type(amount, '-5');
    expect(amount).toHaveAccessibleDescription('The amount cannot be negative.');
  });

  it('when an item has a confirmation number, then it is shown and can be edited', async () => {
    const { user } = setup({ items: [hotel] });
    expect(await screen.findByText('Confirmation number ABC123')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Hotel' }));
    const form = screen.getByRole('form', { name: 'Edit Hotel' });
    const confirmation = within(form).getByLabelText('Confirmation number');
    expect(confirmation).toHaveValue('ABC123');
    await user.clear(confirmation);
    await user.type(confirmation, 'XYZ-789');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Confirmation number XYZ-789')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual(
      expect.objectContaining({ confirmation: 'XYZ-789', name: 'Hotel', amount: 100, basis: 'per_night' }),
    );
  });

  it('when 45,90 is typed as the amount, then it previews and saves forty-five ninety (never 4,590)', async () => {
    const { user } = setup({ items: [hotel] });
    await user.click(await screen.findByRole('button', { name: 'Edit Hotel' }));
    const form = screen.getByRole('form', { name: 'Edit Hotel' });
    const amount = within(form).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '45,90');
    expect(amount).toHaveAccessibleDescription('= $45.90');
    // Four nights at $45.90.
    expect(within(form).getByLabelText('Item cost')).toHaveTextContent('= $183.60');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(api.calls.filter((call) => call.method === 'PUT')[0].body).toEqual(
      expect.objectContaining({ amount: 45.9 }),
    );
  });

  it('when Reserved is ticked, then it shows at once and sends booked: true', async () => {
    let answer!: () => void;
    const { user, store } = setup(
      { items: [hotel] },
      (req, saved) =>
        new Promise((resolve) => {
          answer = () => resolve(saved(req));
        }),
    );
    const reserved = await screen.findByRole('checkbox', { name: 'Reserved' });
    await user.click(reserved);
    // Ticked while the server has not answered yet.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Reserved' })).toBeChecked());
    expect(api.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ booked: true });
    answer();
    // Once the answer is in (it is shown as it came; nothing is refetched), the box is still ticked.
    const settled = () => Object.values(store.getState().api.mutations).map((mutation) => mutation?.status);
    await waitFor(() => expect(settled()).toEqual(['fulfilled']));
    expect(screen.getByRole('checkbox', { name: 'Reserved' })).toBeChecked();
  });

  it('when the server refuses Paid, then the box goes back and the server’s reason is shown', async () => {
    let refuse!: () => void;
    const { user } = setup(
      { items: [hotel] },
      () =>
        new Promise((resolve) => {
          refuse = () => resolve({ status: 409, body: { msg: 'This window changed elsewhere. Please reload.' } });
        }),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Paid' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Paid' })).toBeChecked());
    refuse();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Paid' })).not.toBeChecked());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Paid for Hotel was not saved: This window changed elsewhere. Please reload.',
    );
  });

  it('when the first item is added to a window with plain amounts, then the editor warns before and says what happened after', async () => {
    const { user } = setup({ items: [], stay_expense: 400, travel_expense: 250 });
    expect(
      await screen.findByText(
        'Adding an item turns the amounts entered so far (Stay $400.00 and Travel $250.00) into items, so the total stays the same plus the new item — unless the item replaces its category’s amount (asked when you add it).',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add other item' }));
    const form = screen.getByRole('form', { name: 'Add other item' });
    await user.type(within(form).getByLabelText('Item name'), 'Museum');
    await user.type(within(form).getByLabelText('Amount'), '20');
    await user.click(within(form).getByRole('button', { name: /^Add/ }));
    expect(
      await screen.findByText(
        'Your earlier Stay $400.00 and Travel $250.00 are now items, so the total is unchanged plus the new item.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('when the first item of a category with a typed estimate is added, then it asks to replace it (the default), the total follows the choice and the choice is sent', async () => {
    const { user, itemsPath } = setup({ items: [], stay_expense: 420, travel_expense: 0 });
    await user.click(await screen.findByRole('button', { name: '+ Add stay item' }));
    const form = screen.getByRole('form', { name: 'Add stay item' });
    const choice = within(form).getByRole('group', { name: 'Stay $420.00 was entered before itemising. This item…' });
    expect(within(choice).getByRole('radio', { name: /^replaces that estimate/ })).toBeChecked();
    await user.type(within(form).getByLabelText('Item name'), 'Hotel');
    await user.type(within(form).getByLabelText('Amount'), '520');
    expect(choice).toHaveTextContent('Window total with this item: $520.00');
    await user.click(within(choice).getByRole('radio', { name: /^comes on top of it/ }));
    expect(choice).toHaveTextContent('Window total with this item: $940.00');
    await user.click(within(choice).getByRole('radio', { name: /^replaces that estimate/ }));
    await user.click(within(form).getByRole('button', { name: /^Add/ }));
    expect(await screen.findByText('Hotel replaces the Stay estimate of $420.00.')).toHaveAttribute('role', 'status');
    const [sent] = api.callsTo('POST', itemsPath);
    expect(sent.body).toMatchObject({ name: 'Hotel', amount: 520, estimate: 'replace' });
  });

  it('when the first item goes to a category without a typed amount, then nothing is asked and no choice is sent', async () => {
    const { user } = setup({ items: [], stay_expense: 420 });
    await user.click(await screen.findByRole('button', { name: '+ Add car item' }));
    const form = screen.getByRole('form', { name: 'Add car item' });
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('when an add form opens and closes, then focus goes into its first field and back to its button', async () => {
    const { user } = setup({ items: [] });
    await user.click(await screen.findByRole('button', { name: '+ Add car item' }));
    const form = screen.getByRole('form', { name: 'Add car item' });
    expect(within(form).getByLabelText('Item name')).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: '+ Add car item' })).toHaveFocus();
  });

  it('when an item in another currency was added offline (no rate yet), then its row says the rate is taken when it syncs instead of a converted cost', async () => {
    setup({ items: [costItem({ name: 'Gîte', currency: 'EUR', amount: 21000, basis: 'total', fx: null })] });
    const row = (await screen.findByText('Gîte', { selector: '.cost-item__name' })).closest('li')!;
    expect(row).toHaveTextContent('Rate taken when it syncs');
    expect(row).toHaveTextContent('€');
    expect(row).not.toHaveTextContent('$');
  });
});
