// Trip instances: create, read, save, delete (optimistic) and commit.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { tripPath, versionTag } from '../../lib/api';
import type { LocationParts } from '../../lib/location';
import { COMMITTED, WINDOW_DATES_AND_AMOUNTS } from '../../lib/merge';
import type {
  CommitAnswer,
  CostItem,
  CostItemAdded,
  CostItemChange,
  Instance,
  InstanceDeleted,
  InstanceStatus,
  InstanceWithTrip,
  RepriceAnswer,
  Trip,
  WindowsWeatherAnswer,
  WindowsWeatherBody,
  WindowWeather,
} from '../../lib/types';
import {
  cachedTrip,
  createOrKeep,
  patchCachedTrip,
  refetchAfter,
  removeOrKeep,
  saveMerging,
  senderOf,
  sendOrKeep,
  showAnswer,
  showAnsweredTrip,
  showSavedTrip,
  showTripWindow,
  showWindow,
  tripCache,
  undoPatches,
  windowPath,
  type BaseQuery,
  type InstanceRef,
  type Sender,
} from '../saving';
import {
  itemisedMeanwhile,
  keyedItemChanges,
  keyedWindowChanges,
  windowChanges,
  itemChanges,
  itemFields,
  windowFields,
} from '../../lib/merge';
import { creating, newIdempotencyKey, newTempId } from '../../lib/offline/changeQueue';
import { todayDateInput } from '../../lib/format';

export type WindowWeatherArgs = LocationParts & { start: string; end: string };

/** The server takes at most this many windows per batch. */
const WEATHER_BATCH_MAX = 50;

type WeatherResult = { data: WindowWeather } | { error: FetchBaseQueryError };
interface WeatherWaiter {
  dates: { start: string; end: string };
  resolve: (result: WeatherResult) => void;
}

/**
 * Every window card asks for its own weather; asking the server once per card made 26
 * windows 26 requests (and 26 upstream calls). Cards of one place that ask in the same
 * turn of the event loop are sent as one POST /api/weather/windows (the server shares
 * its upstream calls between them); each card's query still has its own cache entry.
 */
const weatherBatches = new Map<string, { place: LocationParts; waiters: WeatherWaiter[] }>();

function batchedWindowWeather(args: WindowWeatherArgs, baseQuery: BaseQuery): Promise<WeatherResult> {
  const place = { city: args.city ?? '', state: args.state, country: args.country };
  const key = JSON.stringify([place.city, place.state ?? '', place.country ?? '']);
  return new Promise((resolve) => {
    let batch = weatherBatches.get(key);
    if (!batch) {
      batch = { place, waiters: [] };
      weatherBatches.set(key, batch);
      // A macrotask: every card mounted in this render has asked by then.
      setTimeout(() => {
        weatherBatches.delete(key);
        void sendWeatherBatch(batch!.place, batch!.waiters, baseQuery);
      }, 0);
    }
    batch.waiters.push({ dates: { start: args.start, end: args.end }, resolve });
  });
}

async function sendWeatherBatch(place: LocationParts, waiters: WeatherWaiter[], baseQuery: BaseQuery) {
  const windowId = ({ start, end }: WeatherWaiter['dates']) => `${start}_${end}`;
  // Chunks one after the other: a board never has more than one weather request open.
  for (let offset = 0; offset < waiters.length; offset += WEATHER_BATCH_MAX) {
    const chunk = waiters.slice(offset, offset + WEATHER_BATCH_MAX);
    // Windows with the same dates are asked once.
    const windows = [...new Map(chunk.map((w) => [windowId(w.dates), { id: windowId(w.dates), ...w.dates }])).values()];
    const body: WindowsWeatherBody = { city: place.city ?? '', windows };
    if (place.state) body.state = place.state;
    if (place.country) body.country = place.country;
    const answer = await baseQuery({ url: '/weather/windows', method: 'POST', body });
    const entries = new Map(
      ((answer.data as WindowsWeatherAnswer | undefined)?.windows ?? []).map((entry) => [entry.id, entry]),
    );
    for (const waiter of chunk) {
      const entry = entries.get(windowId(waiter.dates));
      if (answer.error) waiter.resolve({ error: answer.error });
      else if (entry && 'weather' in entry) waiter.resolve({ data: entry.weather });
      else {
        const error = entry && 'error' in entry ? entry.error : undefined;
        waiter.resolve({
          error: {
            status: error?.status ?? 502,
            data: { msg: error?.msg ?? 'Weather for these dates is unavailable right now.' },
          } as FetchBaseQueryError,
        });
      }
    }
  }
}

