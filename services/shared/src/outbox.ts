// The transactional outbox. A service that changes a document and must tell other
// services writes the event into the same document, in the same single-document
// write as the change (`outbox` field), so a stored change always has its event and
// no event exists for a change that was not stored. The relay publishes pending
// events to BullMQ with their stable ids (the BullMQ jobId, so a re-publish is
// dropped) and then marks them sent. It retries with backoff forever and, because
// the pending events live in the documents, picks up after a restart where it left
// off. Delivery is at least once; consumers are idempotent.
import { randomUUID } from 'node:crypto';
import type { EventPayloads, EventPublisher, EventType } from './events';
import type { Logger } from './logger';
import { backoffMs } from './retry';

export interface OutboxEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: EventPayloads[T];
  occurredAt: string;
}

export interface WithOutbox {
  /** Events announcing changes of this document, not yet published. */
  outbox?: OutboxEvent[];
}

export function outboxEvent<T extends EventType>(
  type: T,
  payload: EventPayloads[T],
  occurredAt: string,
): OutboxEvent<T> {
  return { id: randomUUID(), type, payload, occurredAt };
}

/** The document with the event appended to its outbox (a new object; the input is not changed). */
export function withEvent<D extends WithOutbox>(doc: D, event: OutboxEvent): D {
  return { ...doc, outbox: [...(doc.outbox ?? []), event] };
}

/**
 * The document with the event in its outbox in place of any pending event of the same
 * type: for an event that carries the document's whole state, of which consumers need
 * only the newest. An event the relay already took is published all the same (its
 * markSent then finds nothing to remove), so each consumer still gets the newest state.
 */
export function withLatestEvent<D extends WithOutbox>(doc: D, event: OutboxEvent): D {
  return { ...doc, outbox: [...(doc.outbox ?? []).filter((pending) => pending.type !== event.type), event] };
}

/** Where a relay finds pending events: implemented by each service's store. */
export interface OutboxStore {
  /** Documents with pending events, at most `limit`. */
  pendingEvents(limit: number): Promise<{ docId: string; events: OutboxEvent[] }[]>;
  /** Removes the published events from the document's outbox (and purges a deleted document once it is empty). */
  markSent(docId: string, eventIds: string[]): Promise<void>;
}

export interface OutboxRelay {
  /** Publish now (called after a write) instead of waiting for the next poll. */
  nudge(): void;
  /** Resolves once a pass found nothing pending (tests and shutdown). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface OutboxRelayOptions {
  /** How often to look for events left pending (e.g. by a crash or a Redis outage). */
  pollMs?: number;
  /** Longest wait between attempts while publishing fails. */
  maxBackoffMs?: number;
  batch?: number;
}

export function startOutboxRelay(
  store: OutboxStore,
  publisher: Pick<EventPublisher, 'publish'>,
  logger: Logger,
  { pollMs = 1000, maxBackoffMs = 30_000, batch = 100 }: OutboxRelayOptions = {},
): OutboxRelay {
  let closed = false;
  let running: Promise<boolean> | undefined;
  let again = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: Array<() => void> = [];

  /** One pass: publish everything pending; true when nothing was left. */
  async function pass(): Promise<boolean> {
    for (;;) {
      const pending = await store.pendingEvents(batch);
      if (pending.length === 0) return true;
      for (const { docId, events } of pending) {
        for (const event of events) await publisher.publish(event.type, event.payload, event.id, event.occurredAt);
        await store.markSent(
          docId,
          events.map((event) => event.id),
        );
      }
    }
  }

  function schedule(delayMs: number) {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref();
  }

  function run() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().then(
      (idle) => {
        if (failures > 0) logger.info({ afterFailures: failures }, 'outbox relay publishing again');
        failures = 0;
        return idle;
      },
      (error) => {
        failures += 1;
        if (failures === 1 || failures % 20 === 0) {
          logger.warn({ err: error, failures }, 'outbox relay could not publish; retrying with backoff');
        }
        return false;
      },
    );
    void running.then((idle) => {
      running = undefined;
      if (idle && !again) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
      if (again) {
        again = false;
        schedule(0);
      } else {
        schedule(failures > 0 ? backoffMs(Math.min(failures, 12) + 1, { baseMs: 100, maxMs: maxBackoffMs }) : pollMs);
      }
    });
  }

  schedule(0);
  return {
    nudge: () => run(),
    settled: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        run();
      }),
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
  };
}
