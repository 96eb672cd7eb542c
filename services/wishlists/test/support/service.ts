// Boots the real wishlists service in-process on port 0 for a test file, and reads
// the events it publishes from the trips inbox (nothing consumes it in these tests).
import { Queue } from 'bullmq';
import { bullConnectionOptions, inboxQueueName, type EventEnvelope, type EventType } from '@tripcost/shared';
import { silentLogger, testServiceEnv } from '@tripcost/shared/testing';
import type { AuthUser } from '@tripcost/shared';
import { configFrom, startWishlists, type RunningWishlists, type WishlistsConfig } from '../../src';

export function testConfig(overrides: Record<string, string> = {}): WishlistsConfig {
  return configFrom(testServiceEnv(overrides));
}

export async function bootWishlists(overrides: Record<string, string> = {}) {
  const config = testConfig(overrides);
  const service: RunningWishlists = await startWishlists(config, silentLogger());
  const queue = (name: string) =>
    new Queue(name, { connection: bullConnectionOptions(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
  const tripsInbox = queue(inboxQueueName('trips'));
  return {
    config,
    service,
    /** Events published to the trips service about this user, oldest first. */
    async eventsFor(user: AuthUser): Promise<EventEnvelope[]> {
      const jobs = await tripsInbox.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
      return jobs
        .map((job) => job.data as EventEnvelope)
        .filter((event) => (event.payload as { userId?: string }).userId === user.id)
        .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
    },
    async stop() {
      await service.stop();
      // Leave nothing behind in Redis under this file's unique prefix.
      const ownInbox = queue(inboxQueueName('wishlists'));
      for (const inbox of [tripsInbox, ownInbox]) {
        await inbox.obliterate({ force: true });
        await inbox.close();
      }
    },
  };
}

export const eventSummary = (events: EventEnvelope[]) =>
  events.map((event) => ({ type: event.type as EventType, payload: event.payload }));
