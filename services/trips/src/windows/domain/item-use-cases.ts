// A window's cost items: add, edit, "still this price", remove, and re-pricing items in
// other currencies at today's rates. A change that needs rates says so first
// (…NeedsRates), so the write path fetches them before it applies the change once.
import { newId, notFound, type AuthUser, type RateTable } from '@tripcost/shared';
import type { CostItem } from '../../costs';
import { applyReprice, repriceNeedsRates } from '../../currency';
import type { SharedTripView, TripAndInstance } from '../../sharing';
import { INSTANCE_NOT_FOUND, type TripRecord } from '../../trip';
import type { TripsContext } from './context';
import {
  addItemNeedsRates,
  applyAddItem,
  applyCheckedItem,
  applyEditItem,
  applyRemoveItem,
  editItemNeedsRates,
  type EstimateChoice,
  type ItemInput,
} from './item-changes';
import type { Precondition, RatedChange } from './write-path';

export type ItemChange = TripAndInstance & { item?: CostItem };
/** An added item; `itemised_from_amounts` are the items made from the window's plain amounts ([] when none). */
export type ItemAdded = TripAndInstance & { item: CostItem; itemised_from_amounts: CostItem[] };

/** A change to one item that needs nothing but its address: "still this price", delete. */
export type ItemAction = (
  user: AuthUser,
  tripId: string,
  instanceId: string,
  itemId: string,
  precondition?: Precondition,
) => Promise<ItemChange>;

/** One window's exchange-rate effect and total before and after a re-price. */
export interface WindowReprice {
  instance_id: string;
  fx_effect_before: number;
  fx_effect_after: number;
  total_cost_before: number;
  total_cost_after: number;
}

/** A re-price's answer: the trip after it, each re-priced window, and the trip's own fx_effect (its plan's). */
export interface RepriceAnswer {
  trip: SharedTripView;
  windows: WindowReprice[];
  fx_effect_before: number;
  fx_effect_after: number;
}

/** A change to one item, answered with the item as stored, its window and the trip. */
async function changeItem(
  { access, writes }: TripsContext,
  user: AuthUser,
  [tripId, instanceId, itemId]: [string, string, string],
  change: RatedChange,
  precondition?: Precondition,
): Promise<ItemChange> {
  const changed = await writes.changeTripWithRates(user, tripId, 'item', change, precondition);
  const answer = access.withInstance(changed, instanceId, user.id);
  return { ...answer, item: answer.instance.items.find((item) => item._id === itemId) };
}

/**
 * Cost items of one window: its expenses become the items' sums (see withDerivedCosts).
 * `estimate` says whether the first item keeps its category's typed amount (applyAddItem).
 */
export const addItem =
  (ctx: TripsContext) =>
  async (
    user: AuthUser,
    tripId: string,
    instanceId: string,
    fields: ItemInput,
    precondition?: Precondition,
    estimate: EstimateChoice = 'keep',
  ): Promise<ItemAdded> => {
    const item = { _id: newId(), ...fields };
    // Ids for the items that may keep the window's plain amounts, chosen once so a retry makes the same ones.
    const fromAmountIds = [newId(), newId(), newId(), newId()];
    const trip = await ctx.writes.changeTripWithRates(
      user,
      tripId,
      'item',
      {
        needsRates: (current) => addItemNeedsRates(current, instanceId, item, ctx.now()),
        apply: (current, at, rates) => applyAddItem(current, instanceId, item, at, fromAmountIds, rates, estimate),
      },
      precondition,
    );
    const answer = ctx.access.withInstance(trip, instanceId, user.id);
    const made = new Set(fromAmountIds);
    return {
      ...answer,
      item: answer.instance.items.find((candidate) => candidate._id === item._id)!,
      itemised_from_amounts: answer.instance.items.filter((candidate) => made.has(candidate._id)),
    };
  };

export const editItem =
  (ctx: TripsContext) =>
  (
    user: AuthUser,
    tripId: string,
    instanceId: string,
    itemId: string,
    fields: Partial<ItemInput>,
    precondition?: Precondition,
  ): Promise<ItemChange> =>
    changeItem(
      ctx,
      user,
      [tripId, instanceId, itemId],
      {
        needsRates: (current) => editItemNeedsRates(current, instanceId, itemId, fields, ctx.now()),
        apply: (current, at, rates) => applyEditItem(current, instanceId, itemId, fields, at, rates),
      },
      precondition,
    );

/** "Still this price": the item's price in use was seen again today. */
export const checkItem =
  (ctx: TripsContext): ItemAction =>
  (user, tripId, instanceId, itemId, precondition) =>
    changeItem(
      ctx,
      user,
      [tripId, instanceId, itemId],
      { needsRates: () => false, apply: (current, at) => applyCheckedItem(current, instanceId, itemId, at) },
      precondition,
    );

export const removeItem =
  ({ access, writes }: TripsContext): ItemAction =>
  async (user, tripId, instanceId, itemId, precondition) => {
    const trip = await writes.changeTrip(
      user,
      tripId,
      'item',
      (current, at) => applyRemoveItem(current, instanceId, itemId, at),
      precondition,
    );
    return access.withInstance(trip, instanceId, user.id);
  };

/**
 * Every item in another currency of one window (instanceId) or of the whole trip (null)
 * at today's rates; first_rate stays. Unchanged rates change nothing (no new version).
 */
export const reprice =
  ({ access, writes }: TripsContext) =>
  async (
    user: AuthUser,
    tripId: string,
    instanceId: string | null,
    precondition?: Precondition,
  ): Promise<RepriceAnswer> => {
    const before = (await access.tripFor(user.id, tripId, 'edit')).trip;
    if (instanceId !== null && !before.instances.some((instance) => instance._id === instanceId)) {
      throw notFound(INSTANCE_NOT_FOUND);
    }
    const scope = instanceId === null ? null : [instanceId];
    const after = await writes.changeTripWithRates(
      user,
      tripId,
      'prices',
      {
        needsRates: (current: TripRecord) => repriceNeedsRates(current, scope),
        apply: (current: TripRecord, at: string, rates: RateTable | undefined) =>
          applyReprice(current, scope, rates, at),
      },
      precondition,
    );
    const [was, is] = [access.view(before, user.id), access.view(after, user.id)];
    const windows = is.instances
      .filter((instance) => scope === null || scope.includes(instance._id))
      .map((instance): WindowReprice => {
        const old = was.instances.find((candidate) => candidate._id === instance._id);
        return {
          instance_id: instance._id,
          fx_effect_before: old?.fx_effect ?? 0,
          fx_effect_after: instance.fx_effect,
          total_cost_before: old?.total_cost ?? 0,
          total_cost_after: instance.total_cost,
        };
      });
    return { trip: is, windows, fx_effect_before: was.fx_effect, fx_effect_after: is.fx_effect };
  };
