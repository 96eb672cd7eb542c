// The one order of a user's trip list (both adapters use it): trip_start ascending,
// trips without a start date last, then oldest first, then by id so pages are stable.
import type { TripRecord } from './trip';

export function compareTrips(a: TripRecord, b: TripRecord): number {
  if (a.trip_start !== b.trip_start) {
    if (a.trip_start === null) return 1;
    if (b.trip_start === null) return -1;
    return a.trip_start < b.trip_start ? -1 : 1;
  }
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}
