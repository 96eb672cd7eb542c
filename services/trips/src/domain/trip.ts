// The trip and its dated instances as stored, and the pure rules over them: totals,
// the location derived from an address, the views the API returns and the
// snapshot other services receive in events.
import { EXPENSE_FIELDS, totalCost, versionOf, type OutboxEvent, type TripSnapshot } from '@tripcost/shared';

// Money and totals are the shared domain's rules (also used by wishlists and the web app).
export { EXPENSE_FIELDS, totalCost };

/** Limits: every list the API keeps or answers is bounded. */
export const MAX_INSTANCES_PER_TRIP = 100;
export const MAX_TRIPS_PER_PAGE = 500;
export const MAX_ACTIVITIES = 50;
export const MAX_ACTIVITY_LENGTH = 200;
export const MAX_ADDRESS_LENGTH = 200;

export interface Expenses {
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
}

export interface DatedExpenses extends Expenses {
  /** ISO string at UTC midnight, or null when not set. */
  trip_start: string | null;
  trip_end: string | null;
}

export interface InstanceRecord extends DatedExpenses {
  _id: string;
  isCommitted: boolean;
  activities: string[];
  created_at: string;
}

export interface TripRecord extends DatedExpenses {
  _id: string;
  user_id: string;
  user_email: string;
  location_address: string;
  trip_location: string;
  place_id?: string;
  image_url: string;
  isFavorite: boolean;
  /** Newest first. */
  instances: InstanceRecord[];
  committedInstanceId: string | null;
  created_at: string;
  updated_at: string;
  /** Incremented by every change (optimistic concurrency, ETags); absent on trips stored before versions. */
  version?: number;
  /** Events announcing changes of this trip, not yet published (the transactional outbox). */
  outbox?: OutboxEvent[];
  /** Set when the trip is deleted: it is gone for every reader, kept only until its outbox is published. */
  deleted_at?: string;
}

export const DATED_EXPENSE_FIELDS = ['trip_start', 'trip_end', ...EXPENSE_FIELDS] as const;

export const NO_DATES_OR_EXPENSES: DatedExpenses = {
  trip_start: null,
  trip_end: null,
  stay_expense: 0,
  travel_expense: 0,
  car_expense: 0,
  other_expense: 0,
};

export function datedExpensesOf(source: DatedExpenses): DatedExpenses {
  const { trip_start, trip_end, stay_expense, travel_expense, car_expense, other_expense } = source;
  return { trip_start, trip_end, stay_expense, travel_expense, car_expense, other_expense };
}

/**
 * "city, state, country" from a comma-separated address, read from the end: the last
 * part is the country, the one before it the state (postal codes dropped, so
 * "CA 94043" becomes "CA"), the one before that the city. Two parts give
 * "city, country" and one part "city", the forms the web client parses back.
 */
export function deriveTripLocation(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length <= 2) return parts.join(', ');
  const [city, state, country] = parts.slice(-3);
  const withoutPostalCode = state
    .split(/\s+/)
    .filter((word) => !/\d/.test(word))
    .join(' ');
  return [city, withoutPostalCode, country].filter(Boolean).join(', ');
}

export type InstanceView = InstanceRecord & { total_cost: number };
export type TripView = Omit<TripRecord, 'instances' | 'version' | 'outbox' | 'deleted_at'> & {
  total_cost: number;
  instances: InstanceView[];
  version: number;
};

export function instanceView(instance: InstanceRecord): InstanceView {
  return { ...instance, total_cost: totalCost(instance) };
}

export function tripView(record: TripRecord): TripView {
  const { outbox: _pending, deleted_at: _deleted, ...trip } = record;
  return {
    ...trip,
    total_cost: totalCost(trip),
    instances: trip.instances.map(instanceView),
    version: versionOf(trip),
  };
}

export function tripSnapshot(trip: TripRecord): TripSnapshot {
  return {
    _id: trip._id,
    user_id: trip.user_id,
    user_email: trip.user_email,
    location_address: trip.location_address,
    trip_location: trip.trip_location,
    image_url: trip.image_url,
    trip_start: trip.trip_start,
    trip_end: trip.trip_end,
    total_cost: totalCost(trip),
    isFavorite: trip.isFavorite,
  };
}
