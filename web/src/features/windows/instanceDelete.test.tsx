import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { Toaster } from '../../components/Toaster';
import { InstanceGrid } from './components/InstanceGrid';

describe('instance deletion on the trip overview', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  function setup(deleteStatus: number) {
    const keep = instance({
      trip_start: '2025-01-05T00:00:00.000Z',
      trip_end: '2025-01-09T00:00:00.000Z',
      stay_expense: 100,
    });
    const doomed = instance({
      trip_start: '2025-02-01T00:00:00.000Z',
      trip_end: '2025-02-03T00:00:00.000Z',
      stay_expense: 50,
    });
    const target = trip({ instances: [doomed, keep] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: target }),
      'DELETE /api/trips/getaway/:id/instances/:instanceId': () => ({
        status: deleteStatus,
        body: deleteStatus < 300 ? { msg: 'Instance deleted.' } : { msg: 'down' },
      }),
    });
    return renderApp(
      `/trips/${target._id}`,
      undefined,
      <>
        <InstanceGrid trip={target} />
        <Toaster />
      </>,
    );
  }

  it('when the delete fails, then the card comes back and both spec messages are shown', async () => {
    const { user } = setup(500);
    const list = screen.getByRole('list', { name: 'Trip instances' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /^More actions for Feb 1, 2025/ }));
    await user.click(screen.getByRole('menuitem', { name: /Delete instance Feb 1, 2025/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete instance. Try again.')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete instance. Please try again.')).toHaveAttribute('role', 'alert');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('when the delete succeeds, then a toast confirms it', async () => {
    const { user } = setup(200);
    await user.click(screen.getByRole('button', { name: /^More actions for Feb 1, 2025/ }));
    await user.click(screen.getByRole('menuitem', { name: /Delete instance Feb 1, 2025/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('Instance deleted successfully')).toBeInTheDocument());
  });
});
