// A trip's windows: add, read, commit, clear the plan, duplicate (or make one from a
// flex grid cell), remove, and the flex grid of one window's totals at other dates.
import { newId, notFound, type AuthUser } from '@tripcost/shared';
import { flexGrid as gridOf, type FlexGrid, type FlexRange } from '../../costs';
import type { SharedTripView, TripAndInstance, TripAndInstanceAnswer } from '../../sharing';
import { INSTANCE_NOT_FOUND, tripCurrency, tripDigits, type InstanceRecord, type TripRecord } from '../../trip';
import type { TripsContext } from './context';
import {
  applyAddInstance,
  applyClearPlan,
  applyCommit,
  applyDuplicate,
  applyRemoveInstance,
  type DuplicateTarget,
  type InstanceFields,
} from './trip-changes';
import type { ChangeKind } from '../../live';
import type { Precondition } from './write-path';

export type NewInstance = Required<Omit<InstanceFields, 'activities' | 'label' | 'status' | 'notes' | 'presence'>> &
  Pick<InstanceFields, 'activities' | 'label' | 'status' | 'notes'>;

/** The grid with its range and the currency its money is in (the trip's). */
export type FlexAnswer = FlexRange & { instance_id: string; currency: string } & FlexGrid;

/** A change of one window answered with the trip. */
type WindowChange = (
  user: AuthUser,
  tripId: string,
  instanceId: string,
  precondition?: Precondition,
) => Promise<SharedTripView>;

export const addInstance =
  ({ now, access, writes }: TripsContext) =>
  async (user: AuthUser, tripId: string, input: NewInstance): Promise<TripAndInstance> => {
    const instance: InstanceRecord = {
      _id: newId(),
      ...input,
      activities: input.activities ?? [],
      label: input.label ?? '',
      status: input.status ?? 'considering',
      notes: input.notes ?? '',
      isCommitted: false,
      created_at: now(),
    };
    // The snapshot does not change (trip dates and costs follow commits only), so
    // other services need no event here.
    const trip = await writes.changeTrip(
      user,
      tripId,
      'window',
      (current, at) => applyAddInstance(current, instance, at),
      {},
      null,
    );
    return access.withInstance(trip, instance._id, user.id);
  };

export const getInstance =
  ({ access }: TripsContext) =>
  async (user: AuthUser, tripId: string, instanceId: string): Promise<TripAndInstanceAnswer> =>
    access.readInstance((await access.tripFor(user.id, tripId, 'read')).trip, instanceId, user.id);

/**
 * A use case that applies one window rule (`apply`, given the window's id) through the
 * write path and answers the trip as the caller sees it: commit, clear the plan, remove.
 */
const windowChange =
  (what: ChangeKind, apply: (trip: TripRecord, instanceId: string, at: string) => TripRecord) =>
  ({ access, writes }: TripsContext): WindowChange =>
  async (user, tripId, instanceId, precondition) =>
    access.view(
      await writes.changeTrip(user, tripId, what, (current, at) => apply(current, instanceId, at), precondition),
      user.id,
    );

export const commitInstance = windowChange('commit', applyCommit);

/** Un-commits the committed window; 409 when the window is not the committed one. */
export const clearPlan = windowChange('commit', applyClearPlan);

/** A copy of the window with its dates moved by `shiftDays` or set to a start and nights, listed first. */
export const duplicateInstance =
  ({ access, writes }: TripsContext) =>
  async (
    user: AuthUser,
    tripId: string,
    instanceId: string,
    target: DuplicateTarget,
    precondition?: Precondition,
  ): Promise<TripAndInstance> => {
    const copyId = newId();
    const trip = await writes.changeTrip(
      user,
      tripId,
      'window',
      (current, at) => applyDuplicate(current, instanceId, target, copyId, at),
      precondition,
      null, // like an addition: the snapshot other services hold does not change
    );
    return access.withInstance(trip, copyId, user.id);
  };

export const removeInstance = windowChange('window', applyRemoveInstance);

/** The window's totals at every start and length of the range (the flex grid). */
export const flexGrid =
  ({ access, today }: TripsContext) =>
  async (user: AuthUser, tripId: string, instanceId: string, range: FlexRange): Promise<FlexAnswer> => {
    const trip = await access.tripWithCosts(user.id, tripId);
    const instance = trip.instances.find((candidate) => candidate._id === instanceId);
    if (!instance) throw notFound(INSTANCE_NOT_FOUND);
    return {
      instance_id: instanceId,
      currency: tripCurrency(trip),
      ...range,
      ...gridOf(instance, trip.travelers ?? 1, range, today(), tripDigits(trip)),
    };
  };
