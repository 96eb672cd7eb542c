// 'Create New Trip Instance' asks for the window's dates: an empty form creates no
// window (it would show as a $0 "Cheapest" with nothing to compare).
import { screen, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

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
});
