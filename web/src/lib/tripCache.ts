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

/** Applies `recipe` to the trip in the single-trip cache and in the list cache. */
export function patchTrip(dispatch: Dispatch, tripId: string, recipe: (trip: Trip) => void): PatchCollection[] {
  return [
    dispatch(updateQueryData('getTrip', tripId, ((draft: Trip) => {
      if (draft) recipe(draft);
    }) as never)),
    dispatch(updateQueryData('getTrips', undefined, ((draft: Trip[]) => {
      const trip = draft?.find((t) => t._id === tripId);
      if (trip) recipe(trip);
    }) as never)),
  ];
}

/** Replaces the single-trip cache entry (e.g. with the trip a commit returns). */
export function replaceTrip(dispatch: Dispatch, trip: Trip): PatchCollection {
  return dispatch(updateQueryData('getTrip', trip._id, (() => trip) as never));
}

export function undoAll(patches: PatchCollection[]) {
  for (const p of patches) p.undo();
}
