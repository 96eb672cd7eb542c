// A wishlist's own page: each trip can be taken out of the list there (not only with
// the heart on Explore), and the page shows the list without it.
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { trip } from '../../../test/fixtures';
import { ME, renderApp } from '../../../test/render';

const LIST_ID = '64d000000000000000000001';

describe('a wishlist page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('when Remove is pressed on a trip, then it leaves the list and the page shows the rest', async () => {
    const lisbon = trip({ location_address: 'Lisbon, Portugal', isFavorite: true });
    let trips = [lisbon, trip({ location_address: 'Porto, Portugal', isFavorite: true })];
    api = installFakeApi({
      'GET /api/wishlist/getlists': () => ({ body: [{ _id: LIST_ID, list_name: 'Summer', email: ME.email, trips }] }),
      'GET /api/wishlist/spec-wishlist/:id': () => ({ body: { _id: LIST_ID, list_name: 'Summer', trips } }),
      'DELETE /api/wishlist/:id/remove-trip/:tripId': (req) => {
        trips = trips.filter((t) => t._id !== req.params.tripId);
        return { body: { _id: LIST_ID, list_name: 'Summer', email: ME.email, trips } };
      },
    });
    const { user } = renderApp(`/wishlist-detail/${LIST_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove Lisbon, Portugal from this list' }));
    expect(await screen.findByText('Lisbon, Portugal removed from Summer')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lisbon, Portugal' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Porto, Portugal' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/wishlist/${LIST_ID}/remove-trip/${lisbon._id}`,
    ]);
  });

  it('when a trip is no longer shared with the holder, then it shows no figure and no View, says so, and can still be removed', async () => {
    const gone = {
      _id: '64d0000000000000000000aa',
      image_url: '',
      location_address: 'Nice, France',
      trip_start: null,
      trip_end: null,
      currency: 'EUR',
      available: false,
    };
    let trips: unknown[] = [gone];
    api = installFakeApi({
      'GET /api/wishlist/getlists': () => ({ body: [{ _id: LIST_ID, list_name: 'Summer', email: ME.email, trips }] }),
      'GET /api/wishlist/spec-wishlist/:id': () => ({ body: { _id: LIST_ID, list_name: 'Summer', trips } }),
      'DELETE /api/wishlist/:id/remove-trip/:tripId': () => {
        trips = [];
        return { body: { _id: LIST_ID, list_name: 'Summer', email: ME.email, trips } };
      },
    });
    const { user } = renderApp(`/wishlist-detail/${LIST_ID}`);
    const card = await screen.findByRole('article', { name: 'Nice, France' });
    expect(within(card).getByText('No longer shared with you')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'View' })).not.toBeInTheDocument();
    expect(card.textContent).not.toMatch(/€|\d+\.\d{2}/);
    await user.click(within(card).getByRole('button', { name: 'Remove Nice, France from this list' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Nice, France' })).not.toBeInTheDocument());
  });
});
