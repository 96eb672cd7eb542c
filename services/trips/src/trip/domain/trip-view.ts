// The views the API answers are built from: every window's figures (comparison, payment
// totals, freshness, search links) computed once from the trip as stored. What a member
// sees of it (their role, votes, hidden costs) is added by the sharing capability
// (tripForRole), never here.
import { currencyDigits, fromMinorUnits, readableDate, totalMinorUnits, utcDay, versionOf } from '@tripcost/shared';
import {
  compareWindows,
  itemView,
  paymentTotals,
  searchLinker,
  shareOf,
  statusOf,
  windowFreshness,
  type BudgetBasis,
  type Comparison,
  type CostItem,
  type Freshness,
  type InstanceStatus,
  type PaymentTotals,
  type SearchLink,
  type WindowFigures,
} from '../../costs';
import { tripCurrency, type InstanceRecord, type TripRecord } from './trip';
import type { FrozenRate, Person, WindowPresence } from './people';

export type InstanceView = InstanceRecord &
  WindowFigures &
  PaymentTotals & {
    label: string;
    status: InstanceStatus;
    notes: string;
    items: Required<CostItem>[];
    presence: WindowPresence;
    freshness: Freshness;
    /** Only in answers about one trip (not lists): searches to check this window's prices. */
    search_links?: SearchLink[];
  };
export type TripView = Omit<
  TripRecord,
  | 'instances'
  | 'version'
  | 'travelers'
  | 'budget'
  | 'budget_basis'
  | 'outbox'
  | 'deleted_at'
  | 'in_bin'
  | 'origin'
  | 'currency'
  | 'members'
  | 'invites'
  | 'hide_costs_from_viewers'
  | 'votes'
  | 'votes_version'
  | 'history_pending'
  | 'history_started'
  | 'people'
  | 'payments'
  | 'limits'
  | 'show_own_share'
> & {
  currency: string;
  /** The committed window's fx_effect (the trip's figures are the plan's); 0 without a plan. */
  fx_effect: number;
  origin: string;
  travelers: number;
  budget: number | null;
  budget_basis: BudgetBasis;
  total_cost: number;
  /** The trip's total shared by its travellers, rounded to cents. */
  per_person: number;
  comparison: Comparison;
  instances: InstanceView[];
  version: number;
  people: PersonView[];
  show_own_share: boolean;
};

/** A person as answers show them: every field present (null when not set). */
export interface PersonView {
  _id: string;
  name: string;
  user_id: string | null;
  settle_currency: string | null;
  settle_fx: FrozenRate | null;
}

export const personView = (person: Person): PersonView => ({
  _id: person._id,
  name: person.name,
  user_id: person.user_id ?? null,
  settle_currency: person.settle_currency ?? null,
  settle_fx: person.settle_fx ?? null,
});

const travelersOf = (trip: Pick<TripRecord, 'travelers'>): number => trip.travelers ?? 1;

export interface ViewOptions {
  /** 'YYYY-MM-DD' that freshness is measured on; the current UTC day when absent. */
  today?: string;
  /** Each window gets its search_links (answers about one trip; lists leave them out). */
  searchLinks?: boolean;
}

export function tripView(record: TripRecord, options: ViewOptions = {}): TripView {
  // Sharing fields are added per caller by tripForRole (sharing.ts), never from here.
  const {
    outbox: _pending,
    deleted_at: _deleted,
    in_bin: _inBin,
    members: _members,
    invites: _invites,
    hide_costs_from_viewers: _hide,
    votes: _votes,
    votes_version: _votesVersion,
    history_pending: _history,
    history_started: _historyStarted,
    payments: _payments,
    limits: _limits,
    people,
    show_own_share,
    ...trip
  } = record;
  const travelers = travelersOf(trip);
  const currency = tripCurrency(trip);
  const digits = currencyDigits(currency);
  const today = options.today ?? utcDay(new Date());
  const freshness = trip.instances.map((instance) => windowFreshness(instance, today));
  const { comparison, figures } = compareWindows(trip.instances, {
    budget: trip.budget,
    budgetBasis: trip.budget_basis,
    travelers,
    committedInstanceId: trip.committedInstanceId,
    staleWindows: freshness.map((window) => window.stale_items > 0),
    digits,
  });
  const cents = totalMinorUnits(trip, digits);
  const money = trip.instances.map((instance) => paymentTotals(instance, travelers, digits));
  const committedIndex = trip.instances.findIndex((instance) => instance._id === trip.committedInstanceId);
  const linksOf = options.searchLinks ? searchLinker(trip) : null;
  return {
    ...trip,
    // A date stored before the range held reads as unset (docs/adr/0055).
    trip_start: readableDate(trip.trip_start),
    trip_end: readableDate(trip.trip_end),
    currency,
    fx_effect: committedIndex === -1 ? 0 : money[committedIndex].fx_effect,
    origin: trip.origin ?? '',
    travelers,
    budget: trip.budget ?? null,
    budget_basis: trip.budget_basis ?? 'trip',
    total_cost: fromMinorUnits(cents, digits),
    per_person: shareOf(cents, travelers, digits),
    comparison,
    instances: trip.instances.map((instance, index) => {
      const [f, m] = [figures[index], money[index]];
      // Every field by name, in the answer's order: one object of one shape per window
      // (spreading the stored window and the figures into it cost as much as the rest
      // of the answer).
      const view: InstanceView = {
        _id: instance._id,
        trip_start: readableDate(instance.trip_start),
        trip_end: readableDate(instance.trip_end),
        stay_expense: instance.stay_expense,
        travel_expense: instance.travel_expense,
        car_expense: instance.car_expense,
        other_expense: instance.other_expense,
        activities: instance.activities,
        label: instance.label ?? '',
        status: statusOf(instance),
        notes: instance.notes ?? '',
        isCommitted: instance.isCommitted,
        created_at: instance.created_at,
        items: (instance.items ?? []).map((item) => itemView(item, currency)),
        presence: instance.presence ?? {},
        total_cost: f.total_cost,
        nights: f.nights,
        per_night: f.per_night,
        per_person: f.per_person,
        delta_vs_cheapest: f.delta_vs_cheapest,
        delta_by_category: f.delta_by_category,
        dates_invalid: f.dates_invalid,
        paid_total: m.paid_total,
        booked_total: m.booked_total,
        to_pay: m.to_pay,
        fx_effect: m.fx_effect,
        freshness: freshness[index],
        // Compile-time: every stored field of a window is named above.
      } satisfies Record<keyof InstanceRecord, unknown> & Record<string, unknown>;
      if (linksOf) view.search_links = linksOf(instance);
      return view;
    }),
    version: versionOf(trip),
    people: (people ?? []).map(personView),
    show_own_share: show_own_share ?? false,
  };
}
