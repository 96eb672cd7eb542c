// My Trips rules (docs/product.md §4): which committed trips are upcoming, how they group, and the
// status text of the next one.
import { DAY_MS, utcDay } from '@tripcost/shared/domain';
import type { TripSummary } from '../../lib/types';

/** What these rules read of a trip: a card's summary (a whole trip has it too). */
type Trip = TripSummary;

const HOUR_MS = 60 * 60 * 1000;

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : t;
}

/** The summary says whether a window is committed (also one only flagged isCommitted, older data). */
export function isCommittedTrip(trip: Pick<Trip, 'committed'>): boolean {
  return trip.committed;
}

function endOrStart(trip: Trip): number | null {
  return time(trip.trip_end) ?? time(trip.trip_start);
}

function byStart(a: Trip, b: Trip): number {
  return (time(a.trip_start) ?? Infinity) - (time(b.trip_start) ?? Infinity);
}

/** Committed trips whose end date plus one day is not before now, earliest first. */
export function upcomingTrips(trips: Trip[], now: Date): Trip[] {
  return trips
    .filter((t) => {
      const end = endOrStart(t);
      return isCommittedTrip(t) && end !== null && end + DAY_MS >= now.getTime();
    })
    .sort(byStart);
}

/** Committed trips that are over, most recent first. */
export function pastTrips(trips: Trip[], now: Date): Trip[] {
  return trips
    .filter((t) => {
      const end = endOrStart(t);
      return isCommittedTrip(t) && end !== null && end + DAY_MS < now.getTime();
    })
    .sort((a, b) => byStart(b, a));
}

/** Planning cards: every trip sorted by start date ascending, undated last. */
export function sortByStart(trips: Trip[]): Trip[] {
  return [...trips].sort(byStart);
}

export function groupByEndYear(trips: Trip[]): { year: number; trips: Trip[] }[] {
  const groups = new Map<number, Trip[]>();
  for (const trip of trips) {
    const t = endOrStart(trip);
    if (t === null) continue;
    const year = new Date(t).getUTCFullYear();
    groups.set(year, [...(groups.get(year) ?? []), trip]);
  }
  return [...groups.entries()].sort(([a], [b]) => b - a).map(([year, list]) => ({ year, trips: list }));
}

/**
 * The status text of the next trip. Dates are calendar days (UTC) and the end day counts
 * in full. 'Tomorrow' is 24 to 48 hours away; 'Today' is a start earlier today with no
 * end date to say it is under way.
 */
export function tripStatus(trip: Pick<Trip, 'trip_start' | 'trip_end'>, now: Date): string {
  const start = time(trip.trip_start);
  const end = time(trip.trip_end);
  const nowMs = now.getTime();
  if (start === null) return 'Starts soon';
  if (end !== null && nowMs >= start && nowMs < end + DAY_MS) return 'Happening now';
  const untilStart = start - nowMs;
  if (untilStart > 0 && untilStart < DAY_MS) {
    const hours = Math.max(1, Math.floor(untilStart / HOUR_MS));
    return `In ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  if (untilStart <= 0) return utcDay(new Date(start)) === utcDay(now) ? 'Today' : 'Starts soon';
  const days = Math.floor(untilStart / DAY_MS);
  return days === 1 ? 'Tomorrow' : `${days} days until your next trip`;
}
