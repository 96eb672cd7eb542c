// What other features use of a trip's windows: the window endpoints, the rules that
// name, order and word a window, its price checks and actions, and the lazy re-pricing
// dialogs. The windows screens themselves (InstanceGrid, InstancePage) are the app's
// to route to; nothing here imports the compare, cost-items or flex-dates features, so
// they can import this without a circle.
import { lazy } from 'react';

export {
  instancesApi,
  itemInputOf,
  useAddItemMutation,
  useCheckItemMutation,
  useEditItemMutation,
  useSetWindowFieldsMutation,
  useRemoveItemMutation,
  windowOf,
  type EstimateChoice,
  type InstanceRef,
  type ItemInput,
} from './api';
export { keptCopy } from './keptCopy';
export * from './rules';
export * from './freshness';
export { CheckPrices, FreshnessLine } from './components/PriceChecks';
export { WindowActions, WindowActionsProvider, type CommitControl } from './components/WindowActions';

/** Re-pricing at today's rates: a chunk of its own, fetched when the button shows. */
export const RepriceWindow = lazy(() =>
  import('./components/Reprice').then((module) => ({ default: module.RepriceWindow })),
);
export const RepriceTrip = lazy(() =>
  import('./components/Reprice').then((module) => ({ default: module.RepriceTrip })),
);
