// Header (docs/product.md §2): brand, About, Profile, Logout, a mobile menu toggle and the three tabs.
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../../features/auth/hooks/useSession';
import { useCurrentUser } from '../../features/auth';
import { useAppSelector } from '../../lib/hooks';
import { useConfirm } from '../../components/ConfirmDialog';
import { selectIsLoggedIn } from '../../lib/session';

/** The bell and its polling come with their own chunk, after the header (the first load stays as it was). */
const NotificationBell = lazy(() => import('../../features/notifications/components/NotificationBell'));

const HIDDEN_ON = ['/search', '/trips', '/profile', '/about', '/wishlist-detail', '/view-all'];

export function isHeaderHidden(pathname: string, loggedIn: boolean): boolean {
  if (!loggedIn || pathname === '/') return true;
  return HIDDEN_ON.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const user = useCurrentUser();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  // Changes made offline live on this device only until sent; logging out deletes them.
  const unsent = useAppSelector((s) => s.sync.waiting + s.sync.conflicts.length + s.sync.failed.length);
  const [confirm, confirmDialog] = useConfirm();

  if (isHeaderHidden(pathname, loggedIn)) return null;

  const close = () => setMenuOpen(false);
  const tab = ({ isActive }: { isActive: boolean }) => `tab ${isActive ? 'tab--active' : ''}`;

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/mytrips" className="brand" onClick={close}>
          <span className="brand__mark" aria-hidden="true" />
          TripCost
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span />
          <span />
          <span />
        </button>
        <nav id="main-menu" className={`site-nav ${menuOpen ? 'site-nav--open' : ''}`} aria-label="Account">
          <Suspense fallback={null}>
            <NotificationBell onOpen={close} />
          </Suspense>
          <Link to="/about" onClick={close}>
            About
          </Link>
          {user && (
            <Link to={`/profile/${user._id}`} onClick={close}>
              Profile
            </Link>
          )}
          <button
            type="button"
            className="link-button"
            onClick={async () => {
              close();
              const what = unsent === 1 ? '1 change made offline has' : `${unsent} changes made offline have`;
              if (unsent > 0 && !(await confirm(`${what} not been sent yet. Logging out deletes them.`, 'Log out'))) {
                return;
              }
              await logout();
              navigate('/login');
            }}
          >
            Logout
          </button>
        </nav>
      </div>
      <nav className="tabs" aria-label="Trips">
        <NavLink to="/mytrips" className={tab}>
          My Trips
        </NavLink>
        <NavLink to="/explore" className={tab}>
          Explore
        </NavLink>
        <NavLink to="/previous-trips" className={tab}>
          Past
        </NavLink>
      </nav>
      {confirmDialog}
    </header>
  );
}
