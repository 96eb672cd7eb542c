import { screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { committedTrip, DAY } from '../../../test/fixtures';
import { tripSummary } from '@tripcost/shared/domain';
import { LOGGED_IN, ME, renderApp } from '../../../test/render';
import {
  KEEP_TRIPS,
  keptRead,
  lastUser,
  memoryStore,
  pruneAnswers,
  rememberUser,
  saveAnswer,
  savedAnswer,
  setDeviceStore,
  setKeepOnDevice,
} from './deviceStore';
import { enqueueChange, offlineWindow } from './queueStore';
import { queueRead } from './syncSlice';

const OTHER = '64b0000000000000000000ff';
let device: ReturnType<typeof memoryStore>;
let api: FakeApi | null = null;

beforeEach(() => {
  device = memoryStore();
  setDeviceStore(device);
  window.localStorage.clear();
});
afterEach(() => {
  api?.restore();
  api = null;
  setDeviceStore(null);
});

/** The network is unreachable: every request fails as a browser's fetch does with no connection. */
function cutNetwork(): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  return () => void (globalThis.fetch = original);
}

describe('what is kept on the device, per user', () => {
  it('when a user reads a trip, then only that user gets it back; another user signing in wipes it', async () => {
    await rememberUser(ME._id);
    await saveAnswer(ME._id, '/trips/getaway/t1', { location_address: 'Porto' });
    expect(await savedAnswer(ME._id, '/trips/getaway/t1')).toEqual({ location_address: 'Porto' });
    expect(await savedAnswer(OTHER, '/trips/getaway/t1')).toBeUndefined();

    await rememberUser(OTHER);
    expect(await savedAnswer(ME._id, '/trips/getaway/t1')).toBeUndefined();
    expect((await lastUser())?.id).toBe(OTHER);
    expect([...device.map.keys()].some((key) => key.includes(ME._id))).toBe(false);
  });

  it('when reads need the network (weather, suggestions, search) or write, then they are never kept', () => {
    expect(keptRead('/trips/getaway-trip')).toEqual({});
    expect(keptRead('/trips/getaway-trip?view=summary')).toEqual({});
    expect(keptRead('/trips/getaway/t1/instances/w1/flex?from=2026-01-01')).toEqual({ tripId: 't1' });
    expect(keptRead('/weather/windows')).toBeNull();
    expect(keptRead('/places/autocomplete?input=Por&limit=5')).toBeNull();
    expect(keptRead('/chatgpt/fun-places')).toBeNull();
  });

  it('when more than 200 trips were opened, or one not in 30 days, then the oldest are dropped', async () => {
    const now = Date.UTC(2026, 10, 1);
    for (let i = 0; i < KEEP_TRIPS + 5; i += 1) await saveAnswer(ME._id, `/trips/getaway/t${i}`, { i }, now - i * 1000);
    await saveAnswer(ME._id, '/trips/getaway/old', { old: true }, now - 31 * DAY);
    await saveAnswer(ME._id, '/trips/getaway-trip', [], now - DAY);
    expect(await pruneAnswers(ME._id, now)).toBe(6);
    expect(await savedAnswer(ME._id, '/trips/getaway/t0')).toEqual({ i: 0 });
    expect(await savedAnswer(ME._id, `/trips/getaway/t${KEEP_TRIPS - 1}`)).toBeDefined();
    expect(await savedAnswer(ME._id, `/trips/getaway/t${KEEP_TRIPS}`)).toBeUndefined();
    expect(await savedAnswer(ME._id, '/trips/getaway/old')).toBeUndefined();
    expect(await savedAnswer(ME._id, '/trips/getaway-trip')).toEqual([]);
  });

  it('when "Keep trips on this device" is turned off, then what was kept is wiped and nothing more is kept', async () => {
    await rememberUser(ME._id);
    await saveAnswer(ME._id, '/trips/getaway-trip', []);
    await setKeepOnDevice(false);
    expect(device.map.size).toBe(0);
    await saveAnswer(ME._id, '/trips/getaway-trip', []);
    await rememberUser(ME._id);
    expect(device.map.size).toBe(0);
    await setKeepOnDevice(true);
    await saveAnswer(ME._id, '/trips/getaway-trip', []);
    expect(device.map.size).toBe(1);
  });
});

