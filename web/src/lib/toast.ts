// Toast queue (docs/product.md §9: 4000 ms by default; success, error, info, warning).
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
export const TOAST_DURATION_MS = 4000;

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  duration: number;
}

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
      },
      prepare(input: { type: ToastType; message: string; duration?: number }) {
        return {
          payload: {
            id: nanoid(),
            type: input.type,
            message: input.message,
            duration: input.duration ?? TOAST_DURATION_MS,
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
