// Planning together: who may do what with a trip, and what each role sees of it. One
// access rule (roleOf + can) used by every use case, and one projection (tripForRole)
// that shapes every answer about a trip; the server leaves money out for a viewer of a
// trip whose costs are hidden, so no client can show what it never received.
import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS, tripSummary, type TripAccess } from '@tripcost/shared';
import { cheapestForEveryone, type Comparison } from '../../costs';
import {
  membersOf,
  roleOf,
  tripView,
  UNNAMED,
  type Action,
  type InstanceView,
  type InviteRecord,
  type Member,
  type Role,
  type TripRecord,
  type TripView,
  type Vote,
  type ViewOptions,
} from '../../trip';

export const MAX_MEMBERS = 20;
/** Open invitations kept per trip; the oldest expired or revoked ones make room. */
export const MAX_INVITES = 20;
export const INVITE_TTL_MS = 7 * DAY_MS;

const ALLOWED: Record<Role, ReadonlySet<Action>> = {
  owner: new Set<Action>(['read', 'vote', 'edit', 'manage', 'delete']),
  editor: new Set<Action>(['read', 'vote', 'edit']),
  viewer: new Set<Action>(['read', 'vote']),
};

export const can = (role: Role | null, action: Action): boolean => role !== null && ALLOWED[role].has(action);

export const hidesCostsFromViewers = (trip: Pick<TripRecord, 'hide_costs_from_viewers'>): boolean =>
  trip.hide_costs_from_viewers ?? true;

/** Whether this role gets the trip without its money (a viewer of a trip that hides costs). */
export const costsHiddenFor = (trip: Pick<TripRecord, 'hide_costs_from_viewers'>, role: Role): boolean =>
  role === 'viewer' && hidesCostsFromViewers(trip);

/**
 * What each member may see of the trip, by user id: the one visibility rule (roleOf +
 * costsHiddenFor) as every copy of the trip outside this service needs it. Travels in
 * every trip.updated, so a copy follows a change of role, membership or hiding.
 */
export function accessByMember(
  trip: Pick<TripRecord, 'user_id' | 'created_at' | 'members' | 'hide_costs_from_viewers'>,
): Record<string, TripAccess> {
  const access: Record<string, TripAccess> = {};
  for (const member of membersOf(trip)) {
    const role = roleOf(trip, member.user_id)!;
    access[member.user_id] = costsHiddenFor(trip, role) ? 'hidden' : 'full';
  }
  return access;
}

/** A new random invitation token (256 bits, URL-safe) and the hash it is stored and found by. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: inviteTokenHash(token) };
}

export const inviteTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export type InviteState = 'open' | 'expired' | 'revoked';
export function inviteState(invite: InviteRecord, at: Date): InviteState {
  if (invite.revoked_at) return 'revoked';
  return Date.parse(invite.expires_at) <= at.getTime() ? 'expired' : 'open';
}

/** What every answer adds about sharing, for the caller's role. */
export interface SharingFields {
  role: Role;
  owner_name: string;
  members: Member[];
  hide_costs_from_viewers: boolean;
  costs_hidden: boolean;
}

/** The fields of a trip a viewer with hidden costs keeps: nothing that is money, a link or a confirmation. */
export const HIDDEN_TRIP_FIELDS = [
  '_id',
  'user_id',
  'location_address',
  'trip_location',
  'place_id',
  'image_url',
  'isFavorite',
  'currency',
  'origin',
  'trip_start',
  'trip_end',
  'instances',
  'committedInstanceId',
  'created_at',
  'updated_at',
  'version',
  'travelers',
  'budget_basis',
  'people',
  'show_own_share',
] as const satisfies readonly (keyof TripView)[];
export const HIDDEN_INSTANCE_FIELDS = [
  '_id',
  'trip_start',
  'trip_end',
  'isCommitted',
  'activities',
  'created_at',
  'label',
  'status',
  'notes',
  'nights',
  'dates_invalid',
  'items',
  'votes',
  'works_for_everyone',
  'presence',
  // Only with show_own_share, and only the caller's own (tripForRole).
  'my_share',
] as const satisfies readonly (keyof VotedInstanceView)[];
export const HIDDEN_ITEM_FIELDS = ['_id', 'category', 'name', 'basis', 'booked', 'paid'] as const;

/** The votes cast on one window as one member sees them. */
export interface WindowVotes {
  yes: number;
  maybe: number;
  no: number;
  /** The caller's own vote; null when they have not voted. */
  mine: Vote | null;
}

/** What a member sees of the votes on a window, and whether it works for everyone (every member voted yes). */
export interface WindowTally {
  votes: WindowVotes;
  works_for_everyone: boolean;
  /** Only when a member set a private limit (shares/limits.ts): every limited member's share is within it. */
  within_limits?: boolean;
}

/**
 * Counts the votes on one window for one reader: the votes capability's rule (votes/),
 * handed to the views here, so sharing shows votes without depending on how they count.
 */
export type VoteTally = (trip: TripRecord, instanceId: string, userId: string) => WindowTally;

/** Each person's share of one window, and the caller's own (null when they are none of the trip's people). */
export interface WindowShareFigures {
  shares: { person_id: string; amount: number }[];
  my_share: number | null;
}

/** The caller's own private limit (shares/limits.ts): a number or null; undefined when they are none of the people. */
export type OwnLimit = (trip: TripRecord, userId: string) => number | null | undefined;

/**
 * Each person's share of one window for one reader: the shares capability's rule
 * (shares/), handed to the views of one trip (never the lists), as VoteTally is.
 */
