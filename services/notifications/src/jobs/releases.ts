// Releases wait in Redis as BullMQ delayed jobs (issue 42: quiet hours and the digest
// delay, never drop): one job per person and time, so the alerts of one quiet night or
// one day's digest are released together, and a restart loses none. The domain decides
// what is due and where it goes (notifications.release, delivery.ts); this file only waits.
import { Queue, Worker, type Job } from 'bullmq';
import { bullConnectionOptions, EVENT_JOB_OPTIONS, type Logger } from '@tripcost/shared';
import type { ReleaseScheduler } from '../domain/delivery';
import type { Notifications } from '../domain/notifications';

export const RELEASES_QUEUE = 'tripcost-notifications-releases';

export interface ReleaseJobs extends ReleaseScheduler {
  queue: Queue;
  /** Starts running due releases (after the domain that runs them is made). */
  run(notifications: Notifications, now: () => Date): void;
  close(): Promise<void>;
}

export function startReleaseJobs(options: { redisUrl: string; logger: Logger; prefix?: string }): ReleaseJobs {
  const connection = bullConnectionOptions(options.redisUrl);
  const queue = new Queue(RELEASES_QUEUE, { connection, prefix: options.prefix });
  queue.on('error', (error) => options.logger.warn({ err: error }, 'release queue error'));
  let worker: Worker | undefined;
  return {
    queue,
    async release(userId, at, now) {
      await queue.add(
        'release',
        { user_id: userId, due: at.toISOString() },
        {
          ...EVENT_JOB_OPTIONS,
          jobId: `release_${userId}_${at.getTime()}`,
          delay: Math.max(0, at.getTime() - now.getTime()),
          // Gone once done: a later alert due at the same time (a clock standing still in
          // tests, a second alert of the same millisecond) gets a job of its own again.
          removeOnComplete: true,
        },
      );
    },
    run(notifications, now) {
      worker = new Worker(
        RELEASES_QUEUE,
        async (job: Job<{ user_id: string; due: string }>) => {
          const sent = await notifications.release(job.data.user_id, now());
          options.logger.debug({ jobId: job.id, sent }, 'alerts released');
        },
        { connection, prefix: options.prefix, concurrency: 4 },
      );
      worker.on('error', (error) => options.logger.warn({ err: error }, 'release worker error'));
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
