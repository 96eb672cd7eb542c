// Changes made offline, kept (ADR 0038): the keeper that holds an edit which could not
// be sent and shows it at once, connected to the store's save home (features/saving) where the
// app starts (FullApp), and the replayer (replay.ts) started for that store. A field
// changed on both sides stays as a conflict until the traveller keeps theirs or mine.
import { tripPath } from '../../lib/api';
import { COMMITTED, targetOf } from '../../lib/merge';
import { digitsOf, todayDateInput } from '../../lib/format';
import { isTempId, newTempId, type QueuedChange } from '../../lib/offline/changeQueue';
import {
  applyFields,
  dropChange,
  enqueueChange,
  namesWindow,
  offlineWindow,
  queuedChanges,
} from '../../lib/offline/queueStore';
import { keepOnDevice, saveAnswer, savedAnswer } from '../../lib/offline/deviceStore';
import { wentOffline } from '../../lib/session';
import { isTrip, type Trip } from '../../lib/types';
import { cachedTrip as inMemoryTrip, showAnsweredTrip, type OfflineKeeper, type SaveHome } from '../saving';
import { refreshQueue, syncNow, type Store } from './replay';

export { settleConflict, syncNow, refreshQueue } from './replay';

/** The trip as this tab holds it, else as kept on the device. */
async function cachedTrip(store: Pick<Store, 'getState'>, userId: string, tripId: string): Promise<Trip | undefined> {
  const inMemory = inMemoryTrip(store.getState, tripId);
  if (inMemory) return inMemory;
  const kept = await savedAnswer(userId, tripPath(tripId)).catch(() => undefined);
  return isTrip(kept) ? kept : undefined;
}

const RETRY_MS = 5_000;

/** Where a change made offline can be kept: the signed-in user, keeping on, and the trip known on this device. */
async function keepingFor(store: Store, tripId: string): Promise<{ userId: string; trip: Trip } | null> {
  const { session } = store.getState();
  if (!session.userId || !keepOnDevice()) return null;
  const trip = await cachedTrip(store, session.userId, tripId);
  return trip ? { userId: session.userId, trip } : null;
}

/** The trip as it will be once the kept changes are sent: on the page, in the kept copy, and the strip's count. */
async function showKept(store: Store, userId: string, shown: Trip): Promise<void> {
  showAnsweredTrip(store.dispatch, shown);
  await saveAnswer(userId, tripPath(shown._id), shown).catch(() => undefined);
  if (!store.getState().session.offline) store.dispatch(wentOffline());
  await refreshQueue(store);
}

const kept = (change: Parameters<typeof enqueueChange>[0]) => enqueueChange(change).catch(() => null);

/** An edit kept offline: queued with its version, and shown applied (ADR 0038). */
function keepEdit(store: Store): OfflineKeeper['keepEdit'] {
  return async (save) => {
    const keeping = await keepingFor(store, save.tripId);
    if (!keeping) return null;
    const { userId, trip } = keeping;
    const { tripId, base, mine } = save;
    // The plan is always checked against the version it was chosen on (the kept copy's, when
    // the page did not hold the trip in memory).
    const version = save.version ?? (COMMITTED in mine ? trip.version : undefined);
    // An item edited offline was seen that day: its captured_on is sent with it.
    const item = Object.keys(mine).some((key) => targetOf(key).kind === 'item');
    const capturedOn = item ? todayDateInput() : undefined;
    if (!(await kept({ userId, tripId, version, base, mine, ...(capturedOn ? { capturedOn } : {}) }))) return null;
    const shown = applyFields(trip, save.mine);
    // The page shows the day the price was seen as the day of this edit, as it will be stored.
    if (capturedOn) {
      for (const key of Object.keys(mine)) {
        const target = targetOf(key);
        if (target.kind !== 'item') continue;
        const window = shown.instances?.find((w) => w._id === target.windowId);
        const item = window?.items?.find((i) => i._id === target.itemId);
        if (item) item.captured_on = capturedOn;
      }
    }
    await showKept(store, userId, shown);
    return { data: (save.answerOf ? save.answerOf(shown) : undefined) ?? shown };
  };
}

/** A window created offline: at the top of the trip, with a temporary id until sent. */
function keepWindowCreate(store: Store): OfflineKeeper['keepWindowCreate'] {
  return async ({ tripId, body, idempotencyKey }) => {
    const keeping = await keepingFor(store, tripId);
    if (!keeping) return null;
    const { userId, trip } = keeping;
    const tempId = newTempId();
    if (!(await kept({ userId, tripId, base: {}, mine: {}, create: { tempId, body, idempotencyKey } }))) return null;
    const window = offlineWindow(tempId, body, digitsOf(trip.currency));
    // A new window goes to the top, as online.
    await showKept(store, userId, { ...trip, instances: [window, ...(trip.instances ?? [])] });
    return { data: window };
  };
}

