// Alerts that wait for a time rather than for a change (issue 42): "starts in 3 days" and
// "still to pay" 7 days before, at 09:00 where the person is, and "a price seen long ago"
// on the day it becomes stale for them. The time is computed here (luxon does the
// time-zone arithmetic); the jobs layer only waits for it (BullMQ delayed jobs, kept in
// Redis, so a restart loses none). When a reminder is due the domain checks again that
// it still holds (notifications.ts).
import { DateTime } from 'luxon';

export const STARTS_SOON_DAYS = 3;
export const TO_PAY_DAYS = 7;
/** A price is told about only for a window starting within this many days. */
export const STALE_WINDOW_DAYS = 60;
export const REMINDER_HOUR = 9;

/** The price a stale-price reminder is about: told once until it is confirmed (seen_on) or changed (total). */
export interface RemindedPrice {
  item_id: string;
  seen_on: string;
  total: number;
}

/**
 * One person's reminder about one window, or (`votes`) their digest of a trip's votes
 * on one day: then `instance_id` is '' and `start` is the day of the digest.
 */
export interface Reminder {
  kind: 'starts_soon' | 'to_pay' | 'stale_price' | 'votes';
  user_id: string;
  trip_id: string;
  instance_id: string;
  /** The window's first day, YYYY-MM-DD (votes: the digest's day). */
  start: string;
  /** stale_price only. */
  price?: RemindedPrice;
}

/** REMINDER_HOUR in `timeZone` on the day `days` after `day` (YYYY-MM-DD; negative: before). */
function morningOf(day: string, days: number, timeZone: string): Date {
  return DateTime.fromISO(day, { zone: timeZone })
    .plus({ days })
    .set({ hour: REMINDER_HOUR, minute: 0, second: 0, millisecond: 0 })
    .toJSDate();
}

/** 09:00 in `timeZone`, STARTS_SOON_DAYS before the first day `start` (YYYY-MM-DD). */
export const startsSoonAt = (start: string, timeZone: string): Date => morningOf(start, -STARTS_SOON_DAYS, timeZone);

/** 09:00 in `timeZone`, TO_PAY_DAYS before the first day `start`. */
export const toPayAt = (start: string, timeZone: string): Date => morningOf(start, -TO_PAY_DAYS, timeZone);

/**
 * When a price seen on `seenOn` is worth telling about in a window starting on `start`:
 * 09:00 on the first day it was seen more than `staleDays` ago, but not before the
 * window is within STALE_WINDOW_DAYS of its start.
 */
export function stalePriceAt(seenOn: string, start: string, staleDays: number, timeZone: string): Date {
  const stale = morningOf(seenOn, staleDays + 1, timeZone);
  const near = morningOf(start, -STALE_WINDOW_DAYS, timeZone);
  return stale > near ? stale : near;
}

/** The votes digest of `day` (YYYY-MM-DD): 09:00 that day, telling the votes of the 24 hours before. */
export const votesDigestAt = (day: string, timeZone: string): Date => morningOf(day, 0, timeZone);

/** The first digest after `at`, as the day it is on where the person is. */
export function votesDigestDay(at: Date, timeZone: string): string {
  const today = dayIn(at, timeZone);
  return votesDigestAt(today, timeZone) > at ? today : DateTime.fromISO(today).plus({ days: 1 }).toISODate()!;
}

/** The votes a digest of `day` tells: those cast after 09:00 the day before, up to 09:00 that day. */
export const votesDigestSince = (day: string, timeZone: string): Date => morningOf(day, -1, timeZone);

/** The day `now` is in `timeZone`, YYYY-MM-DD. */
export const dayIn = (now: Date, timeZone: string): string => DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;

/** Whether the window has begun at `now` in `timeZone` (a reminder then is too late to send). */
export function hasStarted(start: string, timeZone: string, now: Date): boolean {
  return dayIn(now, timeZone) >= start;
}

/** When `reminder` is due for someone with these preferences. */
export function dueAt(reminder: Reminder, preferences: { time_zone: string; stale_days: number }): Date {
  if (reminder.kind === 'starts_soon') return startsSoonAt(reminder.start, preferences.time_zone);
  if (reminder.kind === 'to_pay') return toPayAt(reminder.start, preferences.time_zone);
  if (reminder.kind === 'votes') return votesDigestAt(reminder.start, preferences.time_zone);
  return stalePriceAt(reminder.price!.seen_on, reminder.start, preferences.stale_days, preferences.time_zone);
}

/** A reminder whose time changes: from the time its job waits for to the time it is due now (reminder-moves.ts). */
export interface ReminderMove {
  reminder: Reminder;
  from: Date;
  to: Date;
  /** Its rule was off: it may have run and been dropped meanwhile, so it is wanted even if nothing waits. */
  switchedOn: boolean;
}

/** Where reminders wait until their time (jobs/reminders.ts). */
export interface ReminderScheduler {
  /** Runs `reminder` at `at` (at once when `at` has passed); the same reminder at the same time is kept once. */
  schedule(reminder: Reminder, at: Date, now: Date): Promise<void>;
  /**
   * Moves each reminder waiting for its `from` to its `to` (the person's preferences
   * changed its time; `to` passed: at once); how many now wait for their `to`. None
   * waiting for `from` (it ran, or never was): nothing, unless `switchedOn` — a rule
   * switched on wants it even if it ran and was dropped while the rule was off. A job that
   * already ran for `to` is replaced: its time has come again.
   */
  move(moves: ReminderMove[], now: Date): Promise<number>;
  /** Looks at the trip's cheapest window again at `at`, when the hour after its last alert ends (kept once per trip and time). */
  recheck(tripId: string, at: Date, now: Date): Promise<void>;
}

/** What a reminder is about, whoever it is for and whenever: the alert's dedupe key. */
export function reminderSubject(reminder: Reminder): string {
  const window = `${reminder.trip_id}:${reminder.instance_id}:${reminder.start}`;
  if (reminder.kind === 'votes') return `votes:${reminder.trip_id}:${reminder.start}`;
  if (reminder.kind !== 'stale_price') return `${reminder.kind}:${window}`;
  const { item_id, seen_on, total } = reminder.price!;
  return `${reminder.kind}:${window}:${item_id}:${seen_on}:${total}`;
}

/** A stable id: one job per person, subject and time. */
export const reminderKey = (reminder: Reminder, at: Date): string =>
  `${reminderSubject(reminder)}:${reminder.user_id}:${at.getTime()}`;
