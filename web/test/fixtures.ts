import type { Instance, Trip } from '../src/lib/types';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let seq = 0;
export function id(): string {
  seq += 1;
  return `64c${String(seq).padStart(21, '0')}`;
}

export function isoFromNow(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

export function instance(over: Partial<Instance> = {}): Instance {
  return {
    _id: id(),
    trip_start: null,
    trip_end: null,
    stay_expense: 0,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: [],
    ...over,
  };
}

export function trip(over: Partial<Trip> = {}): Trip {
  return {
    _id: id(),
    location_address: 'Lisbon, Portugal',
    trip_location: 'Lisbon, Lisbon, Portugal',
    image_url: '',
    trip_start: null,
    trip_end: null,
    stay_expense: 0,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isFavorite: false,
    user_email: 'ann@example.com',
    instances: [],
    committedInstanceId: null,
    ...over,
  };
}

/** A committed trip from `startMs` to `endMs` from now. */
export function committedTrip(address: string, startMs: number, endMs: number, cost = 100): Trip {
  const inst = instance({
    trip_start: isoFromNow(startMs),
    trip_end: isoFromNow(endMs),
    stay_expense: cost,
    isCommitted: true,
  });
  return trip({
    location_address: address,
    trip_start: inst.trip_start,
    trip_end: inst.trip_end,
    stay_expense: cost,
    instances: [inst],
    committedInstanceId: inst._id,
  });
}

export { HOUR, DAY };
