// Login gate as a layout route (docs/product.md §2, §4, §6): 'Loading...' while the session
// loads, the page when logged in (token or flag), otherwise /not-logged-in — or, when the
// session ended by itself or an invitation link (/join/…) is opened, the login page, which
// brings the user back here afterwards (forms keep a draft).
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { selectIsLoggedIn } from '../../lib/session';
import { PageLoading } from './RootLayout';

export function RequireAuth() {
  const status = useAppSelector((s) => s.session.status);
  const expired = useAppSelector((s) => s.session.expired);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname, search } = useLocation();
  if (status === 'loading' && !loggedIn) return <PageLoading />;
  // An invitation link opened logged out: log in (or register), then join.
  if (!loggedIn && (expired || pathname.startsWith('/join/')))
    return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  if (!loggedIn) return <Navigate to="/not-logged-in" replace />;
  return <Outlet />;
}
