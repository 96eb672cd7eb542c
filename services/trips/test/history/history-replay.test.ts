// History remembers every change exactly: for random sequences of changes made through
// the trips service (embedded store, as `npm start` runs it), replaying the trip's
// history from its creation rebuilds the trip as stored, and undoing the last k entries
// (each applied backwards, newest first; and through the undo use case) gives back the
// trip as it was k changes ago.
import fc from 'fast-check';
import { testUser, tempDataDir } from '@tripcost/shared/testing';
import { applyChanges, shapeOf, type Shape } from '../../src/history';
import type { HistoryEntry, TripRecord, TripStore } from '../../src/trip';
import { openEmbeddedTripStore } from '../../src/trip/store/embedded';
import { createTripsService, type TripsService } from '../../src/windows/domain/trips-service';

const owner = testUser({ name: 'Ada' });
const day = (n: number) => new Date(Date.UTC(2031, 2, 1 + n)).toISOString();

type Op =
  | { kind: 'trip'; travelers: number; budget: number | null; origin: string }
  | { kind: 'addWindow'; start: number; nights: number; stay: number }
  | { kind: 'addItem'; window: number; amount: number; name: string }
  | { kind: 'editItem'; window: number; item: number; amount: number }
  | { kind: 'removeItem'; window: number; item: number }
  | { kind: 'removeWindow'; window: number }
  | { kind: 'commit'; window: number }
  | { kind: 'clearPlan' }
  | { kind: 'vote'; window: number; vote: 'yes' | 'no' | null };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('trip' as const),
    travelers: fc.integer({ min: 1, max: 6 }),
    budget: fc.option(
      fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
      { nil: null },
    ),
    origin: fc.constantFrom('', 'Paris', 'Porto'),
  }),
  fc.record({
    kind: fc.constant('addWindow' as const),
    start: fc.integer({ min: 0, max: 60 }),
    nights: fc.integer({ min: 1, max: 9 }),
    stay: fc.integer({ min: 0, max: 90_000 }).map((c) => c / 100),
  }),
  fc.record({
    kind: fc.constant('addItem' as const),
    window: fc.nat(),
    amount: fc.integer({ min: 0, max: 90_000 }).map((c) => c / 100),
    name: fc.constantFrom('Hotel', 'Train', 'Museum'),
  }),
  fc.record({
    kind: fc.constant('editItem' as const),
    window: fc.nat(),
    item: fc.nat(),
    amount: fc.integer({ min: 0, max: 90_000 }).map((c) => c / 100),
  }),
  fc.record({ kind: fc.constant('removeItem' as const), window: fc.nat(), item: fc.nat() }),
  fc.record({ kind: fc.constant('removeWindow' as const), window: fc.nat() }),
  fc.record({ kind: fc.constant('commit' as const), window: fc.nat() }),
  fc.record({ kind: fc.constant('clearPlan' as const) }),
  fc.record({
    kind: fc.constant('vote' as const),
    window: fc.nat(),
    vote: fc.constantFrom('yes' as const, 'no' as const, null),
  }),
);

