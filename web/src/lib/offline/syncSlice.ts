// What the sync strip shows (ADR 0038): how many changes wait to be sent, and the
// ones that need the traveller (a conflict) or could not be applied.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueuedChange } from './changeQueue';

export interface SyncState {
  waiting: number;
  conflicts: QueuedChange[];
  failed: QueuedChange[];
}

const initialState: SyncState = { waiting: 0, conflicts: [], failed: [] };

export const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    queueRead(state, action: PayloadAction<QueuedChange[]>) {
      const changes = action.payload;
      state.conflicts = changes.filter((change) => change.conflict);
      state.failed = changes.filter((change) => change.failed && !change.conflict);
      state.waiting = changes.length - state.conflicts.length - state.failed.length;
    },
  },
});

export const { queueRead } = syncSlice.actions;
