// Toast queue (docs/product.md §9: 4000 ms by default; success, error, info, warning).
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
export const TOAST_DURATION_MS = 4000;

/** How long a toast offering Undo stays (docs/product.md §6: 10 s after a deletion). */
export const UNDO_TOAST_MS = 10_000;

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  duration: number;
  /** The label of the toast's one button ("Undo"); what it does is kept apart (not state). */
  action?: string;
}

// A toast's button runs a function, which Redux state must not hold: kept here by toast id.
const toastActions = new Map<string, () => void>();

/** Runs a toast's button once (it goes with its toast). */
export function runToastAction(id: string): void {
  const run = toastActions.get(id);
  toastActions.delete(id);
  run?.();
}

/** Forgets a toast's button when the toast goes. */
export const forgetToastAction = (id: string): void => void toastActions.delete(id);

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
      },
      prepare(input: { type: ToastType; message: string; duration?: number; action?: { label: string; run(): void } }) {
        const id = nanoid();
        if (input.action) toastActions.set(id, input.action.run);
        return {
          payload: {
            id,
            type: input.type,
            message: input.message,
            duration: input.duration ?? TOAST_DURATION_MS,
            ...(input.action ? { action: input.action.label } : {}),
          },
        };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      return state.filter((t) => t.id !== action.payload);
    },
  },
});

export const { showToast, dismissToast } = toastSlice.actions;

/**
 * A destructive action's success toast: "Undo" for 10 s (UNDO_TOAST_MS), running `undo`
 * when pressed. Without a network the change only waits on this device (ADR 0038): there
 * is nothing on the server to undo yet, so the toast says so, without Undo.
 */
export const undoableToast = (message: string, undo: () => void, offline = false) =>
  offline
    ? showToast({ type: 'success', message: `${message} on this device — everywhere once you are back online` })
    : showToast({ type: 'success', message, duration: UNDO_TOAST_MS, action: { label: 'Undo', run: undo } });
