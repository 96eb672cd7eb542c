// Alerts (docs/product.md §4 "Alerts"): the bell and the notifications page are loaded
// lazily by the app (app/layout/Header.tsx, app/AppRoutes.tsx); nothing else is public.
export { notificationsApi } from './api';
