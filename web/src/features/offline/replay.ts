// Changes made offline, sent (ADR 0038): the one replayer that sends what waits, in
// order, when a token and a network are back, and the traveller's choice on a field
// changed on both sides (SyncStatus). The keeper that queues them is offlineSync.ts.
import { api, errorMessage, tripPath } from '../../lib/api';
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
import type { KeptRequest, QueuedChange } from '../../lib/offline/changeQueue';
import {
  asTheOneReplayer,
  createdIds,
  dropChange,
  queuedChanges,
  namesWindow,
  renameId,
  requestFor,
  updateChange,
} from '../../lib/offline/queueStore';
import { isUnreachable } from '../../lib/offline/offlineQuery';
import { queueRead } from '../../lib/offline/syncSlice';
import { conflictOf, saveMerging, senderOf } from '../saving';

export interface Store {
  dispatch: AppDispatch;
  getState: () => AppState;
  subscribe: (listener: () => void) => () => void;
}

/** When a kept change was made on this device: the server's history shows it as its made_at. */
const madeAt = (queuedAt: number): Record<string, string> => ({ 'Made-At': new Date(queuedAt).toISOString() });

/** What a replayed change refetches: its trip and the lists that show it. */
const tripAndList = (tripId: string) => [
  { type: 'Trip' as const, id: tripId },
  { type: 'Trip' as const, id: 'LIST' },
];

const syncApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One kept change sent as it would have been online: If-Match, and a 412 merged by field. */
    replayChange: build.mutation<
      unknown,
      Pick<QueuedChange, 'tripId' | 'version' | 'base' | 'mine' | 'capturedOn' | 'queuedAt'>
    >({
      queryFn: ({ tripId, version, base, mine, capturedOn, queuedAt }, queryApi, _extra, baseQuery) =>
        saveMerging(senderOf(queryApi, baseQuery), {
          tripId,
          version,
          base,
          mine,
          request: (fields) => ({ ...requestFor(tripId, fields, capturedOn, base), headers: madeAt(queuedAt) }),
          offline: 'fail',
        }),
      invalidatesTags: (_r, _e, { tripId }) => tripAndList(tripId),
    }),
    /** A window created offline, sent with its Idempotency-Key: a retry answers the first window. */
    replayCreate: build.mutation<
      { _id: string },
      NonNullable<QueuedChange['create']> & { tripId: string; queuedAt: number }
    >({
      query: ({ tripId, body, idempotencyKey, queuedAt }) => ({
        url: `${tripPath(tripId)}/instances`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey, ...madeAt(queuedAt) },
      }),
      invalidatesTags: (_r, _e, { tripId }) => tripAndList(tripId),
    }),
    /** Any other kept request, as it was made (a create with its Idempotency-Key). */
    replayRequest: build.mutation<unknown, KeptRequest & { tripId: string; queuedAt: number }>({
      query: ({ url, method, body, idempotencyKey, queuedAt }) => ({
        url,
        method,
        body,
        headers: { ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}), ...madeAt(queuedAt) },
      }),
      invalidatesTags: (_r, _e, { tripId, url }) => [
        ...tripAndList(tripId),
        ...(url.startsWith('/wishlist') ? [{ type: 'Wishlist' as const, id: 'LIST' }] : []),
      ],
    }),
    replayRemove: build.mutation<unknown, { tripId: string; instanceId: string; queuedAt: number }>({
      query: ({ tripId, instanceId, queuedAt }) => ({
        url: `${tripPath(tripId)}/instances/${encodeURIComponent(instanceId)}`,
        method: 'DELETE',
        headers: madeAt(queuedAt),
      }),
      invalidatesTags: (_r, _e, { tripId }) => tripAndList(tripId),
    }),
  }),
});

/** Sends one kept change; its answer as RTK Query gives it. */
async function send(store: Pick<Store, 'dispatch'>, change: QueuedChange) {
  if (change.remove) {
    return store.dispatch(
      syncApi.endpoints.replayRemove.initiate({
        tripId: change.tripId,
        instanceId: change.remove.instanceId,
        queuedAt: change.queuedAt,
      }),
    );
  }
  if (change.request) {
    return store.dispatch(
      syncApi.endpoints.replayRequest.initiate({ tripId: change.tripId, queuedAt: change.queuedAt, ...change.request }),
    );
  }
  if (!change.create) return store.dispatch(syncApi.endpoints.replayChange.initiate(change));
  return store.dispatch(
    syncApi.endpoints.replayCreate.initiate({ tripId: change.tripId, queuedAt: change.queuedAt, ...change.create }),
  );
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
