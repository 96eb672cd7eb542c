// The trips service: every use case of every capability, assembled once over one store,
// one access rule (sharing) and one write path (write-path.ts). The use cases themselves
// live with their capability: the trip's, windows' and items' here (trip-use-cases.ts,
// window-use-cases.ts, item-use-cases.ts), sharing's in sharing/, the vote in votes/,
// the exports in exports/, following a trip in live/.
import { createKeyedQueue, serviceUnavailable, utcDay, versionOf, type AuthUser, type Logger } from '@tripcost/shared';
import { calendar, comparison } from '../../exports';
import { createHistoryRecorder, type HistoryUseCases } from '../../history';
import type { FlexRange } from '../../costs';
import type { RatesSource } from '../../currency';
import {
  createLiveUpdates,
  LIVE_UNAVAILABLE,
  type ChangeLog,
  type Follower,
  type Following,
  type LiveUpdates,
  type StreamCounts,
} from '../../live';
import {
  createSharing,
  createTripAccess,
  createTripListViews,
  type SerializedTripList,
  type SharedTripView,
  type SharingUseCases,
  type TripAndInstance,
  type TripAndInstanceAnswer,
  type TripAnswer,
  type TripListView,
} from '../../sharing';
import type { Action, TripStore, Vote } from '../../trip';
import { vote, windowVotes } from '../../votes';
import { createSharesUseCases, myLimitOf, shareTally, withLimits, type SharesUseCases } from '../../shares';
import { createWritePath, type Precondition } from './write-path';
import type { TripsContext } from './context';
import { historyAndBin } from './history-use-cases';
import { createTrip, forgetUser, removeTrip, setFavorite, updateTrip, type NewTrip } from './trip-use-cases';
import {
  addInstance,
  clearPlan,
  commitInstance,
  duplicateInstance,
  flexGrid,
  getInstance,
  removeInstance,
  type FlexAnswer,
  type NewInstance,
} from './window-use-cases';
import {
  addItem,
  checkItem,
  editItem,
  removeItem,
  reprice,
  type ItemAction,
  type RepriceAnswer,
} from './item-use-cases';
import { addItems } from './item-batch';
import type { DuplicateTarget, TripUpdate } from './trip-changes';

export type { NewTrip } from './trip-use-cases';
export type { FlexAnswer, NewInstance } from './window-use-cases';
export type { ItemAction, ItemAdded, ItemChange, RepriceAnswer, WindowReprice } from './item-use-cases';
export type { Precondition } from './write-path';
export { RATES_UNAVAILABLE, type RatesSource } from '../../currency';
export { COSTS_HIDDEN, NOT_YOUR_TRIP, type TripAndInstanceAnswer } from '../../sharing';

export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:8080';

