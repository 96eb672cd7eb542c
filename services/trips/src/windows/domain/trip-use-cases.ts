// The trip's own use cases: create, change (its fields, currency and who sees costs),
// delete, the owner's favourite flag from wishlist events, and forgetting a deleted
// account. Each reads through sharing's access rule and writes through the write path.
import { forgetInHistory } from '../../history';
import { currencyDigits, DEFAULT_CURRENCY, newId, roundMoney, type AuthUser } from '@tripcost/shared';
import type { BudgetBasis } from '../../costs';
import { checkCurrency, currencyChangeNeedsRates } from '../../currency';
import { applyFormerMember, peopleNeedRates } from '../../shares';
import {
  tripCreated,
  tripDeleted,
  tripUpdated,
  withAlertState,
  withTripEvent,
  type SharedTripView,
} from '../../sharing';
import { deriveTripLocation, FORMER_MEMBER, NO_DATES_OR_EXPENSES, roleOf, UNNAMED, type TripRecord } from '../../trip';
import { purgeBinnedTrip, setFavoriteInBin } from './binned-trips';
import type { TripsContext } from './context';
import { applyFavorite, applyUpdate, type TripUpdate } from './trip-changes';
import { checkTrip } from './change-checks';
import type { Actor, Precondition } from './write-path';

export interface NewTrip {
  location_address: string;
  trip_location?: string;
  place_id?: string;
  image_url?: string;
  travelers?: number;
  budget?: number | null;
  budget_basis?: BudgetBasis;
  origin?: string;
  /** ISO 4217; USD when absent. */
  currency?: string;
}

const memberName = (user: AuthUser): string => user.name?.trim() || UNNAMED;

const digitsOf = (input: NewTrip): number => currencyDigits(input.currency ?? DEFAULT_CURRENCY);

export const createTrip =
  ({ store, now, access, writes, recorder }: TripsContext) =>
  async (user: AuthUser, input: NewTrip): Promise<SharedTripView> => {
    const at = now();
    const trip: TripRecord = {
      _id: newId(),
      user_id: user.id,
      user_email: user.email,
      location_address: input.location_address,
      trip_location: input.trip_location || deriveTripLocation(input.location_address),
      ...(input.place_id ? { place_id: input.place_id } : {}),
      image_url: input.image_url ?? '',
      ...NO_DATES_OR_EXPENSES,
      isFavorite: false,
      instances: [],
      committedInstanceId: null,
      travelers: input.travelers ?? 1,
      budget: input.budget === undefined || input.budget === null ? null : roundMoney(input.budget, digitsOf(input)),
      budget_basis: input.budget_basis ?? 'trip',
      currency: checkCurrency(input.currency ?? DEFAULT_CURRENCY),
      ...(input.origin ? { origin: input.origin } : {}),
      created_at: at,
      updated_at: at,
      version: 1,
      members: [{ user_id: user.id, name: memberName(user), role: 'owner', joined_at: at }],
      hide_costs_from_viewers: true,
    };
    checkTrip(null, trip);
    const remembered = recorder.remember(null, trip, user, 'create', at);
    await store.insert(withTripEvent(withAlertState(remembered, at, null, user.id), tripCreated(remembered, at)));
    writes.nudgeOutbox();
    await recorder.settle(remembered);
    return access.view(trip, user.id);
  };

export const updateTrip =
  ({ access, writes }: TripsContext) =>
  async (
    user: AuthUser,
    tripId: string,
    {
      hide_costs_from_viewers: hide,
      show_own_share: showOwn,
      ...sent
    }: TripUpdate & { hide_costs_from_viewers?: boolean; show_own_share?: boolean },
    precondition?: Precondition,
  ): Promise<SharedTripView> => {
    // The change's own read checks the role (changing who sees costs, or their own share, is the owner's).
    const action = hide === undefined && showOwn === undefined ? 'edit' : 'manage';
    // New people's ids are chosen once, so a retried change makes the same people.
    const fields = { ...sent, newPeopleIds: (sent.people ?? []).filter((person) => !person._id).map(() => newId()) };
    const change = {
      // A new trip currency (or settle currency) converts at today's rates: asked for before the change applies.
      needsRates: (current: TripRecord) =>
        currencyChangeNeedsRates(current, fields.currency) || peopleNeedRates(current, fields.people),
      apply: (current: TripRecord, at: string, rates: Parameters<typeof applyUpdate>[3]) => {
        // Favourites are the owner's (wishlist events); a member's own live in their wishlists.
        const update = roleOf(current, user.id) === 'owner' ? fields : { ...fields, isFavorite: undefined };
        const next = applyUpdate(current, update, at, rates);
        const hiding =
          hide === undefined || hide === (current.hide_costs_from_viewers ?? true)
            ? {}
            : { hide_costs_from_viewers: hide };
        const showing =
          showOwn === undefined || showOwn === (current.show_own_share ?? false) ? {} : { show_own_share: showOwn };
        return { ...next, ...hiding, ...showing };
      },
    };
    const changed = await writes.changeTripWithRates(user, tripId, 'trip', change, precondition, tripUpdated, action);
    return access.view(changed, user.id);
  };