describe('opening the app without a network', () => {
  const porto = tripSummary(committedTrip('Porto, Portugal', 3 * DAY, 6 * DAY));

  it('when My Trips was seen online, then offline it shows the same trips with the offline banner — for that user only', async () => {
    api = installFakeApi({ 'GET /api/trips/getaway-trip': () => ({ body: [porto] }) });
    const online = renderApp('/mytrips', { ...LOGGED_IN, userId: ME._id });
    await screen.findByRole('heading', { level: 2, name: 'Porto, Portugal' });
    await waitFor(async () => expect(await savedAnswer(ME._id, '/trips/getaway-trip?view=summary')).toEqual([porto]));
    online.unmount();
    api.restore();
    api = null;

    const restore = cutNetwork();
    try {
      const offline = renderApp('/mytrips', {
        status: 'ready',
        isLogged: true,
        token: null,
        userId: ME._id,
        offline: true,
      });
      expect(await screen.findByRole('heading', { level: 2, name: 'Porto, Portugal' })).toBeInTheDocument();
      expect(screen.getByText('Offline — showing what you saw last')).toBeInTheDocument();
      offline.unmount();

      renderApp('/mytrips', { status: 'ready', isLogged: true, token: null, userId: OTHER, offline: true });
      expect(await screen.findByText('Offline — showing what you saw last')).toBeInTheDocument();
      // Give the failed read its turn: another user's copy is never shown.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(screen.queryByText('Porto, Portugal')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('when the user logs out, then nothing of theirs stays on the device', async () => {
    await rememberUser(ME._id);
    api = installFakeApi({
      'GET /api/trips/getaway-trip': () => ({ body: [porto] }),
      'GET /api/user/logout': () => ({ body: { msg: 'Logged out' } }),
    });
    const { user } = renderApp('/mytrips', { ...LOGGED_IN, userId: ME._id });
    await screen.findByRole('heading', { level: 2, name: 'Porto, Portugal' });
    await waitFor(() => expect(device.map.size).toBeGreaterThanOrEqual(2));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(device.map.size).toBe(0));
    expect(await lastUser()).toBeUndefined();
  });

  it('when changes made offline wait, then Logout asks first; Cancel keeps them', async () => {
    await rememberUser(ME._id);
    const change = await enqueueChange({ userId: ME._id, tripId: 't1', base: {}, mine: { 'trip:notes': 'x' } });
    api = installFakeApi({ 'GET /api/trips/getaway-trip': () => ({ body: [porto] }) });
    const { user, store } = renderApp('/mytrips', { ...LOGGED_IN, userId: ME._id });
    store.dispatch(queueRead([change!]));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('1 change made offline has not been sent yet. Logging out deletes them.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('GET', '/api/user/logout')).toHaveLength(0);
    expect(await lastUser()).toBeDefined();
  });

  it('when the owner turns off "Keep trips on this device" on the profile, then what was kept is deleted at once', async () => {
    await rememberUser(ME._id);
    await saveAnswer(ME._id, '/trips/getaway-trip?view=summary', [porto]);
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: { _id: ME._id, fname: 'Ann', lname: 'Lee', city: 'Austin' } }),
    });
    const { user } = renderApp(`/profile/${ME._id}`, { ...LOGGED_IN, userId: ME._id });
    const keep = await screen.findByRole('checkbox', { name: 'Keep trips on this device' });
    expect(keep).toBeChecked();
    await user.click(keep);
    expect(keep).not.toBeChecked();
    await waitFor(() => expect(device.map.size).toBe(0));
    expect(window.localStorage.getItem('tripcost:keep-on-device')).toBe('off');
  });
});

describe('a window made offline', () => {
  it('when its expenses are typed, then its total until the server answers is exact to the currency’s minor unit', () => {
    const window = offlineWindow('tmp-1', {
      stay_expense: 0.1,
      travel_expense: 0.2,
      car_expense: '0.7',
      other_expense: 'x',
    });
    expect(window.total_cost).toBe(1);
    expect(offlineWindow('tmp-2', { stay_expense: 1000.4, travel_expense: 0.4 }, 0).total_cost).toBe(1000);
  });
});
