// Reminders at a time of day in each person's time zone (issue 42): the committed window
// starts in 3 days → told at 09:00 where they are. The time is computed here (luxon does
// the time-zone arithmetic); the jobs layer only waits for it (BullMQ delayed jobs, kept
// in Redis, so a restart loses none).
import { DateTime } from 'luxon';

export const STARTS_SOON_DAYS = 3;
export const REMINDER_HOUR = 9;

/** One person's reminder about one committed window's start. */
export interface Reminder {
  kind: 'starts_soon';
  user_id: string;
  trip_id: string;
  instance_id: string;
  /** The window's first day, YYYY-MM-DD. */
  start: string;
}

/** 09:00 in `timeZone`, STARTS_SOON_DAYS before the first day `start` (YYYY-MM-DD). */
export function startsSoonAt(start: string, timeZone: string): Date {
  return DateTime.fromISO(start, { zone: timeZone })
    .minus({ days: STARTS_SOON_DAYS })
    .set({ hour: REMINDER_HOUR, minute: 0, second: 0, millisecond: 0 })
    .toJSDate();
}

/** Whether the window has begun at `now` in `timeZone` (a reminder then is too late to send). */
export function hasStarted(start: string, timeZone: string, now: Date): boolean {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate()! >= start;
}

/** Where reminders wait until their time (jobs/reminders.ts). */
export interface ReminderScheduler {
  /** Runs `reminder` at `at` (at once when `at` has passed); the same reminder at the same time is kept once. */
  schedule(reminder: Reminder, at: Date, now: Date): Promise<void>;
}

/** A stable id: one job per person, window, first day and time. */
export const reminderKey = (reminder: Reminder, at: Date): string =>
  `${reminder.kind}:${reminder.trip_id}:${reminder.instance_id}:${reminder.start}:${reminder.user_id}:${at.getTime()}`;
