import { waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { ME } from '../../../test/render';
import { makeStore } from '../../app/store';
import { keyedWindowChanges, windowFields } from '../../lib/merge';
import { enqueueChange, queuedChanges } from '../../lib/offline/queueStore';
import { memoryStore, setDeviceStore } from '../../lib/offline/deviceStore';
import { instancesApi } from '../instances/api';
import { tripsApi } from './api';
import { installOfflineSync, settleConflict, syncNow } from './offlineSync';

const OTHER = '64b0000000000000000000ff';
let api: FakeApi | null = null;
let uninstall: (() => void) | null = null;

beforeEach(() => {
  setDeviceStore(memoryStore());
  window.localStorage.clear();
});
afterEach(() => {
  api?.restore();
  api = null;
  uninstall?.();
  uninstall = null;
  setDeviceStore(null);
});

const online = () => makeStore({ session: { status: 'ready', token: 'token-1', isLogged: true, userId: ME._id } });

function windowChange(
  tripId: string,
  window: ReturnType<typeof instance>,
  version: number,
  changes: Record<string, unknown>,
) {
  return {
    userId: ME._id,
    tripId,
    version,
    base: windowFields(window),
    mine: keyedWindowChanges(window._id, changes),
  };
}

describe('changes made offline', () => {
  it('when changes are kept in the same millisecond, then they are read back in the order made, for their user only', async () => {
    const now = Date.now();
    for (const label of ['first', 'second', 'third']) {
      await enqueueChange({ userId: ME._id, tripId: 't1', base: {}, mine: { 'trip:notes': label } }, now);
    }
    await enqueueChange({ userId: OTHER, tripId: 't9', base: {}, mine: { 'trip:notes': 'not mine' } }, now);
    const mine = await queuedChanges(ME._id);
    expect(mine.map((change) => change.mine['trip:notes'])).toEqual(['first', 'second', 'third']);
  });

  it('when the network is back, then the kept changes are sent in order with If-Match, and the queue empties', async () => {
    const june = instance({ label: '' });
    const july = instance({ label: '' });
    let current = trip({ instances: [june, july], version: 3 });
    const sent: { ifMatch: string | null; body: unknown }[] = [];
    api = installFakeApi({
      'PUT /api/trips/getaway/:tripId': (req) => {
        sent.push({ ifMatch: req.headers.get('if-match'), body: req.body });
        if (req.headers.get('if-match') !== `"${current.version}"`) return { status: 412, body: { msg: 'changed' } };
        const change = (req.body as { instances: { _id: string; label?: string; notes?: string }[] }).instances[0];
        current = {
          ...current,
          version: current.version + 1,
          instances: current.instances.map((w) => (w._id === change._id ? { ...w, ...change } : w)),
        };
        return { body: current };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: current }),
    });
    await enqueueChange(windowChange(current._id, june, 3, { label: 'Early June' }));
    // Made offline after the first: based on the same version, another window.
    await enqueueChange(windowChange(current._id, july, 3, { notes: 'Book the train' }));
    // Then the first window again, another field: sent on its own, in its turn.
    await enqueueChange(
      windowChange(current._id, { ...june, label: 'Early June' }, 3, { notes: 'Hotel near the bay' }),
    );
    const store = online();
    await syncNow(store);
    expect(sent.map((s) => s.ifMatch)).toEqual(['"3"', '"3"', '"4"', '"3"', '"5"']);
    expect(current.instances[0]).toMatchObject({ label: 'Early June', notes: 'Hotel near the bay' });
    expect(current.instances[1]).toMatchObject({ notes: 'Book the train' });
    expect(await queuedChanges(ME._id)).toEqual([]);
    expect(store.getState().sync.waiting).toBe(0);
  });

  it('when two fields of one window were edited one after the other offline, then they are sent as one change', async () => {
    const june = instance({ label: '' });
    let current = trip({ instances: [june], version: 3 });
    const bodies: unknown[] = [];
    api = installFakeApi({
      'PUT /api/trips/getaway/:tripId': (req) => {
        bodies.push(req.body);
        current = { ...current, version: 4 };
        return { body: current };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: current }),
    });
    await enqueueChange(windowChange(current._id, june, 3, { label: 'Early June' }));
    await enqueueChange(windowChange(current._id, { ...june, label: 'Early June' }, 3, { notes: 'Book the train' }));
    await syncNow(online());
    expect(bodies).toEqual([{ instances: [{ _id: june._id, label: 'Early June', notes: 'Book the train' }] }]);
  });

  it('when the same field changed on the server meanwhile, then it waits as a conflict; Keep mine sends mine on the new version', async () => {
    const june = instance({ notes: 'old' });
    let current = trip({ instances: [{ ...june, notes: 'theirs' }], version: 5 });
    const bodies: unknown[] = [];
    api = installFakeApi({
      'PUT /api/trips/getaway/:tripId': (req) => {
        bodies.push(req.body);
        if (req.headers.get('if-match') !== `"${current.version}"`) return { status: 412, body: { msg: 'changed' } };
        const change = (req.body as { instances: { notes?: string }[] }).instances[0];
        current = { ...current, version: current.version + 1, instances: [{ ...current.instances[0], ...change }] };
        return { body: current };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: current }),
    });
    await enqueueChange(windowChange(current._id, june, 4, { notes: 'mine' }));
    const store = online();
    await syncNow(store);
    const [waiting] = store.getState().sync.conflicts;
    expect(waiting.conflict?.conflicts).toEqual([
      expect.objectContaining({ key: `window:${june._id}:notes`, mine: 'mine', theirs: 'theirs' }),
    ]);
    expect(current.instances[0].notes).toBe('theirs');

    await settleConflict(store, waiting, 'mine');
    expect(current.instances[0].notes).toBe('mine');
    expect(await queuedChanges(ME._id)).toEqual([]);
    expect(store.getState().sync.conflicts).toEqual([]);
  });

  it('when a window is edited without a network, then the page shows it at once and one change waits', async () => {
    const june = instance({ label: '' });
    const cached = trip({ instances: [june], version: 2 });
    const original = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    try {
      const store = online();
      uninstall = installOfflineSync(store);
      await store.dispatch(tripsApi.util.upsertQueryData('getTrip', cached._id, cached));
      const result = await store.dispatch(
        instancesApi.endpoints.saveInstance.initiate({
          tripId: cached._id,
          instanceId: june._id,
          version: 2,
          base: june,
          changes: { label: 'Early June' },
        }),
      );
      expect('error' in result && result.error).toBeFalsy();
      expect(tripsApi.endpoints.getTrip.select(cached._id)(store.getState()).data?.instances[0].label).toBe(
        'Early June',
      );
      expect(store.getState().sync.waiting).toBe(1);
      expect(store.getState().session.offline).toBe(true);
      expect((await queuedChanges(ME._id))[0]).toMatchObject({ tripId: cached._id, version: 2 });
    } finally {
      globalThis.fetch = original;
    }
  });

  it('when a window is added and then edited offline, then back online it is created once (same Idempotency-Key on a retry) and the edit names its real id', async () => {
    const cached = trip({ instances: [], version: 2 });
    const original = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const store = online();
    uninstall = installOfflineSync(store);
    let temp;
    try {
      await store.dispatch(tripsApi.util.upsertQueryData('getTrip', cached._id, cached));
      // The trip page is open: it holds the trip, refetched (from the device) when a create invalidates it.
      store.dispatch(tripsApi.endpoints.getTrip.initiate(cached._id));
      const created = await store.dispatch(
        instancesApi.endpoints.createInstance.initiate({
          tripId: cached._id,
          body: {
            trip_start: '2031-06-01',
            trip_end: '2031-06-04',
            stay_expense: 300,
            travel_expense: 120,
            car_expense: 0,
            other_expense: 0,
          },
        }),
      );
      temp = 'data' in created ? created.data : undefined;
      expect(temp?._id).toMatch(/^offline-/);
      expect(temp?.total_cost).toBe(420);
      await waitFor(() =>
        expect(
          tripsApi.endpoints.getTrip
            .select(cached._id)(store.getState())
            .data?.instances.map((i) => i._id),
        ).toEqual([temp!._id]),
      );
      await store.dispatch(
        instancesApi.endpoints.saveInstance.initiate({
          tripId: cached._id,
          instanceId: temp!._id,
          version: 2,
          base: temp!,
          changes: { label: 'Long weekend' },
        }),
      );
      expect(store.getState().sync.waiting).toBe(2);
    } finally {
      globalThis.fetch = original;
    }

    const realId = '64c0000000000000000000aa';
    const keys: (string | null)[] = [];
    const puts: unknown[] = [];
    let answerLost = true;
    let current = cached;
    api = installFakeApi({
      'POST /api/trips/getaway/:tripId/instances': (req) => {
        keys.push(req.headers.get('idempotency-key'));
        current = { ...cached, version: 3, instances: [{ ...temp!, _id: realId }] };
        return { status: 201, body: current.instances[0] };
      },
      'PUT /api/trips/getaway/:tripId': (req) => {
        puts.push(req.body);
        return { body: current };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: current }),
    });
    // The first answer is lost on the way back: the create stays queued and is sent again.
    const fakeApi = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      const answer = await fakeApi(input, init);
      if (answerLost && method === 'POST') {
        answerLost = false;
        throw new TypeError('Failed to fetch');
      }
      return answer;
    }) as typeof fetch;
    await syncNow(store);
    expect(store.getState().sync.waiting).toBe(2);
    await syncNow(store);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(puts).toEqual([{ instances: [{ _id: realId, label: 'Long weekend' }] }]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });

  it('when windows are deleted offline, then one the server has is deleted on sync (404 counts as done) and one made offline is never sent', async () => {
    const june = instance();
    const july = instance();
    const cached = trip({ instances: [june, july], version: 2 });
    const original = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const store = online();
    uninstall = installOfflineSync(store);
    try {
      await store.dispatch(tripsApi.util.upsertQueryData('getTrip', cached._id, cached));
      store.dispatch(tripsApi.endpoints.getTrip.initiate(cached._id));
      const created = await store.dispatch(
        instancesApi.endpoints.createInstance.initiate({
          tripId: cached._id,
          body: {
            trip_start: '2031-06-01',
            trip_end: '2031-06-04',
            stay_expense: 1,
            travel_expense: 0,
            car_expense: 0,
            other_expense: 0,
          },
        }),
      );
      const temp = 'data' in created ? created.data! : undefined;
      for (const instanceId of [june._id, july._id, temp!._id]) {
        const removed = await store.dispatch(
          instancesApi.endpoints.deleteInstance.initiate({ tripId: cached._id, instanceId }),
        );
        expect('error' in removed && removed.error).toBeFalsy();
      }
      await waitFor(() =>
        expect(tripsApi.endpoints.getTrip.select(cached._id)(store.getState()).data?.instances).toEqual([]),
      );
      expect(store.getState().sync.waiting).toBe(2);
    } finally {
      globalThis.fetch = original;
    }
    const deleted: string[] = [];
    api = installFakeApi({
      'DELETE /api/trips/getaway/:tripId/instances/:instanceId': (req) => {
        deleted.push(req.params.instanceId);
        // July was deleted on another device meanwhile.
        return req.params.instanceId === july._id
          ? { status: 404, body: { msg: 'No such instance' } }
          : { body: { msg: 'Deleted', trip: { ...cached, instances: [] } } };
      },
      'POST /api/trips/getaway/:tripId/instances': () => ({ status: 500, body: { msg: 'never sent' } }),
      'GET /api/trips/getaway/:tripId': () => ({ body: { ...cached, instances: [] } }),
    });
    await syncNow(store);
    expect(deleted).toEqual([june._id, july._id]);
    expect(api.callsTo('POST', `/api/trips/getaway/${cached._id}/instances`)).toHaveLength(0);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });
});
