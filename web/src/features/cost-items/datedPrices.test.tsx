// Prices that vary by date in the cost-item editor, against a fake backend: a weekend rate
// and a season previewed on the window's own nights and sent as the route takes them,
// overlapping or reversed seasons said before saving, a price for exact dates on a total,
// an item's rates kept through an edit (and their removal said before a basis switch),
// "Seen on" with "Still this price", and the window page's freshness and Check prices.
import { screen, waitFor, within } from '@testing-library/react';
import { utcDay } from '@tripcost/shared/domain';
import { installFakeApi, type FakeApi, type FakeRequest, type FakeResponse } from '../../../test/fakeApi';
import { costItem, id, instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { formatShortDate } from '../../lib/format';
import type { CostItem, Instance, Trip } from '../../lib/types';

const DAY_MS = 86_400_000;
const today = utcDay(new Date());
const daysAgo = (days: number) => utcDay(new Date(Date.now() - days * DAY_MS));

const hotel = costItem({
  _id: 'item-hotel',
  weekend_amount: 150,
  seasons: [{ from: '2030-03-04', to: '2030-03-10', amount: 180 }],
  captured_on: daysAgo(30),
});

describe('prices that vary by date in the cost-item editor', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  type Routes = Parameters<typeof installFakeApi>[0];
  /** Fri Mar 1 – Tue Mar 5, 2030: four nights (Fri, Sat, Sun, Mon) for two travellers. */
  function setup(over: Partial<Instance> = {}, routes: Routes = {}) {
    const window: Instance = instance({
      trip_start: '2030-03-01T00:00:00.000Z',
      trip_end: '2030-03-05T00:00:00.000Z',
      nights: 4,
      ...over,
    });
    const state: Trip = trip({ travelers: 2, instances: [window] });
    const answered = (item: CostItem) => ({ item, instance: window, trip: state });
    const answer = (item: CostItem): FakeResponse => ({ body: answered(item) });
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({ body: { trip: state, instance: window } }),
      'GET /api/trips/getaway/:id': () => ({ body: state }),
      'POST /api/trips/getaway/:id/instances/:instanceId/items': (req) => {
        const added = { _id: id(), ...(req.body as Omit<CostItem, '_id'>) };
        window.items = [...(window.items ?? []), added];
        return { status: 201, body: { ...answered(added), itemised_from_amounts: [] } };
      },
      'PUT /api/trips/getaway/:id/instances/:instanceId/items/:itemId': (req: FakeRequest) => {
        window.items = (window.items ?? []).map((item) =>
          item._id === req.params.itemId ? { ...item, ...(req.body as Partial<CostItem>) } : item,
        );
        return answer(window.items.find((item) => item._id === req.params.itemId)!);
      },
      'POST /api/trips/getaway/:id/instances/:instanceId/items/:itemId/checked': (req: FakeRequest) => {
        window.items = (window.items ?? []).map((item) =>
          item._id === req.params.itemId ? { ...item, captured_on: today } : item,
        );
        return answer(window.items.find((item) => item._id === req.params.itemId)!);
      },
      ...routes,
    });
    return renderApp(`/trips/${state._id}/instances/${window._id}`);
  }

  const posts = () => api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/items'));
  const puts = () => api.calls.filter((call) => call.method === 'PUT');

  async function openAdd(user: ReturnType<typeof setup>['user'], basis: string, amount: string) {
    await user.click(await screen.findByRole('button', { name: '+ Add stay item' }));
    const form = await screen.findByRole('form', { name: 'Add stay item' });
    await user.type(within(form).getByLabelText('Item name'), 'Flat');
    await user.type(within(form).getByLabelText('Amount'), amount);
    await user.selectOptions(within(form).getByLabelText('Basis'), basis);
    return form;
  }

  it('when a nightly price has a weekend rate and a season, then the preview prices each night and the item is sent with them', async () => {
    const { user } = setup({ items: [] });
    const form = await openAdd(user, 'Per night', '100');
    expect(within(form).getByLabelText('Item cost')).toHaveTextContent('= $400.00');
    await user.click(within(form).getByText('Price varies by date'));
    // Typed with a decimal comma, as in most of Europe: read as 150, never 1,500.
    await user.type(within(form).getByLabelText('Weekend rate (Fri/Sat nights)'), '150,0');
    // Friday and Saturday at $150, Sunday and Monday at $100.
    expect(within(form).getByLabelText('Item cost')).toHaveTextContent('= $500.00');
    await user.click(within(form).getByRole('button', { name: '+ Add season' }));
    const season = within(form).getByRole('group', { name: 'Season 1' });
    await user.type(within(season).getByLabelText('Season 1 From'), '2030-03-04');
    await user.type(within(season).getByLabelText('Season 1 To (included)'), '2030-03-10');
    await user.type(within(season).getByLabelText('Season 1 Rate per night'), '180');
    // Monday is in the season: $150 + $150 + $100 + $180.
    expect(within(form).getByLabelText('Item cost')).toHaveTextContent('= $580.00');
    await user.click(within(form).getByRole('button', { name: /^Add/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({
      amount: 100,
      basis: 'per_night',
      weekend_amount: 150,
      seasons: [{ from: '2030-03-04', to: '2030-03-10', amount: 180 }],
    });
    expect(posts()[0].body).not.toHaveProperty('quotes');
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('$580.00');
    expect(row).toHaveTextContent('weekend $150.00 · 1 season');
  });

  it('when seasons overlap or one ends before it starts, then it is said and the item cannot be added', async () => {
    const { user } = setup({ items: [] });
    const form = await openAdd(user, 'Per day', '40');
    await user.click(within(form).getByText('Price varies by date'));
    expect(within(form).getByLabelText('Weekend rate (Fri/Sat days)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '+ Add season' }));
    await user.type(within(form).getByLabelText('Season 1 From'), '2030-03-10');
    await user.type(within(form).getByLabelText('Season 1 To (included)'), '2030-03-02');
    await user.type(within(form).getByLabelText('Season 1 Rate per day'), '50');
    // Said once, beside the season's end.
    expect(within(form).getByRole('alert')).toHaveTextContent('Ends before it starts.');
    expect(within(form).getByLabelText('Season 1 To (included)')).toHaveAccessibleDescription('Ends before it starts.');
    expect(within(form).getByRole('button', { name: /^Add/ })).toBeDisabled();
    const to = within(form).getByLabelText('Season 1 To (included)');
    await user.clear(to);
    await user.type(to, '2030-03-12');
    await user.click(within(form).getByRole('button', { name: '+ Add season' }));
    await user.type(within(form).getByLabelText('Season 2 From'), '2030-03-12');
    await user.type(within(form).getByLabelText('Season 2 To (included)'), '2030-03-20');
    await user.type(within(form).getByLabelText('Season 2 Rate per day'), '60');
    expect(within(form).getByRole('alert')).toHaveTextContent('Two seasons of an item cannot overlap.');
    expect(within(form).getByRole('button', { name: /^Add/ })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove Season 2' }));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /^Add/ })).toBeEnabled();
  });

  it('when a total has a price seen for the window’s exact dates, then the preview uses it and it is sent', async () => {
    const { user } = setup({ items: [] });
    const form = await openAdd(user, 'Total', '300');
    expect(within(form).queryByText('Price varies by date')).not.toBeInTheDocument();
    await user.click(within(form).getByText('Prices seen for exact dates'));
    await user.click(within(form).getByRole('button', { name: '+ Add price for exact dates' }));
    expect(within(form).getByLabelText('Price 1 Seen on')).toHaveValue(today);
    await user.type(within(form).getByLabelText('Price 1 Start'), '2030-03-01');
    await user.type(within(form).getByLabelText('Price 1 End'), '2030-03-05');
    // A decimal comma: 260, never 26,000.
    await user.type(within(form).getByLabelText('Price 1 Amount'), '260,00');
    expect(within(form).getByLabelText('Item cost')).toHaveTextContent('= $260.00');
    await user.click(within(form).getByRole('button', { name: /^Add/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({
      amount: 300,
      basis: 'total',
      quotes: [{ start: '2030-03-01', end: '2030-03-05', amount: 260, captured_on: today }],
    });
    expect(posts()[0].body).not.toHaveProperty('seasons');
    // The row says which price it uses.
    expect(await screen.findByRole('listitem')).toHaveTextContent(
      '$260.00 ($260.00 total seen for these exact dates · 1 price for exact dates)',
    );
  });

  it('when an item with rates is edited, then its rates are kept, and a basis without nights says it removes them', async () => {
    const { user } = setup({ items: [hotel] });
    await user.click(await screen.findByRole('button', { name: 'Edit Hotel' }));
    let form = screen.getByRole('form', { name: 'Edit Hotel' });
    expect(within(form).getByLabelText('Weekend rate (Fri/Sat nights)')).toHaveValue('150');
    expect(within(form).getByLabelText('Season 1 From')).toHaveValue('2030-03-04');
    await user.type(within(form).getByLabelText('Item name'), ' Sol');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    // The rates did not change: they are not sent, and the server keeps them.
    expect(puts()[0].body).toEqual(expect.objectContaining({ name: 'Hotel Sol' }));
    expect(puts()[0].body).not.toHaveProperty('seasons');
    expect(puts()[0].body).not.toHaveProperty('weekend_amount');

    await user.click(await screen.findByRole('button', { name: 'Edit Hotel Sol' }));
    form = screen.getByRole('form', { name: 'Edit Hotel Sol' });
    await user.selectOptions(within(form).getByLabelText('Basis'), 'Total');
    expect(
      within(form).getByText('This basis has no nightly rates: saving removes the weekend rate and 1 season.'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].body).toEqual(expect.objectContaining({ basis: 'total', weekend_amount: null, seasons: [] }));
  });

  it('when the server refuses the dated prices, then its reason is shown in the row', async () => {
    const { user } = setup(
      { items: [hotel] },
      {
        'PUT /api/trips/getaway/:id/instances/:instanceId/items/:itemId': () => ({
          status: 400,
          body: { msg: 'An item can have at most 20 seasons.' },
        }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Hotel' }));
    const form = screen.getByRole('form', { name: 'Edit Hotel' });
    await user.clear(within(form).getByLabelText('Season 1 Rate per night'));
    await user.type(within(form).getByLabelText('Season 1 Rate per night'), '190');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The change to Hotel was not saved: An item can have at most 20 seasons.'),
    ).toBeInTheDocument();
    expect(puts()[0].body).toEqual(
      expect.objectContaining({ seasons: [{ from: '2030-03-04', to: '2030-03-10', amount: 190 }] }),
    );
  });

  it('when a price seen a month ago is confirmed, then one request makes it seen today', async () => {
    const { user } = setup({ items: [hotel] });
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent(`Seen on ${formatShortDate(daysAgo(30))} (30 days ago — worth re-checking)`);
    const before = api.calls.length;
    await user.click(within(row).getByRole('button', { name: 'Still this price for Hotel' }));
    await waitFor(() => expect(row).toHaveTextContent(`Seen on ${formatShortDate(today)}`));
    expect(row).not.toHaveTextContent('worth re-checking');
    // The answer is shown as it came: nothing is fetched back.
    const trips = api.calls.slice(before).filter((call) => call.path.startsWith('/api/trips/'));
    expect(trips.map((call) => `${call.method} ${call.path}`)).toEqual([
      expect.stringMatching(/^POST \/api\/trips\/getaway\/\w+\/instances\/\w+\/items\/item-hotel\/checked$/),
    ]);
  });

  it('when the window page opens, then it says how fresh the prices are and offers Check prices', async () => {
    setup({
      items: [hotel],
      freshness: { oldest_captured_on: daysAgo(30), stale_items: 1 },
      search_links: [{ kind: 'stays', site: 'Booking.com', url: 'https://www.booking.com/searchresults.html' }],
    });
    expect(await screen.findByText('Prices from 30 days ago · 1 to re-check')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Stays on Booking\.com/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
