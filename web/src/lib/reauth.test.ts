import { makeStore } from '../app/store';
import { profileApi } from '../features/profile/api';
import { tripsApi } from '../features/trips/api';
import { wishlistsApi } from '../features/wishlists/api';
import { installFakeApi, type FakeApi, type FakeRequest } from '../../test/fakeApi';

const OK = { body: { ok: true } };

function protectedRoute(valid: () => string) {
  return (req: FakeRequest) =>
    req.authorization === `Bearer ${valid()}` ? OK : { status: 401, body: { msg: 'Token expired' } };
}

/** A promise and the function that resolves it: lets one fake route wait for another. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Wraps a route so the gate opens once it has answered `count` times. */
function counting<T>(route: (req: FakeRequest) => T, count: number, onReached: () => void) {
  let seen = 0;
  return (req: FakeRequest) => {
    const answer = route(req);
    if (++seen === count) onReached();
    return answer;
  };
}

function loggedInStore() {
  return makeStore({
    session: {
      status: 'ready',
      token: 'stale',
      isLogged: true,
    },
  });
}

function fireThree(store: ReturnType<typeof makeStore>) {
  return Promise.all([
    store.dispatch(tripsApi.endpoints.getTrips.initiate()),
    store.dispatch(profileApi.endpoints.getProfile.initiate('u1')),
    store.dispatch(wishlistsApi.endpoints.getWishlists.initiate('a@example.com')),
  ]);
}

describe('re-authentication on 401', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('when three calls fail with 401 at once, then the token is refreshed once and every call is retried with it', async () => {
    let current = 'fresh-1';
    // The refresh answers only once all three calls have had their 401: they fail "at once".
    const allRefused = gate();
    let refused = 0;
    const refusedOnce = () => {
      if (++refused === 3) allRefused.open();
    };
    api = installFakeApi({
      'GET /api/user/refresh_token': async () => {
        await allRefused.opened;
        return { body: { accesstoken: current } };
      },
      'GET /api/trips/getaway-trip': counting(
        protectedRoute(() => current),
        1,
        refusedOnce,
      ),
      'GET /api/user/profile/:id': counting(
        protectedRoute(() => current),
        1,
        refusedOnce,
      ),
      'GET /api/wishlist/getlists': counting(
        protectedRoute(() => current),
        1,
        refusedOnce,
      ),
    });
    const store = loggedInStore();
    const results = await fireThree(store);

    expect(api.callsTo('GET', '/api/user/refresh_token')).toHaveLength(1);
    expect(results.map((r) => r.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(store.getState().session.token).toBe('fresh-1');
    expect(store.getState().session.isLogged).toBe(true);
    current = 'unused';
  });

  it('when a 401 arrives after another call already refreshed, then it retries with the new token without refreshing again', async () => {
    // The first profile call answers only after the trips call came back with the new token.
    const tripsRetried = gate();
    api = installFakeApi({
      'GET /api/user/refresh_token': () => ({ body: { accesstoken: 'fresh-2' } }),
      'GET /api/trips/getaway-trip': counting(
        protectedRoute(() => 'fresh-2'),
        2,
        tripsRetried.open,
      ),
      'GET /api/user/profile/:id': async (req) => {
        if (req.authorization === 'Bearer fresh-2') return OK;
        await tripsRetried.opened;
        return { status: 401, body: { msg: 'expired' } };
      },
    });
    const store = loggedInStore();
    const [trips, profile] = await Promise.all([
      store.dispatch(tripsApi.endpoints.getTrips.initiate()),
      store.dispatch(profileApi.endpoints.getProfile.initiate('u1')),
    ]);
    expect(trips.data).toEqual({ ok: true });
    expect(profile.data).toEqual({ ok: true });
    expect(api.callsTo('GET', '/api/user/refresh_token')).toHaveLength(1);
  });

  it('when the refresh fails, then the user is logged out once and the calls report the 401', async () => {
    // The refresh fails only once all three calls have had their 401.
    const allRefused = gate();
    let refused = 0;
    const refusedOnce = () => {
      if (++refused === 3) allRefused.open();
    };
    api = installFakeApi({
      'GET /api/user/refresh_token': async () => {
        await allRefused.opened;
        return { status: 401, body: { msg: 'No session' } };
      },
      'GET /api/trips/getaway-trip': counting(
        protectedRoute(() => 'never'),
        1,
        refusedOnce,
      ),
      'GET /api/user/profile/:id': counting(
        protectedRoute(() => 'never'),
        1,
        refusedOnce,
      ),
      'GET /api/wishlist/getlists': counting(
        protectedRoute(() => 'never'),
        1,
        refusedOnce,
      ),
    });
    const store = loggedInStore();
    const results = await fireThree(store);

    expect(api.callsTo('GET', '/api/user/refresh_token')).toHaveLength(1);
    expect(results.every((r) => r.isError)).toBe(true);
    const { session } = store.getState();
    expect(session.token).toBeNull();
    expect(session.isLogged).toBe(false);
  });

  it('when a call succeeds, then it carried the bearer token and no refresh happened', async () => {
    api = installFakeApi({
      'GET /api/user/refresh_token': () => ({ body: { accesstoken: 'x' } }),
      'GET /api/trips/getaway-trip': protectedRoute(() => 'stale'),
    });
    const store = loggedInStore();
    await store.dispatch(tripsApi.endpoints.getTrips.initiate());
    expect(api.callsTo('GET', '/api/trips/getaway-trip')[0].authorization).toBe('Bearer stale');
    expect(api.callsTo('GET', '/api/user/refresh_token')).toHaveLength(0);
  });
});
