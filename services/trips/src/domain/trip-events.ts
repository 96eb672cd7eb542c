// Outgoing trip events. Each is written into the trip's outbox in the same write as
// the change it announces (see the shared outbox); the relay publishes them.
import { outboxEvent, withEvent, withLatestEvent, type OutboxEvent } from '@tripcost/shared';
import { sameSnapshot, tripSnapshot, type TripRecord } from './trip';

/**
 * Makes the event a change of the trip announces, if any (`before`: the trip as read,
 * `trip`: as it will be stored); null announces nothing.
 */
export type Announce = (trip: TripRecord, at: string, before: TripRecord) => OutboxEvent | null;

export const tripCreated = (trip: TripRecord, at: string): OutboxEvent =>
  outboxEvent('trip.created', { trip: tripSnapshot(trip) }, at);

/**
 * Other services keep only the trip's snapshot (tripSnapshot), so a change that leaves
 * it as it was (travelers, budget, a window's notes or status, an item of a window that
 * is not the plan) announces nothing, as adding a window does not.
 */
export const tripUpdated: Announce = (trip, at, before) =>
  sameSnapshot(before, trip) ? null : outboxEvent('trip.updated', { trip: tripSnapshot(trip) }, at);

export const tripDeleted: Announce = (trip, at) =>
  outboxEvent('trip.deleted', { tripId: trip._id, userId: trip.user_id }, at);

/**
 * The trip with the event in its outbox. A trip.updated carries the whole snapshot and
 * its consumers keep only the newest (wishlists: `snapshot_at`), so it replaces a
 * trip.updated still pending: a trip edited faster than the relay publishes keeps one
 * pending snapshot, not a growing outbox that every write of the trip copies again.
 */
export const withTripEvent = (trip: TripRecord, event: OutboxEvent): TripRecord =>
  event.type === 'trip.updated' ? withLatestEvent(trip, event) : withEvent(trip, event);