export const EDITABLE = WINDOW_DATES_AND_AMOUNTS;

/** The dates and amounts of an instance, as a create sends them. */
export type InstanceInput = Pick<Instance, (typeof EDITABLE)[number]>;

export type { InstanceRef };

/**
 * An item as sent: the dated-price fields may be left out (the service defaults them;
 * captured_on is today), the currency too (the trip's); fx is only ever a manual { rate }.
 */
export type ItemInput = Omit<
  CostItem,
  '_id' | 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on' | 'currency' | 'fx'
> &
  Partial<Pick<CostItem, 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on' | 'currency'>> & {
    fx?: { rate: number } | null;
  };

// Every category and basis the route takes; a new one in the API fails to compile here.
const CATEGORY: Record<CostItem['category'], true> = { stay: true, travel: true, car: true, other: true };
const BASIS: Record<CostItem['basis'], true> = {
  total: true,
  per_night: true,
  per_person: true,
  per_person_per_night: true,
  per_day: true,
};
const isKey = <K extends string>(set: Record<K, true>, value: unknown): value is K =>
  typeof value === 'string' && Object.hasOwn(set, value);

/**
 * An item's fields as a merge resolved them (merge.ts keeps values untyped) → the fields
 * the item's PUT takes; a value of the wrong kind is left out rather than sent.
 */
export function itemInputOf(fields: Record<string, unknown>): Partial<ItemInput> {
  const input: Partial<ItemInput> = {};
  for (const [field, value] of Object.entries(fields)) {
    if ((field === 'name' || field === 'link' || field === 'confirmation') && typeof value === 'string') {
      input[field] = value;
    } else if (field === 'amount' && typeof value === 'number') input.amount = value;
    else if ((field === 'booked' || field === 'paid') && typeof value === 'boolean') input[field] = value;
    else if (field === 'basis' && isKey(BASIS, value)) input.basis = value;
    else if (field === 'category' && isKey(CATEGORY, value)) input.category = value;
    else if (field === 'weekend_amount' && (value === null || typeof value === 'number')) input.weekend_amount = value;
    // Lists are sent as they are: the server checks every row (400 with why).
    else if (field === 'seasons' && Array.isArray(value)) input.seasons = value as CostItem['seasons'];
    else if (field === 'quotes' && Array.isArray(value)) input.quotes = value as CostItem['quotes'];
    else if (field === 'currency' && typeof value === 'string') input.currency = value;
    // A rate of the traveller's own is sent as { rate }; null asks the published rate again.
    else if (field === 'fx' && value === null) input.fx = null;
    else if (field === 'fx' && typeof value === 'object' && typeof (value as { rate?: unknown }).rate === 'number')
      input.fx = { rate: (value as { rate: number }).rate };
  }
  return input;
}

export interface InstanceSave extends InstanceRef {
  /** The trip version the edit started from; sent as If-Match so a change made meanwhile is not overwritten. */
  version?: number;
  /** The instance as it was when the edit started. */
  base: Instance;
  /** Only the fields the user changed. */
  changes: Partial<InstanceInput & WindowFields>;
}

/**
 * PUT of one window's changed fields with If-Match. The version is the whole trip's, so
 * a 412 is merged by field (mergeSave.ts): changes that touch nothing the server changed
 * are re-sent on the new version; the same field changed on both sides comes back as a
 * 412 carrying the conflicts.
 */
function putInstanceChanges(sender: Sender, save: InstanceSave) {
  const { tripId, instanceId, base, changes } = save;
  return saveMerging(sender, {
    tripId,
    version: save.version,
    base: windowFields(base),
    mine: keyedWindowChanges(instanceId, changes),
    request: (fields) => ({
      url: tripPath(tripId),
      method: 'PUT',
      body: { instances: [{ _id: instanceId, ...windowChanges(instanceId, fields) }] },
    }),
    adjust: (plan, current) => itemisedMeanwhile(plan, instanceId, current),
  });
}

/** The trip with one window changed by `recipe` (a copy: the cached trip is frozen). */
function withWindow(trip: Trip, instanceId: string, recipe: (window: Instance) => Instance): Trip {
  return { ...trip, instances: trip.instances.map((w) => (w._id === instanceId ? recipe(w) : w)) };
}

