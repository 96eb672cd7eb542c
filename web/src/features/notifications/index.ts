// Alerts (docs/product.md §4 "Alerts"): the bell and the notifications page are loaded
// lazily by the app (app/layout/Header.tsx, app/AppRoutes.tsx); the calendar link's panel
// is loaded lazily by the profile page.
import { lazy } from 'react';
export { notificationsApi } from './api';
export const CalendarFeedPanel = lazy(() => import('./components/CalendarFeedPanel'));
