// The whole app: the store, the router and every route. Loaded by main.tsx for any
// path but the landing page, and by the landing page on its first link followed.
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App } from './AppRoutes';
import { makeStore } from './store';

const store = makeStore();

export function FullApp() {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  );
}
