// The landing page as a first visit gets it: the same page and frame as inside the
// app, without the router or the store. Pointing at or focusing a link starts
// loading the app, so following it is quick; following it hands over to the app
// (main.tsx), which opens at the link's path without reloading the page.
import { NavigationProvider, type Navigate } from '../../components/AppLink';
import { SiteFooter } from '../layout/SiteFooter';
import LandingPage from '../pages/LandingPage';

interface StandaloneLandingProps {
  /** Starts loading the app; called when a link is about to be followed. */
  prefetchApp(): void;
  /** Opens the app at this path. */
  openApp: Navigate;
}

export function StandaloneLanding({ prefetchApp, openApp }: StandaloneLandingProps) {
  const intent = (event: { target: EventTarget }) => {
    if (event.target instanceof Element && event.target.closest('a')) prefetchApp();
  };
  return (
    <NavigationProvider value={openApp}>
      <div className="app-shell" onPointerOver={intent} onFocus={intent} onTouchStart={intent}>
        <a href="#content" className="skip-link">
          Skip to content
        </a>
        <div id="content" className="app-content">
          <LandingPage />
        </div>
        <SiteFooter />
      </div>
    </NavigationProvider>
  );
}
