// Each consistent change to a trip and its windows, as a pure function from the trip before to the
// trip after. This is the only place these rules exist: the trips service reads the
// stored trip, applies one of these and writes the result back with a
// compare-and-swap on its version (both stores, see trip/domain/trip-store.ts). A change
// that the rules refuse throws the AppError the caller answers with.
import {
  addDays,
  AppError,
  dayNumber,
  datesOutOfRange,
  dayString,
  isTravelDay,
  LATEST_TRAVEL_DATE,
  EARLIEST_TRAVEL_DATE,
  roundMoney,
  toMinorUnits,
  type RateTable,
} from '@tripcost/shared';
import { datesInvalid, shiftDate, statusOf, type BudgetBasis, type InstanceStatus } from '../../costs';
import {
  datedExpensesOf,
  EXPENSE_FIELDS,
  MAX_INSTANCES_PER_TRIP,
  NO_DATES_OR_EXPENSES,
  tripDigits,
  type DatedExpenses,
  type InstanceRecord,
  type TripRecord,
} from '../../trip';
import { applyCurrencyChange, roundExpenses } from '../../currency';
import { applyPeople, checkTravellers, type PersonInput } from '../../shares';
import { DATES_OUT_OF_RANGE, requireInstance, pickDefined, copyItem } from './change-checks';

export const COMMITTED_CANNOT_BE_ELIMINATED = 'The committed window cannot be eliminated. Clear the plan first.';
export const COMMITTED_STAYS_BOOKED = 'The committed window is booked. Clear the plan to change its status.';
export const ONLY_COMMITTED_IS_BOOKED = 'Only the committed window is booked. Commit this window instead.';
export const NOT_THE_PLAN = 'This window is not the committed plan, so there is no plan to clear.';
export const FIX_DATES_BEFORE_COMMIT =
  'This window’s end date is before its start date. Fix its dates before committing it.';
export const EXPENSES_FROM_ITEMS =
  'This window’s expenses are calculated from its cost items. Change the items to change them.';

export type InstanceFields = Partial<DatedExpenses> & {
  /** Who is there when ({} : everyone throughout); checked against the people as stored (shares/). */
  presence?: InstanceRecord['presence'];
  activities?: string[];
  label?: string;
  status?: InstanceStatus;
  notes?: string;
};

export interface InstanceEdit {
  _id: string;
  fields: InstanceFields;
}

/** What PUT /getaway/:tripId may change (owner fields and ids never). */
export interface TripUpdate {
  isFavorite?: boolean;
  travelers?: number;
  /** null removes the budget. */
  budget?: number | null;
  budget_basis?: BudgetBasis;
  /** '' shows the default image. */
  image_url?: string;
  /** Where the travellers set off; '' clears it. */
  origin?: string;
  /** ISO 4217: a new trip currency converts the trip's amounts and re-prices its items (applyCurrencyChange). */
  currency?: string;
  /** Applied only while the trip has no instances; afterwards they follow the committed one. */
  tripFields?: Partial<DatedExpenses>;
  /** Each must name an existing instance; instances not listed are left as they are. */
  instanceEdits?: InstanceEdit[];
  /** The trip's people, replacing the stored list (shares/ applyPeople); `newPeopleIds` name the new ones. */
  people?: PersonInput[];
  newPeopleIds?: string[];
}

/**
 * A window is booked exactly when it is the committed one: committing books it,
 * clearing the plan unbooks it, and an edit may not break that.
 */
function checkStatus(instance: InstanceRecord, status: InstanceStatus | undefined): void {
  if (status === undefined) return;
  if (instance.isCommitted) {
    if (status === 'eliminated') throw new AppError(400, COMMITTED_CANNOT_BE_ELIMINATED, 'committed_window');
    if (status !== 'booked') throw new AppError(400, COMMITTED_STAYS_BOOKED, 'committed_window');
  } else if (status === 'booked') {
    throw new AppError(400, ONLY_COMMITTED_IS_BOOKED, 'not_committed');
  }
}

/**
 * An itemised window's expenses are its items' sums (withDerivedCosts): a different
 * amount sent for one would be overwritten, so it is refused rather than answered 200
 * as if saved (ADR 0020). The amount it already has may be sent back unchanged.
 */
function checkExpenses(instance: InstanceRecord, fields: InstanceFields, digits: number): void {
  if (!instance.items?.length) return;
  const cents = (amount: unknown) => toMinorUnits(Number(amount), digits);
  const changed = EXPENSE_FIELDS.some(
    (field) => fields[field] !== undefined && cents(fields[field]) !== cents(instance[field]),
  );
  if (changed) throw new AppError(409, EXPENSES_FROM_ITEMS, 'expenses_from_items');
}

