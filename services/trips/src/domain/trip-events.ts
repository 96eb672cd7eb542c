// Outgoing trip events. Each is written into the trip's outbox in the same write as
// the change it announces (see the shared outbox); the relay publishes them.
import { outboxEvent, type OutboxEvent } from '@tripcost/shared';
import { tripSnapshot, type TripRecord } from './trip';

export const tripCreated = (trip: TripRecord, at: string): OutboxEvent =>
  outboxEvent('trip.created', { trip: tripSnapshot(trip) }, at);

export const tripUpdated = (trip: TripRecord, at: string): OutboxEvent =>
  outboxEvent('trip.updated', { trip: tripSnapshot(trip) }, at);

export const tripDeleted = (trip: TripRecord, at: string): OutboxEvent =>
  outboxEvent('trip.deleted', { tripId: trip._id, userId: trip.user_id }, at);
