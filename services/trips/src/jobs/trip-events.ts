// Outgoing trip events (docs/architecture.md §5), published after the write in the background
// by the shared publishInBackground: the stored trip is the source of truth, and a
// publish that fails after its retries is logged, never a failed request.
import { publishInBackground, type EventPublisher, type Logger } from '@tripcost/shared';
import { tripSnapshot, type TripRecord } from '../domain/trip';

export interface TripEvents {
  created(trip: TripRecord): void;
  updated(trip: TripRecord): void;
  deleted(trip: TripRecord): void;
  drain(): Promise<void>;
}

export function tripEvents(publisher: Pick<EventPublisher, 'publish'>, logger: Logger): TripEvents {
  const events = publishInBackground(publisher, logger);
  return {
    created: (trip) => events.publish('trip.created', { trip: tripSnapshot(trip) }),
    updated: (trip) => events.publish('trip.updated', { trip: tripSnapshot(trip) }),
    deleted: (trip) => events.publish('trip.deleted', { tripId: trip._id, userId: trip.user_id }),
    drain: () => events.drain(),
  };
}
