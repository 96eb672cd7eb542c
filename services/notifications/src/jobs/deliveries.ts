// Push and webhook messages wait in Redis as BullMQ jobs (issue 42, ADR 0079): one job
// per alert, channel and browser, its id the delivery's own (so an alert queued again is
// queued once), tried `attempts` times with exponential backoff; the domain decides what
// a failure means (channels/channels.ts). The job's last try is told so: a webhook that
// failed every try of a message counts one failure towards being switched off.
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { bullConnectionOptions, type Logger } from '@tripcost/shared';
import type { Channels, Delivery, DeliveryQueue } from '../domain/channels/channels';

export const DELIVERIES_QUEUE = 'tripcost-notifications-deliveries';

export interface DeliveryJobs extends DeliveryQueue {
  queue: Queue;
  run(channels: Channels): void;
  close(): Promise<void>;
}

export function startDeliveryJobs(options: {
  redisUrl: string;
  logger: Logger;
  prefix?: string;
  attempts: number;
  backoffMs: number;
}): DeliveryJobs {
  const connection = bullConnectionOptions(options.redisUrl);
  const queue = new Queue(DELIVERIES_QUEUE, { connection, prefix: options.prefix });
  queue.on('error', (error) => options.logger.warn({ err: error }, 'delivery queue error'));
  let worker: Worker | undefined;
  return {
    queue,
    async add(deliveries) {
      await queue.addBulk(
        deliveries.map((delivery) => ({
          name: delivery.channel,
          data: delivery,
          opts: {
            jobId: `${delivery.channel}-${delivery.id}`,
            attempts: options.attempts,
            backoff: { type: 'exponential', delay: options.backoffMs },
            removeOnComplete: { age: 24 * 3600, count: 10_000 },
            removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
          },
        })),
      );
    },
    run(channels) {
      worker = new Worker(
        DELIVERIES_QUEUE,
        async (job: Job<Delivery>) => {
          const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          try {
            const outcome = await channels.deliver(job.data, lastTry);
            options.logger.debug({ jobId: job.id, outcome }, 'delivery done');
          } catch (error) {
            options.logger.info({ jobId: job.id, lastTry, reason: (error as Error).message }, 'delivery failed');
            throw lastTry ? new UnrecoverableError((error as Error).message) : error;
          }
        },
        // Several at once: one slow webhook (5 s) must not hold everyone else's messages.
        { connection, prefix: options.prefix, concurrency: 8 },
      );
      worker.on('error', (error) => options.logger.warn({ err: error }, 'delivery worker error'));
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
