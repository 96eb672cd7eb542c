// Merge, then validate: generated sequences of partial changes (window create and
// edit, PUT with an instances list, trip fields, item add/edit/remove, duplicate,
// commit, clear, travellers) go through the same path as the service
// (apply → settleChange). Whatever is sent, no stored window ends before it starts
// (unless it was stored that way before and left untouched), no amount is negative or
// not finite, every total equals a computation from scratch in cents, and every item
// change moves the window's total by exactly that item's cost.
import fc from 'fast-check';
import { AppError, newId } from '@tripcost/shared';
import { datesInvalid } from '../../src/costs';
import { COST_BASES, COST_CATEGORIES, itemCostCents, nightsOf, type CostItem } from '../../src/costs';
import { NO_DATES_OR_EXPENSES, tripView, type InstanceRecord, type TripRecord } from '../../src/trip';
import {
  applyAddInstance,
  applyClearPlan,
  applyCommit,
  applyDuplicate,
  applyRemoveInstance,
  applyUpdate,
  type InstanceFields,
} from '../../src/windows/domain/trip-changes';
import { applyAddItem, applyEditItem, applyRemoveItem } from '../../src/windows/domain/item-changes';
import { checkWindow, END_BEFORE_START, settleChange } from '../../src/windows/domain/change-checks';

const DAY_MS = 86_400_000;
const AT = '2030-01-01T00:00:00.000Z';
const day = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * DAY_MS).toISOString();
const cents = (money: number) => Math.round(money * 100);

// Mostly good money, sometimes what a buggy client or an old record might carry.
const money = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 500_000 }).map((value) => value / 100) },
  { weight: 1, arbitrary: fc.constantFrom(-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, 2e9) },
);
const date = fc.option(
  fc.integer({ min: 0, max: 60 }).map((offset) => day(offset)),
  { nil: null },
);
/** A partial window: any subset of dates and amounts, each possibly absent. */
const partialWindow: fc.Arbitrary<InstanceFields> = fc.record(
  {
    trip_start: date,
    trip_end: date,
    stay_expense: money,
    travel_expense: money,
    car_expense: money,
    other_expense: money,
    label: fc.constantFrom('', 'June', 'Cheap week'),
    notes: fc.constantFrom('', 'Sea view'),
    status: fc.constantFrom('considering', 'top_choice', 'eliminated' as const),
  },
  { requiredKeys: [] },
);
const itemFields = fc.record({
  category: fc.constantFrom(...COST_CATEGORIES),
  name: fc.constant('item'),
  amount: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: 100_000 }).map((value) => value / 100) },
    { weight: 1, arbitrary: fc.constantFrom(-5, Number.NaN, Number.POSITIVE_INFINITY) },
  ),
  basis: fc.constantFrom(...COST_BASES),
  booked: fc.boolean(),
  paid: fc.boolean(),
  link: fc.constant(''),
  confirmation: fc.constant(''),
});

