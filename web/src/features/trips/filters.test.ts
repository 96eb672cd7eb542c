import { instance, trip } from '../../../test/fixtures';
import { tripSummary } from '@tripcost/shared/domain';
import type { TripSummary } from '../../lib/types';
import { applyTripFilters, filtersFromQuery, filtersToQuery, NO_FILTERS } from './filters';

const places = (trips: TripSummary[]) => trips.map((t) => t.location_address);

describe('Explore filters', () => {
  const lisbon = trip({
    location_address: 'Lisbon, Portugal',
    isFavorite: true,
    created_at: '2026-01-03T00:00:00.000Z',
    instances: [instance({ trip_start: '2027-05-01T00:00:00.000Z', stay_expense: 900 })],
  });
  const saoPaulo = trip({
    location_address: 'São Paulo, Brazil',
    trip_location: 'São Paulo, SP, Brazil',
    committedInstanceId: 'x',
    trip_start: '2027-03-01T00:00:00.000Z',
    stay_expense: 400,
    created_at: '2026-01-01T00:00:00.000Z',
    instances: [instance({ trip_start: '2027-03-01T00:00:00.000Z', stay_expense: 400, isCommitted: true })],
  });
  const oslo = trip({
    location_address: 'Oslo, Norway',
    created_at: '2026-01-02T00:00:00.000Z',
    instances: [
      instance({ trip_start: '2027-01-10T00:00:00.000Z', stay_expense: 1200 }),
      instance({ trip_start: '2027-08-10T00:00:00.000Z', stay_expense: 150 }),
    ],
  });
  // As the list answers them (?view=summary), with the comparison's cheapest window as the server names it.
  const compared = (one: typeof lisbon) => {
    const cheapest = [...one.instances].sort((a, b) => (a.total_cost ?? 0) - (b.total_cost ?? 0))[0];
    return { ...one, comparison: { ...one.comparison!, cheapestInstanceId: cheapest?._id ?? null } };
  };
  const all = [lisbon, saoPaulo, oslo].map(compared).map(tripSummary);

  it('when text is given, then places match without regard to case or accents', () => {
    expect(places(applyTripFilters(all, { ...NO_FILTERS, text: 'SAO' }))).toEqual(['São Paulo, Brazil']);
    expect(places(applyTripFilters(all, { ...NO_FILTERS, text: 'norway' }))).toEqual(['Oslo, Norway']);
  });

  it('when committed or favourites only, then just those trips', () => {
    expect(places(applyTripFilters(all, { ...NO_FILTERS, committedOnly: true }))).toEqual(['São Paulo, Brazil']);
    expect(places(applyTripFilters(all, { ...NO_FILTERS, favouritesOnly: true }))).toEqual(['Lisbon, Portugal']);
  });

  it('when sorted, then by earliest window, cheapest window or newest first', () => {
    expect(places(applyTripFilters(all, { ...NO_FILTERS, sort: 'earliest' }))).toEqual([
      'Oslo, Norway',
      'São Paulo, Brazil',
      'Lisbon, Portugal',
    ]);
    expect(places(applyTripFilters(all, { ...NO_FILTERS, sort: 'cheapest' }))).toEqual([
      'Oslo, Norway',
      'São Paulo, Brazil',
      'Lisbon, Portugal',
    ]);
    expect(places(applyTripFilters(all, { ...NO_FILTERS, sort: 'recent' }))).toEqual([
      'Lisbon, Portugal',
      'Oslo, Norway',
      'São Paulo, Brazil',
    ]);
  });

  it('when trips carry budgets, then under budget keeps those whose plan or cheapest window fits', () => {
    const withBudgets = [{ ...lisbon, budget: 1000 }, { ...saoPaulo, budget: 300 }, oslo].map(tripSummary);
    expect(places(applyTripFilters(withBudgets, { ...NO_FILTERS, underBudgetOnly: true }))).toEqual([
      'Lisbon, Portugal',
    ]);
  });

  it('when filters go to the URL and back, then they are the same; unknown values are ignored', () => {
    const filters = {
      text: 'lis',
      committedOnly: true,
      favouritesOnly: true,
      underBudgetOnly: true,
      sort: 'cheapest' as const,
    };
    expect(filtersFromQuery(filtersToQuery(filters))).toEqual(filters);
    expect(filtersToQuery(NO_FILTERS).toString()).toBe('');
    expect(filtersFromQuery(new URLSearchParams('sort=__proto__&committed=yes'))).toEqual(NO_FILTERS);
  });
});
