// Outgoing trip events (DESIGN.md §5). The write to the store is the source of
// truth: an event is published after the write, in the background, retried a few
// times, and a failure is logged, never turned into a failed request. `drain()`
// lets shutdown wait for publishes still in flight.
import type { EventPayloads, EventPublisher, EventType, Logger } from '@tripcost/shared';
import { tripSnapshot, type TripRecord } from '../domain/trip';

export interface TripEvents {
  created(trip: TripRecord): void;
  updated(trip: TripRecord): void;
  deleted(trip: TripRecord): void;
  drain(): Promise<void>;
}

const ATTEMPTS = 3;
const ATTEMPT_TIMEOUT_MS = 2000;
const RETRY_DELAY_MS = 200;

export function tripEvents(publisher: EventPublisher, logger: Logger): TripEvents {
  const inFlight = new Set<Promise<void>>();

  const publish = <T extends EventType>(type: T, payload: EventPayloads[T]) => {
    const eventId = crypto.randomUUID();
    const attempt = async () => {
      for (let tries = 1; ; tries++) {
        try {
          await withTimeout(publisher.publish(type, payload, eventId), ATTEMPT_TIMEOUT_MS);
          return;
        } catch (error) {
          if (tries >= ATTEMPTS) {
            logger.warn({ err: error, event: type, eventId }, 'event not published; the stored trip is unaffected');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * tries));
        }
      }
    };
    const running = attempt();
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  };

  return {
    created: (trip) => publish('trip.created', { trip: tripSnapshot(trip) }),
    updated: (trip) => publish('trip.updated', { trip: tripSnapshot(trip) }),
    deleted: (trip) => publish('trip.deleted', { tripId: trip._id, userId: trip.user_id }),
    async drain() {
      await Promise.all([...inFlight]);
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
