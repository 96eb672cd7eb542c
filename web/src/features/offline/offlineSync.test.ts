import { waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { costItem, instance, trip } from '../../../test/fixtures';
import { ME } from '../../../test/render';
import { makeStore } from '../../app/store';
import { keyedWindowChanges, windowFields } from '../../lib/merge';
import { enqueueChange, queuedChanges } from '../../lib/offline/queueStore';
import { memoryStore, rememberUser, saveAnswer, savedAnswer, setDeviceStore } from '../../lib/offline/deviceStore';
import { todayDateInput } from '../../lib/format';
import type { Trip } from '../../lib/types';
import { wishlistsApi } from '../wishlists/api';
import { listEditsApi } from '../wishlists/listEditsApi';
import { sharingApi } from '../sharing/api';
import { instancesApi } from '../windows/api';
import { copyApi } from '../windows/copyApi';
import { loggedOut } from '../../lib/session';
import { tripsApi } from '../trips/api';
import { tripCache } from '../saving';
import { sharesApi } from '../shares/api';
import { installOfflineSync, settleConflict, syncNow } from './offlineSync';

const OTHER = '64b0000000000000000000ff';
const member = (user_id: string) => ({
  user_id,
  name: 'Sam',
  role: 'editor' as const,
  joined_at: '2031-01-01T00:00:00.000Z',
});
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
      // Its card offers a vote when the trip is shared: no one has voted on it yet.
      expect(temp).toMatchObject({ votes: { yes: 0, maybe: 0, no: 0, mine: null }, works_for_everyone: false });
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

// Every kind of change the trip page makes offline: kept in order with the version it
// was based on, shown at once, and sent once back online with the ids the server gave
// what was created offline.
const fetchBefore = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = fetchBefore;
});
const noNetwork = () => {
  globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
};

async function offlineStore(cached: Trip) {
  noNetwork();
  const store = online();
  uninstall = installOfflineSync(store);
  await store.dispatch(tripsApi.util.upsertQueryData('getTrip', cached._id, cached));
  store.dispatch(tripsApi.endpoints.getTrip.initiate(cached._id));
  return store;
}
const shownTrip = (store: ReturnType<typeof online>, tripId: string) =>
  tripsApi.endpoints.getTrip.select(tripId)(store.getState()).data;
const ok = (result: unknown) => expect((result as { error?: unknown }).error).toBeFalsy();

