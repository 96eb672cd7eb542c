// The trip and its dated instances as stored, and the pure rules over the record alone:
// its currency, the location derived from an address and the snapshot other services
// receive in events. The views answers are built from are trip-view.ts.
import {
  currencyDigits,
  DEFAULT_CURRENCY,
  EXPENSE_FIELDS,
  fromMinorUnits,
  readableDate,
  TEXT_LIMITS,
  totalCost,
  totalMinorUnits,
  type OutboxEvent,
  type TripSnapshot,
} from '@tripcost/shared';
import type { BudgetBasis, CostItem, InstanceStatus } from '../../costs';
import type { HistoryEntry } from './history-record';
import type { InviteRecord, Member, TripVotes } from './members';
import type { PaymentRecord, Person, WindowPresence } from './people';

// Money and totals are the shared domain's rules (also used by wishlists and the web app).
export { EXPENSE_FIELDS, totalCost };

export const INSTANCE_NOT_FOUND = 'Trip instance not found.';

/** Limits: every list the API keeps or answers is bounded. */
export const MAX_INSTANCES_PER_TRIP = 100;
export const MAX_TRIPS_PER_PAGE = 500;
export const MAX_ACTIVITIES = 50;
// Text limits are the core's one table (TEXT_LIMITS), which the web app's fields count against.
export const MAX_ACTIVITY_LENGTH = TEXT_LIMITS.activity;
export const MAX_ADDRESS_LENGTH = TEXT_LIMITS.address;
export const MAX_LABEL_LENGTH = TEXT_LIMITS.windowName;
export const MAX_NOTES_LENGTH = TEXT_LIMITS.windowNotes;
export const MAX_TRAVELERS = 50;

export interface Expenses {
  stay_expense: number;
  travel_expense: number;
  car_expense: number;
  other_expense: number;
}

export interface DatedExpenses extends Expenses {
  /** ISO string at UTC midnight, or null when not set. */
  trip_start: string | null;
  trip_end: string | null;
}

export interface InstanceRecord extends DatedExpenses {
  _id: string;
  isCommitted: boolean;
  activities: string[];
  created_at: string;
  /** Absent on windows stored before labels, statuses and notes existed (read as '', see statusOf, ''). */
  label?: string;
  status?: InstanceStatus;
  notes?: string;
  /** Itemised costs; absent or empty means the four expenses are plain numbers. */
  items?: CostItem[];
  /** Who is there when, by person id (shares/); absent: everyone for the whole window. */
  presence?: WindowPresence;
}

/** A change of a trip's currency: `rate` units of `to` per one `from`, published on `date` by `source`. */
export interface CurrencyChange {
  from: string;
  to: string;
  rate: number;
  date: string;
  source: string;
}

