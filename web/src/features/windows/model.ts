// A window as saved: what a save sends and how the answer or a change kept offline shows.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { tripPath, versionTag } from '../../lib/api';
import {
  COMMITTED,
  WINDOW_DATES_AND_AMOUNTS,
  itemisedMeanwhile,
  keyedWindowChanges,
  windowChanges,
  windowFields,
} from '../../lib/merge';
import type { Instance, InstanceStatus, Trip } from '../../lib/types';
import { cachedTrip, saveMerging, windowPath, type InstanceRef, type Sender } from '../saving';

export const EDITABLE = WINDOW_DATES_AND_AMOUNTS;

/** The dates and amounts of an instance, as a create sends them. */
export type InstanceInput = Pick<Instance, (typeof EDITABLE)[number]>;

export type { InstanceRef };

export interface InstanceSave extends InstanceRef {
  /** The trip version the edit started from; sent as If-Match so a change made meanwhile is not overwritten. */
  version?: number;
  /** The instance as it was when the edit started. */
  base: Instance;
  /** Only the fields the user changed. */
  changes: Partial<InstanceInput & WindowFields>;
}

/**
 * PUT of one window's changed fields with If-Match. The version is the whole trip's, so
 * a 412 is merged by field (mergeSave.ts): changes that touch nothing the server changed
 * are re-sent on the new version; the same field changed on both sides comes back as a
 * 412 carrying the conflicts.
 */
export function putInstanceChanges(sender: Sender, save: InstanceSave) {
  const { tripId, instanceId, base, changes } = save;
  return saveMerging(sender, {
    tripId,
    version: save.version,
    base: windowFields(base),
    mine: keyedWindowChanges(instanceId, changes),
    request: (fields) => ({
      url: tripPath(tripId),
      method: 'PUT',
      body: { instances: [{ _id: instanceId, ...windowChanges(instanceId, fields) }] },
    }),
    adjust: (plan, current) => itemisedMeanwhile(plan, instanceId, current),
  });
}

/** The trip with one window changed by `recipe` (a copy: the cached trip is frozen). */
export function withWindow(trip: Trip, instanceId: string, recipe: (window: Instance) => Instance): Trip {
  return { ...trip, instances: trip.instances.map((w) => (w._id === instanceId ? recipe(w) : w)) };
}

export const windowOf = (trip: Trip, instanceId: string) =>
  trip.instances.find((w) => w._id === instanceId) ?? trip.instances[0];

export const path = windowPath;

export { versionTag };

/** What the comparison board edits on a window in place. */
export interface WindowFields {
  status?: InstanceStatus;
  label?: string;
  notes?: string;
  /** Who is there when (issue 40): {} is everyone throughout. */
  presence?: Instance['presence'];
}

/**
 * Every window's figures (Δ vs cheapest, the comparison) are computed by the server over
 * the whole trip: a change whose answer is not the trip (a copy, a cleared plan: their
 * routes declare no answer) refetches the trip.
 */
export const tripChanged = (_r: unknown, error: unknown, { tripId, instanceId }: InstanceRef) =>
  error
    ? []
    : [
        { type: 'Trip' as const, id: tripId },
        { type: 'Trip' as const, id: 'LIST' },
        { type: 'Instance' as const, id: instanceId },
      ];

/**
 * Commits a window (or clears the plan: null). Online the traveller's choice is stored as
 * it is, as between two tabs; kept offline it is a change of the trip-level field the plan
 * is, with the version it was based on, so a replay after another member changed the plan
 * meanwhile shows the conflict instead of overriding it (ADR 0038).
 */
export async function changePlan<T>(
  { baseQuery, keeper }: Sender,
  getState: () => unknown,
  ref: InstanceRef,
  committed: string | null,
  answerOf: (trip: Trip) => T,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  const url = `${path(ref)}/commit`;
  const sent = await baseQuery(committed ? { url, method: 'PATCH', body: {} } : { url, method: 'DELETE' });
  if (sent.error?.status === 'FETCH_ERROR' && keeper) {
    const trip = cachedTrip(getState, ref.tripId);
    const was = committed ? (trip?.instances.find((w) => w.isCommitted)?._id ?? null) : ref.instanceId;
    const kept = await keeper.keepEdit({
      tripId: ref.tripId,
      version: trip?.version,
      base: { [COMMITTED]: was },
      mine: { [COMMITTED]: committed },
      request: () => ({ url }),
      answerOf,
    });
    if (kept) return { data: kept.data as T };
  }
  return sent.error ? { error: sent.error } : { data: sent.data as T };
}
