// The trips use cases: each checks ownership, applies one pure rule from
// trip-changes.ts to the stored trip and writes it back with a compare-and-swap on
// its version (retried a few times on a collision, then 409).
// `ifMatch` is the client's If-Match: a stale one answers 412 without changing anything.
// A change that changes nothing (changesNothing) writes nothing: 200 with the trip as
// stored, the same version, even under a stale If-Match.
// A change other services must hear about carries its event in the same write (the
// trip's outbox); the relay is nudged afterwards to publish it. Every committed change
// is also told to the trip's live followers (live-updates.ts), here and nowhere else.
import {
  changeVersioned,
  createKeyedQueue,
  currencyDigits,
  DEFAULT_CURRENCY,
  roundMoney,
  serviceUnavailable,
  forbidden,
  newId,
  notFound,
  type AuthUser,
  type Logger,
  type RateTable,
  utcDay,
  versionOf,
} from '@tripcost/shared';
import { applyReprice, checkCurrency, RatesNeeded } from '../../currency/domain/trip-currency';
import { flexGrid, type FlexGrid, type FlexRange } from '../../costs/domain/item-pricing';
import { tripCreated, tripDeleted, tripUpdated, withTripEvent, type Announce } from '../../sharing/domain/trip-events';
import type { TripStore } from '../../trip/domain/trip-store';
import { createTripListViews, type SerializedTripList, type TripListView } from '../../sharing/domain/trip-list';
import {
  deriveTripLocation,
  MAX_TRIPS_PER_PAGE,
  NO_DATES_OR_EXPENSES,
  tripCurrency,
  tripDigits,
  type InstanceRecord,
  type TripRecord,
} from '../../trip/domain/trip';
import type { CostItem } from '../../costs/domain/cost-items';
import type { BudgetBasis } from '../../costs/domain/comparison';
import { comparisonCsv, csvFileName, tripsCalendar } from '../../exports/domain/exports';
import {
  can,
  costsHiddenFor,
  membersOf,
  roleOf,
  tripForRole,
  type Action,
  type HiddenInstanceView,
  type Role,
  type SharedTripView,
  type TripAnswer,
  type VotedInstanceView,
  UNNAMED,
} from '../../sharing/domain/sharing';
import { createSharing, type SharingUseCases } from '../../sharing/domain/sharing-service';
import type { Vote } from '../../votes/domain/votes';
import {
  createLiveUpdates,
  LIVE_UNAVAILABLE,
  type ChangeKind,
  type ChangeLog,
  type Follower,
  type Following,
  type LiveUpdates,
  type StreamCounts,
} from '../../live/domain/live-updates';
import {
  applyAddInstance,
  applyAddItem,
  applyCheckedItem,
  applyClearPlan,
  applyCommit,
  applyDuplicate,
  applyEditItem,
  applyFavorite,
  applyRemoveInstance,
  applyRemoveItem,
  applyUpdate,
  changesNothing,
  checkTrip,
  INSTANCE_NOT_FOUND,
  settleChange,
  type DuplicateTarget,
  type InstanceFields,
  type ItemInput,
  type TripUpdate,
} from './trip-changes';

export interface NewTrip {
  location_address: string;
  trip_location?: string;
  place_id?: string;
  image_url?: string;
  travelers?: number;
  budget?: number | null;
  budget_basis?: BudgetBasis;
  origin?: string;
  /** ISO 4217; USD when absent. */
  currency?: string;
}

export type NewInstance = Required<Omit<InstanceFields, 'activities' | 'label' | 'status' | 'notes'>> &
  Pick<InstanceFields, 'activities' | 'label' | 'status' | 'notes'>;

interface TripAndInstance {
  trip: SharedTripView;
  instance: VotedInstanceView;
}

/** A window as a reader gets it: without money for a viewer of a trip that hides costs. */
export interface TripAndInstanceAnswer {
  trip: TripAnswer;
  instance: VotedInstanceView | HiddenInstanceView;
}

export type ItemChange = TripAndInstance & { item?: CostItem };
/** An added item; `itemised_from_amounts` are the items made from the window's plain amounts ([] when none). */
export type ItemAdded = TripAndInstance & { item: CostItem; itemised_from_amounts: CostItem[] };

/**
 * What a change request carries besides its body: the trip version the client last saw
 * (If-Match), and its Authorization, passed on when the change needs today's exchange
 * rates (the rates service applies its own check).
 */
