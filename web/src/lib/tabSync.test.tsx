import { act, screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../test/fakeApi';
import { instance, trip } from '../../test/fixtures';
import { ME, renderApp } from '../../test/render';
import { makeStore } from '../app/store';
import { handleTabMessage } from '../features/auth/hooks/useSession';
import { tripsApi } from '../features/trips/api';
import {
  openTabChannel,
  parseTabMessage,
  setTabChannel,
  STORAGE_KEY,
  type TabChannel,
  type TabMessage,
} from './tabSync';

/** BroadcastChannel as browsers have it: a message reaches every other channel of the same name. */
function fakeBroadcast() {
  const open: FakeChannel[] = [];
  class FakeChannel {
    onmessage: ((event: MessageEvent) => void) | null = null;
    constructor(readonly name: string) {
      open.push(this);
    }
    postMessage(data: unknown) {
      for (const other of open)
        if (other !== this && other.name === this.name) other.onmessage?.({ data } as MessageEvent);
    }
    close() {
      open.splice(open.indexOf(this), 1);
    }
  }
  return FakeChannel as unknown as typeof BroadcastChannel;
}

/** Two windows of one origin sharing localStorage: a write in one fires `storage` in the other. */
function fakeWindows() {
  const listeners = [new Set<(e: StorageEvent) => void>(), new Set<(e: StorageEvent) => void>()];
  const make = (me: number) => ({
    addEventListener: (_: string, l: (e: StorageEvent) => void) => listeners[me].add(l),
    removeEventListener: (_: string, l: (e: StorageEvent) => void) => listeners[me].delete(l),
    localStorage: {
      setItem: (key: string, newValue: string) =>
        listeners[1 - me].forEach((l) => l({ key, newValue } as StorageEvent)),
      removeItem: () => undefined,
    } as unknown as Storage,
  });
  return [make(0), make(1)] as unknown as Window[];
}

describe('tabs in step', () => {
  it('when one tab posts on the BroadcastChannel, then the other tab hears it and the sender does not', () => {
    const BC = fakeBroadcast();
    const a = openTabChannel({ BroadcastChannel: BC });
    const b = openTabChannel({ BroadcastChannel: BC });
    const heardA: TabMessage[] = [];
    const heardB: TabMessage[] = [];
    a.listen((m) => heardA.push(m));
    b.listen((m) => heardB.push(m));
    a.post({ type: 'logged-out', reason: 'logout' });
    expect(heardB).toEqual([{ type: 'logged-out', reason: 'logout' }]);
    expect(heardA).toEqual([]);
  });

  it('when there is no BroadcastChannel, then a storage event carries the message, twice in a row too', () => {
    const [winA, winB] = fakeWindows();
    const a = openTabChannel({ window: winA });
    const b = openTabChannel({ window: winB });
    const heard: TabMessage[] = [];
    b.listen((m) => heard.push(m));
    a.post({ type: 'logged-in' });
    a.post({ type: 'logged-in' });
    expect(heard).toEqual([{ type: 'logged-in' }, { type: 'logged-in' }]);
    a.close();
    b.close();
  });

  it('when a message is malformed or unknown, then it is ignored', () => {
    expect(parseTabMessage('not json')).toBeNull();
    expect(parseTabMessage({ type: 'delete-everything' })).toBeNull();
    expect(parseTabMessage({ type: 'data-changed' })).toBeNull();
    expect(parseTabMessage(JSON.stringify({ message: { type: 'logged-in' } }))).toEqual({ type: 'logged-in' });
    expect(STORAGE_KEY).toMatch(/tripcost/);
  });
});

describe('what a tab does with another tab’s news', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    setTabChannel(null);
  });

  it('when another tab logged out, then the token is dropped and nothing more can be sent with it', async () => {
    api = installFakeApi({});
    const store = makeStore({ session: { status: 'ready', token: 'token-1', isLogged: true } });
    await handleTabMessage({ type: 'logged-out', reason: 'logout' }, store.dispatch, store.getState);
    expect(store.getState().session).toMatchObject({ token: null, isLogged: false, expired: false });
  });

  it('when another tab saved a trip, then this tab refetches that trip', async () => {
    const stored = trip({ travelers: 2 });
    api = installFakeApi({ 'GET /api/trips/getaway/:id': () => ({ body: stored }) });
    const store = makeStore({ session: { status: 'ready', token: 'token-1', isLogged: true } });
    const sub = store.dispatch(tripsApi.endpoints.getTrip.initiate(stored._id));
    await sub;
    await handleTabMessage(
      { type: 'data-changed', tags: [{ type: 'Trip', id: stored._id }] },
      store.dispatch,
      store.getState,
    );
    await waitFor(() => expect(api.callsTo('GET', `/api/trips/getaway/${stored._id}`)).toHaveLength(2));
    sub.unsubscribe();
  });

  it('when another tab logged in, then this tab takes up the session from the refresh cookie', async () => {
    api = installFakeApi({
      'GET /api/user/refresh_token': () => ({ body: { accesstoken: 'from-cookie' } }),
      'GET /api/user/infor': () => ({ body: ME }),
    });
    const store = makeStore({ session: { status: 'ready', token: null, isLogged: false } });
    await handleTabMessage({ type: 'logged-in' }, store.dispatch, store.getState);
    expect(store.getState().session).toMatchObject({ token: 'from-cookie', isLogged: true });
  });

  it('when this tab saves, then the other tabs are told which trip changed', async () => {
    const heard: TabMessage[] = [];
    const channel: TabChannel = { post: (m) => heard.push(m), listen: () => () => {}, close: () => {} };
    setTabChannel(channel);
    const stored = trip({ travelers: 2 });
    api = installFakeApi({ 'PUT /api/trips/getaway/:id': () => ({ body: stored }) });
    const store = makeStore({ session: { status: 'ready', token: 'token-1', isLogged: true } });
    await store.dispatch(tripsApi.endpoints.saveTripSettings.initiate({ tripId: stored._id, travelers: 3 }));
    expect(heard).toEqual([{ type: 'data-changed', tags: expect.arrayContaining([{ type: 'Trip', id: stored._id }]) }]);
  });

  it('when this tab logs out, then the other tabs are told, and no trip change is announced for it', async () => {
    const heard: TabMessage[] = [];
    setTabChannel({ post: (m) => heard.push(m), listen: () => () => {}, close: () => {} });
    api = installFakeApi({
      'GET /api/trips/getaway-trip': () => ({ body: [] }),
      'GET /api/wishlist/getlists': () => ({ body: [] }),
      'GET /api/user/logout': () => ({ body: { msg: 'Logged out' } }),
    });
    const { user, store } = renderApp('/mytrips');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(heard).toEqual([{ type: 'logged-out', reason: 'logout' }]));
    expect(store.getState().session.token).toBeNull();
  });

  it('when another tab logs out while a window page is open, then this tab shows the logged-out page at once', async () => {
    const listeners = new Set<(m: TabMessage) => void>();
    setTabChannel({
      post: () => {},
      listen: (l) => (listeners.add(l), () => void listeners.delete(l)),
      close: () => {},
    });
    const window = instance({ stay_expense: 100 });
    const stored = trip({ instances: [window] });
    api = installFakeApi({
      'GET /api/trips/getaway/:id/instances/:instanceId': () => ({ body: { trip: stored, instance: window } }),
    });
    const { App } = await import('../app/AppRoutes');
    renderApp(`/trips/${stored._id}/instances/${window._id}`, undefined, <App />);
    await screen.findByRole('button', { name: 'Edit' });
    act(() => listeners.forEach((l) => l({ type: 'logged-out', reason: 'logout' })));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
