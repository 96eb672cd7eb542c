// "Download my data": one JSON document with everything TripCost holds of the
// caller: the full profile from this service, every trip of theirs (with its instances
// and their costs), the trips shared with them as references, their votes, the payments
// they are part of, the history of their own trips, every wishlist from theirs, their
// notifications and alert preferences, and the import drafts still kept (24 h). All or nothing: if a part cannot be
// gathered the caller gets 503, never a silently incomplete export.
import type { AuthUser, ProfileFields } from '@tripcost/shared';

export interface UserDataSources {
  /** Every trip of the caller as the trips API answers it. */
  trips(authorization: string): Promise<unknown[]>;
  /** Every wishlist of the caller as the wishlists API answers it. */
  wishlists(authorization: string): Promise<unknown[]>;
  /** The payments the caller is part of, per trip, as the trips API answers them (issue 40). */
  payments(authorization: string): Promise<unknown[]>;
  /** One trip's whole history, newest first, gathered a page at a time (issue 41). */
  history(authorization: string, tripId: string): Promise<unknown[]>;
  /** The caller's notifications and alert preferences, as the notifications API answers them (issue 42). */
  notifications(authorization: string): Promise<unknown>;
  /** The caller's import drafts while they exist (24 h), as the imports API answers them (issue 43). */
  imports(authorization: string): Promise<unknown[]>;
}

export const EXPORT_FORMAT = 'tripcost-export/1';

export interface DataExport {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  account: { _id: string; email: string; createdAt: string };
  profile: ProfileFields;
  /** The caller's own trips, whole. */
  trips: unknown[];
  /** Trips others shared with the caller: references only (their data is their owners'). */
  shared_with_me: SharedTripReference[];
  /** The caller's votes on windows, in their own trips and in those shared with them. */
  votes: VoteRecord[];
  /** Payments between a trip's people that the caller is part of, per trip (their own trips and shared ones). */
  payments: unknown[];
  /** The history of each of the caller's own trips (who changed what, from what to what), newest first. */
  history: TripHistory[];
  wishlists: unknown[];
  /** Bookings read from the caller's documents, not yet added or expired (kept 24 h). */
  imports: unknown[];
  /** The caller's in-app notifications and alert preferences. */
  notifications: unknown;
}

export interface TripHistory {
  trip_id: string;
  entries: unknown[];
}

export interface SharedTripReference {
  trip_id: string;
  location_address: string;
  role: string;
  owner_name: string;
}

export interface VoteRecord {
  trip_id: string;
  instance_id: string;
  vote: string;
}

type Answered = Record<string, unknown>;
const isRecord = (value: unknown): value is Answered =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The trips answer split as an export holds it: own trips whole (role owner, or a trips
 * service that predates sharing), shared ones as references, and the caller's own votes
 * (each window's `votes.mine`).
 */
export function exportedTrips(answered: unknown[]): Pick<DataExport, 'trips' | 'shared_with_me' | 'votes'> {
  const trips: unknown[] = [];
  const shared: SharedTripReference[] = [];
  const votes: VoteRecord[] = [];
  for (const trip of answered) {
    if (!isRecord(trip)) continue;
    const tripId = String(trip._id);
    if (trip.role === undefined || trip.role === 'owner') trips.push(trip);
    else {
      shared.push({
        trip_id: tripId,
        location_address: String(trip.location_address ?? ''),
        role: String(trip.role),
        owner_name: String(trip.owner_name ?? ''),
      });
    }
    for (const window of Array.isArray(trip.instances) ? trip.instances : []) {
      const mine = isRecord(window) && isRecord(window.votes) ? window.votes.mine : null;
      if (typeof mine === 'string') votes.push({ trip_id: tripId, instance_id: String(window._id), vote: mine });
    }
  }
  return { trips, shared_with_me: shared, votes };
}

/** The download's file name, e.g. tripcost-data-2030-01-31.json. */
export const exportFileName = (exportedAt: string) => `tripcost-data-${exportedAt.slice(0, 10)}.json`;

export async function gatherExport(
  caller: AuthUser,
  authorization: string,
  deps: {
    account: (caller: AuthUser) => Promise<Pick<DataExport, 'account' | 'profile'>>;
    sources: UserDataSources;
    now?: () => Date;
  },
): Promise<DataExport> {
  const [own, trips, wishlists, payments, notifications, imports] = await Promise.all([
    deps.account(caller),
    deps.sources.trips(authorization),
    deps.sources.wishlists(authorization),
    deps.sources.payments(authorization),
    deps.sources.notifications(authorization),
    deps.sources.imports(authorization),
  ]);
  const exported = exportedTrips(trips);
  // One trip after another: each history comes a page at a time, so a long one never
  // holds a call open near its timeout, and the trips service serves one page at a time.
  const history: TripHistory[] = [];
  for (const trip of exported.trips) {
    const tripId = String((trip as Answered)._id);
    history.push({ trip_id: tripId, entries: await deps.sources.history(authorization, tripId) });
  }
  return {
    format: EXPORT_FORMAT,
    exportedAt: (deps.now?.() ?? new Date()).toISOString(),
    ...own,
    ...exported,
    payments,
    history,
    wishlists,
    notifications,
    imports,
  };
}
