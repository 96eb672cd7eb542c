// The caches a save writes: the trip, its card in the trip list, and every open window
// page of it. They are defined here, with the writes, so a save shows its answer
// everywhere without asking any feature to listen (the trips feature adds its other
// endpoints to this API; the windows feature reads getInstance from here).
import { tripSummary } from '@tripcost/shared/domain';
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import type { InstanceWithTrip, Trip, TripSummary } from '../../lib/types';
import { conflictOf } from './mergeSave';

export type InstanceRef = { tripId: string; instanceId: string };

export const windowPath = ({ tripId, instanceId }: InstanceRef) =>
  `/trips/getaway/${encodeURIComponent(tripId)}/instances/${encodeURIComponent(instanceId)}`;

export const tripCache = api.injectEndpoints({
  endpoints: (build) => ({
    /** The trip cards' list (Explore, All trips, My Trips, Past): summaries, not whole trips. */
    getTrips: build.query<TripSummary[], void>({
      query: () => '/trips/getaway-trip?view=summary',
      providesTags: (trips) => [
        ...(Array.isArray(trips) ? trips : []).map((t) => ({ type: 'Trip' as const, id: t._id })),
        { type: 'Trip' as const, id: 'LIST' },
      ],
    }),
    getTrip: build.query<Trip, string>({
      query: (tripId) => `/trips/getaway/${encodeURIComponent(tripId)}`,
      providesTags: (_r, _e, tripId) => [{ type: 'Trip', id: tripId }],
    }),
    /** A window's page: the window and its trip. */
    getInstance: build.query<InstanceWithTrip, InstanceRef>({
      query: (ref) => windowPath(ref),
      providesTags: (_r, _e, ref) => [
        { type: 'Instance', id: ref.instanceId },
        { type: 'Trip', id: ref.tripId },
      ],
    }),
  }),
});

/**
 * The trip as this store holds it now, wherever a page loaded it: its own entry, or the
 * one a window page holds with its window (a window page opened from a link never reads
 * the trip alone); the newest version when both do. Undefined when no page loaded it.
 * What a change is checked and kept against, online or not, so a page that lost its
 * connection keeps a change exactly as a page opened offline does (ADR 0065).
 */
export function cachedTrip(getState: () => unknown, tripId: string): Trip | undefined {
  const state = getState() as never;
  let newest = tripCache.endpoints.getTrip.select(tripId)(state).data;
  for (const ref of tripCache.util.selectCachedArgsForQuery(state, 'getInstance')) {
    if (ref.tripId !== tripId) continue;
    const held = tripCache.endpoints.getInstance.select(ref)(state).data?.trip;
    if (held && (!newest || held.version > newest.version)) newest = held;
  }
  return newest;
}

/** A handle to revert one patch. */
export interface CachePatch {
  undo: () => void;
}

/**
 * Applies `recipe` to the trip in the single-trip cache and `cardRecipe` (when the change
 * shows on a card) to its summary in the list cache; otherwise the card follows when
 * the server's answer is shown (showAnsweredTrip).
 */
export function patchCachedTrip(
  dispatch: AppDispatch,
  tripId: string,
  recipe: (trip: Trip) => void,
  cardRecipe?: (card: TripSummary) => void,
): CachePatch[] {
  return [
    dispatch(tripCache.util.updateQueryData('getTrip', tripId, (draft) => void recipe(draft))),
    dispatch(
      tripCache.util.updateQueryData('getTrips', undefined, (draft) => {
        const card = draft.find((t) => t._id === tripId);
        if (card && cardRecipe) cardRecipe(card);
      }),
    ),
  ];
}

export function undoPatches(patches: CachePatch[]): void {
  for (const patch of patches) patch.undo();
}

/**
 * Shows the trip a mutation answered everywhere it is cached: the single-trip entry, its
 * card in the trip list (summarised by the server's rule), and every open window page of
 * it (their per-person figures and comparison depend on the whole trip). The answer is
 * the trip as stored, so nothing is refetched: one save is one request.
 */
export function showAnsweredTrip(dispatch: AppDispatch, trip: Trip): void {
  dispatch(tripCache.util.upsertQueryData('getTrip', trip._id, trip));
  dispatch(
    tripCache.util.updateQueryData('getTrips', undefined, (draft) => {
      const index = draft.findIndex((t) => t._id === trip._id);
      if (index >= 0) draft[index] = tripSummary(trip);
    }),
  );
  dispatch((_dispatch, getState) => {
    for (const ref of tripCache.util.selectCachedArgsForQuery(getState(), 'getInstance')) {
      if (ref.tripId !== trip._id) continue;
      const instance = trip.instances.find((i) => i._id === ref.instanceId);
      if (instance) dispatch(tripCache.util.updateQueryData('getInstance', ref, () => ({ trip, instance })));
    }
  });
}

/** The trip and the window as answered, in every cache that shows them. */
export function showWindow(dispatch: AppDispatch, ref: InstanceRef, { trip, instance }: InstanceWithTrip): void {
  showAnsweredTrip(dispatch, trip);
  dispatch(tripCache.util.updateQueryData('getInstance', ref, () => ({ trip, instance })));
}

/** A trip answered for a change of one window: shown everywhere, the window's page included. */
export function showTripWindow(dispatch: AppDispatch, ref: InstanceRef, trip: Trip): void {
  const instance = trip.instances.find((i) => i._id === ref.instanceId);
  if (instance) showWindow(dispatch, ref, { trip, instance });
  else showAnsweredTrip(dispatch, trip);
}

/** A change that answers the trip and the window is shown from the answer, with no refetch. */
export async function showAnswer(
  ref: InstanceRef,
  { dispatch, queryFulfilled }: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: InstanceWithTrip }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    showWindow(dispatch, ref, data);
  } catch {
    // The caller shows the failure.
  }
}

/**
 * After a save that answers the trip: the answer is shown; a 412 that could not be merged
 * carries the trip as stored now, which is shown too (the next save goes against it).
 */
export async function showSavedTrip(
  dispatch: AppDispatch,
  saved: Promise<{ data: Trip }>,
  show: (trip: Trip) => void = (trip) => showAnsweredTrip(dispatch, trip),
): Promise<void> {
  try {
    show((await saved).data);
  } catch (rejected) {
    const merge = conflictOf((rejected as { error?: unknown } | undefined)?.error);
    if (merge) show(merge.trip);
  }
}

/**
 * The only failure of a save whose cure is a refetch: a 412 that carries no trip (the trip
 * kept changing). A 412 with a merge carries the trip; any other failure changed nothing.
 */
export function refetchAfter(error: unknown): boolean {
  return Boolean(error) && (error as { status?: unknown }).status === 412 && !conflictOf(error);
}
