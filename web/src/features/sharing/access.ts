// What my role on the trip shown lets me do (the server's rule, docs/adr/0039: a viewer
// reads and votes, an editor also edits, only the owner deletes the trip and manages
// members). The pages of a trip provide the role; components ask instead of drilling it
// down, and show no control the server would refuse. Without a provider (a component on
// its own) the role is the owner's, as it was before trips were shared.
import { createContext, useContext } from 'react';
import type { TripRole } from '../../lib/types';

const TripRoleContext = createContext<TripRole>('owner');

export const TripRoleProvider = TripRoleContext.Provider;

export const canEdit = (role: TripRole | undefined): boolean => role !== 'viewer';
export const canManage = (role: TripRole | undefined): boolean => role === undefined || role === 'owner';

/** Whether I may change the trip shown (windows, items, settings, plan). */
export function useCanEdit(): boolean {
  return canEdit(useContext(TripRoleContext));
}

/** The server refused the trip to me (403): I was removed, or it was never shared with me. */
export function lostAccess(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 403;
}
