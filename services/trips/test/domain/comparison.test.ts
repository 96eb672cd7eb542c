// The comparison rules over generated trips (fast-check), and the pure changes that
// keep "booked" and "committed" together: commit, clear the plan, duplicate, edit status.
import fc from 'fast-check';
import { newId } from '@tripcost/shared';
import { INSTANCE_STATUSES, toCents, totalCents } from '../../src/costs';
import { NO_DATES_OR_EXPENSES, tripView, type InstanceRecord, type TripRecord } from '../../src/trip';
import {
  applyClearPlan,
  applyCommit,
  applyDuplicate,
  applyUpdate,
  COMMITTED_CANNOT_BE_ELIMINATED,
  NOT_THE_PLAN,
} from '../../src/windows/domain/trip-changes';

const NOW = '2030-01-01T00:00:00.000Z';
const DAY = 86_400_000;

/** Money as the API stores it: up to 1e9, rounded to cents. */
const money = fc.integer({ min: 0, max: 100_000_000_000 }).map((cents) => cents / 100);
const day = fc
  .integer({ min: 0, max: 3000 })
  .map((offset) => new Date(Date.UTC(2030, 0, 1) + offset * DAY).toISOString());

const windowArb = fc
  .record({
    start: fc.option(day, { nil: null }),
    length: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    stay_expense: money,
    travel_expense: money,
    car_expense: money,
    other_expense: money,
    status: fc.constantFrom('considering', 'top_choice', 'eliminated' as const),
  })
  .map(({ start, length, ...fields }): InstanceRecord => ({
    _id: newId(),
    trip_start: start,
    trip_end: start && length !== null ? new Date(Date.parse(start) + length * DAY).toISOString() : null,
    ...fields,
    isCommitted: false,
    activities: [],
    label: '',
    notes: '',
    created_at: NOW,
  }));

function aTrip(instances: InstanceRecord[], fields: Partial<TripRecord> = {}): TripRecord {
  return {
    _id: newId(),
    user_id: newId(),
    user_email: 'a@example.test',
    location_address: 'Lisbon, Portugal',
    trip_location: 'Lisbon, Portugal',
    image_url: '',
    ...NO_DATES_OR_EXPENSES,
    isFavorite: false,
    instances,
    committedInstanceId: null,
    created_at: NOW,
    updated_at: NOW,
    version: 1,
    ...fields,
  };
}

const tripArb = fc
  .record({
    instances: fc.array(windowArb, { maxLength: 12 }),
    travelers: fc.integer({ min: 1, max: 50 }),
    budget: fc.option(money, { nil: null }),
  })
  .map(({ instances, ...fields }) => aTrip(instances, fields));

const cents = toCents;