/** A window deleted offline: gone from the trip as shown; one never sent is simply dropped. */
function keepWindowRemove(store: Store): OfflineKeeper['keepWindowRemove'] {
  return async ({ tripId, instanceId }) => {
    const keeping = await keepingFor(store, tripId);
    if (!keeping) return null;
    const { userId, trip } = keeping;
    if (isTempId(instanceId)) {
      // Never sent: its create and its changes are simply dropped.
      for (const change of await queuedChanges(userId)) if (namesWindow(change, instanceId)) await dropChange(change);
    } else if (!(await kept({ userId, tripId, base: {}, mine: {}, remove: { instanceId } }))) {
      return null;
    }
    const shown: Trip = { ...trip, instances: (trip.instances ?? []).filter((window) => window._id !== instanceId) };
    await showKept(store, userId, shown);
    return { data: { msg: 'Deleted on this device; sent when you are back online.', trip: shown } };
  };
}

/** Any other request kept offline (an item, a copy, a vote, a wishlist change). */
function keepRequest(store: Store): OfflineKeeper['keepRequest'] {
  return async ({ tripId, request, show }) => {
    const { userId } = store.getState().session;
    if (!userId || !keepOnDevice()) return null;
    const keeping = show ? await keepingFor(store, tripId) : { userId, trip: undefined };
    if (!keeping) return null;
    const { trip } = keeping;
    const owner = keeping.userId;
    const queued = await queuedChanges(owner);
    const deleted = request.method === 'DELETE' ? decodeURIComponent(request.url.split('/').pop() ?? '') : '';
    const madeBy = (change: QueuedChange) => (change.create?.tempId ?? change.request?.tempId) === deleted;
    if (isTempId(deleted) && queued.some(madeBy)) {
      // Made offline and never sent: its create and its changes are simply dropped.
      for (const change of queued) if (namesWindow(change, deleted)) await dropChange(change);
    } else {
      // A vote is the last one cast: an earlier vote on the same window waiting here is replaced.
      const replaced = request.url.endsWith('/vote') ? queued.filter((c) => c.request?.url === request.url) : [];
      for (const change of replaced) await dropChange(change);
      const change = { userId: owner, tripId, version: trip?.version, base: {}, mine: {}, request };
      if (!(await kept(change))) return null;
    }
    if (!show || !trip) {
      // A wishlist change: the page's own optimistic update shows it.
      await refreshQueue(store);
      return true;
    }
    const shown = show(trip);
    await showKept(store, owner, shown);
    return shown;
  };
}

/** The keeper of this store's changes made offline. */
export function offlineKeeper(store: Store): OfflineKeeper {
  return {
    keepEdit: keepEdit(store),
    keepRequest: keepRequest(store),
    keepWindowCreate: keepWindowCreate(store),
    keepWindowRemove: keepWindowRemove(store),
  };
}

/**
 * Connects the keeper to the store's save home and starts the replayer for that store
 * (FullApp, where the app starts; a test that keeps changes offline does the same).
 */
export function installOfflineSync(store: Store & { saving: SaveHome }): () => void {
  const disconnect = store.saving.connect(offlineKeeper(store));
  const stopReplaying = replayWhenOnline(store);
  return () => {
    disconnect();
    stopReplaying();
  };
}

/** Sends what waits whenever a token and a network are back, and reads the queue again while the tab is seen. */
function replayWhenOnline(store: Store): () => void {
  // A token while online (after a reconnect or a login): send what waits.
  let before = store.getState().session;
  const unsubscribe = store.subscribe(() => {
    const now = store.getState().session;
    const previous = before;
    // Noted before anything is dispatched: with no user, refreshQueue dispatches at once,
    // and this listener, called again inside it, must see the change as already handled.
    before = now;
    const became = now.token && !now.offline && (!previous.token || previous.offline || previous.userId !== now.userId);
    if (now.userId !== previous.userId) void refreshQueue(store);
    if (became) void syncNow(store);
  });
  const onOnline = () => void syncNow(store);
  window.addEventListener('online', onOnline);
  // Another tab may have kept changes (and closed): the queue is read again while this one is seen.
  const timer = setInterval(() => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    void refreshQueue(store).then(() => {
      if (store.getState().sync.waiting > 0) return syncNow(store);
    });
  }, RETRY_MS);
  void refreshQueue(store);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onOnline);
    clearInterval(timer);
  };
}