export interface Precondition {
  ifMatch?: string;
  authorization?: string;
}

/** Where today's exchange rates come from (the integrations service); throws a 503 AppError when unavailable. */
export interface RatesSource {
  latest(authorization: string | undefined): Promise<RateTable>;
}

/** One window's exchange-rate effect and total before and after a re-price. */
export interface WindowReprice {
  instance_id: string;
  fx_effect_before: number;
  fx_effect_after: number;
  total_cost_before: number;
  total_cost_after: number;
}

/** A re-price's answer: the trip after it, each re-priced window, and the trip's own fx_effect (its plan's). */
export interface RepriceAnswer {
  trip: SharedTripView;
  windows: WindowReprice[];
  fx_effect_before: number;
  fx_effect_after: number;
}

/** A change to one item that needs nothing but its address: "still this price", delete. */
export type ItemAction = (
  user: AuthUser,
  tripId: string,
  instanceId: string,
  itemId: string,
  precondition?: Precondition,
) => Promise<ItemChange>;

export interface TripsService extends SharingUseCases {
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
    update: TripUpdate & { hide_costs_from_viewers?: boolean },
    precondition?: Precondition,
  ): Promise<SharedTripView>;
  deleteTrip(user: AuthUser, tripId: string, precondition?: Precondition): Promise<void>;
  addInstance(user: AuthUser, tripId: string, input: NewInstance): Promise<TripAndInstance>;
  getInstance(user: AuthUser, tripId: string, instanceId: string): Promise<TripAndInstanceAnswer>;
  /** The caller's vote on a window (null withdraws it); any member, owner included. Answers the window as read. */
  vote(user: AuthUser, tripId: string, instanceId: string, vote: Vote | null): Promise<TripAndInstanceAnswer>;
  commitInstance(
    user: AuthUser,
    tripId: string,
    instanceId: string,
    precondition?: Precondition,
  ): Promise<SharedTripView>;
  /** Un-commits the committed window; 409 when the window is not the committed one. */
  clearPlan(user: AuthUser, tripId: string, instanceId: string, precondition?: Precondition): Promise<SharedTripView>;
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
  removeInstance(
    user: AuthUser,
    tripId: string,
    instanceId: string,
    precondition?: Precondition,
  ): Promise<SharedTripView>;
  /** Cost items of one window: its expenses become the items' sums (see withDerivedCosts). */
  addItem(
    user: AuthUser,
    tripId: string,
    instanceId: string,
    item: ItemInput,
    precondition?: Precondition,
  ): Promise<ItemAdded>;
  editItem(
    user: AuthUser,
    tripId: string,
    instanceId: string,
    itemId: string,
    fields: Partial<ItemInput>,
    precondition?: Precondition,
  ): Promise<ItemChange>;
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
  /** The live streams this process serves now. */
  liveFollowers(): number;
  /** Stops every live follower and the shared change-log reader (shutdown). */
  closeLiveUpdates(): Promise<void>;
}

/** Who made a change; without a name (an event's user), their member name in the trip is used. */
interface Actor {
  id: string;
  name?: string;
}

const memberName = (user: AuthUser): string => user.name?.trim() || UNNAMED;

const digitsOf = (input: NewTrip): number => currencyDigits(input.currency ?? DEFAULT_CURRENCY);

/** The grid with its range and the currency its money is in (the trip's). */
export type FlexAnswer = FlexRange & { instance_id: string; currency: string } & FlexGrid;