export interface TripsService extends SharingUseCases, HistoryUseCases, SharesUseCases {
  createTrip(user: AuthUser, input: NewTrip): Promise<SharedTripView>;
  /** The caller's trips as JSON with the list's ETag, or only the ETag when `ifNoneMatch` names it. */
  listTripsSerialized(
    user: AuthUser,
    page: { limit: number; offset: number; favoritesOnly?: boolean },
    ifNoneMatch?: string,
    view?: TripListView,
  ): Promise<SerializedTripList>;
  getTrip(user: AuthUser, tripId: string): Promise<TripAnswer>;
  /** Resolves when the caller's role on the trip allows `action` now; else the 404/403 a request would get. */
  checkAccess(user: AuthUser, tripId: string, action: Action): Promise<void>;
  updateTrip(
    user: AuthUser,
    tripId: string,
    update: TripUpdate & { hide_costs_from_viewers?: boolean; show_own_share?: boolean },
    precondition?: Precondition,
  ): Promise<SharedTripView>;
  deleteTrip(user: AuthUser, tripId: string, precondition?: Precondition): Promise<void>;
  addInstance(user: AuthUser, tripId: string, input: NewInstance): Promise<TripAndInstance>;
  getInstance(user: AuthUser, tripId: string, instanceId: string): Promise<TripAndInstanceAnswer>;
  /** The caller's vote on a window (null withdraws it); any member, owner included. Answers the window as read. */
  vote(user: AuthUser, tripId: string, instanceId: string, vote: Vote | null): Promise<TripAndInstanceAnswer>;
  commitInstance: ReturnType<typeof commitInstance>;
  /** Un-commits the committed window; 409 when the window is not the committed one. */
  clearPlan: ReturnType<typeof clearPlan>;
  /** A copy of the window with its dates moved by `shiftDays` or set to a start and nights, listed first. */
  duplicateInstance(
    user: AuthUser,
    tripId: string,
    instanceId: string,
    target: DuplicateTarget,
    precondition?: Precondition,
  ): Promise<TripAndInstance>;
  /** The window's totals at every start and length of the range (the flex grid). */
  flexGrid(user: AuthUser, tripId: string, instanceId: string, range: FlexRange): Promise<FlexAnswer>;
  /** "Still this price": the item's price in use was seen again today. */
  checkItem: ItemAction;
  removeInstance: ReturnType<typeof removeInstance>;
  /** Cost items of one window: its expenses become the items' sums; `estimate` keeps or replaces a typed amount. */
  addItem: ReturnType<typeof addItem>;
  /** Several items at once: one change, one history entry (item-batch.ts). */
  addItems: ReturnType<typeof addItems>;
  editItem: ReturnType<typeof editItem>;
  removeItem: ItemAction;
  /**
   * Every item in another currency of one window (instanceId) or of the whole trip (null)
   * at today's rates; first_rate stays. Unchanged rates change nothing (no new version).
   */
  reprice(
    user: AuthUser,
    tripId: string,
    instanceId: string | null,
    precondition?: Precondition,
  ): Promise<RepriceAnswer>;
  /** The user's committed trips (own and shared) as an iCalendar file. */
  calendar(user: AuthUser): Promise<string>;
  /** One trip's windows as a CSV table, with a download file name. */
  comparison(user: AuthUser, tripId: string): Promise<{ csv: string; fileName: string }>;
  /** From wishlist events: only the user's own trips change; missing ones are ignored. */
  setFavorite(userId: string, tripIds: string[], isFavorite: boolean): Promise<void>;
  /**
   * From user.deleted: the user leaves every trip shared with them and every trip of
   * theirs goes (for its members too); no trip events (wishlists forget the user too).
   */
  forgetUser(userId: string): Promise<number>;
  /**
   * Follows a trip's changes as they are committed (any member; 403/404 otherwise):
   * first those after `lastEventId`, then live ones, until stopped or `revoked`.
   */
  follow(user: AuthUser, tripId: string, lastEventId: string | undefined, follower: Follower): Promise<Following>;
  /** The bin purge job's run: removes what was deleted more than 30 days ago; how many went. */
  purgeBin(): Promise<number>;
  /** The live streams this process serves now. */
  liveFollowers(): number;
  /** Stops every live follower and the shared change-log reader (shutdown). */
  closeLiveUpdates(): Promise<void>;
}

const silent = { warn: () => undefined, error: () => undefined } as unknown as Logger;

