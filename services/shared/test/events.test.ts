import { Queue } from 'bullmq';
import { bullConnectionOptions, createEventPublisher, inboxQueueName, startInbox, type EventEnvelope } from '../src';
import { eventually, silentLogger, testQueuePrefix, testRedisUrl } from '../src/testing';

describe('events over BullMQ', () => {
  const prefix = testQueuePrefix();
  const logger = silentLogger();
  const publisher = createEventPublisher(testRedisUrl(), logger, prefix);
  afterAll(() => publisher.close());

  it('when an event is published, then each consumer inbox receives it once, even if published twice with one id', async () => {
    const seen: EventEnvelope[] = [];
    const inbox = startInbox(
      'trips',
      { 'wishlist.deleted': async (event) => void seen.push(event) },
      { redisUrl: testRedisUrl(), logger, prefix },
    );
    const queue = new Queue(inboxQueueName('trips'), { connection: bullConnectionOptions(testRedisUrl()), prefix });
    try {
      const payload = { wishlistId: 'a'.repeat(24), userId: 'b'.repeat(24), tripIds: ['c'.repeat(24)] };
      await publisher.publish('wishlist.deleted', payload, 'event-1');
      await publisher.publish('wishlist.deleted', payload, 'event-1');
      // Once the inbox holds nothing left to deliver, no second delivery can still come.
      await eventually(async () => {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
        return counts.waiting + counts.active + counts.delayed === 0 && counts.completed + counts.failed >= 1;
      });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id: 'event-1', type: 'wishlist.deleted', payload });
    } finally {
      await inbox.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('when a handler keeps failing, then the job is retried and finally kept in the failed set for inspection', async () => {
    const failingPrefix = testQueuePrefix();
    const failingPublisher = createEventPublisher(testRedisUrl(), logger, failingPrefix);
    let attempts = 0;
    const inbox = startInbox(
      'wishlists',
      {
        'trip.deleted': async () => {
          attempts += 1;
          throw new Error('store unavailable');
        },
      },
      { redisUrl: testRedisUrl(), logger, prefix: failingPrefix },
    );
    const queue = new Queue(inboxQueueName('wishlists'), {
      connection: bullConnectionOptions(testRedisUrl()),
      prefix: failingPrefix,
    });
    try {
      await failingPublisher.publish('trip.deleted', { tripId: 'a'.repeat(24), userId: 'b'.repeat(24) }, 'event-fail');
      await eventually(() => attempts >= 2);
      const job = await queue.getJob('event-fail');
      expect(job?.attemptsMade).toBeGreaterThanOrEqual(1);
      expect(job?.opts.attempts).toBe(10);
      expect(job?.opts.backoff).toEqual({ type: 'exponential', delay: 500 });
      expect(job?.failedReason).toBe('store unavailable');
    } finally {
      await inbox.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await failingPublisher.close();
    }
  });
});