export type ShareTally = (
  trip: TripRecord,
  instance: TripRecord['instances'][number],
  userId: string,
) => WindowShareFigures;

/** How a member's view is made: the trip's view options, the votes' tally and, for one trip, the shares. */
export type MemberViewOptions = ViewOptions & { tally: VoteTally; shares?: ShareTally; ownLimit?: OwnLimit };

/** A window as members see it: with the votes cast on it, and in answers about one trip its shares. */
export type VotedInstanceView = InstanceView & WindowTally & Partial<WindowShareFigures>;
type HiddenItem = Pick<InstanceView['items'][number], (typeof HIDDEN_ITEM_FIELDS)[number]>;
export type HiddenInstanceView = Omit<Pick<VotedInstanceView, (typeof HIDDEN_INSTANCE_FIELDS)[number]>, 'items'> & {
  items: HiddenItem[];
};
export type HiddenTripView = Omit<Pick<TripView, (typeof HIDDEN_TRIP_FIELDS)[number]>, 'instances'> &
  SharingFields & { costs_hidden: true; instances: HiddenInstanceView[] };
export type SharedTripView = Omit<TripView, 'instances' | 'comparison'> &
  SharingFields & {
    instances: VotedInstanceView[];
    /** cheapestForEveryoneId: the cheapest window every member voted yes on; null when none. */
    comparison: Comparison & { cheapestForEveryoneId: string | null };
    /** Only in the caller's answer about one trip, when they are one of its people: their private limit. */
    my_limit?: number | null;
  };
/** Every answer about a trip: whole for owners, editors and viewers of trips that show costs. */
export type TripAnswer = SharedTripView | HiddenTripView;

const pick = <T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> => {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
};

/** Only a window's fields without money (costs hidden). */
export const hiddenInstance = (instance: VotedInstanceView): HiddenInstanceView => ({
  ...pick(instance, HIDDEN_INSTANCE_FIELDS),
  items: instance.items.map((item) => pick(item, HIDDEN_ITEM_FIELDS)),
});

/**
 * The one projection of a trip for a role: its view (tripView) with the sharing fields
 * for everyone; the owner's email only to the owner; for a viewer of a trip that hides
 * costs, only the fields listed above (a field added to the view stays out until it is listed).
 */
export function tripForRole(
  trip: TripRecord,
  role: Role,
  userId: string,
  { tally, shares, ownLimit, ...options }: MemberViewOptions,
): TripAnswer {
  const view = tripView(trip, options);
  const members = membersOf(trip);
  const hidden = costsHiddenFor(trip, role);
  // The view is this answer's own: each window takes the caller's votes in place (a copy
  // of every window, ~30 fields each, cost as much as building the view).
  const instances = view.instances.map((instance, index): VotedInstanceView => {
    const voted: VotedInstanceView = Object.assign(instance, tally(trip, instance._id, userId));
    if (!shares) return voted;
    const figures = shares(trip, trip.instances[index], userId);
    // A viewer without costs sees their own share only when the owner allows it, and nobody else's.
    if (hidden) return trip.show_own_share ? Object.assign(voted, { my_share: figures.my_share }) : voted;
    return Object.assign(voted, figures);
  });
  const sharing = {
    role,
    owner_name: members.find((member) => member.role === 'owner')?.name ?? UNNAMED,
    members,
    hide_costs_from_viewers: hidesCostsFromViewers(trip),
  };
  if (hidden) {
    return {
      ...pick(view, HIDDEN_TRIP_FIELDS),
      ...sharing,
      costs_hidden: true,
      instances: instances.map(hiddenInstance),
    };
  }
  const works = new Set(instances.filter((instance) => instance.works_for_everyone).map((instance) => instance._id));
  const comparison = {
    ...view.comparison,
    cheapestForEveryoneId: cheapestForEveryone(instances, (id) => works.has(id)),
  };
  // The owner's email and favourite flag are the owner's: a member's favourites live in their own wishlists.
  const ownerOnly = role === 'owner' ? {} : { user_email: '', isFavorite: false };
  // A member's private limit is in their own answer about one trip only (never a list's).
  const limit = ownLimit?.(trip, userId);
  const mine = limit === undefined ? {} : { my_limit: limit };
  return Object.assign(view, ownerOnly, sharing, mine, { instances, comparison, costs_hidden: false as const });
}

/** The summary fields a viewer with hidden costs keeps (no total, budget, share, cheapest or to-pay). */
export const HIDDEN_SUMMARY_FIELDS = [
  '_id',
  'location_address',
  'image_url',
  'isFavorite',
  'trip_start',
  'trip_end',
  'created_at',
  'travelers',
  'currency',
  'committed',
  'windows',
  'earliest_start',
] as const;

/** A trip card's summary for a role (the list's ?view=summary), shaped by the same rule as the trip. */
export function summaryForRole(answer: TripAnswer) {
  const sharing = { role: answer.role, owner_name: answer.owner_name, costs_hidden: answer.costs_hidden };
  if (answer.costs_hidden) {
    const counted = { ...answer, instances: answer.instances, committed: answer.committedInstanceId !== null };
    const earliest = [answer.trip_start, ...answer.instances.map((window) => window.trip_start)]
      .filter((start): start is string => start !== null)
      .sort()[0];
    return {
      ...pick(
        { ...counted, windows: answer.instances.length, earliest_start: earliest ?? null },
        HIDDEN_SUMMARY_FIELDS,
      ),
      ...sharing,
    };
  }
  return tripSummary(answer);
}