export const windowOf = (trip: Trip, instanceId: string) =>
  trip.instances.find((w) => w._id === instanceId) ?? trip.instances[0];

export const path = windowPath;

export { versionTag };

/** What the comparison board edits on a window in place. */
export interface WindowFields {
  status?: InstanceStatus;
  label?: string;
  notes?: string;
}

/**
 * Every window's figures (Δ vs cheapest, the comparison) are computed by the server over
 * the whole trip: a change whose answer is not the trip (a copy, a cleared plan: their
 * routes declare no answer) refetches the trip.
 */
export const tripChanged = (_r: unknown, error: unknown, { tripId, instanceId }: InstanceRef) =>
  error
    ? []
    : [
        { type: 'Trip' as const, id: tripId },
        { type: 'Trip' as const, id: 'LIST' },
        { type: 'Instance' as const, id: instanceId },
      ];

/**
 * Commits a window (or clears the plan: null). Online the traveller's choice is stored as
 * it is, as between two tabs; kept offline it is a change of the trip-level field the plan
 * is, with the version it was based on, so a replay after another member changed the plan
 * meanwhile shows the conflict instead of overriding it (ADR 0038).
 */
async function changePlan<T>(
  { baseQuery, keeper }: Sender,
  getState: () => unknown,
  ref: InstanceRef,
  committed: string | null,
  answerOf: (trip: Trip) => T,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  const url = `${path(ref)}/commit`;
  const sent = await baseQuery(committed ? { url, method: 'PATCH', body: {} } : { url, method: 'DELETE' });
  if (sent.error?.status === 'FETCH_ERROR' && keeper) {
    const trip = cachedTrip(getState, ref.tripId);
    const was = committed ? (trip?.instances.find((w) => w.isCommitted)?._id ?? null) : ref.instanceId;
    const kept = await keeper.keepEdit({
      tripId: ref.tripId,
      version: trip?.version,
      base: { [COMMITTED]: was },
      mine: { [COMMITTED]: committed },
      request: () => ({ url }),
      answerOf,
    });
    if (kept) return { data: kept.data as T };
  }
  return sent.error ? { error: sent.error } : { data: sent.data as T };
}

