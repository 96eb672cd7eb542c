// Outgoing trip events. Each is written into the trip's outbox in the same write as
// the change it announces (see the shared outbox); the relay publishes them.
import {
  outboxEvent,
  versionOf,
  withEvent,
  withLatestEvent,
  type OutboxEvent,
  type TripSnapshot,
} from '@tripcost/shared';
import { withAlertState } from './alert-state';
import { accessByMember } from './sharing';
import { tripSnapshot, type TripRecord } from '../../trip';

/**
 * Makes the event a change of the trip announces, if any (`before`: the trip as read,
 * `trip`: as it will be stored); null announces nothing.
 */
export type Announce = (trip: TripRecord, at: string, before: TripRecord) => OutboxEvent | null;

/**
 * What other services keep of a trip: its snapshot, the version it will be stored at
 * and what each member may see of it (accessByMember), so every copy follows who may
 * see what (docs/privacy.md).
 */
export function announcedSnapshot(trip: TripRecord, version: number): TripSnapshot {
  return { ...tripSnapshot(trip), version, access: accessByMember(trip) };
}

/** Whether two versions of a trip announce the same snapshot (the version aside). */
export function sameAnnouncedSnapshot(a: TripRecord, b: TripRecord): boolean {
  const [before, after] = [announcedSnapshot(a, 0), announcedSnapshot(b, 0)];
  return (Object.keys(after) as Array<keyof TripSnapshot>).every((key) =>
    key === 'access' ? sameAccess(before.access!, after.access!) : before[key] === after[key],
  );
}

const sameAccess = (a: Record<string, string>, b: Record<string, string>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([user, access]) => b[user] === access);

export const tripCreated = (trip: TripRecord, at: string): OutboxEvent =>
  outboxEvent('trip.created', { trip: announcedSnapshot(trip, versionOf(trip)) }, at);

/**
 * Other services keep only the trip's announced snapshot, so a change that leaves it
 * as it was (travelers, budget, a window's notes or status, an item of a window that
 * is not the plan, an invitation) announces nothing, as adding a window does not. A
 * change of members, roles or hiding changes `access`, so it is announced.
 */
export const tripUpdated: Announce = (trip, at, before) =>
  sameAnnouncedSnapshot(before, trip)
    ? null
    : outboxEvent('trip.updated', { trip: announcedSnapshot(trip, versionOf(before) + 1) }, at);

/** A trip back from its owner's bin: every copy gets its snapshot again (trip.deleted made them drop it). */
export const tripRestored: Announce = (trip, at, before) =>
  outboxEvent('trip.updated', { trip: announcedSnapshot(trip, versionOf(before) + 1) }, at);

/**
 * A trip deleted: into its owner's bin (`binned`, with the version it is stored at, so a
 * copy set aside comes back with the next trip.updated, a restore's), or for good.
 */
export const tripDeleted: Announce = (trip, at, before) =>
  outboxEvent(
    'trip.deleted',
    { tripId: trip._id, userId: trip.user_id, binned: trip.in_bin === true, version: versionOf(before) + 1 },
    at,
  );

/**
 * The trip with the event in its outbox. A trip.updated carries the whole snapshot and
 * its consumers keep only the newest (wishlists: `snapshot_at`), so it replaces a
 * trip.updated still pending: a trip edited faster than the relay publishes keeps one
 * pending snapshot, not a growing outbox that every write of the trip copies again.
 */
export const withTripEvent = (trip: TripRecord, event: OutboxEvent): TripRecord =>
  event.type === 'trip.updated' ? withLatestEvent(trip, event) : withEvent(trip, event);

/**
 * The changed trip with its trip.updated, when the change alters what other services keep
 * (tripUpdated), and its trip.alert-state when what alerts read changed (alert-state.ts).
 */
export function withTripUpdate(
  trip: TripRecord,
  at: string,
  before: TripRecord,
  actorId: string | null = null,
): TripRecord {
  const event = tripUpdated(trip, at, before);
  const announced = withAlertState(trip, at, before, actorId);
  return event ? withTripEvent(announced, event) : announced;
}
