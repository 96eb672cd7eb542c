// Events between services over BullMQ (docs/architecture.md §5). A producer enqueues each
// event on the inbox queue of every consumer; the event id is the BullMQ jobId so a
// re-published event is dropped, and failed jobs are retried with exponential
// backoff and then kept for inspection.
import { randomUUID } from 'node:crypto';
import type { Job, Queue, Worker } from 'bullmq';
import type { Deployable } from './deployables.generated';
import type { Logger } from './logger';
import { bullConnectionOptions } from './redis';

/**
 * bullmq is loaded on first use, not when this kit is imported: the gateway imports
 * the kit but never queues events, and bullmq is ~5 MB of heap that every full
 * garbage collection of the gateway would otherwise walk (docs/adr/0022).
 */
let bullmq: typeof import('bullmq') | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a deliberate lazy load, see above
const loadBullmq = (): typeof import('bullmq') => (bullmq ??= require('bullmq') as typeof import('bullmq'));

/**
 * A service: a deployable of the root deployables.json whose workspace is under services/
 * (the gateway is not one). Derived from the list compiled into the kit, so a service
 * written literally (an event consumer, a service client's callee, startService's name)
 * is checked by the compiler against what is deployed.
 */
export type ServiceName = Extract<Deployable, { dir: `services/${string}` }>['name'];

export interface TripSnapshot {
  _id: string;
  user_id: string;
  user_email: string;
  location_address: string;
  trip_location: string;
  image_url: string;
  trip_start: string | null;
  trip_end: string | null;
  total_cost: number;
  /** ISO 4217 code total_cost is in; absent in events sent before currencies (USD). */
  currency?: string;
  isFavorite: boolean;
  /**
   * The trip's version after the change this snapshot announces; a consumer keeps the
   * newest. Absent in events sent before access travelled with them.
   */
  version?: number;
  /**
   * What each member may see of the trip, by user id, as of this version (the trips
   * service's one visibility rule): `full`, or `hidden` (no money). Anyone absent has
   * no access. A copy of trip data shows money to a holder only when the newest
   * snapshot says `full` for them; an event without `access` (sent before it existed)
   * shows money to the owner alone.
   */
  access?: Record<string, TripAccess>;
}

/** What one person may see of a trip: all of it, or all but its money. */
export type TripAccess = 'full' | 'hidden';

/**
 * A holder's access as a snapshot says it: `none` for someone who is no longer a
 * member. Errs on the side of hiding for snapshots sent before `access` existed.
 */
export function snapshotAccessFor(
  snapshot: Pick<TripSnapshot, 'user_id' | 'access'>,
  userId: string,
): TripAccess | 'none' {
  if (snapshot.access === undefined) return snapshot.user_id === userId ? 'full' : 'hidden';
  if (!Object.hasOwn(snapshot.access, userId)) return 'none';
  return snapshot.access[userId] === 'full' ? 'full' : 'hidden';
}

/**
 * What the notifications service needs of a trip after a change (issue 42): the
 * figures the trips service's one comparison computed, in whole minor units of the
 * trip's currency, and who may see what. Consumers keep the newest by `version`.
 */
export interface TripAlertState {
  _id: string;
  /** The trip's place, as its title reads ("Lisbon, Portugal"). */
  name: string;
  currency: string;
  version: number;
  /** What each member may see (as TripSnapshot.access). */
  access: Record<string, TripAccess>;
  /** Each member's name as the trip shows it, by user id. */
  names: Record<string, string>;
  /** The cheapest window the comparison counts, or null when none qualifies. */
  cheapest: { instance_id: string; label: string; total: number } | null;
  /**
   * The committed window (the plan), or null. Dates are YYYY-MM-DD. `to_pay`: what is
   * still to pay of it (absent in states sent before it existed).
   */
  committed: {
    instance_id: string;
    label: string;
    start: string | null;
    end: string | null;
    total: number;
    to_pay?: number;
  } | null;
  /**
   * The windows still being considered (neither eliminated nor the plan) that have a
   * first day, with each dated price their total rests on: the item, the day its price
   * in use was seen (YYYY-MM-DD) and its cost for the window. Absent in older states.
   */
  considering?: AlertWindow[];
  /** The measured window's figure minus the budget (positive: over), or null without a budget. */
  over_budget_by: number | null;
  /** Who made the change, when a person did (a re-price by the service: null). */
  actor_id: string | null;
}

/** A window still being considered, as alerts about its prices read it. */
export interface AlertWindow {
  instance_id: string;
  label: string;
  start: string;
  prices: Array<{ item_id: string; name: string; seen_on: string; total: number }>;
}

