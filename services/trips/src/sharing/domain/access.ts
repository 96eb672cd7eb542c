// The one access rule every use case asks: the trip if the caller's role allows the
// action (404 missing, 403 otherwise), and every answer about it shaped for that role
// (tripForRole): the visibility rule lives here and in sharing.ts, and nowhere else.
import { forbidden, notFound, type AuthUser } from '@tripcost/shared';
import { INSTANCE_NOT_FOUND, roleOf, type Action, type Role, type TripRecord, type TripStore } from '../../trip';
import {
  can,
  costsHiddenFor,
  tripForRole,
  type HiddenInstanceView,
  type SharedTripView,
  type TripAnswer,
  type OwnLimit,
  type ShareTally,
  type VotedInstanceView,
  type VoteTally,
} from './sharing';

export const TRIP_NOT_FOUND = 'Trip not found.';
export const NOT_YOUR_TRIP = 'You do not have access to this trip.';
const REFUSED: Record<Action, string> = {
  read: NOT_YOUR_TRIP,
  vote: NOT_YOUR_TRIP,
  edit: 'Viewers cannot change this trip. Ask its owner to make you an editor.',
  manage: 'Only the trip’s owner can manage its sharing.',
  delete: 'Only the trip’s owner can delete it.',
};
export const COSTS_HIDDEN = 'The owner hides this trip’s costs from viewers.';

export interface TripAndInstance {
  trip: SharedTripView;
  instance: VotedInstanceView;
}

/** A window as a reader gets it: without money for a viewer of a trip that hides costs. */
export interface TripAndInstanceAnswer {
  trip: TripAnswer;
  instance: VotedInstanceView | HiddenInstanceView;
}

export interface TripAccess {
  /** The trip, if the user's role on it allows the action: 404 when missing, 403 {msg} otherwise. */
  tripFor(userId: string, tripId: string, action: Action): Promise<{ trip: TripRecord; role: Role }>;
  /** A trip the user may read with its costs (flex grid, comparison CSV): 403 for a viewer of hidden costs. */
  tripWithCosts(userId: string, tripId: string): Promise<TripRecord>;
  /** Resolves when the caller's role on the trip allows `action` now; else the 404/403 a request would get. */
  checkAccess(user: AuthUser, tripId: string, action: Action): Promise<void>;
  /** The trip as the caller reads it (answers about one trip carry each window's search links). */
  readView(trip: TripRecord, userId: string): TripAnswer;
  /** The answer to a change: only owners and editors change a trip, and they see its costs. */
  view(trip: TripRecord, userId: string): SharedTripView;
  /** The trip and one of its windows as a changer sees them (404 when the window is gone). */
  withInstance(trip: TripRecord, instanceId: string, userId: string): TripAndInstance;
  /** One window of a trip as the caller reads it (without money when it is hidden from them). */
  readInstance(trip: TripRecord, instanceId: string, userId: string): TripAndInstanceAnswer;
}

export function createTripAccess(deps: {
  store: TripStore;
  /** 'YYYY-MM-DD' that freshness is measured on. */
  today: () => string;
  /** How each reader sees the votes (the votes capability's windowVotes). */
  tally: VoteTally;
  /** Each person's share of a window in answers about one trip (the shares capability's shareTally). */
  shares?: ShareTally;
  /** The caller's own private limit in answers about one trip (the shares capability's myLimitOf). */
  ownLimit?: OwnLimit;
}): TripAccess {
  const { store, today, tally, shares, ownLimit } = deps;
  const readView = (trip: TripRecord, userId: string): TripAnswer =>
    tripForRole(trip, roleOf(trip, userId) ?? 'viewer', userId, {
      today: today(),
      searchLinks: true,
      tally,
      shares,
      ownLimit,
    });
  const view = (trip: TripRecord, userId: string): SharedTripView => {
    const answer = readView(trip, userId);
    if (answer.costs_hidden) throw forbidden(NOT_YOUR_TRIP);
    return answer;
  };
  async function tripFor(userId: string, tripId: string, action: Action) {
    const trip = await store.findById(tripId);
    if (!trip) throw notFound(TRIP_NOT_FOUND);
    const role = roleOf(trip, userId);
    if (role === null) throw forbidden(NOT_YOUR_TRIP);
    if (!can(role, action)) throw forbidden(REFUSED[action]);
    return { trip, role };
  }
  return {
    tripFor,
    async tripWithCosts(userId, tripId) {
      const { trip, role } = await tripFor(userId, tripId, 'read');
      if (costsHiddenFor(trip, role)) throw forbidden(COSTS_HIDDEN);
      return trip;
    },
    async checkAccess(user, tripId, action) {
      await tripFor(user.id, tripId, action);
    },
    readView,
    view,
    withInstance(trip, instanceId, userId) {
      const answer = view(trip, userId);
      const instance = answer.instances.find((candidate) => candidate._id === instanceId);
      if (!instance) throw notFound(INSTANCE_NOT_FOUND);
      return { trip: answer, instance };
    },
    readInstance(trip, instanceId, userId) {
      const answer = readView(trip, userId);
      const instance = (answer.instances as ReadonlyArray<VotedInstanceView | HiddenInstanceView>).find(
        (candidate) => candidate._id === instanceId,
      );
      if (!instance) throw notFound(INSTANCE_NOT_FOUND);
      return { trip: answer, instance };
    },
  };
}