export interface TripRecord extends DatedExpenses {
  _id: string;
  user_id: string;
  user_email: string;
  location_address: string;
  trip_location: string;
  place_id?: string;
  image_url: string;
  isFavorite: boolean;
  /** Newest first. */
  instances: InstanceRecord[];
  committedInstanceId: string | null;
  /** 1–50; absent on trips stored before it existed (read as 1). */
  travelers?: number;
  /** Where the travellers set off (a city or an airport, for flight searches); absent or '' when not given. */
  origin?: string;
  /** Money, or null for no budget; absent on older trips (read as null). */
  budget?: number | null;
  /** What the budget is for; absent on older trips (read as 'trip'). */
  budget_basis?: BudgetBasis;
  /** ISO 4217: every amount the trip holds (budget, plain expenses, totals) is in it; absent on older trips (USD). */
  currency?: string;
  /**
   * The last change of `currency`: from and to which, and the rate (with its day and
   * source) the budget and plain amounts were converted at (docs/adr/0064); absent
   * until the currency first changes.
   */
  currency_change?: CurrencyChange;
  created_at: string;
  updated_at: string;
  /** Incremented by every change (optimistic concurrency, ETags); absent on trips stored before versions. */
  version?: number;
  /** Events announcing changes of this trip, not yet published (the transactional outbox). */
  outbox?: OutboxEvent[];
  /** Set when the trip is deleted: it is gone for every reader, kept only until its outbox is published. */
  deleted_at?: string;
  /** Deleted by hand: kept in its owner's bin for 30 days, restorable (history/domain/bin.ts). */
  in_bin?: boolean;
  /** Everyone the trip is shared with, the owner first (sharing.ts); absent on trips stored before sharing. */
  members?: Member[];
  /** Invitations by link (only their tokens' hashes); never in an answer but the owner's invite list. */
  invites?: InviteRecord[];
  /** Viewers get the trip without money; absent: true. */
  hide_costs_from_viewers?: boolean;
  /** Members' votes on windows (votes.ts): apart from `version`, counted by `votes_version`. */
  votes?: TripVotes;
  votes_version?: number;
  /** The history entries of the last write, until they are in the history collection (history/). */
  history_pending?: HistoryEntry[];
  /** Set once the trip's history has its first entry; absent on trips stored before history. */
  history_started?: boolean;
  /** The trip's travellers by name (issue 40); absent or empty: none named (travelers is a plain number). */
  people?: Person[];
  /** Payments between people (shares/); never in a trip answer, only GET …/payments. */
  payments?: PaymentRecord[];
  /** A viewer who cannot see costs still sees their own share, payments and balance; absent: false. */
  show_own_share?: boolean;
  /**
   * Members' private limits on their own share of a window, in the trip's currency, by
   * user id (shares/limits.ts). Only its member ever sees one: never in a trip view, the
   * history, an export, a copy or a live event.
   */
  limits?: Record<string, number>;
}

export const DATED_EXPENSE_FIELDS = ['trip_start', 'trip_end', ...EXPENSE_FIELDS] as const;

export const NO_DATES_OR_EXPENSES: DatedExpenses = {
  trip_start: null,
  trip_end: null,
  stay_expense: 0,
  travel_expense: 0,
  car_expense: 0,
  other_expense: 0,
};

export function datedExpensesOf(source: DatedExpenses): DatedExpenses {
  const { trip_start, trip_end, stay_expense, travel_expense, car_expense, other_expense } = source;
  return { trip_start, trip_end, stay_expense, travel_expense, car_expense, other_expense };
}

/**
 * "city, state, country" from a comma-separated address, read from the end: the last
 * part is the country, the one before it the state (postal codes dropped, so
 * "CA 94043" becomes "CA"), the one before that the city. Two parts give
 * "city, country" and one part "city", the forms the web client parses back.
 */
export function deriveTripLocation(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length <= 2) return parts.join(', ');
  const [city, state, country] = parts.slice(-3);
  const withoutPostalCode = state
    .split(/\s+/)
    .filter((word) => !/\d/.test(word))
    .join(' ');
  return [city, withoutPostalCode, country].filter(Boolean).join(', ');
}

/** The trip's currency: USD for trips stored before currencies. */
export const tripCurrency = (trip: Pick<TripRecord, 'currency'>): string => trip.currency ?? DEFAULT_CURRENCY;

/** Minor-unit digits of the trip's currency (2 for USD, 0 for JPY, 3 for KWD). */
export const tripDigits = (trip: Pick<TripRecord, 'currency'>): number => currencyDigits(tripCurrency(trip));

export function tripSnapshot(trip: TripRecord): TripSnapshot {
  return {
    _id: trip._id,
    user_id: trip.user_id,
    user_email: trip.user_email,
    location_address: trip.location_address,
    trip_location: trip.trip_location,
    image_url: trip.image_url,
    trip_start: readableDate(trip.trip_start),
    trip_end: readableDate(trip.trip_end),
    total_cost: fromMinorUnits(totalMinorUnits(trip, tripDigits(trip)), tripDigits(trip)),
    currency: tripCurrency(trip),
    isFavorite: trip.isFavorite,
  };
}
