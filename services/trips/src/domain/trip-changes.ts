// Each consistent change to a trip, as a pure function from the trip before to the
// trip after. This is the only place these rules exist: the trips service reads the
// stored trip, applies one of these and writes the result back with a
// compare-and-swap on its version (both stores, see store/trip-store.ts). A change
// that the rules refuse throws the AppError the caller answers with.
import { AppError, notFound } from '@tripcost/shared';
import {
  datedExpensesOf,
  MAX_INSTANCES_PER_TRIP,
  NO_DATES_OR_EXPENSES,
  type DatedExpenses,
  type InstanceRecord,
  type TripRecord,
} from './trip';

export const INSTANCE_NOT_FOUND = 'Trip instance not found.';

function requireInstance(trip: TripRecord, instanceId: string): InstanceRecord {
  const instance = trip.instances.find((candidate) => candidate._id === instanceId);
  if (!instance) throw notFound(INSTANCE_NOT_FOUND);
  return instance;
}

export type InstanceFields = Partial<DatedExpenses> & { activities?: string[] };

export interface InstanceEdit {
  _id: string;
  fields: InstanceFields;
}

/** What PUT /getaway/:tripId may change (owner fields and ids never). */
export interface TripUpdate {
  isFavorite?: boolean;
  /** Applied only while the trip has no instances; afterwards they follow the committed one. */
  tripFields?: Partial<DatedExpenses>;
  /** Each must name an existing instance; instances not listed are left as they are. */
  instanceEdits?: InstanceEdit[];
}

/** The fields a partial edit actually sets (absent means unchanged). */
export function pickDefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function applyUpdate(trip: TripRecord, update: TripUpdate, now: string): TripRecord {
  const known = new Set(trip.instances.map((instance) => instance._id));
  const unknown = (update.instanceEdits ?? []).find((edit) => !known.has(edit._id));
  if (unknown) throw new AppError(400, `The trip has no instance ${unknown._id}.`, 'unknown_instance');
  const edits = new Map((update.instanceEdits ?? []).map((edit) => [edit._id, pickDefined(edit.fields)]));
  const instances = trip.instances.map((instance) => {
    const fields = edits.get(instance._id);
    return fields ? { ...instance, ...fields } : instance;
  });
  const committed = instances.find((instance) => instance._id === trip.committedInstanceId);
  const ownFields = trip.instances.length === 0 ? pickDefined(update.tripFields ?? {}) : {};
  const committedFields = committed && edits.has(committed._id) ? datedExpensesOf(committed) : {};
  return {
    ...trip,
    ...ownFields,
    ...committedFields,
    isFavorite: update.isFavorite ?? trip.isFavorite,
    instances,
    updated_at: now,
  };
}

export function applyAddInstance(trip: TripRecord, instance: InstanceRecord, now: string): TripRecord {
  if (trip.instances.length >= MAX_INSTANCES_PER_TRIP) {
    throw new AppError(409, `A trip can hold at most ${MAX_INSTANCES_PER_TRIP} instances.`, 'too_many_instances');
  }
  return { ...trip, instances: [instance, ...trip.instances], updated_at: now };
}

/** Marks the instance, unmarks the others and copies its dates and expenses to the trip. */
export function applyCommit(trip: TripRecord, instanceId: string, now: string): TripRecord {
  const target = requireInstance(trip, instanceId);
  if (trip.committedInstanceId === instanceId && target.isCommitted) return trip; // already the plan
  return {
    ...trip,
    ...datedExpensesOf(target),
    committedInstanceId: instanceId,
    instances: trip.instances.map((instance) => ({ ...instance, isCommitted: instance._id === instanceId })),
    updated_at: now,
  };
}

/** Removing the committed instance also clears the trip's commitment, dates and expenses. */
export function applyRemoveInstance(trip: TripRecord, instanceId: string, now: string): TripRecord {
  requireInstance(trip, instanceId);
  const wasCommitted = trip.committedInstanceId === instanceId;
  return {
    ...trip,
    ...(wasCommitted ? { ...NO_DATES_OR_EXPENSES, committedInstanceId: null } : {}),
    instances: trip.instances.filter((instance) => instance._id !== instanceId),
    updated_at: now,
  };
}

export function applyFavorite(trip: TripRecord, isFavorite: boolean, now: string): TripRecord {
  return { ...trip, isFavorite, updated_at: now };
}