/**
 * The trip's own fields changed. A new currency is applied first (its amounts converted,
 * its items re-priced at `rates`; RatesNeeded without them), so the amounts the same
 * change sends (budget, expenses) are in the new currency.
 */
export function applyUpdate(before: TripRecord, update: TripUpdate, now: string, rates?: RateTable): TripRecord {
  const converted = update.currency === undefined ? before : applyCurrencyChange(before, update.currency, rates, now);
  // People after the currency (a settle rate is frozen against the trip's new currency).
  const trip = update.people ? applyPeople(converted, update.people, update.newPeopleIds ?? [], rates) : converted;
  checkTravellers(trip, update.travelers);
  const digits = tripDigits(trip);
  const known = new Set(trip.instances.map((instance) => instance._id));
  const unknown = (update.instanceEdits ?? []).find((edit) => !known.has(edit._id));
  if (unknown) throw new AppError(400, `The trip has no instance ${unknown._id}.`, 'unknown_instance');
  const edits = new Map(
    (update.instanceEdits ?? []).map((edit) => [edit._id, roundExpenses(pickDefined(edit.fields), digits)]),
  );
  const instances = trip.instances.map((instance) => {
    const fields = edits.get(instance._id);
    if (!fields) return instance;
    checkStatus(instance, fields.status);
    checkExpenses(instance, fields, digits);
    return { ...instance, ...fields };
  });
  const committed = instances.find((instance) => instance._id === trip.committedInstanceId);
  const ownFields = trip.instances.length === 0 ? roundExpenses(pickDefined(update.tripFields ?? {}), digits) : {};
  const committedFields = committed && edits.has(committed._id) ? datedExpensesOf(committed) : {};
  return {
    ...trip,
    ...ownFields,
    ...committedFields,
    isFavorite: update.isFavorite ?? trip.isFavorite,
    ...(update.travelers === undefined || trip.people?.length ? {} : { travelers: update.travelers }),
    ...(update.budget === undefined
      ? {}
      : { budget: update.budget === null ? null : roundMoney(update.budget, digits) }),
    ...(update.budget_basis === undefined ? {} : { budget_basis: update.budget_basis }),
    ...(update.image_url === undefined ? {} : { image_url: update.image_url }),
    ...(update.origin === undefined ? {} : { origin: update.origin }),
    instances,
    updated_at: now,
  };
}

export function applyAddInstance(trip: TripRecord, instance: InstanceRecord, now: string): TripRecord {
  checkStatus(instance, instance.status);
  if (trip.instances.length >= MAX_INSTANCES_PER_TRIP) {
    throw new AppError(409, `A trip can hold at most ${MAX_INSTANCES_PER_TRIP} instances.`, 'too_many_instances');
  }
  // A plain window's amounts are in the trip's currency, to its minor unit (a copy's already are).
  const added = instance.items?.length ? instance : roundExpenses(instance, tripDigits(trip));
  return { ...trip, instances: [added, ...trip.instances], updated_at: now };
}

/** Status of a window that stops being the plan: it was the favourite, so a top choice. */
const unbooked = (instance: InstanceRecord): InstanceStatus =>
  statusOf(instance) === 'booked' ? 'top_choice' : statusOf(instance);

/**
 * Marks the instance (booked), unmarks the others (the previously booked one becomes
 * a top choice) and copies its dates and expenses to the trip.
 */
export function applyCommit(trip: TripRecord, instanceId: string, now: string): TripRecord {
  const target = requireInstance(trip, instanceId);
  if (trip.committedInstanceId === instanceId && target.isCommitted && statusOf(target) === 'booked') return trip;
  // The plan's dates become the trip's: a window stored with its end before its start
  // (before the rule held on every route) cannot be the plan until it is fixed.
  if (datesInvalid(target)) {
    throw new AppError(400, datesOutOfRange(target) ? DATES_OUT_OF_RANGE : FIX_DATES_BEFORE_COMMIT, 'dates_invalid');
  }
  return {
    ...trip,
    ...datedExpensesOf(target),
    committedInstanceId: instanceId,
    instances: trip.instances.map((instance) =>
      instance._id === instanceId
        ? { ...instance, isCommitted: true, status: 'booked' }
        : { ...instance, isCommitted: false, status: unbooked(instance) },
    ),
    updated_at: now,
  };
}

/**
 * Clears the plan: the committed window is no longer committed (back to a top
 * choice) and the trip loses its commitment, dates and expenses, exactly as when the
 * committed window is removed. Only the committed window has a plan to clear (409).
 */
