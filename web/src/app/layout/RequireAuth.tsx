// Login gate as a layout route (docs/product.md §2, §4): 'Loading...' while the session loads, the
// page when logged in (token or flag), otherwise /not-logged-in.
import { Navigate, Outlet } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { selectIsLoggedIn } from '../../lib/session';
import { PageLoading } from './RootLayout';

export function RequireAuth() {
  const status = useAppSelector((s) => s.session.status);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (status === 'loading' && !loggedIn) return <PageLoading />;
  if (!loggedIn) return <Navigate to="/not-logged-in" replace />;
  return <Outlet />;
}
