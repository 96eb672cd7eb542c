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

// Travel dates (a trip's and a window's, a price's seasons, quotes and captured_on, the
// flex grid's range, the weather window) are days a plan can fall on. Outside this range
// a year no longer has four digits once days are added (a copy of a window 365 nights
// after 9999-12-25 was stored as "+010000-12…" and broke the calendar file), and no
// traveller plans a trip there (docs/adr/0055-travel-dates-in-range-and-strict-queries.md).
// Birthdays keep their own rules (profile.ts).
export const EARLIEST_TRAVEL_DATE = '1900-01-01';
export const LATEST_TRAVEL_DATE = '2199-12-31';

const FIRST_TRAVEL_MS = Date.parse(EARLIEST_TRAVEL_DATE);
const AFTER_LAST_TRAVEL_MS = Date.parse(LATEST_TRAVEL_DATE) + DAY_MS;

/** Why a traveller's date was refused: not a real day in an accepted form, or outside the range. */
export type TravelDateProblem = 'format' | 'range';

/**
 * A travel date as a traveller sends it: YYYY-MM-DD, or (unless `dayOnly`, as in query
 * strings) an ISO timestamp read as the day written before its T. The ISO string at UTC
 * midnight of that day, or why it is refused.
 */
export function checkTravelDate(text: string, dayOnly = false): { date: string } | { problem: TravelDateProblem } {
  if (!(dayOnly ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}(?:$|T)/).test(text)) return { problem: 'format' };
  const day = text.slice(0, 10);
  if (day < EARLIEST_TRAVEL_DATE || day > LATEST_TRAVEL_DATE) {
    // A day of the calendar (0050-01-01, 9999-12-25) that no plan falls on.
    return { problem: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/.test(day) ? 'range' : 'format' };
  }
  const date = parseCalendarDate(text);
  return date ? { date } : { problem: 'format' };
}

/** What to tell a traveller about a refused date; `label` starts the sentence. */
export function travelDateMessage(label: string, problem: TravelDateProblem, dayOnly = false): string {
  if (problem === 'range') return `${label} must be from ${EARLIEST_TRAVEL_DATE} to ${LATEST_TRAVEL_DATE}.`;
  return dayOnly ? `${label} must be a date written as YYYY-MM-DD.` : `${label} must be a date like 2025-01-05.`;
}

/**
 * Whether a stored or computed date can be read as a travel date: YYYY-MM-DD or an ISO
 * timestamp (this product stores UTC midnight) whose UTC day is in range. Anything else,
 * such as a date stored before the range held ("+010000-12T00:00:00.000Z"), is invalid.
 */
export function isTravelDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(value)) return false;
  const ms = Date.parse(value);
  return ms >= FIRST_TRAVEL_MS && ms < AFTER_LAST_TRAVEL_MS;
}

/** A stored date as answers show it: itself when it is a travel day, else null (read as unset). */
export const readableDate = (value: string | null | undefined): string | null => (isTravelDay(value) ? value : null);

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

/** Days since 1970-01-01 of a 'YYYY-MM-DD' (or an ISO timestamp: its UTC day). */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(date.slice(0, 10)) / DAY_MS);
}

/** 'YYYY-MM-DD' of a day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of a Date (its UTC day): "today" for captured_on and freshness. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** 'YYYY-MM-DD' of a stored date (ISO at UTC midnight or already a calendar day). */
export const calendarDay = (value: string): string => value.slice(0, 10);

/** A 'YYYY-MM-DD' (or an ISO timestamp: its UTC day) moved by whole days, as 'YYYY-MM-DD'. */
export const addDays = (day: string, days: number): string => dayString(dayNumber(day) + days);

/** Whole days from a to b (b − a), each a 'YYYY-MM-DD' or an ISO timestamp (its UTC day). */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/** An ISO date moved by whole days (UTC midnight stays UTC midnight); a missing date stays missing. */
export function shiftDate(date: string | null, days: number): string | null {
  return date === null ? null : new Date(Date.parse(date) + days * DAY_MS).toISOString();
}

/** Whether a window holds a date that is not a travel day (stored out of range or malformed, from older data). */
export const datesOutOfRange = (window: { trip_start: string | null; trip_end: string | null }): boolean =>
  (!!window.trip_start && !isTravelDay(window.trip_start)) || (!!window.trip_end && !isTravelDay(window.trip_end));

/** Whether a window's dates need fixing: its end lies before its start (both set), or datesOutOfRange. */
export const datesInvalid = (window: { trip_start: string | null; trip_end: string | null }): boolean =>
  datesOutOfRange(window) ||
  (!!window.trip_start && !!window.trip_end && Date.parse(window.trip_end) < Date.parse(window.trip_start));
