// Cache patches on the trip queries ('getTrips', 'getTrip') shared by the features that
// change a trip indirectly (instances, wishlists). Endpoint names are the contract here,
// so features can patch each other's caches without importing each other.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from './api';
import type { Trip } from './types';

/** What updateQueryData returns: a handle to revert the patch. */
export interface PatchCollection {
  undo: () => void;
}

type LooseUpdate = (
  endpoint: string,
  arg: unknown,
  recipe: (draft: never) => unknown,
) => ThunkAction<PatchCollection, unknown, unknown, UnknownAction>;

const updateQueryData = api.util.updateQueryData as unknown as LooseUpdate;

type Dispatch = (action: ThunkAction<PatchCollection, unknown, unknown, UnknownAction>) => PatchCollection;

const NOTHING: PatchCollection = { undo: () => undefined };

/** Patches one cache entry; a no-op while the endpoint's feature chunk is not loaded yet. */
function patch(dispatch: Dispatch, endpoint: string, arg: unknown, recipe: (draft: never) => unknown): PatchCollection {
  if (!(endpoint in api.endpoints)) return NOTHING;
  return dispatch(updateQueryData(endpoint, arg, recipe));
}

/** Applies `recipe` to the trip in the single-trip cache and in the list cache. */
export function patchTrip(dispatch: Dispatch, tripId: string, recipe: (trip: Trip) => void): PatchCollection[] {
  return [
    patch(dispatch, 'getTrip', tripId, ((draft: Trip) => {
      if (draft) recipe(draft);
    }) as never),
    patch(dispatch, 'getTrips', undefined, ((draft: Trip[]) => {
      const trip = Array.isArray(draft) ? draft.find((t) => t._id === tripId) : undefined;
      if (trip) recipe(trip);
    }) as never),
  ];
}

/** Replaces the single-trip cache entry (e.g. with the trip a commit returns). */
export function replaceTrip(dispatch: Dispatch, trip: Trip): PatchCollection {
  return patch(dispatch, 'getTrip', trip._id, (() => trip) as never);
}

export function undoAll(patches: PatchCollection[]) {
  for (const p of patches) p.undo();
}
