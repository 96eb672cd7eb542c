// Trip instances: create, read, save, delete (optimistic) and commit.
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import type { LocationParts } from '../../lib/location';
import type { CostItem, Instance, InstanceStatus, Trip } from '../../lib/types';
import { patchCachedTrip, replaceCachedTrip, undoPatches } from '../trips';
import { changedFields } from './form';

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

export type ItemInput = Omit<CostItem, '_id'>;
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
  changes: Partial<InstanceInput>;
}

type BaseQuery = (
  args: FetchArgs,
) => PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }> | { data?: unknown; error?: FetchBaseQueryError };

/**
 * PUT of one instance's changed fields with If-Match. The version is the whole trip's,
 * so a 412 may come from an edit of *another* instance: then the edit is re-sent on
 * the new version (both edits are kept). When this very instance changed meanwhile,
 * the 412 stands and the caller tells the user.
 */
async function putInstanceChanges(baseQuery: BaseQuery, save: InstanceSave) {
  const { tripId, instanceId, base, changes } = save;
  let version = save.version;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const put = await baseQuery({
      url: tripPath(tripId),
      method: 'PUT',
      headers: version === undefined ? undefined : { 'If-Match': versionTag(version) },
      body: { instances: [{ _id: instanceId, ...changes }] },
    });
    if (!put.error) return { data: put.data as Trip };
    if (put.error.status !== 412) return { error: put.error };
    const fresh = await baseQuery({ url: tripPath(tripId), method: 'GET' });
    if (fresh.error) return { error: put.error };
    const trip = fresh.data as Trip;
    const now = trip.instances?.find((i) => i._id === instanceId);
    if (!now || Object.keys(changedFields(base, now)).length > 0 || trip.version === undefined)
      return { error: put.error };
    version = trip.version;
  }
  return { error: { status: 412, data: { msg: 'The trip keeps changing; please try again.' } } as FetchBaseQueryError };
}

const tripPath = (tripId: string) => `/trips/getaway/${encodeURIComponent(tripId)}`;
const path = ({ tripId, instanceId }: InstanceRef) => `${tripPath(tripId)}/instances/${encodeURIComponent(instanceId)}`;

/** An entity tag for a trip version, as the trips service sends it in ETag. */
export const versionTag = (version: number) => `"${version}"`;

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
    createInstance: build.mutation<Instance, { tripId: string; body: InstanceInput }>({
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
    /** One instance, only its changed fields; a 412 (this instance changed elsewhere) refetches the trip too. */
    saveInstance: build.mutation<Trip, InstanceSave>({
      queryFn: (save, _api, _extra, baseQuery) => putInstanceChanges(baseQuery, save),
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
     */
    editItem: build.mutation<ItemAnswer, InstanceRef & { itemId: string; fields: Partial<ItemInput> }>({
      query: ({ itemId, fields, ...ref }) => ({
        url: `${path(ref)}/items/${encodeURIComponent(itemId)}`,
        method: 'PUT',
        body: fields,
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