describe('comparison rules (property-based)', () => {
  it('when a trip is viewed, then the cheapest is the lowest non-eliminated total, Δ ≥ 0 and 0 for the cheapest', () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        const view = tripView(trip);
        const open = view.instances.filter((instance) => instance.status !== 'eliminated');
        const { cheapestInstanceId, lowest, highest, spread } = view.comparison;
        if (open.length === 0) {
          expect(view.comparison).toEqual({
            cheapestInstanceId: null,
            lowest: null,
            highest: null,
            spread: null,
            overBudgetBy: null,
            budget_measured: null,
            cheapest_is_stale: false,
          });
          expect(view.instances.every((instance) => instance.delta_vs_cheapest === null)).toBe(true);
          return;
        }
        const cheapest = view.instances.find((instance) => instance._id === cheapestInstanceId)!;
        expect(cheapest.status).not.toBe('eliminated');
        expect(cheapest.delta_vs_cheapest).toBe(0);
        for (const instance of open) {
          expect(cents(cheapest.total_cost)).toBeLessThanOrEqual(cents(instance.total_cost));
          expect(instance.delta_vs_cheapest!).toBeGreaterThanOrEqual(0);
          expect(cents(instance.delta_vs_cheapest!)).toBe(cents(instance.total_cost) - cents(cheapest.total_cost));
        }
        expect(cents(lowest!)).toBe(Math.min(...open.map((instance) => cents(instance.total_cost))));
        expect(cents(highest!)).toBe(Math.max(...open.map((instance) => cents(instance.total_cost))));
        expect(cents(spread!)).toBe(cents(highest!) - cents(lowest!));
        const budget = trip.budget;
        expect(view.comparison.overBudgetBy).toBe(budget === null ? null : (cents(lowest!) - cents(budget!)) / 100);
        expect(view.comparison.budget_measured).toBe(budget === null ? null : 'cheapest');
      }),
    );
  });

  it('when windows are eliminated, then they never become the cheapest and have no Δ', () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        const view = tripView(trip);
        for (const instance of view.instances.filter((candidate) => candidate.status === 'eliminated')) {
          expect(view.comparison.cheapestInstanceId).not.toBe(instance._id);
          expect(instance.delta_vs_cheapest).toBeNull();
        }
      }),
    );
  });

  it('when totals are summed and shared, then exact to the cent and per person × travellers within travellers cents', () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        const view = tripView(trip);
        view.instances.forEach((instance, index) => {
          const stored = trip.instances[index];
          const exact =
            cents(stored.stay_expense) +
            cents(stored.travel_expense) +
            cents(stored.car_expense) +
            cents(stored.other_expense);
          expect(cents(instance.total_cost)).toBe(exact);
          expect(Math.abs(cents(instance.per_person) * trip.travelers! - exact)).toBeLessThan(trip.travelers!);
          if (instance.nights === null || instance.nights === 0) expect(instance.per_night).toBeNull();
          else expect(Math.abs(cents(instance.per_night!) * instance.nights - exact)).toBeLessThan(instance.nights);
        });
      }),
    );
  });

  it('when the cheapest totals tie, then the earlier start date wins', () => {
    fc.assert(
      fc.property(windowArb, fc.integer({ min: 1, max: 400 }), (window, laterBy) => {
        const earlier = {
          ...window,
          _id: newId(),
          status: 'considering' as const,
          trip_start: '2031-01-01T00:00:00.000Z',
        };
        // The whole window moves later (its end too, so it stays a valid window).
        const later = {
          ...earlier,
          _id: newId(),
          trip_start: new Date(Date.parse(earlier.trip_start) + laterBy * DAY).toISOString(),
          trip_end: null,
        };
        earlier.trip_end = null;
        expect(tripView(aTrip([later, earlier])).comparison.cheapestInstanceId).toBe(earlier._id);
        expect(tripView(aTrip([earlier, later])).comparison.cheapestInstanceId).toBe(earlier._id);
      }),
    );
  });

  it('when a trip has figures, then they read as a person would say them', () => {
    const a: InstanceRecord = {
      _id: newId(),
      trip_start: '2030-04-01T00:00:00.000Z',
      trip_end: '2030-04-04T00:00:00.000Z',
      stay_expense: 300,
      travel_expense: 0.1,
      car_expense: 0.2,
      other_expense: 0,
      isCommitted: false,
      activities: [],
      created_at: NOW,
    };
    const b = { ...a, _id: newId(), stay_expense: 420, trip_start: null };
    const view = tripView(aTrip([a, b], { travelers: 3, budget: 250 }));
    expect(view.instances[0]).toMatchObject({
      label: '',
      status: 'considering',
      notes: '',
      total_cost: 300.3,
      nights: 3,
      per_night: 100.1,
      per_person: 100.1,
      delta_vs_cheapest: 0,
    });
    expect(view.instances[1]).toMatchObject({
      total_cost: 420.3,
      nights: null,
      per_night: null,
      delta_vs_cheapest: 120,
    });
    expect(view.comparison).toEqual({
      cheapestInstanceId: a._id,
      lowest: 300.3,
      highest: 420.3,
      spread: 120,
      overBudgetBy: 50.3,
      budget_measured: 'cheapest',
      cheapest_is_stale: false,
    });
    expect(totalCents({ stay_expense: 0.1, travel_expense: 0.2 })).toBe(30);
    expect(view).toMatchObject({ travelers: 3, budget: 250 });
    expect(tripView(aTrip([])).comparison.cheapestInstanceId).toBeNull();
  });
});

