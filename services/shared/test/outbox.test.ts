// The outbox relay: publishes what documents hold, with their own ids and times,
// keeps trying while publishing fails, and marks events sent only once published.
import { outboxEvent, startOutboxRelay, withEvent, withLatestEvent, type OutboxEvent, type OutboxStore } from '../src';
import { silentLogger } from '../src/testing';

/** An OutboxStore over plain objects: the relay's side of the contract, nothing more. */
function memoryOutbox(docs: Map<string, { outbox: OutboxEvent[] }>): OutboxStore {
  return {
    async pendingEvents(limit) {
      return [...docs.entries()]
        .filter(([, doc]) => doc.outbox.length > 0)
        .slice(0, limit)
        .map(([docId, doc]) => ({ docId, events: doc.outbox }));
    },
    async markSent(docId, eventIds) {
      const doc = docs.get(docId);
      if (doc) doc.outbox = doc.outbox.filter((event) => !eventIds.includes(event.id));
    },
  };
}

const updated = (tripId: string) => outboxEvent('trip.deleted', { tripId, userId: 'u1' }, '2030-01-01T00:00:00.000Z');

describe('outbox relay', () => {
  it('when documents hold events, then each is published once with its id and time, and cleared', async () => {
    const docs = new Map([
      ['a', withEvent({ outbox: [] as OutboxEvent[] }, updated('a'))],
      ['b', withEvent(withEvent({ outbox: [] as OutboxEvent[] }, updated('b')), updated('b'))],
    ]);
    const published: unknown[][] = [];
    const relay = startOutboxRelay(
      memoryOutbox(docs),
      { publish: async (...args) => void published.push(args) as never },
      silentLogger(),
    );
    await relay.settled();
    await relay.close();
    expect(published).toHaveLength(3);
    expect(published.map(([type, , id, at]) => [type, typeof id, at])).toEqual(
      Array(3).fill(['trip.deleted', 'string', '2030-01-01T00:00:00.000Z']),
    );
    expect([...docs.values()].every((doc) => doc.outbox.length === 0)).toBe(true);
  });

  it('when publishing fails for a while, then nothing is marked sent until it succeeds, and nothing is lost', async () => {
    const docs = new Map([['a', withEvent({ outbox: [] as OutboxEvent[] }, updated('a'))]]);
    let failuresLeft = 3;
    const published: string[] = [];
    const relay = startOutboxRelay(
      memoryOutbox(docs),
      {
        publish: async (_type, _payload, id) => {
          if (failuresLeft-- > 0) {
            expect(docs.get('a')!.outbox).toHaveLength(1); // still pending while Redis is away
            throw new Error('redis down');
          }
          published.push(id!);
          return undefined as never;
        },
      },
      silentLogger(),
      { pollMs: 10, maxBackoffMs: 20 },
    );
    await relay.settled();
    await relay.close();
    expect(published).toEqual([expect.any(String)]);
    expect(docs.get('a')!.outbox).toEqual([]);
  });

  it('when a latest-state event is added, then it replaces pending events of its type only', () => {
    const deleted = updated('a');
    const created = outboxEvent('trip.created', { trip: { _id: 'a' } as never }, '2030-01-01T00:00:00.000Z');
    const first = outboxEvent('trip.updated', { trip: { _id: 'a' } as never }, '2030-01-01T00:00:00.000Z');
    const second = outboxEvent('trip.updated', { trip: { _id: 'a' } as never }, '2030-01-02T00:00:00.000Z');
    const doc = { outbox: [created, first, deleted] };
    expect(withLatestEvent(doc, second).outbox).toEqual([created, deleted, second]);
    expect(doc.outbox).toEqual([created, first, deleted]); // the input is not changed
    expect(withLatestEvent({}, second).outbox).toEqual([second]);
  });
});