export function applyClearPlan(trip: TripRecord, instanceId: string, now: string): TripRecord {
  requireInstance(trip, instanceId);
  if (trip.committedInstanceId !== instanceId) throw new AppError(409, NOT_THE_PLAN, 'not_committed');
  return {
    ...trip,
    ...NO_DATES_OR_EXPENSES,
    committedInstanceId: null,
    instances: trip.instances.map((instance) =>
      instance.isCommitted || instance._id === instanceId
        ? { ...instance, isCommitted: false, status: unbooked(instance) }
        : instance,
    ),
    updated_at: now,
  };
}

/** Where a copy goes: its dates moved by whole days, or a new start and length (a flex grid cell). */
export type DuplicateTarget = { shiftDays: number } | { start: string; nights: number };

export const COPY_OUT_OF_RANGE = `The copy’s dates must fall from ${EARLIEST_TRAVEL_DATE} to ${LATEST_TRAVEL_DATE}.`;

function copiedDates(source: InstanceRecord, target: DuplicateTarget): Pick<InstanceRecord, 'trip_start' | 'trip_end'> {
  let dates: Pick<InstanceRecord, 'trip_start' | 'trip_end'>;
  if ('shiftDays' in target) {
    dates = {
      trip_start: shiftDate(source.trip_start, target.shiftDays),
      trip_end: shiftDate(source.trip_end, target.shiftDays),
    };
  } else {
    const start = dayNumber(target.start);
    const iso = (day: number) => `${dayString(day)}T00:00:00.000Z`;
    dates = { trip_start: iso(start), trip_end: iso(start + target.nights) };
  }
  // Computed dates keep the range given ones keep: a start near its end plus nights, or
  // an older out-of-range date moved, would be stored as a date no answer can show.
  const outside = (date: string | null) => date !== null && !isTravelDay(date);
  if (outside(dates.trip_start) || outside(dates.trip_end))
    throw new AppError(400, COPY_OUT_OF_RANGE, 'date_out_of_range');
  return dates;
}

/**
 * A copy of a window (costs with every rate, season and quote, label, activities,
 * notes) with its dates moved by `shiftDays` (missing dates stay missing) or set to a
 * start and a number of nights, still to be decided on, listed first. Its totals are
 * derived for its new dates like any window's, so a copy made from a flex grid cell
 * costs what the cell said. A copy at a start and nights (a flex grid cell) has no
 * name: its dates are what it is, and the source's name ("Early May") would call two
 * windows at other dates alike (ADR 0063); a shifted copy (Duplicate…) keeps it.
 * `newId` is the copy's id, chosen by the caller so a retried change makes the same copy.
 */
export function applyDuplicate(
  trip: TripRecord,
  instanceId: string,
  target: DuplicateTarget,
  newId: string,
  now: string,
): TripRecord {
  const { presence: _presence, ...source } = requireInstance(trip, instanceId);
  const copy: InstanceRecord = {
    ...source,
    _id: newId,
    ...copiedDates(source, target),
    activities: [...source.activities],
    ...(source.items ? { items: source.items.map(copyItem) } : {}),
    ...copiedPresence({ ...source, presence: _presence }, target),
    label: 'shiftDays' in target ? (source.label ?? '') : '',
    notes: source.notes ?? '',
    isCommitted: false,
    status: 'considering',
    created_at: now,
  };
  return applyAddInstance(trip, copy, now);
}

/** Who is there in a copy: moved with its dates by shiftDays; at a new start and length, everyone throughout. */
function copiedPresence(source: InstanceRecord, target: DuplicateTarget): Pick<InstanceRecord, 'presence'> {
  if (!source.presence || !('shiftDays' in target)) return {};
  const shift = (day: string) => addDays(day, target.shiftDays);
  return {
    presence: Object.fromEntries(
      Object.entries(source.presence).map(([id, stay]) => [id, { from: shift(stay.from), to: shift(stay.to) }]),
    ),
  };
}

/** Removing the committed instance also clears the trip's commitment, dates and expenses. */
export function applyRemoveInstance(trip: TripRecord, instanceId: string, now: string): TripRecord {
  requireInstance(trip, instanceId);
  const wasCommitted = trip.committedInstanceId === instanceId;
  return {
    ...trip,
    ...(wasCommitted ? { ...NO_DATES_OR_EXPENSES, committedInstanceId: null } : {}),
    instances: trip.instances.filter((instance) => instance._id !== instanceId),
    updated_at: now,
  };
}

export function applyFavorite(trip: TripRecord, isFavorite: boolean, now: string): TripRecord {
  return { ...trip, isFavorite, updated_at: now };
}
