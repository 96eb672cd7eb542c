import { screen } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/render';
import type { Wishlist } from '../../lib/types';
import { WishlistCard } from './components/WishlistCard';

const LIST: Wishlist = { _id: '64d000000000000000000001', list_name: 'Summer', email: 'ann@example.com', trips: [] };

describe('renaming a wishlist inline', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('when the new name is saved, then the server gets the trimmed name with the token', async () => {
    api = installFakeApi({
      'PUT /api/wishlist/editlist/:id': (req) => ({
        body: { ...LIST, list_name: (req.body as { name: string }).name },
      }),
    });
    const { user } = renderApp('/', undefined, <WishlistCard wishlist={LIST} />);
    await user.click(screen.getByRole('button', { name: 'Rename wishlist Summer' }));
    const field = screen.getByLabelText('List name');
    await user.clear(field);
    await user.type(field, '  Summer 2027  {Enter}');
    expect(await screen.findByRole('button', { name: 'Rename wishlist Summer' })).toBeInTheDocument();
    const [call] = api.callsTo('PUT', `/api/wishlist/editlist/${LIST._id}`);
    expect(call!.body).toEqual({ name: 'Summer 2027' });
    expect(call!.authorization).toBe('Bearer token-1');
  });

  it('when the name is taken, then the server’s message stays beside the field', async () => {
    api = installFakeApi({
      'PUT /api/wishlist/editlist/:id': () => ({
        status: 409,
        body: { msg: 'You already have a list with this name.' },
      }),
    });
    const { user } = renderApp('/', undefined, <WishlistCard wishlist={LIST} />);
    await user.click(screen.getByRole('button', { name: 'Rename wishlist Summer' }));
    await user.type(screen.getByLabelText('List name'), ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a list with this name.');
    expect(screen.getByLabelText('List name')).toHaveValue('Summer again');
  });

  it('when Escape is pressed, then nothing is sent and the title is back', async () => {
    api = installFakeApi({});
    const { user } = renderApp('/', undefined, <WishlistCard wishlist={LIST} />);
    await user.click(screen.getByRole('button', { name: 'Rename wishlist Summer' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Summer' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
