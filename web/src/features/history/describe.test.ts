// A history entry in words as the Activity panel shows it: who changed what from what
// to what, amounts in the trip's currency by the one money formatter, hidden amounts
// never shown, and how long ago in the traveller's language.
import type { HistoryEntry } from './api';
import { activityPeople, describeEntry, filterParams, timeAgo, undoable } from './describe';

const entry = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  _id: 'e1',
  trip_id: 't1',
  seq: [3, 0],
  at: '2031-05-01T10:00:00.000Z',
  actor: { user_id: 'u1', name: 'Cy' },
  action: 'item',
  target: { kind: 'item', id: 'i1', name: 'Hotel Lisboa' },
  changes: [
    { field: 'windows.w1.items.i1.amount', from: 120, to: 135 },
    { field: 'windows.w1.stay_expense', from: 480, to: 540, derived: true },
  ],
  ...fields,
});

describe('an entry in words', () => {
  it('when a price changed, then it says who changed it from what to what, in the trip’s currency', () => {
    expect(describeEntry(entry({}), 'EUR')).toBe('Cy changed Hotel Lisboa’s price from €120.00 to €135.00');
  });

  it('when the reader may not see the amounts, then it says only that the price changed', () => {
    const hidden = entry({ changes: [{ field: 'windows.w1.items.i1.amount', from: null, to: null, hidden: true }] });
    expect(describeEntry(hidden, 'USD')).toBe('Cy changed Hotel Lisboa’s price');
  });

  it('when a window was deleted, restored or a change undone, then it says so; the creation cannot be undone', () => {
    const removed = entry({
      action: 'window',
      target: { kind: 'window', id: 'w1', name: 'May week' },
      changes: [{ field: 'windows.w1', from: { label: 'May week' }, to: null, at: 0 }],
    });
    expect(describeEntry(removed, 'USD')).toBe('Cy deleted window May week');
    expect(describeEntry({ ...removed, action: 'restore' }, 'USD')).toBe('Cy restored window May week');
    expect(describeEntry(entry({ action: 'undo' }), 'USD')).toBe('Cy undid a change to Hotel Lisboa');
    expect(undoable(entry({}))).toBe(true);
    expect(undoable(entry({ action: 'create' }))).toBe(false);
  });

  it('when an import added bookings, then it is one sentence counting them, whatever their amounts', () => {
    const imported = entry({
      action: 'import',
      target: { kind: 'trip', id: 't1', name: 'Lisbon' },
      changes: [
        { field: 'windows.w1.items.i1', from: null, to: { name: 'Hotel Fixture Lisbon' }, at: 0 },
        { field: 'windows.w1.items.i2', from: null, to: { name: 'Flight FX 123' }, at: 1 },
        { field: 'windows.w2.items.i3', from: null, to: { name: 'Compact car' }, at: 0 },
        { field: 'windows.w1.stay_expense', from: 0, to: 412.5, derived: true },
      ],
    });
    expect(describeEntry(imported, 'EUR')).toBe('Cy imported 3 bookings');
    expect(undoable(imported)).toBe(true);
  });

  it('when an item was added with its window’s sums, then the item leads; a vote and a join say so', () => {
    const added = entry({
      action: 'item',
      target: { kind: 'window', id: 'w1', name: 'May week' },
      changes: [
        { field: 'windows.w1.stay_expense', from: 0, to: 480 },
        { field: 'windows.w1.items.i1', from: null, to: { name: 'Hotel Lisboa', amount: 120 }, at: 0 },
      ],
    });
    expect(describeEntry(added, 'USD')).toBe('Cy added Hotel Lisboa (and 1 more)');
    const voted = entry({ action: 'vote', changes: [{ field: 'votes.w1', from: null, to: { u1: 'yes' }, at: 0 }] });
    expect(describeEntry(voted, 'USD')).toBe('Cy voted yes');
    expect(describeEntry(entry({ action: 'join' }), 'USD')).toBe('Cy joined the trip');
  });

  it('when filtered by person and by window, then the query asks the server for those, and any is left out', () => {
    expect(filterParams({ actorId: 'u1', windowId: 'w1' })).toEqual({ actor: 'u1', instance: 'w1' });
    expect(filterParams({ actorId: '', windowId: '' })).toEqual({});
  });

  it('when people are listed for the filter, then the owner and members come first, then who else made a change, each once', () => {
    const trip = { user_id: 'u0', owner_name: 'Ada', members: [{ user_id: 'u1', name: 'Cy' }] };
    const left = entry({ actor: { user_id: 'u9', name: 'Bo' } });
    const former = entry({ actor: { user_id: null, name: 'A former member' } });
    expect(activityPeople(trip, [entry({}), left, former])).toEqual([
      { id: 'u0', name: 'Ada' },
      { id: 'u1', name: 'Cy' },
      { id: 'u9', name: 'Bo' },
    ]);
  });

  it('when time passed, then it reads how long ago in the traveller’s language', () => {
    const at = '2031-05-01T10:00:00.000Z';
    expect(timeAgo(at, Date.parse(at) + 30_000, 'en-US')).toBe('just now');
    expect(timeAgo(at, Date.parse(at) + 2 * 3_600_000, 'en-US')).toBe('2 hours ago');
    expect(timeAgo(at, Date.parse(at) + 2 * 3_600_000, 'fr-FR')).toBe('il y a 2 heures');
  });
});
