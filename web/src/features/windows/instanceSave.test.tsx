import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { id, instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { CostItem, Instance, Trip } from '../../lib/types';
import { instancesApi } from './api';

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
      // The server's rule for one item, enough here: the four expenses become the items' sums.
      'POST /api/trips/getaway/:id/instances/:instanceId/items': (req) => {
        const item = { _id: id(), booked: false, paid: false, link: '', confirmation: '', ...(req.body as object) };
        stored = changeInstance(stored, edited._id, {
          items: [item as CostItem],
          stay_expense: 300,
          travel_expense: 0,
          car_expense: 0,
          other_expense: 0,
        });
        const window = stored.instances.find((i) => i._id === edited._id);
        return { status: 201, body: { item, instance: window, trip: stored } };
      },
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

  it('when the window gets cost items while its form is open, then the expenses turn read-only and are not sent', async () => {
    const { user } = setup((_body, _ifMatch, stored) => {
      const next = changeInstance(stored, edited._id, { trip_end: '2025-03-05T00:00:00.000Z', stay_expense: 400 });
      return { status: 200, body: next, stored: next };
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    // Typed amounts while there are no items.
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveValue('100');

    await user.click(screen.getByRole('button', { name: '+ Add stay item' }));
    const addStay = screen.getByRole('form', { name: 'Add stay item' });
    await user.type(within(addStay).getByLabelText('Item name'), 'Hotel');
    await user.type(within(addStay).getByLabelText('Amount'), '100');
    await user.selectOptions(within(addStay).getByLabelText('Basis'), 'Per night');
    await user.click(within(addStay).getByRole('button', { name: /^Add/ }));

    const breakdown = screen.getByRole('group', { name: 'Expense Breakdown' });
    await waitFor(() =>
      expect(breakdown).toHaveAccessibleDescription(
        'Calculated from your cost items below. Change an item to change these.',
      ),
    );
    // Still editing, yet no expense can be typed: each shows the items' sum (3 nights × $100).
    expect(within(breakdown).queryAllByRole('spinbutton')).toEqual([]);
    expect(within(breakdown).getByLabelText('Stay (Lodging)')).toHaveTextContent('$300.00');
    expect(within(breakdown).getByLabelText('Travel Costs')).toHaveTextContent('$0.00');

    const end = screen.getByLabelText('End Date');
    await user.clear(end);
    await user.type(end, '2025-03-05');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    // The dates only: not the $100 / $40 typed before the item, which the server would not keep.
    expect(puts()[0].body).toEqual({ instances: [{ _id: edited._id, trip_end: '2025-03-05T00:00:00.000Z' }] });
    // The extra night re-derives the stay on the server; the page shows what it answered.
    await waitFor(() => expect(within(breakdown).getByLabelText('Stay (Lodging)')).toHaveTextContent('$400.00'));
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
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveValue('5');
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
    // The stay field, not the stay items' sum below the form (both show it).
    await waitFor(() => expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$120.00'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  /** A PUT honouring If-Match: stale → 412 (after `elsewhere` changed the stored trip once), else applied. */
  function mergingServer(elsewhere: Partial<Instance>) {
    let first = true;
    return (body: unknown, ifMatch: string | null, stored: Trip): PutOutcome => {
      if (first) {
        first = false;
        return {
          status: 412,
          body: { msg: 'This trip changed elsewhere. Reload it to see the latest version.' },
          stored: changeInstance(stored, edited._id, elsewhere),
        };
      }
      if (ifMatch !== `"${stored.version}"`) return { status: 412, body: { msg: 'stale' } };
      const next = changeInstance(stored, edited._id, (body as { instances: Partial<Instance>[] }).instances[0]);
      return { status: 200, body: next, stored: next };
    };
  }

  // Intended change (issue 24): a 412 on the same window used to be refused with "This trip
  // changed elsewhere" and the typed value lost; now only the same field on both sides is a conflict.
  it('when another field of this window changed elsewhere (412), then the edit is re-sent on the new version and both are kept', async () => {
    const { user } = setup(mergingServer({ travel_expense: 77 }));
    await editStay(user, '120');
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].headers.get('if-match')).toBe('"8"');
    expect(puts()[1].body).toEqual({ instances: [{ _id: edited._id, stay_expense: 120 }] });
    await waitFor(() => expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$120.00'));
    expect(screen.getByLabelText('Travel Costs')).toHaveTextContent('$77.00');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the same field changed elsewhere, then both values are shown and "Keep mine" stores mine on the new version', async () => {
    const { user } = setup(mergingServer({ stay_expense: 333 }));
    await editStay(user, '5');
    const dialog = await screen.findByRole('alertdialog', {
      name: 'This window changed elsewhere while you edited it.',
    });
    expect(dialog).toHaveTextContent('Stay (Lodging): Yours: $5.00 / On the server: $333.00');
    expect(within(dialog).getByRole('button', { name: 'Keep mine' })).toHaveFocus();
    // What was typed is still there while the user decides.
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveValue('5');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].headers.get('if-match')).toBe('"8"');
    expect(puts()[1].body).toEqual({ instances: [{ _id: edited._id, stay_expense: 5 }] });
    await waitFor(() => expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$5.00'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('when the same field changed elsewhere and the user takes theirs, then their value stays and nothing of mine is sent', async () => {
    const { user } = setup(mergingServer({ stay_expense: 333 }));
    await editStay(user, '5');
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$333.00'));
    expect(puts()).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('when the form is open while a change elsewhere is refetched, then the save is measured from when it was opened', async () => {
    // The window's travel changed elsewhere after this form was opened (the page refetched it).
    let stored: Trip | null = null;
    const { user, store } = setup(mergingServer({}));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    api.restore();
    stored = changeInstance(trip({ version: 7, instances: [edited, other] }), edited._id, { travel_expense: 55 });
    let putCount = 0;
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({
        body: { trip: stored, instance: stored!.instances.find((i) => i._id === edited._id) },
      }),
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'PUT /api/trips/getaway/:id': (req) => {
        putCount += 1;
        if (req.headers.get('if-match') !== `"${stored!.version}"`) return { status: 412, body: { msg: 'stale' } };
        stored = changeInstance(stored!, edited._id, (req.body as { instances: Partial<Instance>[] }).instances[0]);
        return { body: stored };
      },
    });
    store.dispatch(instancesApi.util.invalidateTags(['Instance']));
    await waitFor(() => expect(screen.getByLabelText('Travel Costs')).toHaveValue('40'));
    const stay = screen.getByLabelText('Stay (Lodging)');
    await user.clear(stay);
    await user.type(stay, '120');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Travel Costs')).toHaveTextContent('$55.00'));
    expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$120.00');
    // Sent on the version the form was opened on, then merged: the travel typed by nobody here is not sent.
    expect(putCount).toBe(2);
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { instances: [{ _id: edited._id, stay_expense: 120 }] },
      { instances: [{ _id: edited._id, stay_expense: 120 }] },
    ]);
  });
});
