import { screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Instance, Trip } from '../../lib/types';

/** What the fake trips service does with a PUT: its answer, and the trip it stores afterwards. */
type PutOutcome = { status: number; body: unknown; stored?: Trip };

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

  function changeInstance(from: Trip, id: string, change: Partial<Instance>): Trip {
    return {
      ...from,
      version: (from.version ?? 0) + 1,
      instances: from.instances.map((i) => (i._id === id ? { ...i, ...change } : i)),
    };
  }

  function setup(onPut: (body: unknown, ifMatch: string | null, stored: Trip) => PutOutcome) {
    let stored: Trip = trip({ version: 7, instances: [edited, other] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({
        body: { trip: stored, instance: stored.instances.find((i) => i._id === edited._id) },
      }),
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'PUT /api/trips/getaway/:id': (req) => {
        const outcome = onPut(req.body, req.headers.get('if-match'), stored);
        if (outcome.stored) stored = outcome.stored;
        return outcome;
      },
    });
    return renderApp(`/trips/${stored._id}/instances/${edited._id}`);
  }

  const puts = () => api.calls.filter((c) => c.method === 'PUT');

  async function editStay(user: ReturnType<typeof setup>['user'], value: string) {
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const stay = screen.getByLabelText('Stay (Lodging)');
    await user.clear(stay);
    await user.type(stay, value);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  }

  it('when one amount is edited, then only that instance and that field are sent, against the version shown', async () => {
    const { user } = setup((_body, _ifMatch, stored) => {
      const next = changeInstance(stored, edited._id, { stay_expense: 120 });
      return { status: 200, body: next, stored: next };
    });
    await editStay(user, '120');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ instances: [{ _id: edited._id, stay_expense: 120 }] });
    expect(puts()[0].headers.get('if-match')).toBe('"7"');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
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

  it('when another instance of the trip changed meanwhile, then the edit is re-sent on the new version and kept', async () => {
    let first = true;
    const { user } = setup((body, ifMatch, stored) => {
      if (first) {
        first = false;
        // Someone else saved the *other* instance just before us.
        return { status: 412, body: { msg: 'stale' }, stored: changeInstance(stored, other._id, { stay_expense: 1 }) };
      }
      if (ifMatch !== `"${stored.version}"`) return { status: 412, body: { msg: 'stale' } };
      const next = changeInstance(stored, edited._id, (body as { instances: Partial<Instance>[] }).instances[0]);
      return { status: 200, body: next, stored: next };
    });
    await editStay(user, '120');
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].headers.get('if-match')).toBe('"8"');
    expect(await screen.findByText('$120.00')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when this instance changed elsewhere (412), then the view is refreshed and the user is told', async () => {
    const { user } = setup((_body, _ifMatch, stored) => ({
      status: 412,
      body: { msg: 'This trip changed elsewhere. Reload it to see the latest version.' },
      stored: changeInstance(stored, edited._id, { stay_expense: 333 }),
    }));
    await editStay(user, '5');
    expect(await screen.findByRole('alert')).toHaveTextContent('This trip changed elsewhere; your view was refreshed.');
    // The value saved by the other edit is what is shown now.
    expect(await screen.findByText('$333.00')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
  });
});
