// The TripStore contract both adapters implement (DESIGN.md §4). Every method that
// changes a trip is one atomic single-document change, filtered by owner; a method
// answers null when nothing matched (missing trip, another user's trip, unknown
// instance, full trip) and the domain works out which it was.
import type { InstanceRecord, TripRecord } from '../domain/trip';
import type { TripUpdate } from '../domain/trip-changes';

export interface TripListOptions {
  favoritesOnly?: boolean;
  limit: number;
  offset: number;
}

export interface TripStore {
  insert(trip: TripRecord): Promise<TripRecord>;
  findById(tripId: string): Promise<TripRecord | null>;
  /**
   * The user's trips by trip_start ascending, trips without dates last, then by
   * creation. Fresh copies the caller owns and may change (the list views are made in
   * place), never objects the store keeps.
   */
  listByUser(userId: string, options: TripListOptions): Promise<TripRecord[]>;
  /** null when the trip is not the user's or an edited instance id does not exist. */
  update(tripId: string, userId: string, update: TripUpdate, now: string): Promise<TripRecord | null>;
  /** Prepends the instance unless the trip already holds `maxInstances`. */
  addInstance(
    tripId: string,
    userId: string,
    instance: InstanceRecord,
    maxInstances: number,
    now: string,
  ): Promise<TripRecord | null>;
  commitInstance(tripId: string, userId: string, instanceId: string, now: string): Promise<TripRecord | null>;
  removeInstance(tripId: string, userId: string, instanceId: string, now: string): Promise<TripRecord | null>;
  /** true when the user's trip existed and is gone. */
  remove(tripId: string, userId: string): Promise<boolean>;
  /** Sets the flag on those of `tripIds` the user owns; returns the trips changed. */
  setFavorite(tripIds: string[], userId: string, isFavorite: boolean, now: string): Promise<TripRecord[]>;
  /** Deletes every trip of the user (account deletion); how many were removed. Safe to repeat. */
  removeAllOfUser(userId: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
