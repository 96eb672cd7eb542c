// Trip windows ("instances"): create, read, save, delete (optimistic) and commit
// (windowApi.ts, windowSaveApi.ts), and a window's cost items (here): one API,
// instancesApi, with every window endpoint.
import type { CostItem, CostItemAdded, CostItemChange, Instance, InstanceWithTrip, Trip } from '../../lib/types';
import {
  patchCachedTrip,
  saveMerging,
  senderOf,
  sendOrKeep,
  showAnswer,
  showWindow,
  tripCache,
  undoPatches,
  type InstanceRef,
} from '../saving';
import { itemChanges, itemFields, keyedItemChanges } from '../../lib/merge';
import { creating, newTempId } from '../../lib/offline/changeQueue';
import { todayDateInput } from '../../lib/format';
import type { EstimateChoice, ItemInput } from './itemInput';
import { path, windowOf, withWindow } from './model';
import { windowSaveApi } from './windowSaveApi';

export { itemInputOf, type EstimateChoice, type ItemInput } from './itemInput';
export {
  EDITABLE,
  path,
  tripChanged,
  versionTag,
  windowOf,
  type InstanceInput,
  type InstanceRef,
  type InstanceSave,
  type WindowFields,
} from './model';
export type { WindowWeatherArgs } from './weather';

export const instancesApi = windowSaveApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `estimate`: whether the window's first item replaces the amount typed for its category
     * before itemising or comes on top of it (ADR 0062); sent in the body, so a change kept
     * offline carries the choice to the server when it is replayed.
     */
    addItem: build.mutation<CostItemAdded, InstanceRef & { item: ItemInput; estimate?: EstimateChoice }>({
      queryFn: ({ item, estimate, ...ref }, queryApi, _extra, baseQuery) => {
        const tempId = newTempId();
        const added = (trip: { currency: string }) => keptItem(item, tempId, trip.currency);
        const body = estimate ? { ...item, estimate } : item;
        return sendOrKeep(senderOf(queryApi, baseQuery), ref.tripId, creating(`${path(ref)}/items`, body), {
          tempId,
          idAt: ['item', '_id'],
          show: (trip) => withWindow(trip, ref.instanceId, (w) => ({ ...w, items: [...(w.items ?? []), added(trip)] })),
          answer: (trip) => ({
            item: added(trip),
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

/**
 * A cost item added without a network, as the window shows it until the server has it:
 * what was typed, the defaults the server would give (no weekend rate, seasons or quotes;
 * seen today, in the trip's currency unless another was picked), and a rate of the
 * traveller's own as the manual rate it becomes. A published rate is the server's to
 * find once the item is sent.
 */
function keptItem(item: ItemInput, tempId: string, tripCurrency: string): CostItem {
  const today = todayDateInput();
  const { fx, ...typed } = item;
  return {
    ...typed,
    // `??`, not defaults before the spread: a field sent as undefined keeps the default.
    weekend_amount: typed.weekend_amount ?? null,
    seasons: typed.seasons ?? [],
    quotes: typed.quotes ?? [],
    captured_on: typed.captured_on ?? today,
    currency: typed.currency ?? tripCurrency,
    paid_by: typed.paid_by ?? null,
    split: typed.split ?? null,
    _id: tempId,
    fx: fx ? { rate: fx.rate, date: today, source: 'manual', first_rate: fx.rate } : null,
  };
}