/**
 * The trip becomes a tombstone carrying its trip.deleted event: gone for every reader
 * at once. Deleted by hand, it stays in its owner's bin for 30 days (`in_bin`, restorable);
 * otherwise (an account deletion) it is purged by the relay once the event is out.
 */
export const removeTrip =
  ({ writes }: TripsContext, { toBin }: { toBin: boolean }) =>
  (actor: Actor, tripId: string, precondition?: Precondition) =>
    writes.changeTrip(
      actor,
      tripId,
      'deleted',
      (current, at) => ({ ...current, deleted_at: at, ...(toBin ? { in_bin: true } : {}) }),
      precondition,
      tripDeleted,
      'delete',
    );

/**
 * From wishlist events: only the user's own trips change; missing ones are ignored. A trip
 * in its owner's bin takes the flag too (setFavoriteInBin), so its restore reads as the
 * owner's lists hold it; one restored meanwhile takes it live, on the second try.
 */
export const setFavorite =
  (ctx: TripsContext) =>
  async (userId: string, tripIds: string[], isFavorite: boolean): Promise<void> => {
    const live = (tripId: string) =>
      ctx.writes
        .changeTrip(
          { id: userId },
          tripId,
          'trip',
          (current, at) => (current.isFavorite === isFavorite ? current : applyFavorite(current, isFavorite, at)),
          {},
          tripUpdated,
          'manage', // the owner's favourite: a member's favourites live in their own wishlists
        )
        .then(
          () => 'done' as const,
          (error) => {
            // Another user's trip (403), or not live (404: in the bin, or gone).
            if (error?.status === 403) return 'done' as const;
            if (error?.status === 404) return 'not-live' as const;
            throw error;
          },
        );
    for (const tripId of new Set(tripIds)) {
      if ((await live(tripId)) === 'done') continue;
      if ((await setFavoriteInBin(ctx, userId, tripId, isFavorite)) === 'done') continue;
      // Restored between the two reads: live now. Still 404: gone for good, nothing to set.
      await live(tripId);
    }
  };

/**
 * From user.deleted: their person on other trips becomes "A former member" without their
 * account; they leave every trip shared with them, as if they left (their name and votes
 * go with them); then their own trips, each deleted as by hand (a
 * tombstone carrying trip.deleted), so their members' lists, wishlists and exports lose
 * it too.
 */
export const forgetUser =
  (ctx: TripsContext, leaveTrip: (user: AuthUser, tripId: string) => Promise<unknown>) =>
  async (userId: string): Promise<number> => {
    const leaver: AuthUser = { id: userId, email: '', role: 0, name: UNNAMED };
    // Gone meanwhile, or no longer theirs: nothing left to do (a redelivered event).
    const unlessGone = (error: { status?: number }) => {
      if (error?.status !== 404 && error?.status !== 403) throw error;
      return null;
    };
    // First, on every other trip naming them, their person becomes "A former member" (changed as the trip's owner).
    const naming = await ctx.store.idsNamingUser(userId);
    for (const tripId of naming) {
      const trip = await ctx.store.findById(tripId);
      if (!trip || trip.user_id === userId) continue;
      const owner = { id: trip.user_id, name: FORMER_MEMBER };
      await ctx.writes
        .changeTrip(
          owner,
          tripId,
          'trip',
          (current, at) => applyFormerMember(current, userId, at),
          {},
          undefined,
          'read',
        )
        .catch(unlessGone);
    }
    const shared = await ctx.store.idsSharedWith(userId);
    for (const tripId of shared) {
      await leaveTrip(leaver, tripId).catch(unlessGone);
    }
    // Their entries stay in the trips they shared, without their name or id.
    await forgetInHistory(ctx.store.history, shared, userId);
    // The last change of each of those trips may still wait in the trip itself (recorder.ts),
    // naming them as it was made: it leaves the stored trip now, not with its next change.
    for (const tripId of new Set([...naming, ...shared])) {
      const trip = await ctx.store.findById(tripId);
      if (trip) await ctx.recorder.clearSettled(trip);
    }
    // Privacy first: what they deleted, the bins of their own trips and the trips in their bin go at once.
    await ctx.store.bin.forgetUser(userId);
    for (const binned of await ctx.store.binnedTrips({ ownerId: userId })) await purgeBinnedTrip(ctx, binned);
    const remove = removeTrip(ctx, { toBin: false });
    let removed = 0;
    for (const tripId of await ctx.store.idsByUser(userId)) {
      if ((await remove(leaver, tripId).catch(unlessGone)) !== null) removed += 1;
    }
    return removed;
  };
