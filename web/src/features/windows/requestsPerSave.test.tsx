// One save is one request: every save below answers the trip (or the window and the trip)
// as stored, and the page shows that answer without fetching back what just arrived. The
// fake server derives the figures (to pay, per person) in a way the client never does, so a
// figure on screen can only have come from the answer.
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { id, instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { AppStore } from '../../app/store';
import { tripSummary } from '@tripcost/shared/domain';
import type { CostItem, Instance, Trip } from '../../lib/types';
import { tripsApi } from '../trips';

describe('one save, one request', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  /** Every request and mutation has settled: a refetch the save set off would show here. */
  async function settled(store: AppStore) {
    await waitFor(() => {
      const { queries, mutations } = store.getState().api;
      expect(Object.values(mutations).filter((m) => m?.status === 'pending')).toEqual([]);
      expect(Object.values(queries).filter((q) => q?.status === 'pending')).toEqual([]);
    });
  }

  /**
   * The requests for trips made while `act` runs and until everything has settled again
   * (the weather and suggestions a page asks for when it opens come on their own time).
   */
  async function requestsOf(store: AppStore, act: () => Promise<void>) {
    await settled(store);
    const before = api.calls.length;
    await act();
    await settled(store);
    return api.calls
      .slice(before)
      .filter((call) => call.path.startsWith('/api/trips/'))
      .map((call) => `${call.method} ${call.path}`);
  }

  function windowServer() {
    const window: Instance = instance({
      trip_start: '2030-03-01T00:00:00.000Z',
      trip_end: '2030-03-05T00:00:00.000Z',
      nights: 4,
      stay_expense: 100,
      items: [],
    });
    let stored: Trip = trip({ version: 3, travelers: 2, instances: [window] });
    let answers = 0;
    /** The server's figures: to pay is whatever it says (here a count of its answers), never the client's sum. */
    const store = (change: Partial<Instance>) => {
      answers += 1;
      const current = stored.instances[0];
      const next: Instance = { ...current, ...change, paid_total: 0, to_pay: 1000 + answers };
      stored = { ...stored, version: (stored.version ?? 0) + 1, instances: [next] };
      return { instance: next, trip: stored };
    };
    const items = () => stored.instances[0].items ?? [];
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({
        body: { trip: stored, instance: stored.instances[0] },
      }),
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'GET /api/trips/getaway-trip': () => ({ body: [tripSummary(stored)] }),
      'PUT /api/trips/getaway/:id': (req) => {
        const [change] = (req.body as { instances: Partial<Instance>[] }).instances;
        return { body: store(change).trip };
      },
      'POST /api/trips/getaway/:id/instances/:instanceId/items': (req) => {
        const item = { _id: id(), booked: false, paid: false, link: '', confirmation: '', ...(req.body as object) };
        const answer = store({ items: [...items(), item as CostItem], stay_expense: 480 });
        return { status: 201, body: { item, itemised_from_amounts: [], ...answer } };
      },
      'PUT /api/trips/getaway/:id/instances/:instanceId/items/:itemId': (req) => {
        const changed = items().map((item) =>
          item._id === req.params.itemId ? { ...item, ...(req.body as Partial<CostItem>) } : item,
        );
        const answer = store({ items: changed, stay_expense: 600 });
        return { body: { item: changed.find((item) => item._id === req.params.itemId), ...answer } };
      },
      'DELETE /api/trips/getaway/:id/instances/:instanceId/items/:itemId': (req) => ({
        body: store({ items: items().filter((item) => item._id !== req.params.itemId), stay_expense: 0 }),
      }),
    });
    const rendered = renderApp(`/trips/${stored._id}/instances/${window._id}`);
    // My Trips has been visited: its entry of this trip must follow each save too.
    void rendered.store.dispatch(tripsApi.endpoints.getTrips.initiate());
    const listEntry = () => tripsApi.endpoints.getTrips.select()(rendered.store.getState()).data?.[0];
    /** The card My Trips shows for the trip as the server stores it now. */
    const storedCard = () => tripSummary(stored);
    return { ...rendered, listEntry, storedCard };
  }

  it('when a window is saved, then the PUT is the only request and the page and My Trips show its answer', async () => {
    const { user, store, listEntry, storedCard } = windowServer();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const requests = await requestsOf(store, async () => {
      const stay = screen.getByLabelText('Stay (Lodging)');
      await user.clear(stay);
      await user.type(stay, '120');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$120.00'));
    });
    expect(requests).toEqual([expect.stringMatching(/^PUT \/api\/trips\/getaway\/\w+$/)]);
    expect(screen.getByText('Paid $0.00 · Still to pay $1,001.00')).toBeInTheDocument();
    expect(listEntry()).toEqual(storedCard());
  });

  it('when an item is added, edited and deleted, then each is one request and the page shows each answer', async () => {
    const { user, store, listEntry, storedCard } = windowServer();
    const added = await requestsOf(store, async () => {
      await user.click(await screen.findByRole('button', { name: '+ Add stay item' }));
      const form = screen.getByRole('form', { name: 'Add stay item' });
      await user.type(within(form).getByLabelText('Item name'), 'Hotel');
      await user.type(within(form).getByLabelText('Amount'), '120');
      await user.selectOptions(within(form).getByLabelText('Basis'), 'Per night');
      await user.click(within(form).getByRole('button', { name: /^Add/ }));
      await screen.findByText('Paid $0.00 · Still to pay $1,001.00');
    });
    expect(added).toEqual([expect.stringMatching(/^POST .*\/items$/)]);
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$480.00');
    expect(listEntry()).toEqual(storedCard());

    const edited = await requestsOf(store, async () => {
      await user.click(screen.getByRole('button', { name: 'Edit Hotel' }));
      const form = screen.getByRole('form', { name: 'Edit Hotel' });
      const amount = within(form).getByLabelText('Amount');
      await user.clear(amount);
      await user.type(amount, '150');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      await screen.findByText('Paid $0.00 · Still to pay $1,002.00');
    });
    expect(edited).toEqual([expect.stringMatching(/^PUT .*\/items\/\w+$/)]);
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$600.00');
    expect(listEntry()).toEqual(storedCard());

    const deleted = await requestsOf(store, async () => {
      await user.click(screen.getByRole('button', { name: 'Delete Hotel' }));
      await screen.findByText('Paid $0.00 · Still to pay $1,003.00');
    });
    expect(deleted).toEqual([expect.stringMatching(/^DELETE .*\/items\/\w+$/)]);
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$0.00');
    expect(listEntry()).toEqual(storedCard());
  });

  it('when the travellers change, then the PUT is the only request and the per-person figure is the answer’s', async () => {
    const window = instance({ isCommitted: true, stay_expense: 300 });
    let stored: Trip = trip({ travelers: 1, committedInstanceId: window._id, instances: [window], per_person: 300 });
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'GET /api/trips/getaway-trip': () => ({ body: [stored] }),
      'GET /api/weather': () => ({ body: {} }),
      'POST /api/chatgpt/fun-places': () => ({ body: { funPlaces: '' } }),
      // The server's per-person figure (here deliberately not 300 / 2).
      'PUT /api/trips/getaway/:id': (req) => {
        stored = { ...stored, ...(req.body as object), version: (stored.version ?? 0) + 1, per_person: 151.5 };
        return { body: stored };
      },
    });
    const { user, store } = renderApp(`/trips/${stored._id}`);
    void store.dispatch(tripsApi.endpoints.getTrips.initiate());
    const more = await screen.findByRole('button', { name: 'More travellers' });
    const requests = await requestsOf(store, async () => {
      await user.click(more);
      await screen.findByText('$151.50 per person');
    });
    expect(requests).toEqual([expect.stringMatching(/^PUT \/api\/trips\/getaway\/\w+$/)]);
    expect(tripsApi.endpoints.getTrips.select()(store.getState()).data?.[0]).toMatchObject({
      travelers: 2,
      per_person: 151.5,
    });
  });
});
