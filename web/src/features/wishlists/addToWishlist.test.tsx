import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { trip } from '../../../test/fixtures';
import { ME, renderApp } from '../../../test/render';
import { Toaster } from '../../components/Toaster';
import { AddToWishlistModal } from './components/AddToWishlistModal';

const LISTS = [
  { _id: '64d000000000000000000001', list_name: 'Summer', email: ME.email, trips: [] },
  { _id: '64d000000000000000000002', list_name: 'City breaks', email: ME.email, trips: [] },
];

function renderModal(onClose = jest.fn()) {
  const target = trip({ location_address: 'Lisbon, Portugal' });
  const view = renderApp(
    '/explore',
    undefined,
    <>
      <AddToWishlistModal trip={target} onClose={onClose} />
      <Toaster />
    </>,
  );
  return { ...view, target, onClose };
}

describe('add-to-wishlist modal', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  beforeEach(() => {
    api = installFakeApi({
      'GET /api/wishlist/getlists': () => ({ body: LISTS }),
      'POST /api/wishlist/createlist': (req) => ({
        status: 201,
        body: { _id: '64d000000000000000000003', email: ME.email, trips: [], ...(req.body as object) },
      }),
      'POST /api/wishlist/addtrip/:id': (req) => ({ body: { ...LISTS.find((l) => l._id === req.params.id) } }),
      'PUT /api/trips/getaway/:id': () => ({ body: {} }),
    });
  });

  it('when nothing is chosen or named, then Save is disabled; a blank name keeps it disabled', async () => {
    const { user } = renderModal();
    await screen.findByRole('button', { name: 'Summer' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('New list name'), '   ');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('New list name'), 'Beach');
    expect(save).toBeEnabled();
  });

  it('when an existing list is chosen, then the name field is cleared and disabled and Save is enabled', async () => {
    const { user } = renderModal();
    const name = screen.getByLabelText('New list name');
    await user.type(name, 'Draft');
    await user.click(await screen.findByRole('button', { name: 'Summer' }));
    expect(name).toHaveValue('');
    expect(name).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Summer' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Summer' }));
    expect(name).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('when Clear is pressed, then both the choice and the name are cleared', async () => {
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'City breaks' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'City breaks' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('New list name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('when a new name is saved, then the list is created with the trimmed name and a toast confirms', async () => {
    const { user, onClose, target } = renderModal();
    await user.type(screen.getByLabelText('New list name'), '  Beach  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trip has been added to Beach')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/wishlist/createlist');
    expect(call.body).toEqual({ list_name: 'Beach', trips: [target], email: ME.email });
    expect(call.authorization).toBe('Bearer token-1');
    expect(onClose).toHaveBeenCalled();
  });

  it('when adding to an existing list fails, then the save message shows inline and the add message as a toast', async () => {
    api.restore();
    api = installFakeApi({
      'GET /api/wishlist/getlists': () => ({ body: LISTS }),
      'POST /api/wishlist/addtrip/:id': () => ({ status: 500, body: { msg: 'down' } }),
    });
    const { user, onClose } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Summer' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to add trip to wishlist. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Could not save to wishlist. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when creating a new list fails, then the save message shows inline and as a toast', async () => {
    api.restore();
    api = installFakeApi({
      'GET /api/wishlist/getlists': () => ({ body: LISTS }),
      'POST /api/wishlist/createlist': () => ({ status: 500, body: { msg: 'down' } }),
    });
    const { user, onClose } = renderModal();
    await user.type(await screen.findByLabelText(/new list/i), 'Autumn');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Could not save to wishlist. Please try again.')).toHaveLength(2));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when the new name is already taken, then the server’s reason shows inline and the spec’s message as a toast', async () => {
    api.restore();
    api = installFakeApi({
      'GET /api/wishlist/getlists': () => ({ body: LISTS }),
      'POST /api/wishlist/createlist': () => ({
        status: 409,
        body: { msg: 'You already have a list with this name.' },
      }),
    });
    const { user, onClose } = renderModal();
    await user.type(await screen.findByLabelText('New list name'), 'summer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('You already have a list with this name.');
    expect(screen.getByText('Could not save to wishlist. Please try again.')).toHaveClass('toast__message');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when a name is pasted past the server’s 60 characters, then it is kept whole, counted and refused, and Save waits', async () => {
    const { user } = renderModal();
    const field = await screen.findByLabelText('New list name');
    await user.click(field);
    await user.paste('x'.repeat(61));
    expect(field).toHaveValue('x'.repeat(61));
    expect(field).toHaveAccessibleDescription(/· 61 of 60 characters List name: at most 60 characters$/);
    expect(screen.getByRole('alert')).toHaveTextContent('List name: at most 60 characters');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
