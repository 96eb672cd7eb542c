// Who pays what (issue 40): the People panel, the Balances view with "Record payment",
// presence per window and the split editor on an item. Each is a chunk of its own,
// loaded beside the page that shows it (the first-load budget, bench/web-bundle.mjs).
import { lazy } from 'react';

export const PeoplePanel = lazy(() => import('./PeoplePanel'));
export const BalancesPanel = lazy(() => import('./BalancesPanel'));
export const PresenceEditor = lazy(() => import('./PresenceEditor'));
export const SplitEditor = lazy(() => import('./SplitEditor'));
export { namesOf, type NameOf } from './names';