/** Runs one change; a change the rules refuse (a plan to clear that is not there) is skipped, as a traveller's would be. */
async function run(trips: TripsService, store: TripStore, tripId: string, change: Op): Promise<void> {
  const trip = (await store.findById(tripId))!;
  const window =
    trip.instances.length > 0
      ? trip.instances[(change as { window?: number }).window! % trip.instances.length]
      : undefined;
  const items = window?.items ?? [];
  const item = items.length > 0 ? items[((change as { item?: number }).item ?? 0) % items.length] : undefined;
  try {
    switch (change.kind) {
      case 'trip':
        await trips.updateTrip(owner, tripId, {
          travelers: change.travelers,
          budget: change.budget,
          origin: change.origin,
        });
        return;
      case 'addWindow':
        await trips.addInstance(owner, tripId, {
          trip_start: day(change.start),
          trip_end: day(change.start + change.nights),
          stay_expense: change.stay,
          travel_expense: 0,
          car_expense: 0,
          other_expense: 0,
        });
        return;
      case 'addItem':
        if (window)
          await trips.addItem(owner, tripId, window._id, {
            category: 'stay',
            name: change.name,
            amount: change.amount,
            basis: 'total',
            booked: false,
            paid: false,
            link: '',
            confirmation: '',
          });
        return;
      case 'editItem':
        if (window && item) await trips.editItem(owner, tripId, window._id, item._id, { amount: change.amount });
        return;
      case 'removeItem':
        if (window && item) await trips.removeItem(owner, tripId, window._id, item._id);
        return;
      case 'removeWindow':
        if (window) await trips.removeInstance(owner, tripId, window._id);
        return;
      case 'commit':
        if (window) await trips.commitInstance(owner, tripId, window._id);
        return;
      case 'clearPlan':
        if (trip.committedInstanceId) await trips.clearPlan(owner, tripId, trip.committedInstanceId);
        return;
      case 'vote':
        if (window) await trips.vote(owner, tripId, window._id, change.vote);
        return;
    }
  } catch (error) {
    if ((error as { status?: number }).status === 409) return;
    throw error;
  }
}

async function wholeHistory(trips: TripsService, tripId: string): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  let before: string | undefined;
  do {
    const page = await trips.tripHistory(owner, tripId, { limit: 7, before });
    entries.push(...page.entries);
    before = page.next ?? undefined;
  } while (before);
  return entries;
}

/**
 * The shape with what history leaves out of a replay left out (invitations and their
 * tokens), and the order of the windows and of each window's items made visible
 * (deep equality ignores the order of an object's keys).
 */
const comparable = (shape: Shape): Shape => {
  const windows = (shape.windows ?? {}) as Record<string, Shape>;
  const order = Object.entries(windows).map(([id, window]) => [id, ...Object.keys(window.items ?? {})].join(','));
  return { ...shape, invites: {}, order };
};
const shapeNow = async (store: TripStore, tripId: string) =>
  comparable(shapeOf((await store.findById(tripId)) as TripRecord));

describe('a trip’s history', () => {
  let store: TripStore;
  let trips: TripsService;
  beforeAll(async () => {
    store = await openEmbeddedTripStore(tempDataDir());
    trips = createTripsService({ store });
  });
  afterAll(() => store.close());

  it('replayed from the creation rebuilds the trip as stored; undoing the last k entries gives back the trip k changes ago', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const trip = await trips.createTrip(owner, { location_address: 'Lisbon, Portugal' });
        const states = [await shapeNow(store, trip._id)];
        for (const change of ops) {
          await run(trips, store, trip._id, change);
          const now = await shapeNow(store, trip._id);
          if (JSON.stringify(now) !== JSON.stringify(states[states.length - 1])) states.push(now);
        }
        const newestFirst = await wholeHistory(trips, trip._id);
        // One entry per change that changed something, and nothing else.
        expect(newestFirst).toHaveLength(states.length);
        const replayed = [...newestFirst]
          .reverse()
          .reduce<Shape>((shape, entry) => applyChanges(shape, entry.changes, 'forwards'), {});
        expect(comparable(replayed)).toEqual(states[states.length - 1]);
        let undone: Shape = states[states.length - 1];
        for (let k = 1; k < states.length; k++) {
          undone = applyChanges(undone, newestFirst[k - 1].changes, 'backwards');
          expect(comparable(undone)).toEqual(states[states.length - 1 - k]);
        }
        // And through the API's undo: the newest changes undone one by one, newest first.
        for (let k = 1; k < Math.min(states.length, 4); k++) {
          await trips.undoEntry(owner, trip._id, newestFirst[k - 1]._id);
          expect(await shapeNow(store, trip._id)).toEqual(states[states.length - 1 - k]);
        }
      }),
      { numRuns: 60 },
    );
  });
});
