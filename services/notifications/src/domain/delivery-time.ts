// When an alert reaches its reader (issue 42: "quiet hours per user in their time zone
// delay, never drop; a daily digest option folds everything into one message"). An
// alert is stored at once with the time it may be shown and sent; quiet hours move that
// time to their end, the digest to the next digest time (DIGEST_HOUR, itself moved out
// of quiet hours). Nothing is ever dropped: the time is only ever later.
import { DateTime } from 'luxon';
import type { Preferences } from './preferences';

/** The daily digest is made at this hour where the person is (as reminders, 09:00). */
export const DIGEST_HOUR = 9;

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The end of the quiet hours `at` falls in, or null when it falls in none. Hours whose
 * `from` is later than their `to` run over midnight (22:00–07:00).
 */
export function quietUntil(quiet: Preferences['quiet_hours'], timeZone: string, at: Date): Date | null {
  if (!quiet) return null;
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const minute = local.hour * 60 + local.minute;
  const [from, to] = [minutesOf(quiet.from), minutesOf(quiet.to)];
  const overnight = from > to;
  const inside = overnight ? minute >= from || minute < to : minute >= from && minute < to;
  if (!inside) return null;
  // The end is today at `to`, or tomorrow when the hours started yesterday evening… and it is still evening.
  const endDay = overnight && minute >= from ? local.plus({ days: 1 }) : local;
  return endDay.set({ hour: Math.floor(to / 60), minute: to % 60, second: 0, millisecond: 0 }).toJSDate();
}

/** The next DIGEST_HOUR strictly after `at` where the person is. */
export function nextDigestAt(timeZone: string, at: Date): Date {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const today = local.set({ hour: DIGEST_HOUR, minute: 0, second: 0, millisecond: 0 });
  return (today > local ? today : today.plus({ days: 1 })).toJSDate();
}

/** When an alert made at `at` is shown and sent to someone with `preferences`. */
export function deliveryTime(preferences: Pick<Preferences, 'quiet_hours' | 'time_zone' | 'digest'>, at: Date): Date {
  const wanted = preferences.digest ? nextDigestAt(preferences.time_zone, at) : at;
  return quietUntil(preferences.quiet_hours, preferences.time_zone, wanted) ?? wanted;
}
