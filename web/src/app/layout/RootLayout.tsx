// Frame of every page: header and toasts, the routed page, footer.
import { Suspense, useEffect, useRef } from 'react';
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

/**
 * Keeps `--app-top-height` (the sticky header's height, 0 where the page has none) on the
 * document, for the toasts that stick just under it on a phone.
 */
function useStickyTopHeight() {
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = top.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--app-top-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return top;
}

export function RootLayout() {
  const navigate = useNavigate();
  const top = useStickyTopHeight();
  return (
    <NavigationProvider value={navigate}>
      <AmountLocale>
        <div className="app-shell">
          <a href="#content" className="skip-link">
            Skip to content
          </a>
          {/* On a phone the toasts take room of their own under the header and stick under
              it, instead of covering a card or a tab (ADR 0076): they are not inside the
              header's sticky box so that, over an open dialog, they can rise above its
              backdrop. */}
          <div className="app-top" ref={top}>
            <Header />
          </div>
          <Toaster />
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
