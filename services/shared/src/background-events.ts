// Publishing after a write. The store is the source of truth: an event is sent
// after the write, in the background, retried a few times with a timeout each, and
// a failure is logged, never turned into a failed request (the change is already
// saved). `drain()` lets shutdown wait for publishes still in flight.
import { randomUUID } from 'node:crypto';
import type { EventPayloads, EventPublisher, EventType } from './events';
import type { Logger } from './logger';

export interface BackgroundEvents {
  publish<T extends EventType>(type: T, payload: EventPayloads[T]): void;
  drain(): Promise<void>;
}

export interface BackgroundOptions {
  attempts?: number;
  attemptTimeoutMs?: number;
  retryDelayMs?: number;
}

export function publishInBackground(
  publisher: Pick<EventPublisher, 'publish'>,
  logger: Logger,
  { attempts = 3, attemptTimeoutMs = 2000, retryDelayMs = 200 }: BackgroundOptions = {},
): BackgroundEvents {
  const inFlight = new Set<Promise<void>>();
  return {
    publish(type, payload) {
      // One id for every attempt: a retry after a slow success is dropped as a duplicate.
      const eventId = randomUUID();
      const run = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            await withTimeout(publisher.publish(type, payload, eventId), attemptTimeoutMs);
            return;
          } catch (error) {
            if (attempt >= attempts) {
              logger.warn({ err: error, event: type, eventId }, 'event not published; the stored change stands');
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, retryDelayMs * attempt));
          }
        }
      })();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    },
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
