// How a copy of a window kept offline shows (Duplicate…, and a flex grid cell's "Add
// this window"): light, so the Flex dates view can use it without the copy endpoint.
import { newTempId, type Kept } from '../../lib/offline/changeQueue';
import type { Instance, Trip } from '../../lib/types';
import { cachedTrip } from '../saving';
import { windowOf, type InstanceRef } from './model';

/**
 * How a copy of a window kept offline shows: at the top, at its new dates, its items with
 * temporary ids of their own (the server gives the copy's items new ids: the answer's
 * `items`, in order, name them, so an item of the copy edited offline is sent to its real id).
 */
export function keptCopy(
  getState: () => unknown,
  ref: InstanceRef,
  datesOf: (source: Instance) => [string | null, string | null],
  /** A copy at a flex grid cell's dates: no name, as on the server (ADR 0063). */
  unnamed = false,
): Kept<Instance> {
  const tempId = newTempId();
  const cached = cachedTrip(getState, ref.tripId);
  const itemIds = (cached && windowOf(cached, ref.instanceId).items?.map(() => newTempId())) ?? [];
  const copyOf = (trip: Trip): Instance => {
    const source = windowOf(trip, ref.instanceId);
    const [trip_start, trip_end] = datesOf(source);
    const items = source.items?.map((item, at) => ({ ...item, _id: itemIds[at] ?? newTempId() }));
    // A copy starts with no votes, as on the server.
    const votes = { yes: 0, maybe: 0, no: 0, mine: null };
    const copy = {
      ...source,
      _id: tempId,
      trip_start,
      trip_end,
      items,
      votes,
      works_for_everyone: false,
      ...(unnamed ? { label: '' } : {}),
    };
    return { ...copy, isCommitted: false };
  };
  return {
    tempId,
    alsoIds: itemIds.map((id, at) => ({ tempId: id, idAt: ['items', String(at), '_id'] })),
    show: (trip) => ({ ...trip, instances: [copyOf(trip), ...trip.instances] }),
    answer: (trip) => windowOf(trip, tempId),
  };
}
