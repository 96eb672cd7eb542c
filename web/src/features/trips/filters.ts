// Explore's filters and sort orders over the planning list. They live in the URL query
// (?q=&committed=1&fav=1&under=1&sort=), so a filtered view survives reload and can be
// bookmarked; anything unknown in the query is ignored rather than trusted.
import type { TripSummary as Trip } from '../../lib/types';
import { isCommittedTrip } from './model';

export const SORT_ORDERS = {
  start: 'Trip start date',
  earliest: 'Earliest window',
  cheapest: 'Cheapest',
  recent: 'Recently created',
} as const;

export type SortOrder = keyof typeof SORT_ORDERS;

export interface TripFilters {
  text: string;
  committedOnly: boolean;
  favouritesOnly: boolean;
  underBudgetOnly: boolean;
  sort: SortOrder;
}

export const NO_FILTERS: TripFilters = {
  text: '',
  committedOnly: false,
  favouritesOnly: false,
  underBudgetOnly: false,
  sort: 'start',
};

const MAX_TEXT = 100;

export function filtersFromQuery(query: URLSearchParams): TripFilters {
  const sort = query.get('sort') ?? '';
  return {
    text: (query.get('q') ?? '').slice(0, MAX_TEXT),
    committedOnly: query.get('committed') === '1',
    favouritesOnly: query.get('fav') === '1',
    underBudgetOnly: query.get('under') === '1',
    sort: Object.hasOwn(SORT_ORDERS, sort) ? (sort as SortOrder) : 'start',
  };
}

/** Only what differs from no filters is written, so the plain Explore URL stays plain. */
export function filtersToQuery(filters: TripFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.text) query.set('q', filters.text);
  if (filters.committedOnly) query.set('committed', '1');
  if (filters.favouritesOnly) query.set('fav', '1');
  if (filters.underBudgetOnly) query.set('under', '1');
  if (filters.sort !== 'start') query.set('sort', filters.sort);
  return query;
}

export const hasFilters = (filters: TripFilters) =>
  filters.text !== '' || filters.committedOnly || filters.favouritesOnly || filters.underBudgetOnly;

/** Case- and accent-insensitive, so "sao" finds "São Paulo". */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const time = (value: string | null | undefined) => {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? Infinity : t;
};

/** The trip's budget once trips carry one; undefined before. */
export function budgetOf(trip: Trip): number | undefined {
  const budget = trip.budget;
  return typeof budget === 'number' && Number.isFinite(budget) && budget > 0 ? budget : undefined;
}

/** The cheapest window's total; a trip without windows counts its own total. */
export function cheapestTotal(trip: Trip): number {
  return trip.cheapest_total ?? trip.total_cost;
}

function earliestWindowStart(trip: Trip): number {
  return time(trip.earliest_start);
}

/** Under budget: the committed plan (else the cheapest window) costs no more than the budget. */
export function isUnderBudget(trip: Trip): boolean {
  const budget = budgetOf(trip);
  if (budget === undefined) return false;
  const cost = isCommittedTrip(trip) ? trip.total_cost : cheapestTotal(trip);
  return cost <= budget;
}

const byStart = (a: Trip, b: Trip) => time(a.trip_start) - time(b.trip_start);
const COMPARE: Record<SortOrder, (a: Trip, b: Trip) => number> = {
  start: byStart,
  earliest: (a, b) => earliestWindowStart(a) - earliestWindowStart(b) || byStart(a, b),
  cheapest: (a, b) => cheapestTotal(a) - cheapestTotal(b) || byStart(a, b),
  recent: (a, b) => -(time(a.created_at) - time(b.created_at) || 0) || byStart(a, b),
};

export function applyTripFilters(trips: Trip[], filters: TripFilters): Trip[] {
  const text = fold(filters.text.trim());
  return trips
    .filter((trip) => !text || fold(trip.location_address).includes(text))
    .filter((trip) => !filters.committedOnly || isCommittedTrip(trip))
    .filter((trip) => !filters.favouritesOnly || trip.isFavorite)
    .filter((trip) => !filters.underBudgetOnly || isUnderBudget(trip))
    .sort((a, b) => {
      const order = COMPARE[filters.sort](a, b);
      return Number.isNaN(order) ? 0 : order;
    });
}
