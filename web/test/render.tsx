// Renders the real app (or one element) with a fresh store per test.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from '../src/app/AppRoutes';
import { makeStore } from '../src/app/store';
import { authApi } from '../src/features/auth/api';
import type { SessionState } from '../src/lib/session';
import type { User } from '../src/lib/types';

export const ME: User = {
  _id: '64b000000000000000000001',
  fname: 'Ann',
  lname: 'Lee',
  email: 'ann@example.com',
  role: 0,
  country: 'US',
};

export const LOGGED_IN: Partial<SessionState> = { status: 'ready', token: 'token-1', isLogged: true };

/** A logged-in session starts with the user (`me`) in the query cache, as after a real login. */
export function renderApp(route: string, session: Partial<SessionState> = LOGGED_IN, ui?: ReactElement, me: User = ME) {
  const store = makeStore({ session });
  if (session.isLogged) void store.dispatch(authApi.util.upsertQueryData('getUserInfo', undefined, me));
  const user = userEvent.setup();
  const utils = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui ?? <AppRoutes />}</MemoryRouter>
    </Provider>,
  );
  return { store, user, ...utils };
}
