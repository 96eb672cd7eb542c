// Trip instances: create, read, save, delete (optimistic) and commit.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import type { LocationParts } from '../../lib/location';
import type { CostItem, Instance, InstanceStatus, Trip } from '../../lib/types';
import { patchCachedTrip, replaceCachedTrip, undoPatches } from '../trips';
import {
  itemisedMeanwhile,
  keyedItemChanges,
  keyedWindowChanges,
  windowChanges,
  itemChanges,
  itemFields,
  windowFields,
} from '../../lib/merge';
import { saveMerging, tripPath, versionTag, type BaseQuery } from '../../lib/mergeSave';

/** Weather for a window's dates: the daily forecast, or typical weather for those days. */
export interface WindowWeather {
  kind: 'forecast' | 'typical';
  days: { date: string; min: number; max: number; description?: string }[];
  years?: { from: number; to: number };
}

export type WindowWeatherArgs = LocationParts & { start: string; end: string };

/** POST /api/weather/windows: one entry per window asked, its weather or why it has none. */
type WindowsWeatherAnswer = {
  windows: Array<{ id: string; weather?: WindowWeather; error?: { status: number; msg: string } }>;
};

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
    const body: Record<string, unknown> = { city: place.city, windows };
    if (place.state) body.state = place.state;
    if (place.country) body.country = place.country;
    const answer = await baseQuery({ url: '/weather/windows', method: 'POST', body });
    const entries = new Map(
      ((answer.data as WindowsWeatherAnswer | undefined)?.windows ?? []).map((entry) => [entry.id, entry]),
    );
    for (const waiter of chunk) {
      const entry = entries.get(windowId(waiter.dates));
      if (answer.error) waiter.resolve({ error: answer.error });
      else if (entry?.weather) waiter.resolve({ data: entry.weather });
      else
        waiter.resolve({
          error: {
            status: entry?.error?.status ?? 502,
            data: { msg: entry?.error?.msg ?? 'Weather for these dates is unavailable right now.' },
          } as FetchBaseQueryError,
        });
    }
  }
}

export const EDITABLE = [
  'trip_start',
  'trip_end',
  'stay_expense',
  'travel_expense',
  'car_expense',
  'other_expense',
] as const;

/** The dates and amounts of an instance, as a create sends them. */
export type InstanceInput = Pick<Instance, (typeof EDITABLE)[number]>;

type InstanceRef = { tripId: string; instanceId: string };

/** An item as sent: the dated-price fields may be left out (the service defaults them; captured_on is today). */
export type ItemInput = Omit<CostItem, '_id' | 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on'> &
  Partial<Pick<CostItem, 'weekend_amount' | 'seasons' | 'quotes' | 'captured_on'>>;
