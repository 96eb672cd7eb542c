// Changes made offline, end to end (ADR 0038): the saver that keeps an edit which
// could not be sent and shows it at once, and the one replayer that sends what waits,
// in order, when a token and a network are back. A field changed on both sides stays
// as a conflict until the traveller keeps theirs or mine (SyncStatus).
import { api, errorMessage } from '../../lib/api';
import type { AppDispatch, AppState } from '../../lib/hooks';
import {
  COMMITTED,
  resolve,
  sameValue,
  targetOf,
  tripFields,
  type Choice,
  type FieldKey,
  type Fields,
} from '../../lib/merge';
import { digitsOf, todayDateInput } from '../../lib/format';
import { conflictOf, saveMerging, setOfflineSaver, tripPath } from '../../lib/mergeSave';
import {
  isTempId,
  setRequestKeeper,
  setWindowCreator,
  setWindowRemover,
  newTempId,
  type KeptRequest,
  type QueuedChange,
} from '../../lib/offline/changeQueue';
import {
  applyFields,
  asTheOneReplayer,
  createdIds,
  dropChange,
  enqueueChange,
  namesWindow,
  offlineWindow,
  queuedChanges,
  renameId,
  requestFor,
  updateChange,
} from '../../lib/offline/queueStore';
import { keepOnDevice, saveAnswer, savedAnswer } from '../../lib/offline/deviceStore';
import { isUnreachable } from '../../lib/offline/offlineQuery';
import { queueRead } from '../../lib/offline/syncSlice';
import { wentOffline } from '../../lib/session';
import type { Trip } from '../../lib/types';
import { tripsApi } from './api';
import { replaceCachedTrip } from './cache';

interface Store {
  dispatch: AppDispatch;
  getState: () => AppState;
  subscribe: (listener: () => void) => () => void;
}

/** What a replayed change refetches: its trip and the lists that show it. */
const tripAndList = (tripId: string) => [
  { type: 'Trip' as const, id: tripId },
  { type: 'Trip' as const, id: 'LIST' },
];

const syncApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One kept change sent as it would have been online: If-Match, and a 412 merged by field. */
    replayChange: build.mutation<unknown, Pick<QueuedChange, 'tripId' | 'version' | 'base' | 'mine' | 'capturedOn'>>({
      queryFn: ({ tripId, version, base, mine, capturedOn }, _api, _extra, baseQuery) =>
        saveMerging(baseQuery, {
          tripId,
          version,
          base,
          mine,
          request: (fields) => requestFor(tripId, fields, capturedOn, base),
          offline: 'fail',
        }),
      invalidatesTags: (_r, _e, { tripId }) => tripAndList(tripId),
    }),
    /** A window created offline, sent with its Idempotency-Key: a retry answers the first window. */
    replayCreate: build.mutation<{ _id: string }, NonNullable<QueuedChange['create']> & { tripId: string }>({
      query: ({ tripId, body, idempotencyKey }) => ({
        url: `${tripPath(tripId)}/instances`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_r, _e, { tripId }) => tripAndList(tripId),
    }),
    /** Any other kept request, as it was made (a create with its Idempotency-Key). */
    replayRequest: build.mutation<unknown, KeptRequest & { tripId: string }>({
      query: ({ url, method, body, idempotencyKey }) => ({
        url,
        method,
        body,
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      invalidatesTags: (_r, _e, { tripId, url }) => [
        ...tripAndList(tripId),
        ...(url.startsWith('/wishlist') ? [{ type: 'Wishlist' as const, id: 'LIST' }] : []),
      ],
    }),
    replayRemove: build.mutation<unknown, { tripId: string; instanceId: string }>({
      query: ({ tripId, instanceId }) => ({
        url: `${tripPath(tripId)}/instances/${encodeURIComponent(instanceId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { tripId }) => tripAndList(tripId),
    }),
  }),
});

/** Sends one kept change; its answer as RTK Query gives it. */
async function send(store: Pick<Store, 'dispatch'>, change: QueuedChange) {
  if (change.remove) {
    return store.dispatch(
      syncApi.endpoints.replayRemove.initiate({ tripId: change.tripId, instanceId: change.remove.instanceId }),
    );
  }
  if (change.request) {
    return store.dispatch(syncApi.endpoints.replayRequest.initiate({ tripId: change.tripId, ...change.request }));
  }
  if (!change.create) return store.dispatch(syncApi.endpoints.replayChange.initiate(change));
  return store.dispatch(syncApi.endpoints.replayCreate.initiate({ tripId: change.tripId, ...change.create }));
}

/** The server is still handling this key's first request (a retry raced it): try again later. */
const stillRunning = (error: unknown) =>
  (error as { data?: { code?: unknown } } | undefined)?.data?.code === 'idempotency_in_progress';

/** After something created offline got its id: the changes kept after it name that id. */
async function renameInLaterChanges(changes: QueuedChange[], from: number, tempId: string, realId: string) {
  for (const later of changes.slice(from + 1)) {
    if (!namesWindow(later, tempId)) continue;
    const renamed = renameId(later, tempId, realId);
    Object.assign(later, renamed);
    await updateChange(renamed);
  }
}

/** What a thing of a trip (the trip's own fields, one window's, one item's) a key names, keyed: for two versions side by side. */
function versionOf(fields: Fields, keys: FieldKey[]): Fields {
  const things = new Set(keys.map(thingOf));
  return Object.fromEntries(Object.entries(fields).filter(([key]) => things.has(thingOf(key))));
}

/** Reads the queue into the sync strip. */
export async function refreshQueue(store: Pick<Store, 'dispatch' | 'getState'>): Promise<void> {
  const userId = store.getState().session.userId;
  store.dispatch(queueRead(userId ? await queuedChanges(userId) : []));
}

async function cachedTrip(store: Pick<Store, 'getState'>, userId: string, tripId: string): Promise<Trip | undefined> {
  const inMemory = tripsApi.endpoints.getTrip.select(tripId)(store.getState()).data;
  return inMemory ?? ((await savedAnswer(userId, tripPath(tripId)).catch(() => undefined)) as Trip | undefined);
}

const plainEdit = (change: QueuedChange) =>
  !change.create && !change.remove && !change.request && !change.conflict && !change.failed;
// The plan is a request of its own (commit, clear), never sent with the trip's settings.
const thingOf = (key: FieldKey) => (key === COMMITTED ? key : JSON.stringify({ ...targetOf(key), field: '' }));
/** An edit undone before it was sent (a window committed, then the plan cleared): nothing to send. */
const undone = (change: QueuedChange) =>
  plainEdit(change) &&
  Object.entries(change.mine).every(([key, value]) => key in change.base && sameValue(change.base[key], value));

/**
 * Edits of one thing (a window, an item, the trip's fields) made one after the other are
 * sent as one: a conflict then shows and settles them together (the name and the status
 * of a window changed offline are one "this window changed" choice, not two in a row).
 */
async function coalesce(changes: QueuedChange[]): Promise<QueuedChange[]> {
  const kept: QueuedChange[] = [];
  const lastOfTrip = new Map<string, QueuedChange>();
  for (const change of changes) {
    const previous = lastOfTrip.get(change.tripId);
    const things = (c: QueuedChange) => new Set(Object.keys(c.mine).map(thingOf));
    const same =
      previous &&
      plainEdit(previous) &&
      plainEdit(change) &&
      [...things(change)].every((thing) => things(previous).has(thing)) &&
      things(previous).size === 1;
    if (previous && same) {
      previous.mine = { ...previous.mine, ...change.mine };
      previous.base = { ...change.base, ...previous.base };
      if (change.capturedOn) previous.capturedOn = change.capturedOn;
      await updateChange(previous);
      await dropChange(change);
      continue;
    }
    lastOfTrip.set(change.tripId, change);
    kept.push(change);
  }
  for (const change of kept.filter(undone)) await dropChange(change);
  return kept.filter((change) => !undone(change));
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends what waits, in order; stops at the first change the network cannot carry. Asked
 * while a round runs, another round follows it (a change settled meanwhile is not left
 * for the next timer), and the promise settles after it.
 */
export function syncNow(store: Pick<Store, 'dispatch' | 'getState'>): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await replayAll(store);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

async function replayAll(store: Pick<Store, 'dispatch' | 'getState'>): Promise<void> {
  const { session } = store.getState();
  if (!session.userId || !session.token) return;
  const userId = session.userId;
  await asTheOneReplayer(async () => {
    const changes = await coalesce(await queuedChanges(userId));
    // Later changes of a trip wait behind its unsettled conflict, so their order holds.
    const held = new Set(changes.filter((change) => change.conflict).map((change) => change.tripId));
    for (const [index, change] of changes.entries()) {
      if (change.conflict || change.failed || held.has(change.tripId)) continue;
      const result = await send(store, change);
      if (!('error' in result) || !result.error) {
        for (const [tempId, realId] of createdIds(change, result.data)) {
          await renameInLaterChanges(changes, index, tempId, realId);
        }
        await dropChange(change);
        continue;
      }
      const error = result.error;
      if (isUnreachable(error) || stillRunning(error)) break;
      if (change.remove && (error as { status?: unknown }).status === 404) {
        await dropChange(change); // deleted elsewhere meanwhile: what was asked is done
        continue;
      }
      const merge = conflictOf(error);
      if (merge && merge.conflicts.length > 0) {
        // Both whole versions of what changed, for the side-by-side view: theirs as stored, mine as kept.
        const theirs = versionOf(tripFields(merge.trip), Object.keys(change.mine));
        const mine = { ...theirs, ...versionOf(change.base, Object.keys(change.mine)), ...change.mine };
        await updateChange({
          ...change,
          conflict: { conflicts: merge.conflicts, resend: merge.resend, version: merge.trip.version },
          versions: { theirs, mine },
        });
        held.add(change.tripId);
        continue;
      }
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 429) {
        // Nothing is dropped: it is listed with its reason and can be copied.
        await updateChange({ ...change, failed: errorMessage(error, 'This change could not be applied.') });
        continue;
      }
      break; // the server is not answering well: try again later
    }
  }).catch(() => undefined);
  await refreshQueue(store);
}

/**
 * The traveller's choice on a conflict: theirs drops the change; mine sends it again on the
 * current version; field by field sends each field kept as mine (the clean ones always).
 */
export async function settleConflict(
  store: Pick<Store, 'dispatch' | 'getState'>,
  change: QueuedChange,
  choice: Choice | Record<FieldKey, Choice>,
): Promise<void> {
  const conflict = change.conflict;
  if (!conflict) return;
  const mine = resolve(conflict, choice);
  if (Object.keys(mine).length === 0) {
    await dropChange(change);
    store.dispatch(api.util.invalidateTags([{ type: 'Trip', id: change.tripId }]));
  } else {
    // What the server holds now for each field sent: the clean ones never changed there.
    const base: Fields = {};
    for (const key of Object.keys(conflict.resend)) base[key] = change.base[key];
    for (const { key, theirs } of conflict.conflicts) base[key] = theirs;
    await updateChange({ ...change, version: conflict.version, base, mine, conflict: undefined, versions: undefined });
  }
  await refreshQueue(store);
  await syncNow(store);
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
  replaceCachedTrip(store.dispatch, shown);
  await saveAnswer(userId, tripPath(shown._id), shown).catch(() => undefined);
  if (!store.getState().session.offline) store.dispatch(wentOffline());
  await refreshQueue(store);
}

const kept = (change: Parameters<typeof enqueueChange>[0]) => enqueueChange(change).catch(() => null);

/** Installs the saver and starts the replayer for the app's store (FullApp). */
export function installOfflineSync(store: Store): () => void {
  setOfflineSaver(async (save) => {
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
  });

  setWindowCreator(async ({ tripId, body, idempotencyKey }) => {
    const keeping = await keepingFor(store, tripId);
    if (!keeping) return null;
    const { userId, trip } = keeping;
    const tempId = newTempId();
    if (!(await kept({ userId, tripId, base: {}, mine: {}, create: { tempId, body, idempotencyKey } }))) return null;
    const window = offlineWindow(tempId, body, digitsOf(trip.currency));
    // A new window goes to the top, as online.
    await showKept(store, userId, { ...trip, instances: [window, ...(trip.instances ?? [])] });
    return { data: window };
  });

  setWindowRemover(async ({ tripId, instanceId }) => {
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
  });

  setRequestKeeper(async ({ tripId, request, show }) => {
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
  });

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
    setOfflineSaver(null);
    setWindowCreator(null);
    setWindowRemover(null);
    setRequestKeeper(null);
    unsubscribe();
    window.removeEventListener('online', onOnline);
    clearInterval(timer);
  };
}
