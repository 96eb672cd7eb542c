import { screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { ME, renderApp } from '../../../test/render';
import type { Instance, Trip } from '../../lib/types';

describe('a session that ends while a form is open', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    window.sessionStorage.clear();
  });

  it('when the refresh fails on save, then the login page says so and, after login, the form comes back with its values', async () => {
    const window_ = instance({ stay_expense: 100, travel_expense: 40 });
    let stored: Trip = trip({ version: 3, instances: [window_] });
    let sessionOver = true;
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({
        body: { trip: stored, instance: stored.instances[0] },
      }),
      'PUT /api/trips/getaway/:id': (req) => {
        if (sessionOver) return { status: 401, body: { msg: 'Token expired' } };
        const change = (req.body as { instances: Partial<Instance>[] }).instances[0];
        stored = { ...stored, version: 4, instances: [{ ...stored.instances[0], ...change }] };
        return { body: stored };
      },
      'GET /api/user/refresh_token': () =>
        sessionOver ? { status: 401, body: { msg: 'Please login or register' } } : { body: { accesstoken: 'new' } },
      'POST /api/user/login': (req) => {
        expect(req.body).toEqual({ email: 'ann@example.com', password: 'secret-pass' });
        sessionOver = false;
        return { body: { accesstoken: 'new' } };
      },
      'GET /api/user/infor': () => ({ body: ME }),
    });
    const { user } = renderApp(`/trips/${stored._id}/instances/${window_._id}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const stay = screen.getByLabelText('Stay (Lodging)');
    await user.clear(stay);
    await user.type(stay, '180');
    await user.type(screen.getByLabelText('Notes'), 'Late check-in');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your session ended — log in again');
    // Kept in this tab's sessionStorage, without any password.
    expect(JSON.stringify(window.sessionStorage)).not.toMatch(/secret/);

    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // Back on the window's page, still editing, with what was typed.
    await waitFor(() => expect(screen.getByLabelText('Stay (Lodging)')).toHaveValue('180'));
    expect(screen.getByLabelText('Notes')).toHaveValue('Late check-in');
    expect(JSON.stringify(window.sessionStorage)).not.toMatch(/Late check-in/);
    expect(JSON.stringify(window.sessionStorage)).not.toMatch(/secret-pass/);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Stay (Lodging)')).toHaveTextContent('$180.00'));
    const put = api.calls.filter((c) => c.method === 'PUT').at(-1);
    expect(put?.body).toEqual({ instances: [{ _id: window_._id, stay_expense: 180, notes: 'Late check-in' }] });
    expect(put?.headers.get('if-match')).toBe('"3"');
  });
});
