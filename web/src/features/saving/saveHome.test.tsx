// The one home for saving, wired explicitly: each store has its own save home (the
// thunk's extra argument) and the offline keeper is connected to it, never to a module;
// the one 412 conflict handling (useSaveConflict) used by every page that saves.
import { act, renderHook } from '@testing-library/react';
import { trip } from '../../../test/fixtures';
import { makeStore } from '../../app/store';
import { CONFLICT_MESSAGE, type MergeConflict } from './mergeSave';
import { SaveHome, senderOf, type OfflineKeeper } from './home';
import { useSaveConflict } from './useSaveConflict';

const keeper: OfflineKeeper = {
  keepEdit: () => Promise.resolve(null),
  keepRequest: () => Promise.resolve(null),
  keepWindowCreate: () => Promise.resolve(null),
  keepWindowRemove: () => Promise.resolve(null),
};
const baseQuery = () => ({ data: null });

describe('the save home', () => {
  it('when a keeper is connected to one store, then only that store keeps changes offline, until disconnected', () => {
    const one = makeStore();
    const other = makeStore();
    expect(one.saving).not.toBe(other.saving);
    const disconnect = one.saving.connect(keeper);
    expect(senderOf({ extra: one.saving }, baseQuery).keeper).toBe(keeper);
    expect(senderOf({ extra: other.saving }, baseQuery).keeper).toBeNull();
    disconnect();
    expect(senderOf({ extra: one.saving }, baseQuery).keeper).toBeNull();
  });

  it('when an endpoint runs without a save home (any other extra argument), then nothing is kept', () => {
    expect(senderOf({ extra: undefined }, baseQuery).keeper).toBeNull();
    expect(senderOf({ extra: new SaveHome() }, baseQuery).keeper).toBeNull();
  });
});

describe('the one 412 conflict handling', () => {
  const stored = trip({ version: 7 });
  const merge: MergeConflict = {
    conflicts: [{ key: 'trip:travelers', base: 2, mine: 3, theirs: 4 }],
    gone: [],
    resend: { 'trip:budget': 900 },
    trip: stored,
  };
  const conflictFailure = { status: 412, data: { msg: CONFLICT_MESSAGE, merge } };

  it('when a save answers a 412 carrying conflicts, then it is caught and shown until the traveller chooses', () => {
    const { result } = renderHook(() => useSaveConflict());
    let caught = false;
    act(() => {
      caught = result.current.caught(conflictFailure);
    });
    expect(caught).toBe(true);
    expect(result.current.conflict).toBe(merge);

    let settled: ReturnType<typeof result.current.settle> = null;
    act(() => {
      settled = result.current.settle('mine');
    });
    expect(settled).toEqual({ fields: { 'trip:budget': 900, 'trip:travelers': 3 }, trip: stored });
    expect(result.current.conflict).toBeNull();
  });

  it('when the traveller takes theirs, then only the changes that did not collide are sent again', () => {
    const { result } = renderHook(() => useSaveConflict());
    act(() => void result.current.caught(conflictFailure));
    let settled: ReturnType<typeof result.current.settle> = null;
    act(() => {
      settled = result.current.settle('theirs');
    });
    expect(settled).toEqual({ fields: { 'trip:budget': 900 }, trip: stored });
  });

  it('when a save fails otherwise (a 412 with nothing to choose, a 400, no network), then it is left to the page', () => {
    const { result } = renderHook(() => useSaveConflict());
    for (const failure of [
      { status: 412, data: { msg: 'The trip keeps changing; please try again.' } },
      { status: 412, data: { msg: 'gone', merge: { ...merge, conflicts: [], gone: ['trip:budget'] } } },
      { status: 400, data: { msg: 'no' } },
      { status: 'FETCH_ERROR', error: 'offline' },
    ]) {
      act(() => expect(result.current.caught(failure)).toBe(false));
    }
    expect(result.current.conflict).toBeNull();
    expect(result.current.settle('mine')).toBeNull();
  });
});
