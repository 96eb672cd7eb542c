// Trip dates and birthdays are calendar days. They travel as YYYY-MM-DD or an ISO
// timestamp and are kept as the ISO string of that day at UTC midnight, so every
// rendering reads the UTC calendar and no time zone moves a day.

/** The ISO string at UTC midnight of a real calendar day, or null. */
export function parseCalendarDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text);
  if (!match) return null;
  if (text.length > 10 && Number.isNaN(Date.parse(text))) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString();
}

/** The length of a calendar day in milliseconds (UTC has no daylight-saving days). */
export const DAY_MS = 86_400_000;

/** Whole nights between two UTC-midnight ISO dates; null when either is missing (negative when reversed). */
export function nightsBetween(start: string | null | undefined, end: string | null | undefined): number | null {
  if (!start || !end) return null;
  return Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);
}

/** Nights a window's costs count: 0 without both dates or when the end is not after the start. */
export function nightsOf(window: { trip_start: string | null; trip_end: string | null }): number {
  return Math.max(0, nightsBetween(window.trip_start, window.trip_end) ?? 0);
}

/** Days a window spans counting both ends (nights + 1), as a per-day cost counts them. */
export const daysOf = (nights: number): number => nights + 1;

/** An ISO date moved by whole days (UTC midnight stays UTC midnight); a missing date stays missing. */
export function shiftDate(date: string | null, days: number): string | null {
  return date === null ? null : new Date(Date.parse(date) + days * DAY_MS).toISOString();
}

/** Whether a window's end lies before its start (both set). */
export const datesInvalid = (window: { trip_start: string | null; trip_end: string | null }): boolean =>
  !!window.trip_start && !!window.trip_end && Date.parse(window.trip_end) < Date.parse(window.trip_start);