describe('booked follows committed', () => {
  const instance = (fields: Partial<InstanceRecord> = {}): InstanceRecord => ({
    _id: newId(),
    trip_start: '2030-04-01T00:00:00.000Z',
    trip_end: '2030-04-04T00:00:00.000Z',
    stay_expense: 10,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: ['Tram 28'],
    label: 'Easter',
    notes: 'ask for a quiet room',
    status: 'considering',
    created_at: NOW,
    ...fields,
  });

  it('when a window is committed, then it is booked; committing another makes the first a top choice', () => {
    const [a, b] = [instance(), instance()];
    const first = applyCommit(aTrip([a, b]), a._id, NOW);
    expect(first.instances.map((window) => window.status)).toEqual(['booked', 'considering']);
    const second = applyCommit(first, b._id, NOW);
    expect(second.instances.map((window) => [window.status, window.isCommitted])).toEqual([
      ['top_choice', false],
      ['booked', true],
    ]);
  });

  it('when the plan is cleared, then the window is a top choice and the trip has no dates or costs; elsewhere 409', () => {
    const [a, b] = [instance(), instance()];
    const committed = applyCommit(aTrip([a, b]), a._id, NOW);
    expect(() => applyClearPlan(committed, b._id, NOW)).toThrow(
      expect.objectContaining({ status: 409, message: NOT_THE_PLAN }),
    );
    const cleared = applyClearPlan(committed, a._id, NOW);
    expect(cleared).toMatchObject({ ...NO_DATES_OR_EXPENSES, committedInstanceId: null });
    expect(cleared.instances.map((window) => [window.status, window.isCommitted])).toEqual([
      ['top_choice', false],
      ['considering', false],
    ]);
    expect(() => applyClearPlan(cleared, a._id, NOW)).toThrow(expect.objectContaining({ status: 409 }));
  });

  it('when statuses are edited, then the committed window cannot be eliminated and others cannot be booked', () => {
    const [a, b] = [instance(), instance()];
    const committed = applyCommit(aTrip([a, b]), a._id, NOW);
    const edit = (id: string, status: (typeof INSTANCE_STATUSES)[number]) =>
      applyUpdate(committed, { instanceEdits: [{ _id: id, fields: { status } }] }, NOW);
    expect(() => edit(a._id, 'eliminated')).toThrow(
      expect.objectContaining({ status: 400, message: COMMITTED_CANNOT_BE_ELIMINATED }),
    );
    expect(() => edit(b._id, 'booked')).toThrow(expect.objectContaining({ status: 400 }));
    expect(edit(b._id, 'eliminated').instances[1].status).toBe('eliminated');
  });

  it('when a window is duplicated, then a considering copy with shifted dates is first; missing dates stay missing', () => {
    const a = instance({ isCommitted: true, status: 'booked', trip_end: null });
    const trip = aTrip([a], { committedInstanceId: a._id });
    const copyId = newId();
    const after = applyDuplicate(trip, a._id, { shiftDays: -7 }, copyId, NOW);
    expect(after.instances[0]).toEqual({
      ...a,
      _id: copyId,
      trip_start: '2030-03-25T00:00:00.000Z',
      trip_end: null,
      isCommitted: false,
      status: 'considering',
    });
    expect(after.instances[1]).toBe(a);
    const full = aTrip(Array.from({ length: 100 }, () => instance()));
    expect(() => applyDuplicate(full, full.instances[0]._id, { shiftDays: 7 }, newId(), NOW)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });
});

describe('what the board explains', () => {
  const window = (fields: Partial<InstanceRecord>): InstanceRecord => ({
    _id: newId(),
    trip_start: '2030-04-01T00:00:00.000Z',
    trip_end: '2030-04-04T00:00:00.000Z',
    stay_expense: 0,
    travel_expense: 0,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: [],
    created_at: NOW,
    ...fields,
  });

  it('when windows differ by category, then each category’s difference to the cheapest is exact to the cent', () => {
    const cheap = window({ stay_expense: 300.1, travel_expense: 120 });
    const dear = window({ stay_expense: 480.2, travel_expense: 80, car_expense: 0.3 });
    const gone = window({ stay_expense: 1, status: 'eliminated' });
    const view = tripView(aTrip([dear, cheap, gone]));
    expect(view.instances.map((instance) => instance.delta_by_category)).toEqual([
      { stay: 180.1, travel: -40, car: 0.3, other: 0 },
      { stay: 0, travel: 0, car: 0, other: 0 },
      null,
    ]);
  });

  it('when a window is committed, then the budget measures it, per person with a per-person budget', () => {
    const cheap = window({ stay_expense: 100 });
    const plan = window({ stay_expense: 200.01, isCommitted: true, status: 'booked' });
    const trip = aTrip([cheap, plan], { travelers: 3, budget: 50, committedInstanceId: plan._id });
    expect(tripView(trip).comparison).toMatchObject({ overBudgetBy: 150.01, budget_measured: 'committed' });
    // 200.01 / 3 = 66.67 per person (rounded to cents once) − 50.
    expect(tripView({ ...trip, budget_basis: 'per_person' }).comparison).toMatchObject({
      overBudgetBy: 16.67,
      budget_measured: 'committed',
    });
    expect(tripView({ ...trip, budget: null }).comparison).toMatchObject({ overBudgetBy: null, budget_measured: null });
    expect(tripView({ ...trip, committedInstanceId: null }).comparison).toMatchObject({
      overBudgetBy: 50,
      budget_measured: 'cheapest',
    });
    expect(tripView(trip).budget_basis).toBe('trip');
  });

  it('when a window ends before it starts, then it is marked, has no nights and is left out of the comparison', () => {
    const bad = window({ stay_expense: 1, trip_start: '2030-04-10T00:00:00.000Z' });
    const good = window({ stay_expense: 500 });
    const view = tripView(aTrip([bad, good], { budget: 100 }));
    expect(view.instances[0]).toMatchObject({
      dates_invalid: true,
      nights: null,
      per_night: null,
      delta_vs_cheapest: null,
      delta_by_category: null,
      total_cost: 1,
    });
    expect(view.comparison).toMatchObject({ cheapestInstanceId: good._id, lowest: 500, overBudgetBy: 400 });
  });
});
