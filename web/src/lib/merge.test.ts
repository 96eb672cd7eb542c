import { costItem, instance, trip } from '../../test/fixtures';
import {
  diff,
  itemKey,
  itemisedMeanwhile,
  planMerge,
  resolve,
  sameValue,
  tripFields,
  tripKey,
  windowChanges,
  windowFields,
  windowKey,
} from './merge';

describe('merge by field', () => {
  const window = instance({ stay_expense: 100, travel_expense: 40, notes: '', label: '' });
  const base = windowFields(window);

  it('when the server changed another field of the same window, then mine is re-sent and nothing conflicts', () => {
    const mine = { [windowKey(window._id, 'notes')]: 'Bring boots' };
    const current = tripFields(trip({ instances: [{ ...window, stay_expense: 250 }] }));
    const plan = planMerge(base, mine, current);
    expect(plan.resend).toEqual(mine);
    expect(plan.conflicts).toEqual([]);
    expect(windowChanges(window._id, plan.resend)).toEqual({ notes: 'Bring boots' });
  });

  it('when the server changed the same field to another value, then it is a conflict with both values', () => {
    const key = windowKey(window._id, 'stay_expense');
    const plan = planMerge(base, { [key]: 5 }, tripFields(trip({ instances: [{ ...window, stay_expense: 333 }] })));
    expect(plan.conflicts).toEqual([{ key, base: 100, mine: 5, theirs: 333 }]);
    expect(plan.resend).toEqual({});
    expect(resolve(plan, 'mine')).toEqual({ [key]: 5 });
    expect(resolve(plan, 'theirs')).toEqual({});
  });

  it('when both sides typed the same value, then there is nothing to send and no conflict', () => {
    const key = windowKey(window._id, 'stay_expense');
    const plan = planMerge(base, { [key]: 333 }, tripFields(trip({ instances: [{ ...window, stay_expense: 333 }] })));
    expect(plan).toMatchObject({ resend: {}, conflicts: [], alreadyStored: [key] });
  });

  it('when the window was deleted on the server, then my change is reported as gone', () => {
    const key = windowKey(window._id, 'notes');
    const plan = planMerge(base, { [key]: 'x' }, tripFields(trip({ instances: [] })));
    expect(plan.gone).toEqual([key]);
  });

  it('when two fields changed here and one collides, then the other is kept whichever side the user takes', () => {
    const stay = windowKey(window._id, 'stay_expense');
    const notes = windowKey(window._id, 'notes');
    const plan = planMerge(
      base,
      { [stay]: 5, [notes]: 'mine' },
      tripFields(trip({ instances: [{ ...window, stay_expense: 333 }] })),
    );
    expect(resolve(plan, 'theirs')).toEqual({ [notes]: 'mine' });
    expect(resolve(plan, { [stay]: 'mine' })).toEqual({ [notes]: 'mine', [stay]: 5 });
  });

  it('when items and trip fields are compared, then each item field and trip field stands alone', () => {
    const item = costItem({ _id: 'item-1', basis: 'total' });
    const withItem = { ...window, items: [item] };
    const before = tripFields(trip({ travelers: 2, instances: [withItem] }));
    const now = tripFields(trip({ travelers: 3, instances: [{ ...withItem, items: [{ ...item, paid: true }] }] }));
    const mine = { [itemKey(window._id, 'item-1', 'amount')]: 120, [tripKey('budget')]: 900 };
    const plan = planMerge(before, mine, now);
    expect(plan.conflicts).toEqual([]);
    expect(plan.resend).toEqual(mine);
    // The same trip field on both sides collides; the same value typed on both sides does not.
    const clash = planMerge(before, { [itemKey(window._id, 'item-1', 'paid')]: true, [tripKey('travelers')]: 4 }, now);
    expect(clash.conflicts.map((c) => c.key)).toEqual([tripKey('travelers')]);
    expect(clash.alreadyStored).toEqual([itemKey(window._id, 'item-1', 'paid')]);
  });

  it('when the window got cost items meanwhile, then a typed expense can only take the server side', () => {
    const key = windowKey(window._id, 'stay_expense');
    const item = { ...({} as object), _id: 'i', category: 'stay', name: 'Inn', amount: 100, basis: 'total' };
    const current = trip({ instances: [{ ...window, items: [item as never] }] });
    const plan = itemisedMeanwhile(planMerge(base, { [key]: 120 }, tripFields(current)), window._id, current);
    expect(plan.resend).toEqual({});
    expect(plan.conflicts).toEqual([expect.objectContaining({ key, mine: 120, locked: true })]);
    expect(resolve(plan, 'mine')).toEqual({});
  });

  it('when values are compared, then dates compare as days, numbers as numbers and empty as absent', () => {
    expect(sameValue('2025-03-01T00:00:00.000Z', '2025-03-01')).toBe(true);
    expect(sameValue(100, '100')).toBe(true);
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(0, null)).toBe(false);
    expect(diff({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toEqual({ b: 'y' });
  });
});
