// Entry. The landing page (/) is most first visits, so it is served on its own:
// React and the page, without the router, the store or the API client. Every other
// path, or the first landing link followed, loads the whole app (app/FullApp.tsx).
// The shared rules first: the landing page's own CSS (and every chunk's) follows and may override them.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneLanding } from './app/landing/StandaloneLanding';
import { registerServiceWorkerLater } from './lib/offline/registerWorker';

const root = createRoot(document.getElementById('root')!);
const loadApp = () => import('./app/FullApp');

function showApp() {
  return loadApp().then(({ FullApp }) =>
    root.render(
      <StrictMode>
        <FullApp />
      </StrictMode>,
    ),
  );
}

/** From the landing page into the app at `to`, in place; a full page load if the app cannot be fetched. */
function openApp(to: string) {
  window.history.pushState(null, '', to);
  showApp().catch(() => window.location.assign(to));
}

if (window.location.pathname === '/') {
  root.render(
    <StrictMode>
      <StandaloneLanding prefetchApp={() => void loadApp().catch(() => {})} openApp={openApp} />
    </StrictMode>,
  );
} else {
  void showApp();
}

// Installable and offline (ADR 0038): the worker registers once the first screen is up.
registerServiceWorkerLater();