// The window page's cache (getInstance) is the save home's (features/saving/tripCache.ts).
export const instancesApi = tripCache.injectEndpoints({
  endpoints: (build) => ({
    /** One window's weather, sent with the other windows asked at the same time (see batchedWindowWeather). */
    getWindowWeather: build.query<WindowWeather, WindowWeatherArgs>({
      queryFn: (args, _api, _extra, baseQuery) => batchedWindowWeather(args, baseQuery),
    }),
    /**
     * The answer is the new window only; the trip's totals and comparison change with it
     * and are the server's, so the trip and the list are refetched.
     */
    createInstance: build.mutation<Instance, { tripId: string; body: InstanceInput & { label?: string } }>({
      // Every create carries an Idempotency-Key; without a network it is kept to be sent later (ADR 0038).
      queryFn({ tripId, body }, queryApi, _extra, baseQuery) {
        const idempotencyKey = newIdempotencyKey();
        const headers = { 'Idempotency-Key': idempotencyKey };
        const args = { url: `${tripPath(tripId)}/instances`, method: 'POST', body, headers };
        return createOrKeep<Instance>(senderOf(queryApi, baseQuery), args, { tripId, body, idempotencyKey }, (w) => w);
      },
      invalidatesTags: (_r, error, { tripId }) => [
        { type: 'Trip', id: 'LIST' },
        ...(error ? [] : [{ type: 'Trip' as const, id: tripId }]),
      ],
    }),
    /** Optimistic: the window leaves the list at once, and comes back if the server refuses. */
    deleteInstance: build.mutation<InstanceDeleted, InstanceRef>({
      // Without a network the deletion is kept to be sent later (ADR 0038).
      queryFn: (ref, queryApi, _extra, baseQuery) =>
        removeOrKeep<InstanceDeleted>(
          senderOf(queryApi, baseQuery),
          { url: path(ref), method: 'DELETE' },
          ref,
          (kept) => kept,
        ),
      async onQueryStarted({ tripId, instanceId }, { dispatch, queryFulfilled }) {
        const patches = patchCachedTrip(dispatch, tripId, (trip) => {
          trip.instances = (trip.instances ?? []).filter((i) => i._id !== instanceId);
        });
        try {
          const { data } = await queryFulfilled;
          showAnsweredTrip(dispatch, data.trip);
        } catch {
          undoPatches(patches);
        }
      },
    }),
    commitInstance: build.mutation<CommitAnswer, InstanceRef>({
      queryFn: (ref, queryApi, _extra, baseQuery) =>
        changePlan<CommitAnswer>(senderOf(queryApi, baseQuery), queryApi.getState, ref, ref.instanceId, (trip) => ({
          ...trip,
          trip,
        })),
      async onQueryStarted(_ref, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          showAnsweredTrip(dispatch, data.trip);
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    /**
     * One instance, only its changed fields. The answer is the trip as stored: shown at
     * once, so the page never flashes the value before the save, and nothing is refetched.
     */
    saveInstance: build.mutation<Trip, InstanceSave>({
      queryFn: (save, queryApi, _extra, baseQuery) => putInstanceChanges(senderOf(queryApi, baseQuery), save),
      onQueryStarted: ({ tripId, instanceId }, { dispatch, queryFulfilled }) =>
        showSavedTrip(dispatch, queryFulfilled, (answered) =>
          showTripWindow(dispatch, { tripId, instanceId }, answered),
        ),
      invalidatesTags: (_r, error, { tripId, instanceId }) =>
        refetchAfter(error)
          ? [
              { type: 'Instance', id: instanceId },
              { type: 'Trip', id: tripId },
              { type: 'Trip', id: 'LIST' },
            ]
          : [],
    }),
    /**
     * The status select and the name on a card: kept offline with the version they were
     * based on, like the window form (a conflict at replay is shown). Online, the card's
     * one field is the traveller's explicit choice and is stored as before, even when the
     * trip changed meanwhile (the card has no place to show a conflict).
     */
    setWindowFields: build.mutation<Trip, InstanceRef & { fields: WindowFields }>({
      queryFn: async ({ tripId, instanceId, fields }, queryApi, _extra, baseQuery) => {
        const trip = cachedTrip(queryApi.getState, tripId);
        const base = trip?.instances?.find((w) => w._id === instanceId);
        if (base) {
          const saved = await putInstanceChanges(senderOf(queryApi, baseQuery), {
            tripId,
            instanceId,
            version: trip?.version,
            base,
            changes: fields,
          });
          if (!('error' in saved) || saved.error?.status !== 412) return saved;
        }
        const body = { instances: [{ _id: instanceId, ...fields }] };
        return baseQuery({ url: tripPath(tripId), method: 'PUT', body }) as Promise<{ data: Trip }>;
      },
      onQueryStarted: ({ tripId, instanceId }, { dispatch, queryFulfilled }) =>
        showSavedTrip(dispatch, queryFulfilled, (answered) =>
          showTripWindow(dispatch, { tripId, instanceId }, answered),
        ),
    }),
    /** Clears the plan: the committed window is no longer committed. */
    clearPlan: build.mutation<Trip, InstanceRef>({
      queryFn: (ref, queryApi, _extra, baseQuery) =>
        changePlan(senderOf(queryApi, baseQuery), queryApi.getState, ref, null, (trip) => trip),
      invalidatesTags: tripChanged,
    }),
    addItem: build.mutation<CostItemAdded, InstanceRef & { item: ItemInput }>({
      queryFn: ({ item, ...ref }, queryApi, _extra, baseQuery) => {
        const tempId = newTempId();
        const added = { captured_on: todayDateInput(), ...item, _id: tempId } as unknown as CostItem;
        return sendOrKeep(senderOf(queryApi, baseQuery), ref.tripId, creating(`${path(ref)}/items`, item), {
          tempId,
          idAt: ['item', '_id'],
          show: (trip) => withWindow(trip, ref.instanceId, (w) => ({ ...w, items: [...(w.items ?? []), added] })),
          answer: (trip) => ({
            item: added,
            instance: windowOf(trip, ref.instanceId),
            trip,
            itemised_from_amounts: [],
          }),
        });
      },
      onQueryStarted: showAnswer,
    }),
    /**
     * Optimistic: the item shows its new fields (a ticked Reserved or Paid box) at once;
     * a refused change puts the cached trip and window back and the caller says why.
     * With `version` and `base` (the item as the edit began), a 412 is merged by field
     * like a window save; without them the fields are sent unconditionally, as before.
     */
    editItem: build.mutation<
      CostItemChange,
      InstanceRef & { itemId: string; fields: Partial<ItemInput>; version?: number; base?: CostItem }
    >({
      queryFn: ({ itemId, fields, version, base, ...ref }, queryApi, _extra, baseQuery) =>
        saveMerging(senderOf(queryApi, baseQuery), {
          tripId: ref.tripId,
          version: base ? version : undefined,
          base: base ? itemFields(ref.instanceId, base) : {},
          mine: keyedItemChanges(ref.instanceId, itemId, fields),
          request: (changes) => ({
            url: `${path(ref)}/items/${encodeURIComponent(itemId)}`,
            method: 'PUT',
            body: itemChanges(ref.instanceId, itemId, changes),
          }),
          answerOf: (trip: Trip): CostItemChange | undefined => {
            const instance = trip.instances.find((i) => i._id === ref.instanceId);
            const item = instance?.items?.find((i) => i._id === itemId);
            return instance && item ? { item, instance, trip } : undefined;
          },
        }),
      async onQueryStarted({ tripId, instanceId, itemId, fields }, { dispatch, queryFulfilled }) {
        const apply = (window: Instance | undefined) => {
          const item = window?.items?.find((candidate) => candidate._id === itemId);
          if (item) Object.assign(item, fields);
        };
        const patches = [
          ...patchCachedTrip(dispatch, tripId, (trip) => apply(trip.instances?.find((i) => i._id === instanceId))),
          dispatch(
            tripCache.util.updateQueryData('getInstance', { tripId, instanceId }, (draft) => {
              apply(draft.instance);
              apply(draft.trip.instances?.find((i) => i._id === instanceId));
            }),
          ),
        ];
        try {
          const { data } = await queryFulfilled;
          // The answer carries the window's totals derived again (paid, still to pay).
          showWindow(dispatch, { tripId, instanceId }, data);
        } catch {
          undoPatches(patches);
        }
      },
    }),
    /**
     * "Still this price": the item's price was seen again today (its captured_on, and its
     * quote's for the window's dates). The answer is written into the cache, nothing refetched.
     */
    checkItem: build.mutation<CostItemChange, InstanceRef & { itemId: string }>({
      query: ({ itemId, ...ref }) => ({
        url: `${path(ref)}/items/${encodeURIComponent(itemId)}/checked`,
        method: 'POST',
        body: {},
      }),
      onQueryStarted: showAnswer,
    }),
    /**
     * "Re-price at today's rates" for one window: every foreign item gets today's rate.
     * The answer's trip is written into every cache that shows it; nothing is refetched.
     */
    repriceWindow: build.mutation<RepriceAnswer, InstanceRef>({
      query: (ref) => ({ url: `${path(ref)}/reprice`, method: 'POST', body: {} }),
      async onQueryStarted(ref, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          showTripWindow(dispatch, ref, data.trip);
        } catch {
          // The caller shows the failure (503: rates unavailable, nothing changed).
        }
      },
    }),
    /** The same for every window of the trip (the Compare view's button). */
    repriceTrip: build.mutation<RepriceAnswer, { tripId: string }>({
      query: ({ tripId }) => ({ url: `${tripPath(tripId)}/reprice`, method: 'POST', body: {} }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          showAnsweredTrip(dispatch, data.trip);
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    removeItem: build.mutation<InstanceWithTrip, InstanceRef & { itemId: string }>({
      queryFn: ({ itemId, ...ref }, queryApi, _extra, baseQuery) =>
        sendOrKeep(
          senderOf(queryApi, baseQuery),
          ref.tripId,
          { url: `${path(ref)}/items/${encodeURIComponent(itemId)}`, method: 'DELETE' },
          {
            show: (trip) =>
              withWindow(trip, ref.instanceId, (w) => ({
                ...w,
                items: (w.items ?? []).filter((i) => i._id !== itemId),
              })),
            answer: (trip) => ({ trip, instance: windowOf(trip, ref.instanceId) }),
          },
        ),
      onQueryStarted: showAnswer,
    }),
  }),
});

export const {
  useGetWindowWeatherQuery,
  useCreateInstanceMutation,
  useDeleteInstanceMutation,
  useCommitInstanceMutation,
  useSaveInstanceMutation,
  useSetWindowFieldsMutation,
  useClearPlanMutation,
  useAddItemMutation,
  useEditItemMutation,
  useCheckItemMutation,
  useRemoveItemMutation,
  useRepriceWindowMutation,
  useRepriceTripMutation,
} = instancesApi;

export const { useGetInstanceQuery } = tripCache;