/** The server's answer to an item change: the window and trip with every total derived again. */
export interface ItemAnswer {
  item?: CostItem;
  instance: Instance;
  trip: Trip;
  /**
   * Adding the first item to a window with plain amounts turns each non-zero amount into
   * an item of basis `total` (so the total only grows by the new item): those items.
   */
  itemised_from_amounts?: CostItem[];
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
function putInstanceChanges(baseQuery: BaseQuery, save: InstanceSave) {
  const { tripId, instanceId, base, changes } = save;
  return saveMerging(baseQuery, {
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

const path = ({ tripId, instanceId }: InstanceRef) => `${tripPath(tripId)}/instances/${encodeURIComponent(instanceId)}`;

export { versionTag };

/** What the comparison board edits on a window in place. */
export interface WindowFields {
  status?: InstanceStatus;
  label?: string;
  notes?: string;
}

/**
 * Every window's figures (Δ vs cheapest, the comparison) are computed by the server
 * over the whole trip, so a change to one window refetches the trip.
 */
const tripChanged = (_r: unknown, error: unknown, { tripId, instanceId }: InstanceRef) =>
  error
    ? []
    : [
        { type: 'Trip' as const, id: tripId },
        { type: 'Trip' as const, id: 'LIST' },
        { type: 'Instance' as const, id: instanceId },
      ];

/** An item change answers the trip with every total derived again: show it before the refetch. */
async function showAnsweredTrip(
  _args: unknown,
  { dispatch, queryFulfilled }: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: ItemAnswer }> },
) {
  try {
    const { data } = await queryFulfilled;
    replaceCachedTrip(dispatch, data.trip);
  } catch {
    // The caller shows the failure.
  }
}

export const instancesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One window's weather, sent with the other windows asked at the same time (see batchedWindowWeather). */
    getWindowWeather: build.query<WindowWeather, WindowWeatherArgs>({
      queryFn: (args, _api, _extra, baseQuery) => batchedWindowWeather(args, baseQuery),
    }),
    getInstance: build.query<{ trip: Trip; instance: Instance }, InstanceRef>({
      query: (ref) => path(ref),
      providesTags: (_r, _e, ref) => [
        { type: 'Instance', id: ref.instanceId },
        { type: 'Trip', id: ref.tripId },
      ],
    }),
    createInstance: build.mutation<Instance, { tripId: string; body: InstanceInput & { label?: string } }>({
      query: ({ tripId, body }) => ({ url: `${tripPath(tripId)}/instances`, method: 'POST', body }),
      // The new instance goes first in the trip's list.
      async onQueryStarted({ tripId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchCachedTrip(dispatch, tripId, (trip) => {
            trip.instances = [data, ...(trip.instances ?? []).filter((i) => i._id !== data._id)];
          });
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_r, error, { tripId }) => [
        { type: 'Trip', id: 'LIST' },
        ...(error ? [] : [{ type: 'Trip' as const, id: tripId }]),
      ],
    }),
    deleteInstance: build.mutation<unknown, InstanceRef>({
      query: (ref) => ({ url: path(ref), method: 'DELETE' }),
      async onQueryStarted({ tripId, instanceId }, { dispatch, queryFulfilled }) {
        const patches = patchCachedTrip(dispatch, tripId, (trip) => {
          trip.instances = (trip.instances ?? []).filter((i) => i._id !== instanceId);
        });
        try {
          await queryFulfilled;
        } catch {
          undoPatches(patches);
        }
      },
      invalidatesTags: tripChanged,
    }),
    commitInstance: build.mutation<Trip, InstanceRef>({
      query: (ref) => ({ url: `${path(ref)}/commit`, method: 'PATCH', body: {} }),
      async onQueryStarted(_ref, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data && data._id) replaceCachedTrip(dispatch, data);
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Trip', id: 'LIST' }]),
    }),
    /** One instance, only its changed fields; a 412 not merged (a conflict) refetches the trip too. */
    saveInstance: build.mutation<Trip, InstanceSave>({
      queryFn: (save, _api, _extra, baseQuery) => putInstanceChanges(baseQuery, save),
      // The answer is the trip as stored: shown at once, so the page never flashes the value before the save.
      async onQueryStarted({ tripId, instanceId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const instance = data?.instances?.find((i) => i._id === instanceId);
          if (!instance) return;
          dispatch(
            instancesApi.util.updateQueryData('getInstance', { tripId, instanceId }, (draft) => {
              draft.trip = data;
              draft.instance = instance;
            }),
          );
          replaceCachedTrip(dispatch, data);
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_r, error, { tripId, instanceId }) =>
        error && error.status !== 412
          ? []
          : [
              { type: 'Instance', id: instanceId },
              { type: 'Trip', id: tripId },
              { type: 'Trip', id: 'LIST' },
            ],
    }),
    setWindowFields: build.mutation<Trip, InstanceRef & { fields: WindowFields }>({
      query: ({ tripId, instanceId, fields }) => ({
        url: `/trips/getaway/${encodeURIComponent(tripId)}`,
        method: 'PUT',
        body: { instances: [{ _id: instanceId, ...fields }] },
      }),
      invalidatesTags: tripChanged,
    }),
    /** Clears the plan: the committed window is no longer committed. */
    clearPlan: build.mutation<Trip, InstanceRef>({
      query: (ref) => ({ url: `${path(ref)}/commit`, method: 'DELETE' }),
      invalidatesTags: tripChanged,
    }),
    duplicateInstance: build.mutation<Instance, InstanceRef & { shiftDays: number }>({
      query: ({ shiftDays, ...ref }) => ({ url: `${path(ref)}/duplicate`, method: 'POST', body: { shiftDays } }),
      invalidatesTags: tripChanged,
    }),
    addItem: build.mutation<ItemAnswer, InstanceRef & { item: ItemInput }>({
      query: ({ item, ...ref }) => ({ url: `${path(ref)}/items`, method: 'POST', body: item }),
      onQueryStarted: showAnsweredTrip,
      invalidatesTags: tripChanged,
    }),
    /**
     * Optimistic: the item shows its new fields (a ticked Reserved or Paid box) at once;
     * a refused change puts the cached trip and window back and the caller says why.
     * With `version` and `base` (the item as the edit started), a 412 is merged by field
     * like a window save; without them the fields are sent unconditionally, as before.
     */
    editItem: build.mutation<
      ItemAnswer,
      InstanceRef & { itemId: string; fields: Partial<ItemInput>; version?: number; base?: CostItem }
    >({
      queryFn: ({ itemId, fields, version, base, ...ref }, _api, _extra, baseQuery) =>
        saveMerging<ItemAnswer>(baseQuery, {
          tripId: ref.tripId,
          version: base ? version : undefined,
          base: base ? itemFields(ref.instanceId, base) : {},
          mine: keyedItemChanges(ref.instanceId, itemId, fields),
          request: (changes) => ({
            url: `${path(ref)}/items/${encodeURIComponent(itemId)}`,
            method: 'PUT',
            body: itemChanges(ref.instanceId, itemId, changes),
          }),
          answerOf: (trip) => {
            const instance = trip.instances.find((i) => i._id === ref.instanceId);
            return { item: instance?.items?.find((i) => i._id === itemId), instance, trip };
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
            instancesApi.util.updateQueryData('getInstance', { tripId, instanceId }, (draft) => {
              apply(draft.instance);
              apply(draft.trip.instances?.find((i) => i._id === instanceId));
            }),
          ),
        ];
        try {
          const { data } = await queryFulfilled;
          replaceCachedTrip(dispatch, data.trip);
          // The answer carries the window's totals derived again (paid, still to pay).
          dispatch(
            instancesApi.util.updateQueryData('getInstance', { tripId, instanceId }, () => ({
              trip: data.trip,
              instance: data.instance,
            })),
          );
        } catch {
          undoPatches(patches);
        }
      },
      invalidatesTags: tripChanged,
    }),
    removeItem: build.mutation<ItemAnswer, InstanceRef & { itemId: string }>({
      query: ({ itemId, ...ref }) => ({ url: `${path(ref)}/items/${encodeURIComponent(itemId)}`, method: 'DELETE' }),
      onQueryStarted: showAnsweredTrip,
      invalidatesTags: tripChanged,
    }),
  }),
});

export const {
  useGetWindowWeatherQuery,
  useGetInstanceQuery,
  useCreateInstanceMutation,
  useDeleteInstanceMutation,
  useCommitInstanceMutation,
  useSaveInstanceMutation,
  useSetWindowFieldsMutation,
  useClearPlanMutation,
  useDuplicateInstanceMutation,
  useAddItemMutation,
  useEditItemMutation,
  useRemoveItemMutation,
} = instancesApi;
