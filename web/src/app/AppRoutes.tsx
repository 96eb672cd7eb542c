// Routes of docs/product.md §2 and §6. Every page is its own chunk (React.lazy).
import { lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useRestoreSession, useTabSync } from '../features/auth/hooks/useSession';
import { useAppSelector } from '../lib/hooks';
import { selectIsLoggedIn } from '../lib/session';
import { RequireAuth } from './layout/RequireAuth';
import { PageLoading, RootLayout } from './layout/RootLayout';

const LandingPage = lazy(() => import('./pages/LandingPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const AccessDeniedPage = lazy(() => import('./pages/AccessDeniedPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const LoginPage = lazy(() => import('../features/auth/components/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/components/RegisterPage'));
const MyTripsPage = lazy(() => import('../features/trips/components/MyTripsPage'));
const PastTripsPage = lazy(() => import('../features/trips/components/PastTripsPage'));
const ExplorePage = lazy(() => import('./pages/ExplorePage'));
const ViewAllPage = lazy(() => import('./pages/ViewAllPage'));
const CitySearchPage = lazy(() => import('../features/search/components/CitySearchPage'));
const TripOverviewPage = lazy(() => import('./pages/TripOverviewPage'));
const InstancePage = lazy(() => import('../features/windows/components/InstancePage'));
const ProfilePage = lazy(() => import('../features/profile/components/ProfilePage'));
const JoinPage = lazy(() => import('../features/sharing/components/JoinPage'));
const WishlistDetailPage = lazy(() => import('../features/wishlists/components/WishlistDetailPage'));
const NotificationsPage = lazy(() => import('../features/notifications/components/NotificationsPage'));

/** Invitation links made before /join (/invite/:token) open the join page. */
function InviteRedirect() {
  const { token = '' } = useParams();
  return <Navigate to={`/join/${encodeURIComponent(token)}`} replace />;
}

/** Unknown paths: the 404 page when logged in, Access Denied otherwise. */
function UnknownPath() {
  const status = useAppSelector((s) => s.session.status);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (status === 'loading' && !loggedIn) return <PageLoading />;
  return loggedIn ? <NotFoundPage /> : <AccessDeniedPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="not-logged-in" element={<AccessDeniedPage />} />
        <Route element={<RequireAuth />}>
          <Route path="mytrips" element={<MyTripsPage />} />
          <Route path="explore" element={<ExplorePage />} />
          <Route path="previous-trips" element={<PastTripsPage />} />
          <Route path="search" element={<CitySearchPage />} />
          <Route path="trips/:tripId" element={<TripOverviewPage />} />
          <Route path="trips/:tripId/instances/:instanceId" element={<InstancePage />} />
          <Route path="profile/:userId" element={<ProfilePage />} />
          <Route path="wishlist-detail/:id" element={<WishlistDetailPage />} />
          <Route path="view-all" element={<ViewAllPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="join/:token" element={<JoinPage />} />
          <Route path="invite/:token" element={<InviteRedirect />} />
        </Route>
        <Route path="*" element={<UnknownPath />} />
      </Route>
    </Routes>
  );
}

/** The app: restores the session once, keeps in step with the other tabs, then routes. */
export function App() {
  useRestoreSession();
  useTabSync();
  return <AppRoutes />;
}
