// Reminders wait in Redis as BullMQ delayed jobs (issue 42): they survive restarts of the
// service, and a job id per person, window, first day and time keeps each one once
// however often the plan is announced. The domain decides when and whether
// (domain/reminders.ts, notifications.remind); this file only waits.
import { Queue, Worker, type Job } from 'bullmq';
import { bullConnectionOptions, EVENT_JOB_OPTIONS, type Logger } from '@tripcost/shared';
import type { Notifications } from '../domain/notifications';
import { reminderKey, type Reminder, type ReminderScheduler } from '../domain/reminders';

export const REMINDERS_QUEUE = 'tripcost-notifications-reminders';
/** The job name of a trip's cheapest-window re-check after the hour (rules.ts, cheapestRecheck). */
const RECHECK = 'cheapest-recheck';
/** States of a job that will not run again by itself. */
const FINISHED: ReadonlySet<string> = new Set(['completed', 'failed']);

export interface ReminderJobs extends ReminderScheduler {
  queue: Queue;
  /** Starts running due reminders (after the domain that runs them is made). */
  run(notifications: Notifications, now: () => Date): void;
  close(): Promise<void>;
}

export function startReminderJobs(options: { redisUrl: string; logger: Logger; prefix?: string }): ReminderJobs {
  const connection = bullConnectionOptions(options.redisUrl);
  const queue = new Queue(REMINDERS_QUEUE, { connection, prefix: options.prefix });
  queue.on('error', (error) => options.logger.warn({ err: error }, 'reminder queue error'));
  let worker: Worker | undefined;
  // A job id must not contain ':' in BullMQ's custom ids: the key's parts are joined by '_'.
  const jobIdOf = (reminder: Reminder, at: Date) => reminderKey(reminder, at).replaceAll(':', '_');
  /** The job of `reminder` at `at`: `due` is what the wait is for (the delay counts from the domain's clock), kept for inspection. */
  const jobOf = (reminder: Reminder, at: Date, now: Date) => ({
    name: reminder.kind,
    data: { ...reminder, due: at.toISOString() },
    opts: { ...EVENT_JOB_OPTIONS, jobId: jobIdOf(reminder, at), delay: Math.max(0, at.getTime() - now.getTime()) },
  });
  return {
    queue,
    async schedule(reminder, at, now) {
      const job = jobOf(reminder, at, now);
      await queue.add(job.name, job.data, job.opts);
    },
    async move(moves, now) {
      const looked = await Promise.all(
        moves.map(async (move) => {
          const [old, next] = [jobIdOf(move.reminder, move.from), jobIdOf(move.reminder, move.to)];
          const waiting = (await queue.getJobState(old)) === 'delayed';
          // Added: each waiting for another time, and each of a rule switched on not waiting already.
          const adds = waiting ? old !== next : move.switchedOn;
          // A finished job keeps its id for a day (EVENT_JOB_OPTIONS), and BullMQ ignores an add
          // under a kept id: one that ran for `to` already (dropped while the rule was off) goes first.
          if (adds && FINISHED.has(await queue.getJobState(next))) await queue.remove(next);
          return { move, old, waiting, adds };
        }),
      );
      const adding = looked.filter(({ adds }) => adds);
      // In one go, then the old ones go: a crash in between leaves both, and the old one checks itself when it runs.
      await queue.addBulk(adding.map(({ move }) => jobOf(move.reminder, move.to, now)));
      const removed = await Promise.all(adding.filter(({ waiting }) => waiting).map(({ old }) => queue.remove(old)));
      // 0: it started meanwhile (locked); it runs, and `remind` checks it again.
      const ranFirst = removed.filter((count) => count === 0).length;
      if (ranFirst > 0) options.logger.debug({ ranFirst }, 'moved reminders ran before they could be moved');
      return looked.filter(({ move, waiting }) => waiting || move.switchedOn).length;
    },
    async recheck(tripId, at, now) {
      await queue.add(
        RECHECK,
        { trip_id: tripId, due: at.toISOString() },
        {
          ...EVENT_JOB_OPTIONS,
          jobId: `${RECHECK}_${tripId}_${at.getTime()}`,
          delay: Math.max(0, at.getTime() - now.getTime()),
        },
      );
    },
    run(notifications, now) {
      worker = new Worker(
        REMINDERS_QUEUE,
        async (job: Job) => {
          if (job.name === RECHECK) {
            const stored = await notifications.recheckCheapest(job.data.trip_id, now());
            options.logger.debug({ jobId: job.id, stored }, 'cheapest window looked at again');
            return;
          }
          const { due: _due, ...reminder } = job.data as Reminder & { due: string };
          const outcome = await notifications.remind(reminder, now());
          options.logger.debug({ jobId: job.id, outcome }, 'reminder due');
        },
        { connection, prefix: options.prefix, concurrency: 1 },
      );
      worker.on('error', (error) => options.logger.warn({ err: error }, 'reminder worker error'));
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
