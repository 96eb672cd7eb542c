// Merge, then validate, through the real app: generated sequences of partial bodies
// (window create and edit, PUT with an instances list, items, duplicate, commit,
// travellers) never leave a window that ends before it starts, a negative amount or a
// total that differs from its parts; each refusal is a 4xx with a {msg}. The domain
// property test (test/domain/window-rules.test.ts) covers many more sequences; this
// one proves the routes all go through the same rule.
import fc from 'fast-check';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

const cents = (money: number) => Math.round(money * 100);
const date = fc.option(
  fc.integer({ min: 1, max: 20 }).map((dayOfMonth) => `2030-03-${String(dayOfMonth).padStart(2, '0')}`),
  { nil: null },
);
const amount = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map((value) => value / 100),
  fc.constant(-1),
);
const partial = fc.record(
  { trip_start: date, trip_end: date, stay_expense: amount, other_expense: amount, label: fc.constant('x') },
  { requiredKeys: [] },
);
const action = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), fields: partial }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), fields: partial }),
  fc.record({
    kind: fc.constant('item' as const),
    pick: fc.nat(),
    amount,
    basis: fc.constantFrom('total', 'per_night'),
  }),
  fc.record({ kind: fc.constant('removeItem' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat(), shiftDays: fc.integer({ min: -5, max: 5 }) }),
  fc.record({ kind: fc.constant('commit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('travellers' as const), travelers: fc.integer({ min: 1, max: 4 }) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

describe('window rules through HTTP (property-based)', () => {
  let trips: BootedTrips;
  let alice: Client;
  beforeAll(async () => {
    trips = await bootTrips();
    alice = clientFor(trips.url);
  });
  afterAll(() => trips.stop());

  async function send(tripId: string, windows: { _id: string; items: { _id: string }[] }[], step: Action) {
    const pick = (index: number) => windows[index % windows.length];
    const base = `/api/trips/getaway/${tripId}`;
    if (step.kind === 'create') return alice.post(`${base}/instances`, step.fields);
    if (step.kind === 'travellers') return alice.put(base, { travelers: step.travelers });
    if (windows.length === 0) return null;
    const window = pick(step.pick);
    switch (step.kind) {
      case 'edit':
        return alice.put(base, { instances: [{ _id: window._id, ...step.fields }] });
      case 'item':
        return alice.post(`${base}/instances/${window._id}/items`, {
          category: 'stay',
          name: 'Room',
          amount: step.amount,
          basis: step.basis,
        });
      case 'removeItem':
        return window.items[0] ? alice.delete(`${base}/instances/${window._id}/items/${window.items[0]._id}`) : null;
      case 'duplicate':
        return alice.post(`${base}/instances/${window._id}/duplicate`, { shiftDays: step.shiftDays });
      case 'commit':
        return alice.patch(`${base}/instances/${window._id}/commit`, {});
    }
  }

  it('when partial bodies arrive in any order, then every stored window is valid and every total adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (steps) => {
        const trip = await alice.createTrip();
        for (const step of steps) {
          const before = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
          const reply = await send(trip._id, before.instances, step);
          if (reply && reply.status >= 400) {
            expect([400, 409]).toContain(reply.status);
            expect(typeof reply.body.msg).toBe('string');
          }
          const after = (await alice.get(`/api/trips/getaway/${trip._id}`)).body;
          for (const window of after.instances) {
            expect(window.dates_invalid).toBe(false);
            if (window.trip_start && window.trip_end) expect(window.trip_end >= window.trip_start).toBe(true);
            const parts = [window.stay_expense, window.travel_expense, window.car_expense, window.other_expense];
            for (const part of parts) expect(part).toBeGreaterThanOrEqual(0);
            expect(cents(window.total_cost)).toBe(parts.reduce((sum: number, part: number) => sum + cents(part), 0));
          }
          if (step.kind === 'item' && reply?.status === 201) {
            const old = before.instances.find((window: { _id: string }) => window._id === reply.body.instance._id);
            expect(cents(reply.body.instance.total_cost)).toBe(
              cents(old.total_cost) +
                cents(step.amount) * (step.basis === 'per_night' ? (reply.body.instance.nights ?? 0) : 1),
            );
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});
