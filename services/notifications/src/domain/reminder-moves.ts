// A person's reminders follow their preferences (issue 42): when a change moves the time
// a reminder is due — stale_days, time_zone, a rule switched on — every reminder waiting
// for them moves to its new time at once (a time already past: now), so lowering
// stale_days from 14 to 7 tells a price that is now stale at the next 09:00, not a week
// later, and raising it fires nothing at the old time. The jobs layer only moves jobs
// (ReminderScheduler.move); which and to when is decided here.
//
// A rule switched off moves nothing: its reminders fire at their time and are dropped by
// the rule check of `remind`, the one place that rule is applied (removing them here would
// be a second implementation of it, and switching back on must find them again anyway).
import type { NotificationStore } from './notification-store';
import type { Preferences } from './preferences';
import { dueAt, hasStarted, type Reminder, type ReminderMove, type ReminderScheduler } from './reminders';
import { wantedReminders } from './rules';

type Timing = Pick<Preferences, 'rules' | 'stale_days' | 'time_zone'>;

/** Whether going from `before` to `after` can change when any of the person's reminders is due. */
export function movesReminders(before: Timing, after: Timing): boolean {
  return (
    before.stale_days !== after.stale_days ||
    before.time_zone !== after.time_zone ||
    (['starts_soon', 'to_pay', 'stale_price'] as const).some((kind) => after.rules[kind] && !before.rules[kind])
  );
}

/**
 * The moves of `wanted` (the person's reminders their trips call for) when their
 * preferences go from `before` to `after` at `now`. Left alone: a reminder whose rule is
 * off (dropped when it fires), one whose time is the same, one whose window has begun
 * (too late for any reminder, as `remind` says).
 */
export function reminderMoves(wanted: Reminder[], before: Timing, after: Timing, now: Date): ReminderMove[] {
  return wanted.flatMap((reminder) => {
    if (reminder.kind === 'votes' || !after.rules[reminder.kind]) return [];
    if (hasStarted(reminder.start, after.time_zone, now)) return [];
    const from = dueAt(reminder, before);
    const to = dueAt(reminder, after);
    const switchedOn = !before.rules[reminder.kind];
    if (!switchedOn && from.getTime() === to.getTime()) return [];
    return [{ reminder, from, to, switchedOn }];
  });
}

/**
 * Moves `userId`'s waiting reminders from `before`'s times to `after`'s; how many now wait
 * for their new time. Run after `after` is saved: a reminder moved to now runs at once and
 * checks itself against the saved preferences (`remind`), which must be the new ones. A
 * crash in between leaves a job at its old time, where `remind` still waits again for a
 * later time or tells it (late) for an earlier one — as before this module.
 */
export async function moveReminders(
  deps: { store: NotificationStore; scheduler: ReminderScheduler },
  userId: string,
  before: Timing,
  after: Timing,
  now: Date,
): Promise<number> {
  if (!movesReminders(before, after)) return 0;
  const trips = await deps.store.tripsOf(userId);
  const wanted = trips.flatMap((memory) => wantedReminders(memory, userId));
  const moves = reminderMoves(wanted, before, after, now);
  return moves.length === 0 ? 0 : deps.scheduler.move(moves, now);
}
