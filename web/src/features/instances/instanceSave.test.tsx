import { screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Trip } from '../../lib/types';

describe('saving an instance', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const edited = instance({
    trip_start: '2025-03-01T00:00:00.000Z',
    trip_end: '2025-03-04T00:00:00.000Z',
    stay_expense: 100,
    travel_expense: 40,
  });
  const other = instance({ stay_expense: 999 });

  function setup(answer: (body: unknown, ifMatch: string | null) => { status: number; body: unknown }) {
    let stored: Trip = trip({ version: 7, instances: [edited, other] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({
        body: { trip: stored, instance: stored.instances.find((i) => i._id === edited._id) },
      }),
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'PUT /api/trips/getaway/:id': (req) => {
        const result = answer(req.body, req.headers.get('if-match'));
        if (result.status === 412) {
          // Someone else saved meanwhile: the stored trip moved on.
          stored = {
            ...stored,
            version: 8,
            instances: stored.instances.map((i) => (i._id === edited._id ? { ...i, stay_expense: 333 } : i)),
          };
        }
        return result;
      },
    });
    return renderApp(`/trips/${stored._id}/instances/${edited._id}`);
  }

  async function editStay(user: ReturnType<typeof setup>['user'], value: string) {
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const stay = screen.getByLabelText('Stay (Lodging)');
    await user.clear(stay);
    await user.type(stay, value);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  }

  it('when one amount is edited, then only that instance and that field are sent, against the version shown', async () => {
    const { user } = setup((body) => ({ status: 200, body }));
    await editStay(user, '120');
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const [put] = api.calls.filter((c) => c.method === 'PUT');
    expect(put.body).toEqual({ instances: [{ _id: edited._id, stay_expense: 120 }] });
    expect(put.headers.get('if-match')).toBe('"7"');
  });

  it('when the server refuses the save, then its message is shown and announced', async () => {
    const { user } = setup(() => ({
      status: 400,
      body: { msg: 'The stay expense must be a number from 0 to 1,000,000,000.' },
    }));
    await editStay(user, '5');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The stay expense must be a number from 0 to 1,000,000,000.');
    // Still editing, with the user's value kept.
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveValue(5);
  });

  it('when the trip changed elsewhere (412), then the view is refreshed and the user is told', async () => {
    const { user } = setup(() => ({ status: 412, body: { msg: 'The trip has changed since you loaded it.' } }));
    await editStay(user, '5');
    expect(await screen.findByRole('alert')).toHaveTextContent('This trip changed elsewhere; your view was refreshed.');
    // The stored value from the other edit is what is shown now.
    expect(await screen.findByText('$333.00')).toBeInTheDocument();
  });
});
