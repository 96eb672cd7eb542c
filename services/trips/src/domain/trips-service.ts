// The trips use cases: each checks ownership, makes one atomic store change and
// announces it. When a store change matches nothing, `explainMiss` works out why
// (missing, not yours, unknown instance, full) so the caller gets the right answer.
import { AppError, forbidden, newId, notFound, type AuthUser } from '@tripcost/shared';
import type { TripEvents } from '../jobs/trip-events';
import type { TripStore } from '../store/trip-store';
import {
  deriveTripLocation,
  instanceView,
  intoTripViews,
  MAX_INSTANCES_PER_TRIP,
  MAX_TRIPS_PER_PAGE,
  NO_DATES_OR_EXPENSES,
  tripView,
  type InstanceRecord,
  type TripRecord,
  type TripView,
} from './trip';
import { comparisonCsv, csvFileName, tripsCalendar } from './exports';
import type { InstanceFields, TripUpdate } from './trip-changes';

export interface NewTrip {
  location_address: string;
  trip_location?: string;
  place_id?: string;
  image_url?: string;
}

export type NewInstance = Required<Omit<InstanceFields, 'activities'>> & { activities?: string[] };

export interface TripsService {
  createTrip(user: AuthUser, input: NewTrip): Promise<TripView>;
  listTrips(user: AuthUser, page: { limit: number; offset: number; favoritesOnly?: boolean }): Promise<TripView[]>;
  getTrip(user: AuthUser, tripId: string): Promise<TripView>;
  updateTrip(user: AuthUser, tripId: string, update: TripUpdate): Promise<TripView>;
  deleteTrip(user: AuthUser, tripId: string): Promise<void>;
  addInstance(user: AuthUser, tripId: string, input: NewInstance): Promise<ReturnType<typeof instanceView>>;
  getInstance(
    user: AuthUser,
    tripId: string,
    instanceId: string,
  ): Promise<{ trip: TripView; instance: ReturnType<typeof instanceView> }>;
  commitInstance(user: AuthUser, tripId: string, instanceId: string): Promise<TripView>;
  removeInstance(user: AuthUser, tripId: string, instanceId: string): Promise<TripView>;
  /** The user's committed trips as an iCalendar file. */
  calendar(user: AuthUser): Promise<string>;
  /** One trip's windows as a CSV table, with a download file name. */
  comparison(user: AuthUser, tripId: string): Promise<{ csv: string; fileName: string }>;
  /** From wishlist events: only the user's own trips change; missing ones are ignored. */
  setFavorite(userId: string, tripIds: string[], isFavorite: boolean): Promise<void>;
}

const TRIP_NOT_FOUND = 'Trip not found.';
const INSTANCE_NOT_FOUND = 'Trip instance not found.';
const NOT_YOUR_TRIP = 'You do not have access to this trip.';