const TRIP_NOT_FOUND = 'Trip not found.';
export const RATES_UNAVAILABLE = 'Exchange rates are unavailable right now, so nothing was saved. Please try again.';
export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:8080';
export const NOT_YOUR_TRIP = 'You do not have access to this trip.';
const REFUSED: Record<Action, string> = {
  read: NOT_YOUR_TRIP,
  vote: NOT_YOUR_TRIP,
  edit: 'Viewers cannot change this trip. Ask its owner to make you an editor.',
  manage: 'Only the trip’s owner can manage its sharing.',
  delete: 'Only the trip’s owner can delete it.',
};
export const COSTS_HIDDEN = 'The owner hides this trip’s costs from viewers.';

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
  const nudgeOutbox = () => deps.outbox?.nudge();
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  // Changes to one trip are queued in this process, so they only collide with
  // changes made by other replicas (which the compare-and-swap catches).
  const oneAtATime = createKeyedQueue();
  const listViews = createTripListViews(store, undefined, () => deps.now?.() ?? new Date());
  const today = () => utcDay(deps.now?.() ?? new Date());
  // Answers about one trip carry each window's search links (lists do not).
  // Every answer is shaped for the caller's role (sharing.ts).
  const readView = (trip: TripRecord, userId: string): TripAnswer =>
    tripForRole(trip, roleOf(trip, userId) ?? 'viewer', userId, { today: today(), searchLinks: true });
  /** The answer to a change: only owners and editors change a trip, and they see its costs. */
  const view = (trip: TripRecord, userId: string): SharedTripView => {
    const answer = readView(trip, userId);
    if (answer.costs_hidden) throw forbidden(NOT_YOUR_TRIP);
    return answer;
  };

  function withInstance(trip: TripRecord, instanceId: string, userId: string): TripAndInstance {
    const answer = view(trip, userId);
    const instance = answer.instances.find((candidate) => candidate._id === instanceId);
    if (!instance) throw notFound(INSTANCE_NOT_FOUND);
    return { trip: answer, instance };
  }

  /** One window of a trip as the caller reads it (without money when it is hidden from them). */
  function readInstance(trip: TripRecord, instanceId: string, userId: string): TripAndInstanceAnswer {
    const answer = readView(trip, userId);
    const instance = (answer.instances as ReadonlyArray<VotedInstanceView | HiddenInstanceView>).find(
      (candidate) => candidate._id === instanceId,
    );
    if (!instance) throw notFound(INSTANCE_NOT_FOUND);
    return { trip: answer, instance };
  }

  /** The trip, if the user's role on it allows the action: 404 when missing, 403 {msg} otherwise. */
  async function tripFor(userId: string, tripId: string, action: Action): Promise<{ trip: TripRecord; role: Role }> {
    const trip = await store.findById(tripId);
    if (!trip) throw notFound(TRIP_NOT_FOUND);
    const role = roleOf(trip, userId);
    if (role === null) throw forbidden(NOT_YOUR_TRIP);
    if (!can(role, action)) throw forbidden(REFUSED[action]);
    return { trip, role };
  }

  /** A trip the user may read with its costs (flex grid, comparison CSV): 403 for a viewer of hidden costs. */
  async function tripWithCosts(userId: string, tripId: string): Promise<TripRecord> {
    const { trip, role } = await tripFor(userId, tripId, 'read');
    if (costsHiddenFor(trip, role)) throw forbidden(COSTS_HIDDEN);
    return trip;
  }

  const live: LiveUpdates | undefined =
    deps.changes &&
    deps.streams &&
    createLiveUpdates({
      log: deps.changes,
      streams: deps.streams,
      canRead: async (userId, tripId) => void (await tripFor(userId, tripId, 'read')),
      logger: deps.logger ?? silent,
    });

  /** Tells the trip's live followers about a committed change (`trip`: as written). */
  async function committed(trip: TripRecord, actor: Actor, what: ChangeKind): Promise<void> {
    const name = actor.name?.trim() || membersOf(trip).find((member) => member.user_id === actor.id)?.name || UNNAMED;
    await live?.publish(trip._id, { version: versionOf(trip), actor_id: actor.id, actor_name: name, what });
  }

  /**
   * One rule applied to the user's trip, written with compare-and-swap; `announce`
   * makes the event that goes into the same write (none for a no-op, or when it says
   * none); the relay is nudged only when one was written. A change that was written is
   * told to the trip's live followers as `what`.
   */
  async function changeTrip(
    actor: Actor,
    tripId: string,
    what: ChangeKind,
    apply: (trip: TripRecord, at: string) => TripRecord,
    precondition: Precondition = {},
    announce: Announce | null = tripUpdated,
    action: Action = 'edit',
  ): Promise<TripRecord> {
    let wrote = false;
    let announced = false;
    const changed = await oneAtATime(tripId, () =>
      changeVersioned<TripRecord>({
        read: async () => (await tripFor(actor.id, tripId, action)).trip,
        apply: (trip) => {
          const at = now();
          const applied = apply(trip, at);
          wrote = false;
          announced = false;
          if (applied === trip) return trip;
          // Checked as it will be stored, then the itemised expenses derived again.
          const next = settleChange(trip, applied);
          // Nothing but the time changed (an empty body, the same values again, a field
          // the caller's role may not set): no write, no version, no event, no live change.
          if (changesNothing(trip, next)) return trip;
          wrote = true;
          const event = announce?.(next, at, trip) ?? null;
          announced = event !== null;
          return event ? withTripEvent(next, event) : next;
        },
        write: (next, expected) => store.replace(next, expected),
        ifMatch: precondition.ifMatch,
        attempts: deps.changeAttempts,
      }),
    );
    if (announced) nudgeOutbox();
    if (wrote) await committed(changed, actor, what);
    return changed;
  }

  /**
   * A change whose rule may need today's exchange rates: applied first without them; a
   * rule that needs them throws RatesNeeded before anything is written, the rates are
   * fetched (503 when unavailable: nothing saved) and the change applied again with them.
   */
  async function changeTripWithRates(
    actor: Actor,
    tripId: string,
    what: ChangeKind,
    apply: (trip: TripRecord, at: string, rates: RateTable | undefined) => TripRecord,
    precondition: Precondition = {},
    announce: Announce | null = tripUpdated,
    action: Action = 'edit',
  ): Promise<TripRecord> {
    const withRates = (rates: RateTable | undefined) => (trip: TripRecord, at: string) => apply(trip, at, rates);
    try {
      return await changeTrip(actor, tripId, what, withRates(undefined), precondition, announce, action);
    } catch (error) {
      if (!(error instanceof RatesNeeded)) throw error;
    }
    if (!deps.rates) throw serviceUnavailable(RATES_UNAVAILABLE, 'rates_unavailable');
    const rates = await deps.rates.latest(precondition.authorization);
    return changeTrip(actor, tripId, what, withRates(rates), precondition, announce, action);
  }

  /** A change to one item, answered with the item as stored, its window and the trip. */
  async function changeItem(
    user: AuthUser,
    tripId: string,
    instanceId: string,
    itemId: string,
    apply: (trip: TripRecord, at: string, rates: RateTable | undefined) => TripRecord,
    precondition?: Precondition,
  ) {
    const changed = await changeTripWithRates(user, tripId, 'item', apply, precondition);
    const answer = withInstance(changed, instanceId, user.id);
    return { ...answer, item: answer.instance.items.find((item) => item._id === itemId) };
  }

  /**
   * The trip becomes a tombstone carrying its trip.deleted event: gone for every reader
   * at once, purged by the relay once the event is out.
   */
  const removeTrip = (actor: Actor, tripId: string, precondition?: Precondition) =>
    changeTrip(
      actor,
      tripId,
      'deleted',
      (current, at) => ({ ...current, deleted_at: at }),
      precondition,
      tripDeleted,
      'delete',
    );

  const sharing = createSharing({
    store,
    now: () => deps.now?.() ?? new Date(),
    tripFor,
    queued: oneAtATime,
    publicBaseUrl: deps.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL,
    // A change of members or roles changes what each of them may see: trip.updated carries
    // it to every copy of the trip (invitations alone change no snapshot: no event).
    change: (user, tripId, what, apply, action) => changeTrip(user, tripId, what, apply, {}, tripUpdated, action),
    committed: (trip, user) => {
      nudgeOutbox(); // the join's trip.updated (its new member's access)
      return committed(trip, user, 'members');
    },
    readView,
  });

  return {
    ...sharing,
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
        travelers: input.travelers ?? 1,
        budget: input.budget === undefined || input.budget === null ? null : roundMoney(input.budget, digitsOf(input)),
        budget_basis: input.budget_basis ?? 'trip',
        currency: checkCurrency(input.currency ?? DEFAULT_CURRENCY),
        ...(input.origin ? { origin: input.origin } : {}),
        created_at: at,
        updated_at: at,
        version: 1,
        members: [{ user_id: user.id, name: memberName(user), role: 'owner', joined_at: at }],
        hide_costs_from_viewers: true,
      };
      checkTrip(null, trip);
      await store.insert(withTripEvent(trip, tripCreated(trip, at)));
      nudgeOutbox();
      return view(trip, user.id);
    },

    listTripsSerialized(user, page, ifNoneMatch, view) {
      return listViews.list(user.id, page, ifNoneMatch, view);
    },

    async getTrip(user, tripId) {
      return readView((await tripFor(user.id, tripId, 'read')).trip, user.id);
    },

    async checkAccess(user, tripId, action) {
      await tripFor(user.id, tripId, action);
    },

    async updateTrip(user, tripId, { hide_costs_from_viewers: hide, ...fields }, precondition) {
      // The change's own read checks the role (changing who sees costs is the owner's).
      const action = hide === undefined ? 'edit' : 'manage';
      const apply = (current: TripRecord, at: string, rates: RateTable | undefined) => {
        // Favourites are the owner's (wishlist events); a member's own live in their wishlists.
        const update = roleOf(current, user.id) === 'owner' ? fields : { ...fields, isFavorite: undefined };
        const next = applyUpdate(current, update, at, rates);
        if (hide === undefined || hide === (current.hide_costs_from_viewers ?? true)) return next;
        return { ...next, hide_costs_from_viewers: hide, updated_at: at };
      };
      const changed = await changeTripWithRates(user, tripId, 'trip', apply, precondition, tripUpdated, action);
      return view(changed, user.id);
    },

    async deleteTrip(user, tripId, precondition) {
      await removeTrip(user, tripId, precondition);
    },

    async addInstance(user, tripId, input) {
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
      const trip = await changeTrip(
        user,
        tripId,
        'window',
        (current, at) => applyAddInstance(current, instance, at),
        {},
        null,
      );
      return withInstance(trip, instance._id, user.id);
    },

    async getInstance(user, tripId, instanceId) {
      return readInstance((await tripFor(user.id, tripId, 'read')).trip, instanceId, user.id);
    },

    async vote(user, tripId, instanceId, vote) {
      const { trip } = await tripFor(user.id, tripId, 'vote');
      if (!trip.instances.some((instance) => instance._id === instanceId)) throw notFound(INSTANCE_NOT_FOUND);
      // Apart from the trip's version: a vote never makes another member's save fail with 412.
      if (!(await store.setVote(tripId, instanceId, user.id, vote))) throw notFound(TRIP_NOT_FOUND);
      const voted = (await tripFor(user.id, tripId, 'read')).trip;
      await committed(voted, user, 'vote');
      return readInstance(voted, instanceId, user.id);
    },

    async clearPlan(user, tripId, instanceId, precondition) {
      const trip = await changeTrip(
        user,
        tripId,
        'commit',
        (current, at) => applyClearPlan(current, instanceId, at),
        precondition,
      );
      return view(trip, user.id);
    },

    async duplicateInstance(user, tripId, instanceId, target, precondition) {
      const copyId = newId();
      const trip = await changeTrip(
        user,
        tripId,
        'window',
        (current, at) => applyDuplicate(current, instanceId, target, copyId, at),
        precondition,
        null, // like an addition: the snapshot other services hold does not change
      );
      return withInstance(trip, copyId, user.id);
    },

    async commitInstance(user, tripId, instanceId, precondition) {
      return view(
        await changeTrip(user, tripId, 'commit', (current, at) => applyCommit(current, instanceId, at), precondition),
        user.id,
      );
    },

    async removeInstance(user, tripId, instanceId, precondition) {
      return view(
        await changeTrip(
          user,
          tripId,
          'window',
          (current, at) => applyRemoveInstance(current, instanceId, at),
          precondition,
        ),
        user.id,
      );
    },

    async addItem(user, tripId, instanceId, fields, precondition) {
      const item = { _id: newId(), ...fields };
      // Ids for the items that may keep the window's plain amounts, chosen once so a retry makes the same ones.
      const fromAmountIds = [newId(), newId(), newId(), newId()];
      const trip = await changeTripWithRates(
        user,
        tripId,
        'item',
        (current, at, rates) => applyAddItem(current, instanceId, item, at, fromAmountIds, rates),
        precondition,
      );
      const answer = withInstance(trip, instanceId, user.id);
      const made = new Set(fromAmountIds);
      return {
        ...answer,
        item: answer.instance.items.find((candidate) => candidate._id === item._id)!,
        itemised_from_amounts: answer.instance.items.filter((candidate) => made.has(candidate._id)),
      };
    },

    editItem(user, tripId, instanceId, itemId, fields, precondition) {
      const change = (current: TripRecord, at: string, rates: RateTable | undefined) =>
        applyEditItem(current, instanceId, itemId, fields, at, rates);
      return changeItem(user, tripId, instanceId, itemId, change, precondition);
    },

    checkItem(user, tripId, instanceId, itemId, precondition) {
      const change = (current: TripRecord, at: string) => applyCheckedItem(current, instanceId, itemId, at);
      return changeItem(user, tripId, instanceId, itemId, change, precondition);
    },

    async flexGrid(user, tripId, instanceId, range) {
      const trip = await tripWithCosts(user.id, tripId);
      const instance = trip.instances.find((candidate) => candidate._id === instanceId);
      if (!instance) throw notFound(INSTANCE_NOT_FOUND);
      return {
        instance_id: instanceId,
        currency: tripCurrency(trip),
        ...range,
        ...flexGrid(instance, trip.travelers ?? 1, range, today(), tripDigits(trip)),
      };
    },

    async removeItem(user, tripId, instanceId, itemId, precondition) {
      const trip = await changeTrip(
        user,
        tripId,
        'item',
        (current, at) => applyRemoveItem(current, instanceId, itemId, at),
        precondition,
      );
      return withInstance(trip, instanceId, user.id);
    },

    async reprice(user, tripId, instanceId, precondition) {
      const before = (await tripFor(user.id, tripId, 'edit')).trip;
      if (instanceId !== null && !before.instances.some((instance) => instance._id === instanceId)) {
        throw notFound(INSTANCE_NOT_FOUND);
      }
      const scope = instanceId === null ? null : [instanceId];
      const after = await changeTripWithRates(
        user,
        tripId,
        'prices',
        (current, at, rates) => applyReprice(current, scope, rates, at),
        precondition,
      );
      const [was, is] = [view(before, user.id), view(after, user.id)];
      const windows = is.instances
        .filter((instance) => scope === null || scope.includes(instance._id))
        .map((instance): WindowReprice => {
          const old = was.instances.find((candidate) => candidate._id === instance._id);
          return {
            instance_id: instance._id,
            fx_effect_before: old?.fx_effect ?? 0,
            fx_effect_after: instance.fx_effect,
            total_cost_before: old?.total_cost ?? 0,
            total_cost_after: instance.total_cost,
          };
        });
      return { trip: is, windows, fx_effect_before: was.fx_effect, fx_effect_after: is.fx_effect };
    },

    async calendar(user) {
      const trips: TripRecord[] = [];
      for (let offset = 0; ; offset += MAX_TRIPS_PER_PAGE) {
        const page = await store.listByUser(user.id, { limit: MAX_TRIPS_PER_PAGE, offset });
        trips.push(...page);
        if (page.length < MAX_TRIPS_PER_PAGE) break;
      }
      return tripsCalendar(trips, (trip) => !costsHiddenFor(trip, roleOf(trip, user.id) ?? 'viewer'));
    },

    async comparison(user, tripId) {
      const trip = await tripWithCosts(user.id, tripId);
      return { csv: comparisonCsv(trip), fileName: csvFileName(trip) };
    },

    async setFavorite(userId, tripIds, isFavorite) {
      for (const tripId of new Set(tripIds)) {
        await changeTrip(
          { id: userId },
          tripId,
          'trip',
          (current, at) => (current.isFavorite === isFavorite ? current : applyFavorite(current, isFavorite, at)),
          {},
          tripUpdated,
          'manage', // the owner's favourite: a member's favourites live in their own wishlists
        ).catch((error) => {
          // Another user's or a deleted trip: the event does not apply to it.
          if (error?.status === 403 || error?.status === 404) return;
          throw error;
        });
      }
    },

    async forgetUser(userId) {
      // Out of every trip shared with them first, as if they left (their name and votes
      // go with them), then their own trips, each deleted as by hand (a tombstone carrying
      // trip.deleted), so their members' lists, wishlists and exports lose it too.
      const leaver: AuthUser = { id: userId, email: '', role: 0, name: UNNAMED };
      // Gone meanwhile, or no longer theirs: nothing left to do (a redelivered event).
      const unlessGone = (error: { status?: number }) => {
        if (error?.status !== 404 && error?.status !== 403) throw error;
        return null;
      };
      for (const tripId of await store.idsSharedWith(userId)) {
        await sharing.leaveTrip(leaver, tripId).catch(unlessGone);
      }
      let removed = 0;
      for (const tripId of await store.idsByUser(userId)) {
        if ((await removeTrip(leaver, tripId).catch(unlessGone)) !== null) removed += 1;
      }
      return removed;
    },

    async follow(user, tripId, lastEventId, follower) {
      if (!live) throw serviceUnavailable(LIVE_UNAVAILABLE, 'live_unavailable');
      return live.follow(user.id, tripId, lastEventId, follower);
    },

    liveFollowers() {
      return live?.followers() ?? 0;
    },

    async closeLiveUpdates() {
      await live?.close();
    },
  };
}
