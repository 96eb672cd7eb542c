import { totalCost } from '@tripcost/shared/domain';
import type { CostItem, Instance, Trip } from '../src/lib/types';

const CREATED = '2024-01-01T00:00:00.000Z';

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
  const made = {
    _id: id(),
    trip_start: null,
    trip_end: null,
    stay_expense: 0,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: [],
    created_at: CREATED,
    label: '',
    notes: '',
    nights: null,
    per_night: null,
    delta_vs_cheapest: null,
    delta_by_category: null,
    dates_invalid: false,
    items: [],
    presence: {},
    paid_total: 0,
    booked_total: 0,
    fx_effect: 0,
    freshness: { oldest_captured_on: null, stale_items: 0 },
    votes: { yes: 0, maybe: 0, no: 0, mine: null },
    works_for_everyone: false,
    ...over,
  };
  const total = totalCost(made);
  return {
    total_cost: total,
    per_person: total,
    to_pay: total - made.paid_total,
    ...made,
    status: over.status ?? (made.isCommitted ? 'booked' : 'considering'),
  };
}

/** A stay item of $100 a night with no other fields set, as the server answers it. */
export function costItem(over: Partial<CostItem> = {}): CostItem {
  return {
    _id: id(),
    category: 'stay',
    name: 'Hotel',
    amount: 100,
    basis: 'per_night',
    booked: false,
    paid: false,
    link: '',
    confirmation: '',
    weekend_amount: null,
    seasons: [],
    quotes: [],
    captured_on: null,
    // In the trip's currency (USD): no exchange rate.
    currency: 'USD',
    fx: null,
    // No payer named, split equally among everyone.
    paid_by: null,
    split: null,
    ...over,
  };
}

export function trip(over: Partial<Trip> = {}): Trip {
  const made = {
    _id: id(),
    user_id: '64b000000000000000000001',
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
    origin: '',
    user_email: 'ann@example.com',
    instances: [],
    committedInstanceId: null,
    created_at: CREATED,
    updated_at: CREATED,
    version: 1,
    travelers: 1,
    budget: null,
    budget_basis: 'trip' as const,
    currency: 'USD',
    fx_effect: 0,
    comparison: {
      cheapestInstanceId: null,
      lowest: null,
      highest: null,
      spread: null,
      overBudgetBy: null,
      budget_measured: null,
      cheapest_is_stale: false,
      cheapestForEveryoneId: null,
    },
    role: 'owner' as const,
    owner_name: 'Ada',
    members: [],
    hide_costs_from_viewers: true,
    costs_hidden: false as const,
    people: [],
    show_own_share: false,
    ...over,
  };
  const total = totalCost(made);
  return { total_cost: total, per_person: total, ...made };
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