export interface EventPayloads {
  'trip.created': { trip: TripSnapshot };
  'trip.updated': { trip: TripSnapshot };
  /**
   * `binned`: the trip went to its owner's bin (restorable for 30 days; a trip.updated of
   * a later `version` brings it back): copies set it aside, unseen. Absent or false: gone
   * for good (deleted with its owner's account, or purged from the bin): copies drop it.
   */
  'trip.deleted': { tripId: string; userId: string; binned?: boolean; version?: number };
  /** The trip's alert state after a change (TripAlertState). */
  'trip.alert-state': { trip: TripAlertState };
  /** A member's vote on a window (null: withdrawn), with the names alerts say (the votes digest). */
  'trip.voted': {
    tripId: string;
    instanceId: string;
    label: string;
    userId: string;
    name: string;
    vote: 'yes' | 'maybe' | 'no' | null;
  };
  'wishlist.trip-added': { tripId: string; userId: string; wishlistId: string };
  'wishlist.trip-removed': { tripId: string; userId: string; wishlistId: string };
  'wishlist.deleted': { wishlistId: string; userId: string; tripIds: string[] };
  /** The account is gone: every service deletes whatever it holds of the user. */
  'user.deleted': { userId: string };
}

export type EventType = keyof EventPayloads;

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  payload: EventPayloads[T];
}

/** Who consumes what: the routing table of docs/architecture.md §5. */
export const EVENT_CONSUMERS: Record<EventType, ServiceName[]> = {
  'trip.created': ['integrations'],
  'trip.updated': ['wishlists'],
  'trip.deleted': ['wishlists', 'notifications'],
  'trip.alert-state': ['notifications'],
  'trip.voted': ['notifications'],
  'wishlist.trip-added': ['trips'],
  'wishlist.trip-removed': ['trips'],
  'wishlist.deleted': ['trips'],
  'user.deleted': ['trips', 'wishlists', 'notifications', 'imports'],
};

export const inboxQueueName = (service: ServiceName) => `tripcost-inbox-${service}`;

export const EVENT_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  // Failed jobs stay in the queue's failed set, where they can be inspected and retried.
  removeOnFail: false,
} as const;

export interface EventPublisher {
  /** `occurredAt` defaults to now; an outbox passes the time of the change it announces. */
  publish<T extends EventType>(
    type: T,
    payload: EventPayloads[T],
    eventId?: string,
    occurredAt?: string,
  ): Promise<EventEnvelope<T>>;
  close(): Promise<void>;
}

export function createEventPublisher(redisUrl: string, logger: Logger, prefix?: string): EventPublisher {
  const queues = new Map<ServiceName, Queue>();
  const queueFor = (service: ServiceName) => {
    let queue = queues.get(service);
    if (!queue) {
      queue = new (loadBullmq().Queue)(inboxQueueName(service), {
        connection: bullConnectionOptions(redisUrl),
        prefix,
      });
      queue.on('error', (error) => logger.warn({ err: error, queue: queue?.name }, 'event queue error'));
      queues.set(service, queue);
    }
    return queue;
  };
  return {
    async publish(type, payload, eventId = randomUUID(), occurredAt = new Date().toISOString()) {
      const envelope = { id: eventId, type, occurredAt, payload };
      await Promise.all(
        EVENT_CONSUMERS[type].map((service) =>
          queueFor(service).add(type, envelope, { ...EVENT_JOB_OPTIONS, jobId: eventId }),
        ),
      );
      logger.debug({ event: type, eventId }, 'event published');
      return envelope;
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}

export type EventHandlers = {
  [T in EventType]?: (event: EventEnvelope<T>) => Promise<void>;
};

export interface InboxWorker {
  worker: Worker;
  close(): Promise<void>;
}

/** Consume a service's inbox. Handlers must be idempotent: delivery is at least once. */
export function startInbox(
  service: ServiceName,
  handlers: EventHandlers,
  options: { redisUrl: string; logger: Logger; prefix?: string; concurrency?: number },
): InboxWorker {
  const worker = new (loadBullmq().Worker)(
    inboxQueueName(service),
    async (job: Job<EventEnvelope>) => {
      const handler = handlers[job.data.type] as ((event: EventEnvelope) => Promise<void>) | undefined;
      if (!handler) {
        options.logger.warn({ event: job.data.type, jobId: job.id }, 'no handler for event; ignored');
        return;
      }
      await handler(job.data);
    },
    {
      connection: bullConnectionOptions(options.redisUrl),
      prefix: options.prefix,
      concurrency: options.concurrency ?? 5,
    },
  );
  worker.on('failed', (job, error) => {
    options.logger.warn(
      { err: error, event: job?.data?.type, jobId: job?.id, attempt: job?.attemptsMade },
      'event handling failed',
    );
  });
  worker.on('error', (error) => options.logger.warn({ err: error }, 'event worker error'));
  return { worker, close: () => worker.close() };
}
