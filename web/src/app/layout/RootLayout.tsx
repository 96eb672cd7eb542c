// Frame of every page: header and toasts, the routed page, footer.
import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { NavigationProvider } from '../../components/AppLink';
import { OfflineBanner } from '../../components/OfflineBanner';
import { Toaster } from '../../components/Toaster';
import { SyncStatus } from '../../features/offline';
import { Header } from './Header';
import { SiteFooter } from './SiteFooter';
import { AmountLocale } from './AmountLocale';

export function PageLoading() {
  return (
    <p className="page-message" role="status">
      Loading...
    </p>
  );
}

export function RootLayout() {
  const navigate = useNavigate();
  return (
    <NavigationProvider value={navigate}>
      <AmountLocale>
        <div className="app-shell">
          <a href="#content" className="skip-link">
            Skip to content
          </a>
          {/* Header and toasts stick together at the top: on a phone a toast takes room of
              its own under the tabs instead of covering a card or a tab (ADR 0076). */}
          <div className="app-top">
            <Header />
            <Toaster />
          </div>
          <OfflineBanner />
          <SyncStatus />
          <div id="content" className="app-content">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </div>
          <SiteFooter />
        </div>
      </AmountLocale>
    </NavigationProvider>
  );
}
