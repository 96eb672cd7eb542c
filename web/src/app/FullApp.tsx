// The whole app: the store, the router and every route. Loaded by main.tsx for any
// path but the landing page, and by the landing page on its first link followed.
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App } from './AppRoutes';
import { openTabChannel, setTabChannel } from '../lib/tabSync';
import { makeStore } from './store';

// Before the store: the first mutation may already have news for the other tabs.
setTabChannel(openTabChannel());
const store = makeStore();
// Changes made offline are kept and sent when the network is back (ADR 0038): the keeper
// is connected to this store's save home here, where the app starts. Loaded beside the
// first page, not in it: every route's first load stays within its budget, and the
// service worker precaches the chunk like any other.
void import('../features/offline/offlineSync').then(({ installOfflineSync }) => installOfflineSync(store));

export function FullApp() {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  );
}