type Step =
  | { kind: 'addWindow'; fields: InstanceFields }
  | { kind: 'editWindow'; pick: number; fields: InstanceFields }
  | { kind: 'editMany'; picks: number[]; fields: InstanceFields[] }
  | { kind: 'tripFields'; fields: InstanceFields }
  | { kind: 'addItem'; pick: number; item: Omit<CostItem, '_id'> }
  | { kind: 'editItem'; pick: number; itemPick: number; fields: Partial<Omit<CostItem, '_id'>> }
  | { kind: 'removeItem'; pick: number; itemPick: number }
  | { kind: 'duplicate'; pick: number; shift: number }
  | { kind: 'commit'; pick: number }
  | { kind: 'clear'; pick: number }
  | { kind: 'removeWindow'; pick: number }
  | { kind: 'travellers'; travelers: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('addWindow' as const), fields: partialWindow }),
  fc.record({ kind: fc.constant('editWindow' as const), pick: fc.nat(), fields: partialWindow }),
  fc.record({
    kind: fc.constant('editMany' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    fields: fc.array(partialWindow, { minLength: 3, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('tripFields' as const), fields: partialWindow }),
  fc.record({ kind: fc.constant('addItem' as const), pick: fc.nat(), item: itemFields }),
  fc.record({
    kind: fc.constant('editItem' as const),
    pick: fc.nat(),
    itemPick: fc.nat(),
    fields: fc.record(
      { amount: itemFields.map((item) => item.amount), basis: fc.constantFrom(...COST_BASES), paid: fc.boolean() },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ kind: fc.constant('removeItem' as const), pick: fc.nat(), itemPick: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat(), shift: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('commit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('clear' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeWindow' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('travellers' as const), travelers: fc.integer({ min: 1, max: 6 }) }),
);

/** A window stored before the rule held on every route: its end before its start. */
function legacyWindow(): InstanceRecord {
  return {
    _id: newId(),
    trip_start: day(10),
    trip_end: day(6),
    stay_expense: 300,
    travel_expense: 40,
    car_expense: 0,
    other_expense: 0,
    isCommitted: false,
    activities: [],
    created_at: AT,
    label: 'Old',
    status: 'considering',
    notes: '',
  };
}

function aTrip(instances: InstanceRecord[]): TripRecord {
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
    travelers: 1,
    budget: null,
    created_at: AT,
    updated_at: AT,
  };
}

const windowCents = (window: InstanceRecord) =>
  cents(window.stay_expense) + cents(window.travel_expense) + cents(window.car_expense) + cents(window.other_expense);

/** What one step does to the trip, as the service would apply it (throws what it refuses). */
function applyStep(trip: TripRecord, next: Step): TripRecord {
  const windows = trip.instances;
  const pickWindow = (pick: number) => windows[pick % windows.length]?._id ?? newId();
  const pickItem = (pick: number, itemPick: number) => {
    const items = windows[pick % windows.length]?.items ?? [];
    return items[itemPick % Math.max(items.length, 1)]?._id ?? newId();
  };
  switch (next.kind) {
    case 'addWindow': {
      const instance: InstanceRecord = {
        ...NO_DATES_OR_EXPENSES,
        ...next.fields,
        _id: newId(),
        activities: [],
        isCommitted: false,
        created_at: AT,
      };
      return applyAddInstance(trip, instance, AT);
    }
    case 'editWindow':
      return applyUpdate(trip, { instanceEdits: [{ _id: pickWindow(next.pick), fields: next.fields }] }, AT);
    case 'editMany': {
      const ids = [...new Set(next.picks.map(pickWindow))];
      return applyUpdate(trip, { instanceEdits: ids.map((_id, i) => ({ _id, fields: next.fields[i] })) }, AT);
    }
    case 'tripFields':
      return applyUpdate(trip, { tripFields: next.fields }, AT);
    case 'addItem':
      return applyAddItem(trip, pickWindow(next.pick), { _id: newId(), ...next.item }, AT, [
        newId(),
        newId(),
        newId(),
        newId(),
      ]);
    case 'editItem':
      return applyEditItem(trip, pickWindow(next.pick), pickItem(next.pick, next.itemPick), next.fields, AT);
    case 'removeItem':
      return applyRemoveItem(trip, pickWindow(next.pick), pickItem(next.pick, next.itemPick), AT);
    case 'duplicate':
      return applyDuplicate(trip, pickWindow(next.pick), { shiftDays: next.shift }, newId(), AT);
    case 'commit':
      return applyCommit(trip, pickWindow(next.pick), AT);
    case 'clear':
      return applyClearPlan(trip, pickWindow(next.pick), AT);
    case 'removeWindow':
      return applyRemoveInstance(trip, pickWindow(next.pick), AT);
    case 'travellers':
      return applyUpdate(trip, { travelers: next.travelers }, AT);
  }
}

const isMoney = (value: number) => Number.isFinite(value) && value >= 0;

/** Every figure of a window from its inputs alone, in cents. */
function fromScratch(window: InstanceRecord, travellers: number): number {
  if (!window.items?.length) return windowCents(window);
  const context = { nights: nightsOf(window), travellers };
  return window.items.reduce((sum, item) => sum + Number(itemCostCents(item, context)), 0);
}

it('when any sequence of partial changes is applied, then every stored window is valid and every total exact', () => {
  fc.assert(
    fc.property(fc.boolean(), fc.array(step, { maxLength: 25 }), (withLegacy, steps) => {
      const legacy = legacyWindow();
      const legacyInputs = JSON.stringify([legacy.trip_start, legacy.trip_end, legacy.stay_expense]);
      let trip = aTrip(withLegacy ? [legacy] : []);
      for (const next of steps) {
        const before = trip;
        try {
          trip = settleChange(before, applyStep(before, next));
        } catch (error) {
          // A refusal is an answer the client sees, never a crash: the trip stays as it was.
          expect(error).toBeInstanceOf(AppError);
          expect([400, 404, 409]).toContain((error as AppError).status);
          continue;
        }
        const travellers = trip.travelers ?? 1;
        for (const window of trip.instances) {
          if (datesInvalid(window)) {
            // Only the window stored that way, with its dates and amounts untouched.
            expect(window._id).toBe(legacy._id);
            expect(JSON.stringify([window.trip_start, window.trip_end, window.stay_expense])).toBe(legacyInputs);
            expect(window.items ?? []).toEqual([]);
          } else {
            expect(() => checkWindow(window)).not.toThrow();
          }
          for (const field of ['stay_expense', 'travel_expense', 'car_expense', 'other_expense'] as const) {
            expect(isMoney(window[field])).toBe(true);
          }
          for (const item of window.items ?? []) expect(isMoney(item.amount)).toBe(true);
          expect(windowCents(window)).toBe(fromScratch(window, travellers));
        }
        expect(isMoney(trip.stay_expense) && isMoney(trip.travel_expense)).toBe(true);
        if (!datesInvalid(trip)) expect(() => checkWindow({ ...trip, items: [] })).not.toThrow();
        // What the API answers agrees with the stored amounts, to the cent.
        const view = tripView(trip);
        view.instances.forEach((window, index) => {
          expect(cents(window.total_cost)).toBe(windowCents(trip.instances[index]));
          if (window.dates_invalid)
            expect([window.nights, window.per_night, window.delta_vs_cheapest]).toEqual([null, null, null]);
          else if (window.nights !== null) expect(window.nights).toBeGreaterThanOrEqual(0);
        });

        // Items: the window's total moves by exactly the item's cost.
        if (next.kind === 'addItem' || next.kind === 'removeItem' || next.kind === 'editItem') {
          const id = before.instances[next.pick % before.instances.length]._id;
          const old = before.instances.find((window) => window._id === id)!;
          const now = trip.instances.find((window) => window._id === id)!;
          const context = { nights: nightsOf(now), travellers };
          const cost = (item: CostItem) => Number(itemCostCents(item, context));
          const oldItems = new Map((old.items ?? []).map((item) => [item._id, item]));
          const newItems = new Map((now.items ?? []).map((item) => [item._id, item]));
          if (next.kind === 'addItem') {
            const added = (now.items ?? []).at(-1)!;
            expect(windowCents(now)).toBe(windowCents(old) + cost(added));
          } else if (next.kind === 'removeItem') {
            const [removed] = [...oldItems.values()].filter((item) => !newItems.has(item._id));
            if (newItems.size === 0) expect(windowCents(now)).toBe(0);
            else expect(windowCents(now)).toBe(windowCents(old) - cost(removed));
          } else {
            const [changed] = [...newItems.values()].filter(
              (item) => JSON.stringify(item) !== JSON.stringify(oldItems.get(item._id)),
            );
            if (changed) {
              expect(windowCents(now)).toBe(windowCents(old) - cost(oldItems.get(changed._id)!) + cost(changed));
            }
          }
        }
      }
    }),
    { numRuns: 300 },
  );
});

it('when only the end date is edited to before the start, then it is refused with a clear message', () => {
  const window: InstanceRecord = { ...legacyWindow(), trip_start: day(10), trip_end: day(14) };
  const trip = aTrip([window]);
  expect(() =>
    settleChange(trip, applyUpdate(trip, { instanceEdits: [{ _id: window._id, fields: { trip_end: day(6) } }] }, AT)),
  ).toThrow(END_BEFORE_START);
});

it('when the first item is added to a window with plain amounts, then each non-zero amount becomes an item', () => {
  const window: InstanceRecord = { ...legacyWindow(), trip_start: day(1), trip_end: day(4), other_expense: 12.5 };
  const trip = aTrip([window]);
  const after = settleChange(
    trip,
    applyAddItem(
      trip,
      window._id,
      {
        _id: newId(),
        category: 'stay',
        name: 'Hotel',
        amount: 100,
        basis: 'per_night',
        booked: false,
        paid: false,
        link: '',
        confirmation: '',
      },
      AT,
    ),
  );
  const [itemised] = after.instances;
  expect(itemised.items!.map((item) => [item.category, item.name, item.amount, item.basis])).toEqual([
    ['stay', 'Stay — entered before itemising', 300, 'total'],
    ['travel', 'Travel — entered before itemising', 40, 'total'],
    ['other', 'Other — entered before itemising', 12.5, 'total'],
    ['stay', 'Hotel', 100, 'per_night'],
  ]);
  expect([itemised.stay_expense, itemised.travel_expense, itemised.car_expense, itemised.other_expense]).toEqual([
    600, 40, 0, 12.5,
  ]);
});
