// Frame of every page: header, the routed page, footer and the toasts.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from '../../components/Toaster';
import { Header } from './Header';

export function PageLoading() {
  return (
    <p className="page-message" role="status">
      Loading...
    </p>
  );
}

export function RootLayout() {
  return (
    <div className="app-shell">
      <a href="#content" className="skip-link">
        Skip to content
      </a>
      <Header />
      <div id="content" className="app-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
      <footer className="site-footer">
        <p>© {new Date().getFullYear()} TripCost. All rights reserved.</p>
      </footer>
      <Toaster />
    </div>
  );
}
