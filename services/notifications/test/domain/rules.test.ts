// The alert rules over trip states, with a fake clock (no waiting): each fires once, for
// the right people, and a member with hidden costs gets no amount and no money alert.
import type { TripAlertState } from '@tripcost/shared';
import { CHEAPEST_QUIET_MS, evaluate, firstMemory } from '../../src/domain/rules';

const OWNER = 'a'.repeat(24);
const EDITOR = 'b'.repeat(24);
const VIEWER = 'c'.repeat(24);
const T0 = new Date('2030-01-01T10:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

const state = (over: Partial<TripAlertState> = {}): TripAlertState => ({
  _id: 'd'.repeat(24),
  name: 'Lisbon, Portugal',
  currency: 'EUR',
  version: 1,
  access: { [OWNER]: 'full', [EDITOR]: 'full', [VIEWER]: 'hidden' },
  names: { [OWNER]: 'Ana', [EDITOR]: 'Bo', [VIEWER]: 'Cy' },
  cheapest: { instance_id: 'w1', label: 'May', total: 120_000 },
  committed: null,
  over_budget_by: null,
  actor_id: OWNER,
  ...over,
});

describe('the cheapest-window rule', () => {
  it('when another member’s change makes a window cheapest, then everyone but them is told once, amounts only to who may see costs', () => {
    const { alerts, memory } = evaluate(
      firstMemory(state()),
      state({ version: 2, actor_id: EDITOR, cheapest: { instance_id: 'w2', label: 'June', total: 99_950 } }),
      T0,
    );
    expect(alerts.map((a) => [a.user_id, a.kind])).toEqual([
      [OWNER, 'cheapest'],
      [VIEWER, 'cheapest'],
    ]);
    expect(alerts[0].amount_body).toBe('“June” is now the cheapest window of Lisbon, Portugal, at 999.50 EUR.');
    expect(alerts[1].body).toBe('“June” is now the cheapest window of Lisbon, Portugal.');
    expect(alerts[0].instance_id).toBe('w2');
    // The same state again (a redelivered event) alerts nothing more.
    expect(
      evaluate(memory, state({ version: 2, cheapest: { instance_id: 'w2', label: 'June', total: 1 } }), T0).alerts,
    ).toEqual([]);
  });

  it('when the cheapest flips back and forth within the hour, then it alerts once; after the hour, again', () => {
    let memory = firstMemory(state());
    const flip = (version: number, id: string, at: Date) => {
      const result = evaluate(
        memory,
        state({ version, actor_id: null, cheapest: { instance_id: id, label: id, total: 1 } }),
        at,
      );
      memory = result.memory;
      return result.alerts.filter((a) => a.user_id === OWNER).length;
    };
    expect(flip(2, 'w2', T0)).toBe(1);
    expect(flip(3, 'w1', later(10 * 60_000))).toBe(0);
    expect(flip(4, 'w2', later(20 * 60_000))).toBe(0);
    expect(flip(5, 'w1', later(CHEAPEST_QUIET_MS + 1))).toBe(1);
  });

  it('when a trip gets its first window, then nothing is told and the hour does not start', () => {
    const empty = firstMemory(state({ cheapest: null }));
    const first = evaluate(empty, state({ version: 2, actor_id: EDITOR }), T0);
    expect(first.alerts).toEqual([]);
    const june = { instance_id: 'w2', label: 'June', total: 5 };
    const second = evaluate(first.memory, state({ version: 3, actor_id: EDITOR, cheapest: june }), later(60_000));
    expect(second.alerts.map((a) => a.kind)).toEqual(['cheapest', 'cheapest']);
  });

  it('when a state older than the one seen arrives, then nothing is alerted and the memory stays', () => {
    const memory = { ...firstMemory(state()), version: 5 };
    const result = evaluate(memory, state({ version: 4, cheapest: { instance_id: 'w9', label: 'x', total: 1 } }), T0);
    expect(result).toEqual({ memory, alerts: [] });
  });
});

describe('after a crash between storing alerts and keeping the memory', () => {
  it('when a newer state is compared with the same memory first, then the same changes get the same keys (stored once)', () => {
    const memory = firstMemory(state());
    const newcomer = 'e'.repeat(24);
    const joined = { ...state().access, [newcomer]: 'full' as const };
    const june = { instance_id: 'w2', label: 'June', total: 99 };
    const cut = evaluate(memory, state({ version: 5, actor_id: EDITOR, access: joined, cheapest: june }), T0);
    // The memory of version 5 was never kept; version 6 (another change) arrives first.
    const next = evaluate(memory, state({ version: 6, actor_id: EDITOR, access: joined, cheapest: june }), T0);
    const keys = (alerts: typeof cut.alerts) => alerts.map((a) => `${a.user_id} ${a.dedupe_key}`).sort();
    expect(keys(next.alerts)).toEqual(keys(cut.alerts));
    expect(cut.alerts.map((a) => a.kind).sort()).toEqual([
      'cheapest',
      'cheapest',
      'cheapest',
      'members',
      'members',
      'members',
    ]);
  });
});

describe('the over-budget rule', () => {
  const committed = { instance_id: 'w1', label: 'May', start: '2030-05-01', end: '2030-05-04', total: 120_000 };
  it('when the plan goes over the budget, then only members who may see costs are told, with the amount, once', () => {
    const before = firstMemory(state({ committed, over_budget_by: -500 }));
    const { alerts, memory } = evaluate(before, state({ version: 2, committed, over_budget_by: 2_500 }), T0);
    expect(alerts.map((a) => a.user_id)).toEqual([OWNER, EDITOR]);
    expect(alerts[0].amount_body).toBe('The plan for Lisbon, Portugal is 25.00 EUR over the trip’s budget.');
    expect(evaluate(memory, state({ version: 3, committed, over_budget_by: 3_000 }), T0).alerts).toEqual([]);
  });
});

describe('the members rule', () => {
  it('when someone joins and someone leaves, then the others are told, without amounts', () => {
    const before = firstMemory(state());
    const access = { [OWNER]: 'full' as const, [VIEWER]: 'hidden' as const, ['e'.repeat(24)]: 'full' as const };
    const { alerts } = evaluate(before, state({ version: 2, access, names: { ['e'.repeat(24)]: 'Di' } }), T0);
    const told = alerts.map((a) => [a.user_id, a.body]);
    expect(told).toEqual(
      expect.arrayContaining([
        [OWNER, 'Di joined Lisbon, Portugal.'],
        [VIEWER, 'Di joined Lisbon, Portugal.'],
        [OWNER, 'A member left Lisbon, Portugal.'],
      ]),
    );
    expect(told.some(([user]) => user === EDITOR)).toBe(false);
    expect(alerts.every((a) => a.amount_body === null)).toBe(true);
  });
});