export function createTripsService(deps: {
  store: TripStore;
  /** Told after each write that carried an event, so the relay publishes it now. */
  outbox?: { nudge(): void };
  now?: () => Date;
  /** Compare-and-swap attempts per change before answering 409. */
  changeAttempts?: number;
  /** Today's exchange rates, asked only by a change that needs them; none: such a change answers 503. */
  rates?: RatesSource;
  /** The web app's address, that invitation links point into. */
  publicBaseUrl?: string;
  /** Where committed changes are recorded for live followers; none: nothing is followed (503). */
  changes?: ChangeLog;
  /** The open live streams of every replica, counted against the limits (with `changes`). */
  streams?: StreamCounts;
  logger?: Logger;
}): TripsService {
  const { store } = deps;
  const clock = () => deps.now?.() ?? new Date();
  const today = () => utcDay(clock());
  // Changes to one trip are queued in this process, so they only collide with
  // changes made by other replicas (which the compare-and-swap catches).
  const oneAtATime = createKeyedQueue();
  // Every answer is shaped for the caller's role by sharing, with the votes as votes/ counts them.
  // A window works for everyone once every member voted yes and it is within every private limit (shares/limits.ts).
  const tally = withLimits(windowVotes);
  const access = createTripAccess({ store, today, tally, shares: shareTally, ownLimit: myLimitOf });
  const listViews = createTripListViews(store, tally, undefined, clock);
  const live: LiveUpdates | undefined =
    deps.changes &&
    deps.streams &&
    createLiveUpdates({
      log: deps.changes,
      streams: deps.streams,
      canRead: async (userId, tripId) => void (await access.tripFor(userId, tripId, 'read')),
      versionNow: async (userId, tripId) => versionOf((await access.tripFor(userId, tripId, 'read')).trip),
      logger: deps.logger ?? silent,
    });
  const now = () => clock().toISOString();
  const recorder = createHistoryRecorder({ store, history: store.history, bin: store.bin });
  const writes = createWritePath({ ...deps, access, now, queued: oneAtATime, live, recorder });
  const ctx: TripsContext = { store, now, today, access, writes, recorder };
  const sharing = createSharing({
    store,
    now: clock,
    tripFor: access.tripFor,
    queued: oneAtATime,
    publicBaseUrl: deps.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL,
    // A change of members or roles changes what each of them may see: trip.updated carries
    // it to every copy of the trip (invitations alone change no snapshot: no event).
    change: (user, tripId, what, apply, action) => writes.changeTrip(user, tripId, what, apply, {}, undefined, action),
    committed: async (trip, user) => {
      writes.nudgeOutbox(); // the join's trip.updated (its new member's access)
      await recorder.settle(trip);
      return writes.committed(trip, user, 'members');
    },
    remember: (before, next, user, action, at) => recorder.remember(before, next, user, action, at),
    readView: access.readView,
  });
  const deleteTrip = removeTrip(ctx, { toBin: true });
  const shares = createSharesUseCases({
    access,
    store,
    change: (user, tripId, change, precondition, action) =>
      writes.changeTripWithRates(
        user,
        tripId,
        change.private ? 'limit' : 'payments',
        change,
        precondition,
        null,
        action,
      ),
  });

  return {
    ...sharing,
    ...shares,
    createTrip: createTrip(ctx),
    listTripsSerialized: (user, page, ifNoneMatch, view) => listViews.list(user.id, page, ifNoneMatch, view),
    getTrip: async (user, tripId) => access.readView((await access.tripFor(user.id, tripId, 'read')).trip, user.id),
    checkAccess: access.checkAccess,
    updateTrip: updateTrip(ctx),
    deleteTrip: async (user, tripId, precondition) => void (await deleteTrip(user, tripId, precondition)),
    addInstance: addInstance(ctx),
    getInstance: getInstance(ctx),
    vote: vote({ store, access, committed: writes.committed, recorder, now, nudgeOutbox: writes.nudgeOutbox }),
    ...historyAndBin(ctx),
    commitInstance: commitInstance(ctx),
    clearPlan: clearPlan(ctx),
    duplicateInstance: duplicateInstance(ctx),
    flexGrid: flexGrid(ctx),
    checkItem: checkItem(ctx),
    removeInstance: removeInstance(ctx),
    addItem: addItem(ctx),
    addItems: addItems(ctx),
    editItem: editItem(ctx),
    removeItem: removeItem(ctx),
    reprice: reprice(ctx),
    calendar: calendar({ store }),
    comparison: comparison({ access }),
    setFavorite: setFavorite(ctx),
    forgetUser: forgetUser(ctx, sharing.leaveTrip),
    async follow(user, tripId, lastEventId, follower) {
      if (!live) throw serviceUnavailable(LIVE_UNAVAILABLE, 'live_unavailable');
      return live.follow(user.id, tripId, lastEventId, follower);
    },
    liveFollowers: () => live?.followers() ?? 0,
    closeLiveUpdates: async () => void (await live?.close()),
  };
}