describe('every change of the trip page, offline', () => {
  it('when an item is added on a window made offline, another edited, one deleted, a status set and a plan committed, then each is sent once in order with the real ids', async () => {
    const hotel = costItem({ name: 'Hotel', amount: 300 });
    const taxi = costItem({ name: 'Taxi', amount: 40 });
    const june = instance({ items: [hotel, taxi] });
    const cached = trip({ instances: [june], version: 2 });
    const store = await offlineStore(cached);

    const created = await store.dispatch(
      instancesApi.endpoints.createInstance.initiate({
        tripId: cached._id,
        body: {
          trip_start: '2031-07-01',
          trip_end: '2031-07-04',
          stay_expense: 0,
          travel_expense: 0,
          car_expense: 0,
          other_expense: 0,
        },
      }),
    );
    const tempWindow = 'data' in created ? created.data!._id : '';
    const added = await store.dispatch(
      instancesApi.endpoints.addItem.initiate({
        tripId: cached._id,
        instanceId: tempWindow,
        item: {
          category: 'stay',
          name: 'Guesthouse',
          amount: 210,
          basis: 'total',
          booked: false,
          paid: false,
          link: '',
          confirmation: '',
        },
      }),
    );
    ok(added);
    const tempItem = 'data' in added ? added.data!.item._id : '';
    expect(tempItem).toMatch(/^offline-/);
    ok(
      await store.dispatch(
        instancesApi.endpoints.editItem.initiate({
          tripId: cached._id,
          instanceId: june._id,
          itemId: hotel._id,
          fields: { amount: 280 },
          version: 2,
          base: hotel,
        }),
      ),
    );
    ok(
      await store.dispatch(
        instancesApi.endpoints.removeItem.initiate({ tripId: cached._id, instanceId: june._id, itemId: taxi._id }),
      ),
    );
    ok(
      await store.dispatch(
        instancesApi.endpoints.setWindowFields.initiate({
          tripId: cached._id,
          instanceId: june._id,
          fields: { status: 'top_choice' },
        }),
      ),
    );
    ok(
      await store.dispatch(
        instancesApi.endpoints.commitInstance.initiate({ tripId: cached._id, instanceId: june._id }),
      ),
    );
    expect(store.getState().sync.waiting).toBe(6);
    // Shown at once: the new window with its item, the edit, the deleted item gone, the status and the plan.
    await waitFor(() => {
      const shown = shownTrip(store, cached._id)!;
      const newWindow = shown.instances.find((w) => w._id === tempWindow);
      expect(newWindow?.items?.map((i) => i.name)).toEqual(['Guesthouse']);
      const shownJune = shown.instances.find((w) => w._id === june._id)!;
      expect(shownJune.items?.map((i) => [i.name, i.amount])).toEqual([['Hotel', 280]]);
      expect(shownJune).toMatchObject({ status: 'top_choice', isCommitted: true });
    });
    const kept = await queuedChanges(ME._id);
    expect(kept.every((change) => change.version === 2 || change.create)).toBe(true);

    // Back online. The item's first answer is lost: it is sent again with the same key.
    const realWindow = '64c0000000000000000000aa';
    const realItem = '64c0000000000000000000bb';
    const sent: string[] = [];
    const itemKeys: (string | null)[] = [];
    let itemBodies: unknown[] = [];
    let current: Trip = { ...cached, version: 3 };
    api = installFakeApi({
      'POST /api/trips/getaway/:tripId/instances': () => {
        sent.push(`POST window`);
        current = { ...current, instances: [...current.instances, instance({ _id: realWindow })] };
        return { status: 201, body: current.instances.at(-1) };
      },
      'POST /api/trips/getaway/:tripId/instances/:instanceId/items': (req) => {
        sent.push(`POST item on ${req.params.instanceId}`);
        itemKeys.push(req.headers.get('idempotency-key'));
        const item = costItem({ _id: realItem, name: 'Guesthouse' });
        return {
          status: 201,
          body: { item, instance: instance({ _id: realWindow }), trip: current, itemised_from_amounts: [] },
        };
      },
      'PUT /api/trips/getaway/:tripId/instances/:instanceId/items/:itemId': (req) => {
        sent.push(`PUT item ${req.params.itemId}`);
        itemBodies = [...itemBodies, req.body];
        const window = { ...june, items: [{ ...hotel, amount: 280 }, taxi] };
        return { body: { item: window.items[0], instance: window, trip: current } };
      },
      'DELETE /api/trips/getaway/:tripId/instances/:instanceId/items/:itemId': (req) => {
        sent.push(`DELETE item ${req.params.itemId}`);
        return { body: { trip: current, instance: june } };
      },
      'PUT /api/trips/getaway/:tripId': (req) => {
        sent.push(`PUT trip ${JSON.stringify(req.body)}`);
        return { body: current };
      },
      'PATCH /api/trips/getaway/:tripId/instances/:instanceId/commit': (req) => {
        sent.push(`PATCH commit ${req.params.instanceId}`);
        return { body: { ...current, trip: current } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: current }),
    });
    let answerLost = true;
    const fakeApi = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await fakeApi(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (answerLost && url.endsWith('/items') && answer.status === 201) {
        answerLost = false;
        throw new TypeError('Failed to fetch');
      }
      return answer;
    }) as typeof fetch;
    await syncNow(store);
    await syncNow(store);
    expect(sent).toEqual([
      'POST window',
      `POST item on ${realWindow}`,
      `POST item on ${realWindow}`,
      `PUT item ${hotel._id}`,
      `DELETE item ${taxi._id}`,
      `PUT trip ${JSON.stringify({ instances: [{ _id: june._id, status: 'top_choice' }] })}`,
      `PATCH commit ${june._id}`,
    ]);
    expect(itemKeys[0]).toMatch(/^[\w-]{8,}$/);
    expect(itemKeys[1]).toBe(itemKeys[0]);
    // The price edited offline keeps the day it was seen.
    expect(itemBodies).toEqual([{ amount: 280, captured_on: todayDateInput() }]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });

  it('when the first item replacing a typed estimate is added offline, then the kept change carries the choice and sends it back online', async () => {
    const june = instance({ items: [], stay_expense: 420 });
    const cached = trip({ instances: [june], version: 2 });
    const store = await offlineStore(cached);
    ok(
      await store.dispatch(
        instancesApi.endpoints.addItem.initiate({
          tripId: cached._id,
          instanceId: june._id,
          estimate: 'replace',
          item: {
            category: 'stay',
            name: 'Hotel',
            amount: 520,
            basis: 'total',
            booked: false,
            paid: false,
            link: '',
            confirmation: '',
          },
        }),
      ),
    );
    expect(store.getState().sync.waiting).toBe(1);
    const bodies: unknown[] = [];
    api = installFakeApi({
      'POST /api/trips/getaway/:tripId/instances/:instanceId/items': (req) => {
        bodies.push(req.body);
        const item = costItem({ name: 'Hotel', amount: 520 });
        const window = { ...june, items: [item], stay_expense: 520 };
        const current = { ...cached, instances: [window], version: 3 };
        return { status: 201, body: { item, instance: window, trip: current, itemised_from_amounts: [] } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: cached }),
    });
    await syncNow(store);
    expect(bodies).toEqual([expect.objectContaining({ name: 'Hotel', amount: 520, estimate: 'replace' })]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });

  it('when an item added offline is deleted offline, then neither is ever sent', async () => {
    const june = instance({ items: [] });
    const cached = trip({ instances: [june], version: 2 });
    const store = await offlineStore(cached);
    const added = await store.dispatch(
      instancesApi.endpoints.addItem.initiate({
        tripId: cached._id,
        instanceId: june._id,
        item: {
          category: 'car',
          name: 'Car',
          amount: 90,
          basis: 'total',
          booked: false,
          paid: false,
          link: '',
          confirmation: '',
        },
      }),
    );
    const itemId = 'data' in added ? added.data!.item._id : '';
    expect(await queuedChanges(ME._id)).toHaveLength(1);
    ok(
      await store.dispatch(
        instancesApi.endpoints.removeItem.initiate({ tripId: cached._id, instanceId: june._id, itemId }),
      ),
    );
    expect(await queuedChanges(ME._id)).toEqual([]);
    expect(store.getState().sync.waiting).toBe(0);
  });

  it('when a window is duplicated offline, then the copy shows at once, shifted, and is sent once with its key', async () => {
    const june = instance({ trip_start: '2031-06-01T00:00:00.000Z', trip_end: '2031-06-05T00:00:00.000Z' });
    const cached = trip({ instances: [june], version: 2 });
    const store = await offlineStore(cached);
    const copy = await store.dispatch(
      copyApi.endpoints.duplicateInstance.initiate({ tripId: cached._id, instanceId: june._id, shiftDays: 7 }),
    );
    ok(copy);
    const shown = 'data' in copy ? copy.data! : undefined;
    expect(shown?.trip_start?.slice(0, 10)).toBe('2031-06-08');
    const [kept] = await queuedChanges(ME._id);
    expect(kept.request).toMatchObject({ method: 'POST', body: { shiftDays: 7 } });
    expect(kept.request?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
    const keys: (string | null)[] = [];
    api = installFakeApi({
      'POST /api/trips/getaway/:tripId/instances/:instanceId/duplicate': (req) => {
        keys.push(req.headers.get('idempotency-key'));
        return { status: 201, body: instance() };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: cached }),
    });
    await syncNow(store);
    expect(keys).toEqual([kept.request?.idempotencyKey]);
  });
});

describe('wishlists offline', () => {
  it('when a list is made offline and another trip added to it, then back online the list is created once and the trip added to its real id', async () => {
    const lisbon = trip({ location_address: 'Lisbon, Portugal' });
    const porto = trip({ location_address: 'Porto, Portugal' });
    const store = await offlineStore(lisbon);
    const created = await store.dispatch(
      wishlistsApi.endpoints.createWishlist.initiate({ list_name: 'Summer', trip: lisbon, email: ME.email }),
    );
    ok(created);
    const tempId = 'data' in created ? created.data!._id : '';
    expect(tempId).toMatch(/^offline-/);
    ok(await store.dispatch(wishlistsApi.endpoints.addTripToWishlist.initiate({ wishlistId: tempId, trip: porto })));
    expect(store.getState().sync.waiting).toBe(2);

    const realId = '64d0000000000000000000cc';
    const sent: string[] = [];
    api = installFakeApi({
      'POST /api/wishlist/createlist': (req) => {
        sent.push(`create ${req.headers.get('idempotency-key') ? 'with key' : 'without key'}`);
        return { status: 201, body: { _id: realId, list_name: 'Summer', trips: [lisbon] } };
      },
      'POST /api/wishlist/addtrip/:wishlistId': (req) => {
        sent.push(`add to ${req.params.wishlistId}`);
        return { body: { _id: realId, list_name: 'Summer', trips: [lisbon, porto] } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: lisbon }),
    });
    await syncNow(store);
    expect(sent).toEqual(['create with key', `add to ${realId}`]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });
});

describe('a conflict settled field by field', () => {
  it.each([
    ['Keep mine', 'mine', { label: 'Mine', notes: 'my notes' }],
    ['Keep theirs', 'theirs', { label: 'Theirs', notes: 'their notes' }],
    ['Merge field by field (name mine, notes theirs)', 'merge', { label: 'Mine', notes: 'their notes' }],
  ] as const)(
    'when two fields of a window changed on both sides and the traveller chooses %s, then the server holds that, and the status changed only here is re-applied',
    async (_name, choice, expected) => {
      const june = instance({ label: 'June', notes: 'old', status: 'considering' });
      let current = trip({ instances: [{ ...june, label: 'Theirs', notes: 'their notes' }], version: 5 });
      const bodies: unknown[] = [];
      api = installFakeApi({
        'PUT /api/trips/getaway/:tripId': (req) => {
          bodies.push(req.body);
          if (req.headers.get('if-match') !== `"${current.version}"`) return { status: 412, body: { msg: 'changed' } };
          const change = (req.body as { instances: Record<string, unknown>[] }).instances[0];
          current = { ...current, version: current.version + 1, instances: [{ ...current.instances[0], ...change }] };
          return { body: current };
        },
        'GET /api/trips/getaway/:tripId': () => ({ body: current }),
      });
      await enqueueChange({
        userId: ME._id,
        tripId: current._id,
        version: 4,
        base: windowFields(june),
        mine: keyedWindowChanges(june._id, { label: 'Mine', notes: 'my notes', status: 'top_choice' }),
      });
      const store = online();
      await syncNow(store);
      const [waiting] = store.getState().sync.conflicts;
      expect(waiting.versions?.theirs).toMatchObject({
        [`window:${june._id}:label`]: 'Theirs',
        [`window:${june._id}:notes`]: 'their notes',
        [`window:${june._id}:status`]: 'considering',
      });
      expect(waiting.versions?.mine).toMatchObject({
        [`window:${june._id}:label`]: 'Mine',
        [`window:${june._id}:notes`]: 'my notes',
        [`window:${june._id}:status`]: 'top_choice',
      });
      const merge = { [`window:${june._id}:label`]: 'mine', [`window:${june._id}:notes`]: 'theirs' } as const;
      await settleConflict(store, waiting, choice === 'merge' ? merge : choice);
      // Nothing this device changed alone is dropped, whichever side wins the conflicts.
      expect(current.instances[0]).toMatchObject({ ...expected, status: 'top_choice' });
      expect(await queuedChanges(ME._id)).toEqual([]);
    },
  );
});

describe('another user on the same browser', () => {
  it('when another user signs in, then the first user’s unsent changes stay under that user and only theirs', async () => {
    await rememberUser(ME._id);
    await enqueueChange({ userId: ME._id, tripId: 't1', base: {}, mine: { 'trip:notes': 'unsent' } });
    const other = '64b0000000000000000000ff';
    await rememberUser(other);
    expect(await queuedChanges(other)).toEqual([]);
    await rememberUser(ME._id);
    expect((await queuedChanges(ME._id)).map((change) => change.mine)).toEqual([{ 'trip:notes': 'unsent' }]);
  });

  it('when the user logs out, then the sync strip empties once (the queue of no user is read without recursing)', async () => {
    await rememberUser(ME._id);
    await enqueueChange({ userId: ME._id, tripId: 't1', base: {}, mine: { 'trip:notes': 'unsent' } });
    const store = online();
    uninstall = installOfflineSync(store);
    await waitFor(() => expect(store.getState().sync.waiting).toBe(1));
    // The queue of no user is read without awaiting: its dispatch reaches the store's
    // listener at once, which must already have noted the logout (else it reads again, to
    // the stack's limit: a RangeError in the browser).
    let dispatches = 0;
    store.subscribe(() => (dispatches += 1));
    store.dispatch(loggedOut());
    expect(dispatches).toBe(2); // the logout, then the empty queue
    expect(store.getState().sync.waiting).toBe(0);
  });
});

describe('votes offline', () => {
  it('when a member votes twice offline, then the last vote shows at once, one change waits, and back online it is sent once without If-Match', async () => {
    const june = instance({ votes: { yes: 1, maybe: 0, no: 0, mine: null } });
    const cached = trip({ instances: [june], version: 4, members: [member(ME._id), member(OTHER)] });
    const store = await offlineStore(cached);
    ok(
      await store.dispatch(
        sharingApi.endpoints.vote.initiate({ tripId: cached._id, instanceId: june._id, vote: 'no' }),
      ),
    );
    ok(
      await store.dispatch(
        sharingApi.endpoints.vote.initiate({ tripId: cached._id, instanceId: june._id, vote: 'yes' }),
      ),
    );
    await waitFor(() =>
      expect(shownTrip(store, cached._id)?.instances[0]).toMatchObject({
        votes: { yes: 2, maybe: 0, no: 0, mine: 'yes' },
        works_for_everyone: true,
      }),
    );
    expect(store.getState().sync.waiting).toBe(1);

    const votes: { vote: unknown; ifMatch: string | null }[] = [];
    api = installFakeApi({
      'PUT /api/trips/getaway/:tripId/instances/:instanceId/vote': (req) => {
        votes.push({ vote: (req.body as { vote: unknown }).vote, ifMatch: req.headers.get('if-match') });
        return { body: { trip: cached, instance: june } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: cached }),
    });
    await syncNow(store);
    expect(votes).toEqual([{ vote: 'yes', ifMatch: null }]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });

  it('when a vote is withdrawn offline, then the count drops at once and a DELETE is sent back online', async () => {
    const june = instance({ votes: { yes: 2, maybe: 0, no: 0, mine: 'yes' }, works_for_everyone: true });
    const cached = trip({ instances: [june], members: [member(ME._id), member(OTHER)] });
    const store = await offlineStore(cached);
    ok(
      await store.dispatch(
        sharingApi.endpoints.vote.initiate({ tripId: cached._id, instanceId: june._id, vote: null }),
      ),
    );
    await waitFor(() =>
      expect(shownTrip(store, cached._id)?.instances[0]).toMatchObject({
        votes: { yes: 1, mine: null },
        works_for_everyone: false,
      }),
    );
    api = installFakeApi({
      'DELETE /api/trips/getaway/:tripId/instances/:instanceId/vote': () => ({
        body: { trip: cached, instance: june },
      }),
      'GET /api/trips/getaway/:tripId': () => ({ body: cached }),
    });
    await syncNow(store);
    expect(api.callsTo('DELETE', `/api/trips/getaway/${cached._id}/instances/${june._id}/vote`)).toHaveLength(1);
  });
});

describe('wishlist rename and delete offline', () => {
  const summer = { _id: '64d00000000000000000000a', list_name: 'Summer', email: ME.email, trips: [] };
  const winter = { _id: '64d00000000000000000000b', list_name: 'Winter', email: ME.email, trips: [] };
  const listsOf = (store: ReturnType<typeof online>) =>
    wishlistsApi.endpoints.getWishlists
      .select(ME.email)(store.getState())
      .data?.map((l) => l.list_name);

  async function withLists(cached: Trip) {
    const store = await offlineStore(cached);
    // Seen online before: in the cache, on the device, and on the page (subscribed).
    await saveAnswer(ME._id, `/wishlist/getlists?email=${encodeURIComponent(ME.email)}`, [summer, winter]);
    await store.dispatch(wishlistsApi.util.upsertQueryData('getWishlists', ME.email, [summer, winter]));
    store.dispatch(wishlistsApi.endpoints.getWishlists.initiate(ME.email));
    return store;
  }

  it('when a list is renamed and another deleted offline, then both show at once, on the device too, and are sent back online', async () => {
    const store = await withLists(trip());
    ok(
      await store.dispatch(
        listEditsApi.endpoints.renameWishlist.initiate({ wishlistId: summer._id, name: 'Summer 2031' }),
      ),
    );
    ok(await store.dispatch(listEditsApi.endpoints.deleteWishlist.initiate({ wishlist: winter })));
    await waitFor(() => expect(listsOf(store)).toEqual(['Summer 2031']));
    expect(store.getState().sync.waiting).toBe(2);
    // A reload offline reads the lists from the device: they show the changes too.
    const kept = await savedAnswer(ME._id, `/wishlist/getlists?email=${encodeURIComponent(ME.email)}`);
    expect((kept as { list_name: string }[]).map((l) => l.list_name)).toEqual(['Summer 2031']);

    const sent: string[] = [];
    api = installFakeApi({
      'PUT /api/wishlist/editlist/:id': (req) => {
        sent.push(`rename ${req.params.id} ${JSON.stringify(req.body)}`);
        return { body: { msg: 'Renamed' } };
      },
      'DELETE /api/wishlist/removewishlist/:id': (req) => {
        sent.push(`delete ${req.params.id}`);
        return { body: { msg: 'Deleted' } };
      },
      'GET /api/wishlist/getlists': () => ({ body: [{ ...summer, list_name: 'Summer 2031' }] }),
    });
    await syncNow(store);
    expect(sent).toEqual([`rename ${summer._id} {"name":"Summer 2031"}`, `delete ${winter._id}`]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });

  it('when a rename made offline collides with a name taken meanwhile, then it is listed as not applied, with the reason and the change as text', async () => {
    const store = await withLists(trip());
    ok(await store.dispatch(listEditsApi.endpoints.renameWishlist.initiate({ wishlistId: summer._id, name: 'Beach' })));
    api = installFakeApi({
      'PUT /api/wishlist/editlist/:id': () => ({ status: 409, body: { msg: 'You already have a list named Beach' } }),
      'GET /api/wishlist/getlists': () => ({ body: [summer, { ...winter, list_name: 'Beach' }] }),
    });
    await syncNow(store);
    const [failed] = store.getState().sync.failed;
    expect(failed.failed).toBe('You already have a list named Beach');
    expect(failed.request).toMatchObject({ method: 'PUT', body: { name: 'Beach' } });
    // The next round does not send it again: it waits for the traveller to copy or dismiss it.
    await syncNow(store);
    expect(api.callsTo('PUT', `/api/wishlist/editlist/${summer._id}`)).toHaveLength(1);
  });

  it('when a list made offline is renamed and then deleted offline, then nothing is ever sent', async () => {
    const lisbon = trip();
    const store = await withLists(lisbon);
    const created = await store.dispatch(
      wishlistsApi.endpoints.createWishlist.initiate({ list_name: 'Autumn', trip: lisbon, email: ME.email }),
    );
    const made = 'data' in created ? created.data! : summer;
    ok(await store.dispatch(listEditsApi.endpoints.renameWishlist.initiate({ wishlistId: made._id, name: 'Fall' })));
    expect(store.getState().sync.waiting).toBe(2);
    ok(await store.dispatch(listEditsApi.endpoints.deleteWishlist.initiate({ wishlist: made })));
    expect(await queuedChanges(ME._id)).toEqual([]);
  });
});

describe('travellers and budget offline', () => {
  it('when travellers and the budget are changed offline, then they show at once and are sent once with If-Match back online', async () => {
    const cached = trip({ travelers: 1, budget: null, version: 7 });
    const store = await offlineStore(cached);
    ok(
      await store.dispatch(
        tripsApi.endpoints.saveTripSettings.initiate({ tripId: cached._id, version: 7, base: cached, travelers: 2 }),
      ),
    );
    ok(
      await store.dispatch(
        tripsApi.endpoints.saveTripSettings.initiate({
          tripId: cached._id,
          version: 7,
          base: { ...cached, travelers: 2 },
          budget: 150_000,
        }),
      ),
    );
    expect(shownTrip(store, cached._id)).toMatchObject({ travelers: 2, budget: 150_000 });
    const puts: { ifMatch: string | null; body: unknown }[] = [];
    api = installFakeApi({
      'PUT /api/trips/getaway/:tripId': (req) => {
        puts.push({ ifMatch: req.headers.get('if-match'), body: req.body });
        return { body: { ...cached, travelers: 2, budget: 150_000, version: 8 } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: cached }),
    });
    await syncNow(store);
    expect(puts).toEqual([{ ifMatch: '"7"', body: { travelers: 2, budget: 150_000 } }]);
  });
});

describe('items of a window copied offline', () => {
  it('when an item of a copy made offline is edited and another deleted, then back online they name the items the server gave the copy', async () => {
    const hotel = costItem({ name: 'Hotel', amount: 300 });
    const taxi = costItem({ name: 'Taxi', amount: 40 });
    const june = instance({ items: [hotel, taxi] });
    const cached = trip({ instances: [june], version: 2 });
    const store = await offlineStore(cached);
    const copied = await store.dispatch(
      copyApi.endpoints.duplicateInstance.initiate({ tripId: cached._id, instanceId: june._id, shiftDays: 7 }),
    );
    const copy = 'data' in copied ? copied.data! : june;
    const [copyHotel, copyTaxi] = copy.items!;
    // The copy's items are its own, not the source's.
    expect([copyHotel._id, copyTaxi._id]).not.toContain(hotel._id);
    ok(
      await store.dispatch(
        instancesApi.endpoints.editItem.initiate({
          tripId: cached._id,
          instanceId: copy._id,
          itemId: copyHotel._id,
          fields: { amount: 320 },
          version: 2,
          base: copyHotel,
        }),
      ),
    );
    ok(
      await store.dispatch(
        instancesApi.endpoints.removeItem.initiate({ tripId: cached._id, instanceId: copy._id, itemId: copyTaxi._id }),
      ),
    );
    expect(store.getState().sync.waiting).toBe(3);

    const realCopy = instance({
      _id: '64c0000000000000000000c1',
      items: [costItem({ _id: '64c0000000000000000000d1' }), costItem({ _id: '64c0000000000000000000d2' })],
    });
    const sent: string[] = [];
    api = installFakeApi({
      'POST /api/trips/getaway/:tripId/instances/:instanceId/duplicate': (req) => {
        sent.push(`copy ${req.params.instanceId}`);
        return { status: 201, body: realCopy };
      },
      'PUT /api/trips/getaway/:tripId/instances/:instanceId/items/:itemId': (req) => {
        sent.push(`PUT ${req.params.instanceId}/${req.params.itemId}`);
        return { body: { item: realCopy.items![0], instance: realCopy, trip: cached } };
      },
      'DELETE /api/trips/getaway/:tripId/instances/:instanceId/items/:itemId': (req) => {
        sent.push(`DELETE ${req.params.instanceId}/${req.params.itemId}`);
        return { body: { trip: cached, instance: realCopy } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: cached }),
    });
    await syncNow(store);
    expect(sent).toEqual([
      `copy ${june._id}`,
      `PUT ${realCopy._id}/64c0000000000000000000d1`,
      `DELETE ${realCopy._id}/64c0000000000000000000d2`,
    ]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });
});

describe('the plan committed offline', () => {
  /** A server whose commit route honours If-Match, as the trips service does. */
  function planServer(start: Trip) {
    let current = start;
    const sent: string[] = [];
    const commitTo = (id: string | null) => {
      current = {
        ...current,
        version: current.version + 1,
        instances: current.instances.map((w) => ({ ...w, isCommitted: w._id === id })),
      };
    };
    api = installFakeApi({
      'PATCH /api/trips/getaway/:tripId/instances/:instanceId/commit': (req) => {
        sent.push(`commit ${req.params.instanceId} ${req.headers.get('if-match')}`);
        if (req.headers.get('if-match') !== `"${current.version}"`) return { status: 412, body: { msg: 'changed' } };
        commitTo(req.params.instanceId);
        return { body: { ...current, trip: current } };
      },
      'DELETE /api/trips/getaway/:tripId/instances/:instanceId/commit': (req) => {
        sent.push(`clear ${req.params.instanceId} ${req.headers.get('if-match')}`);
        if (req.headers.get('if-match') !== `"${current.version}"`) return { status: 412, body: { msg: 'changed' } };
        commitTo(null);
        return { body: current };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: current }),
    });
    return {
      sent,
      current: () => current,
      elsewhere: (change: Partial<Trip>) => {
        current = { ...current, ...change, version: current.version + 1 };
      },
      commitElsewhere: commitTo,
    };
  }

  async function commitOffline(cached: Trip, instanceId: string | null) {
    const store = await offlineStore(cached);
    const committed = cached.instances.find((w) => w.isCommitted)?._id ?? '';
    ok(
      await store.dispatch(
        instanceId
          ? instancesApi.endpoints.commitInstance.initiate({ tripId: cached._id, instanceId })
          : instancesApi.endpoints.clearPlan.initiate({ tripId: cached._id, instanceId: committed }),
      ),
    );
    globalThis.fetch = fetchBefore;
    return store;
  }

  it('when another member changed only the budget meanwhile, then the commit is sent again on the new version', async () => {
    const [june, july] = [instance(), instance()];
    const cached = trip({ instances: [june, july], version: 3 });
    const store = await commitOffline(cached, july._id);
    expect(shownTrip(store, cached._id)?.instances.map((w) => w.isCommitted)).toEqual([false, true]);
    const server = planServer(cached);
    server.elsewhere({ budget: 200_000 });
    await syncNow(store);
    expect(server.sent).toEqual([`commit ${july._id} "3"`, `commit ${july._id} "4"`]);
    expect(server.current().instances.find((w) => w.isCommitted)?._id).toBe(july._id);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });

  it.each([
    ['Keep mine', 'mine', 'july'],
    ['Keep theirs', 'theirs', 'june'],
  ] as const)(
    'when another member committed another window meanwhile, then the conflict view opens; %s leaves that plan on the server',
    async (_name, choice, expected) => {
      const [june, july] = [instance(), instance()];
      const cached = trip({ instances: [june, july], version: 3 });
      const store = await commitOffline(cached, july._id);
      const server = planServer(cached);
      server.commitElsewhere(june._id);
      await syncNow(store);
      // Not overridden: the other member's plan stands until the traveller chooses.
      expect(server.current().instances.find((w) => w.isCommitted)?._id).toBe(june._id);
      const [waiting] = store.getState().sync.conflicts;
      expect(waiting.conflict?.conflicts).toEqual([
        expect.objectContaining({ key: 'trip:committed', mine: july._id, theirs: june._id }),
      ]);
      expect(waiting.versions).toEqual({
        theirs: { 'trip:committed': june._id },
        mine: { 'trip:committed': july._id },
      });
      await settleConflict(store, waiting, choice);
      const plan = { june: june._id, july: july._id }[expected];
      expect(server.current().instances.find((w) => w.isCommitted)?._id).toBe(plan);
      expect(await queuedChanges(ME._id)).toEqual([]);
    },
  );

  it('when the plan was cleared offline and another member committed another window meanwhile, then Keep mine clears that one', async () => {
    const [june, july] = [instance({ isCommitted: true }), instance()];
    const cached = trip({ instances: [june, july], version: 3 });
    const store = await commitOffline(cached, null);
    expect(shownTrip(store, cached._id)?.instances.some((w) => w.isCommitted)).toBe(false);
    const server = planServer(cached);
    server.commitElsewhere(july._id);
    await syncNow(store);
    const [waiting] = store.getState().sync.conflicts;
    await settleConflict(store, waiting, 'mine');
    expect(server.sent).toEqual([`clear ${june._id} "3"`, `clear ${july._id} "4"`]);
    expect(server.current().instances.some((w) => w.isCommitted)).toBe(false);
  });

  it('when a window is committed and the plan then cleared offline, then nothing is sent', async () => {
    const [june, july] = [instance(), instance()];
    const cached = trip({ instances: [june, july], version: 3 });
    const store = await commitOffline(cached, june._id);
    noNetwork();
    ok(await store.dispatch(instancesApi.endpoints.clearPlan.initiate({ tripId: cached._id, instanceId: june._id })));
    globalThis.fetch = fetchBefore;
    const server = planServer(cached);
    await syncNow(store);
    expect(server.sent).toEqual([]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });
});

describe('a window page that loses its connection', () => {
  it('when an item in another currency is added after the connection dropped, then it is kept as on a page opened offline: shown at once, its rate taken when it syncs, and sent once back online', async () => {
    const june = instance({ trip_start: '2031-06-01T00:00:00.000Z', trip_end: '2031-06-05T00:00:00.000Z' });
    const stored = trip({ instances: [june], version: 4, currency: 'USD' });
    const posted: unknown[] = [];
    const server = {
      'GET /api/trips/getaway/:tripId/instances/:instanceId': () => ({ body: { trip: stored, instance: june } }),
      'POST /api/trips/getaway/:tripId/instances/:instanceId/items': (req: { body: unknown }) => {
        posted.push(req.body);
        const item = costItem({
          ...(req.body as object),
          fx: { rate: 1.1, date: '2031-01-02', source: 'ecb', first_rate: 1.1 },
        });
        const window = { ...june, items: [item] };
        const answer = { ...stored, version: 5, instances: [window] };
        return { status: 201, body: { item, instance: window, trip: answer, itemised_from_amounts: [] } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: stored }),
    };
    api = installFakeApi(server);
    const store = online();
    uninstall = installOfflineSync(store);
    const ref = { tripId: stored._id, instanceId: june._id };
    // The window page opened from a link: it reads the window with its trip, never the trip alone.
    store.dispatch(tripCache.endpoints.getInstance.initiate(ref));
    const page = () => tripCache.endpoints.getInstance.select(ref)(store.getState()).data;
    await waitFor(() => expect(page()?.instance._id).toBe(june._id));

    api.restore();
    noNetwork();
    const added = await store.dispatch(
      instancesApi.endpoints.addItem.initiate({
        ...ref,
        item: {
          category: 'stay',
          name: 'Pensão',
          amount: 100,
          basis: 'total',
          booked: false,
          paid: false,
          link: '',
          confirmation: '',
          currency: 'EUR',
        },
      }),
    );
    ok(added);
    // On the page at once, in euros, with no rate yet: it is taken when the item syncs.
    expect(page()?.instance.items).toEqual([
      expect.objectContaining({ name: 'Pensão', amount: 100, currency: 'EUR', fx: null }),
    ]);
    expect(store.getState().sync.waiting).toBe(1);

    api = installFakeApi(server);
    await syncNow(store);
    expect(posted).toEqual([expect.objectContaining({ name: 'Pensão', amount: 100, currency: 'EUR' })]);
    expect(posted[0]).not.toHaveProperty('fx');
    expect(await queuedChanges(ME._id)).toEqual([]);
    expect(store.getState().sync.waiting).toBe(0);
  });
});

describe('a payment recorded offline (issue 40)', () => {
  it('when a payment is recorded without a network, then it waits on this device and back online is sent once with its key', async () => {
    const cached = trip({ version: 3 });
    const store = await offlineStore(cached);
    const payment = { from: 'a'.repeat(24), to: 'b'.repeat(24), amount: 12.5, currency: 'EUR', paid_on: '2031-06-07' };
    const kept = await store.dispatch(sharesApi.endpoints.addPayment.initiate({ tripId: cached._id, payment }));
    expect('data' in kept && kept.data).toEqual({ kept: true });
    expect(store.getState().sync.waiting).toBe(1);

    const sent: { body: unknown; key: string | null }[] = [];
    api = installFakeApi({
      'POST /api/trips/getaway/:tripId/payments': (req) => {
        sent.push({ body: req.body, key: req.headers.get('idempotency-key') });
        return { status: 201, body: { payment: null, version: 4 } };
      },
      'GET /api/trips/getaway/:tripId': () => ({ body: { ...cached, version: 4 } }),
    });
    await syncNow(store);
    await syncNow(store);
    expect(sent).toEqual([{ body: payment, key: expect.stringMatching(/.+/) }]);
    expect(await queuedChanges(ME._id)).toEqual([]);
  });
});