export function createTripsService(deps: { store: TripStore; events: TripEvents; now?: () => Date }): TripsService {
  const { store, events } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  async function ownedTrip(user: AuthUser, tripId: string): Promise<TripRecord> {
    const trip = await store.findById(tripId);
    if (!trip) throw notFound(TRIP_NOT_FOUND);
    if (trip.user_id !== user.id) throw forbidden(NOT_YOUR_TRIP);
    return trip;
  }

  /** Why an owner-filtered change matched nothing; always throws. */
  async function explainMiss(
    user: AuthUser,
    tripId: string,
    instanceIds: string[] = [],
    unknownInstance: (id: string) => AppError = () => notFound(INSTANCE_NOT_FOUND),
  ): Promise<never> {
    const trip = await ownedTrip(user, tripId);
    const known = new Set(trip.instances.map((instance) => instance._id));
    const unknown = instanceIds.find((id) => !known.has(id));
    if (unknown) throw unknownInstance(unknown);
    if (trip.instances.length >= MAX_INSTANCES_PER_TRIP) {
      throw new AppError(409, `A trip can hold at most ${MAX_INSTANCES_PER_TRIP} instances.`, 'too_many_instances');
    }
    // Only reachable if the trip changed between the update and this read.
    throw new AppError(409, 'The trip changed at the same time. Please retry.', 'conflict');
  }

  return {
    async createTrip(user, input) {
      const at = now();
      const trip: TripRecord = {
        _id: newId(),
        user_id: user.id,
        user_email: user.email,
        location_address: input.location_address,
        trip_location: input.trip_location || deriveTripLocation(input.location_address),
        ...(input.place_id ? { place_id: input.place_id } : {}),
        image_url: input.image_url ?? '',
        ...NO_DATES_OR_EXPENSES,
        isFavorite: false,
        instances: [],
        committedInstanceId: null,
        created_at: at,
        updated_at: at,
      };
      await store.insert(trip);
      events.created(trip);
      return tripView(trip);
    },

    async listTrips(user, page) {
      // The store hands back fresh copies, so the views are made in place (no second copy).
      return intoTripViews(await store.listByUser(user.id, page));
    },

    async getTrip(user, tripId) {
      return tripView(await ownedTrip(user, tripId));
    },

    async updateTrip(user, tripId, update) {
      const trip = await store.update(tripId, user.id, update, now());
      if (!trip) {
        const ids = (update.instanceEdits ?? []).map((edit) => edit._id);
        return explainMiss(
          user,
          tripId,
          ids,
          (id) => new AppError(400, `The trip has no instance ${id}.`, 'unknown_instance'),
        );
      }
      events.updated(trip);
      return tripView(trip);
    },

    async deleteTrip(user, tripId) {
      const trip = await ownedTrip(user, tripId);
      if (!(await store.remove(tripId, user.id))) throw notFound(TRIP_NOT_FOUND);
      events.deleted(trip);
    },

    async addInstance(user, tripId, input) {
      const instance: InstanceRecord = {
        _id: newId(),
        ...input,
        activities: input.activities ?? [],
        isCommitted: false,
        created_at: now(),
      };
      const trip = await store.addInstance(tripId, user.id, instance, MAX_INSTANCES_PER_TRIP, instance.created_at);
      if (!trip) return explainMiss(user, tripId);
      // The snapshot does not change (trip dates and costs follow commits only), so
      // other services need no event here.
      return instanceView(instance);
    },

    async getInstance(user, tripId, instanceId) {
      const trip = await ownedTrip(user, tripId);
      const instance = trip.instances.find((candidate) => candidate._id === instanceId);
      if (!instance) throw notFound(INSTANCE_NOT_FOUND);
      return { trip: tripView(trip), instance: instanceView(instance) };
    },

    async commitInstance(user, tripId, instanceId) {
      const trip = await store.commitInstance(tripId, user.id, instanceId, now());
      if (!trip) return explainMiss(user, tripId, [instanceId]);
      events.updated(trip);
      return tripView(trip);
    },

    async removeInstance(user, tripId, instanceId) {
      const trip = await store.removeInstance(tripId, user.id, instanceId, now());
      if (!trip) return explainMiss(user, tripId, [instanceId]);
      events.updated(trip);
      return tripView(trip);
    },

    async calendar(user) {
      const trips: TripRecord[] = [];
      for (let offset = 0; ; offset += MAX_TRIPS_PER_PAGE) {
        const page = await store.listByUser(user.id, { limit: MAX_TRIPS_PER_PAGE, offset });
        trips.push(...page);
        if (page.length < MAX_TRIPS_PER_PAGE) break;
      }
      return tripsCalendar(trips);
    },

    async comparison(user, tripId) {
      const trip = await ownedTrip(user, tripId);
      return { csv: comparisonCsv(trip), fileName: csvFileName(trip) };
    },

    async setFavorite(userId, tripIds, isFavorite) {
      const changed = await store.setFavorite(tripIds, userId, isFavorite, now());
      for (const trip of changed) events.updated(trip);
    },
  };
}
