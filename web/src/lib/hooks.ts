// Typed Redux hooks. The state shape is declared here (not imported from the app) so
// that shared code never depends on the app layer.
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from './api';
import type { SessionState } from './session';
import type { Toast } from './toast';
import type { SyncState } from './offline/syncSlice';

export interface AppState {
  api: ReturnType<typeof api.reducer>;
  session: SessionState;
  toasts: Toast[];
  sync: SyncState;
}
export type AppDispatch = ThunkDispatch<AppState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();
