// 'Create New Trip Instance' asks for the window's dates: an empty form creates no
// window (it would show as a $0 "Cheapest" with nothing to compare).
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { LOGGED_IN, ME, renderApp } from '../../../test/render';

describe('creating a window', () => {
  let api: FakeApi;
  afterEach(() => {
    api?.restore();
    localStorage.clear();
  });

  it('when Create is pressed without dates, then no window is sent and the dates say they are required', async () => {
    const shown = trip({ instances: [instance({ label: 'Spring week', stay_expense: 100 })] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: shown }),
      'POST /api/trips/getaway/:id/instances': () => ({ status: 201, body: instance() }),
    });
    const { user } = renderApp(`/trips/${shown._id}`);
    await user.click(await screen.findByRole('button', { name: 'Create New Instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Trip Instance' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/instances'))).toHaveLength(0);
    expect((within(dialog).getByLabelText('Start Date') as HTMLInputElement).validity.valueMissing).toBe(true);
    expect((within(dialog).getByLabelText('End Date') as HTMLInputElement).validity.valueMissing).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Create New Trip Instance' })).toBeInTheDocument();
  });

  it('when a traveller in France types 12,50 and 1 234, then the window is sent with 12.5 and 1234 (and 1,234 is not taken as a thousand)', async () => {
    const shown = trip({ currency: 'EUR', instances: [] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: shown }),
      'POST /api/trips/getaway/:id/instances': () => ({ status: 201, body: instance() }),
    });
    // The country comes with the signed-in user (GET /user/infor): no profile is asked for.
    const { user } = renderApp(`/trips/${shown._id}`, LOGGED_IN, undefined, { ...ME, country: 'FR' });
    await user.click(await screen.findByRole('button', { name: 'Create New Instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Trip Instance' });
    await user.type(within(dialog).getByLabelText('Start Date'), '2031-05-01');
    await user.type(within(dialog).getByLabelText('End Date'), '2031-05-08');
    const stay = within(dialog).getByLabelText('Stay');
    await user.clear(stay);
    await user.type(stay, '12,50');
    // What it understood shows beside the field before anything is sent.
    expect(stay).toHaveAccessibleDescription('= €12.50');
    const travel = within(dialog).getByLabelText('Travel');
    await user.clear(travel);
    // "1,234" would be 1,234 euros in Boston; in Paris it has three decimals, and says so.
    await user.type(travel, '1,234');
    expect(travel).toHaveAccessibleDescription('Use at most 2 decimals here.');
    await user.clear(travel);
    await user.type(travel, '1 234');
    expect(travel).toHaveAccessibleDescription('= €1,234.00');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/trips/getaway/${shown._id}/instances`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/trips/getaway/${shown._id}/instances`)[0].body).toMatchObject({
      stay_expense: 12.5,
      travel_expense: 1234,
      car_expense: 0,
      other_expense: 0,
    });
    expect(api.calls.filter((call) => call.path.startsWith('/api/user/profile'))).toHaveLength(0);
  });

  it('when an amount is not one, then it is refused at the field and no window is sent', async () => {
    const shown = trip({ instances: [] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: shown }),
      'POST /api/trips/getaway/:id/instances': () => ({ status: 201, body: instance() }),
    });
    const { user } = renderApp(`/trips/${shown._id}`);
    await user.click(await screen.findByRole('button', { name: 'Create New Instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Trip Instance' });
    await user.type(within(dialog).getByLabelText('Start Date'), '2031-05-01');
    await user.type(within(dialog).getByLabelText('End Date'), '2031-05-08');
    const stay = within(dialog).getByLabelText('Stay');
    await user.clear(stay);
    await user.type(stay, '12.5e5');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('“12.5e5” is not an amount. Type it like 12.50.');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(api.callsTo('POST', `/api/trips/getaway/${shown._id}/instances`)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Create New Trip Instance' })).toBeInTheDocument();
  });
});
