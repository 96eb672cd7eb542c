// The trip.alert-state announcement (issue 42): what the notifications service needs to
// tell members when something that matters changed — the cheapest window, the plan, the
// budget and who may see what. The figures are the comparison's (costs/), computed here
// once per write and sent in whole minor units; the notifications service only compares
// two states, it never prices a window itself.
import {
  calendarDay,
  capturedOnInUse,
  statusOf,
  outboxEvent,
  toMinorUnits,
  versionOf,
  withLatestEvent,
  type AlertWindow,
  type OutboxEvent,
  type TripAlertState,
} from '@tripcost/shared';
import { compareWindows, itemCostCents, paymentTotals, windowContext, type WindowLike } from '../../costs';
import { tripCurrency, tripDigits, type InstanceRecord, type TripRecord } from '../../trip';
import { accessByMember } from './sharing';
import { membersOf } from '../../trip';

const dayOf = (iso: string | null): string | null => (iso ? calendarDay(iso) : null);

/** A window's name as the notifications say it: its label, else its dates. */
const windowName = (window: InstanceRecord): string =>
  window.label?.trim() || [dayOf(window.trip_start), dayOf(window.trip_end)].filter(Boolean).join(' → ') || 'A window';

/** The alert state of a trip as it will be stored at `version`. */
export function alertStateOf(trip: TripRecord, version: number, actorId: string | null): TripAlertState {
  const digits = tripDigits(trip);
  const { comparison, figures } = compareWindows(trip.instances as WindowLike[], {
    budget: trip.budget,
    budgetBasis: trip.budget_basis,
    travelers: trip.travelers ?? 1,
    committedInstanceId: trip.committedInstanceId,
    digits,
  });
  const minor = (amount: number) => toMinorUnits(amount, digits);
  const indexOf = (id: string | null) => trip.instances.findIndex((window) => window._id === id);
  const cheapest = indexOf(comparison.cheapestInstanceId);
  const committed = indexOf(trip.committedInstanceId);
  const names: Record<string, string> = {};
  for (const member of membersOf(trip)) names[member.user_id] = member.name;
  return {
    _id: trip._id,
    name: trip.trip_location || trip.location_address,
    currency: tripCurrency(trip),
    version,
    access: accessByMember(trip),
    names,
    cheapest:
      cheapest === -1
        ? null
        : {
            instance_id: trip.instances[cheapest]._id,
            label: windowName(trip.instances[cheapest]),
            total: minor(figures[cheapest].total_cost),
          },
    committed:
      committed === -1
        ? null
        : {
            instance_id: trip.instances[committed]._id,
            label: windowName(trip.instances[committed]),
            start: dayOf(trip.instances[committed].trip_start),
            end: dayOf(trip.instances[committed].trip_end),
            total: minor(figures[committed].total_cost),
            to_pay: minor(paymentTotals(trip.instances[committed], trip.travelers ?? 1, digits).to_pay),
          },
    considering: consideredWindows(trip, digits),
    over_budget_by: comparison.overBudgetBy === null ? null : minor(comparison.overBudgetBy),
    actor_id: actorId,
  };
}

/**
 * The windows still being considered that have a first day, each with the dated prices
 * its total rests on (the stale-price alert: a price seen long ago in a window that may
 * still be chosen). The item's cost is the shared core's, in minor units of the trip.
 */
function consideredWindows(trip: TripRecord, digits: number): AlertWindow[] {
  const windows: AlertWindow[] = [];
  for (const window of trip.instances) {
    const status = statusOf(window);
    const start = dayOf(window.trip_start);
    if (!start || window.isCommitted || status === 'eliminated' || status === 'booked') continue;
    const context = windowContext(window, trip.travelers ?? 1);
    const prices: AlertWindow['prices'] = [];
    for (const item of window.items ?? []) {
      const seen = capturedOnInUse(item, window);
      if (seen)
        prices.push({
          item_id: item._id,
          name: item.name,
          seen_on: seen,
          total: Number(itemCostCents(item, context, digits)),
        });
    }
    windows.push({ instance_id: window._id, label: windowName(window), start, prices });
  }
  return windows;
}

/** The trip.voted a vote announces: who voted what on which window, named as alerts say them (the votes digest). */
export function votedEvent(
  trip: TripRecord,
  instanceId: string,
  userId: string,
  vote: 'yes' | 'maybe' | 'no' | null,
  at: string,
): OutboxEvent {
  const window = trip.instances.find((instance) => instance._id === instanceId);
  const name = membersOf(trip).find((member) => member.user_id === userId)?.name ?? 'A member';
  return outboxEvent(
    'trip.voted',
    { tripId: trip._id, instanceId, label: window ? windowName(window) : 'A window', userId, name, vote },
    at,
  );
}

/** Whether two states say the same (their version and actor aside). */
const sameState = (a: TripAlertState, b: TripAlertState): boolean =>
  JSON.stringify({ ...a, version: 0, actor_id: null }) === JSON.stringify({ ...b, version: 0, actor_id: null });

/**
 * The changed trip with its trip.alert-state when the change altered what alerts read;
 * a pending one is replaced, as the notifications service compares each state with the
 * one it saw last (so a burst of edits alerts on where it ended).
 */
export function withAlertState(
  trip: TripRecord,
  at: string,
  before: TripRecord | null,
  actorId: string | null,
): TripRecord {
  const version = before ? versionOf(before) + 1 : versionOf(trip);
  const next = alertStateOf(trip, version, actorId);
  if (before && sameState(alertStateOf(before, version, actorId), next)) return trip;
  const event: OutboxEvent = outboxEvent('trip.alert-state', { trip: next }, at);
  return withLatestEvent(trip, event);
}
