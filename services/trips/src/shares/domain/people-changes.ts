// The rules of each change that touches the trip's people (issue 40): the list replaced
// by PUT (kept ids, new ones, removed ones unless something refers to them), travellers
// following their count, a settle currency's frozen rate, and the references items,
// presence and payments make, checked on the trip as it will be stored. Pure functions
// over the record, as the windows' rules are; the windows capability applies them.
import {
  AppError,
  currencyDigits,
  dayNumber,
  isCurrencyCode,
  itemCostMinorUnits,
  itemDigits,
  MAX_PEOPLE,
  peopleNamedBy,
  splitProblem,
  type RateTable,
} from '@tripcost/shared';
import { checkCurrency, publishedRate } from '../../currency';
import { windowContext, type CostItem } from '../../costs';
import { FORMER_MEMBER, membersOf, tripCurrency, type InstanceRecord, type Person, type TripRecord } from '../../trip';
import { peopleOf } from './window-shares';

/** A person as PUT sends them: an _id keeps a stored person, none adds one. */
export interface PersonInput {
  _id?: string;
  name: string;
  /** null: no account (a member who is no longer one of the people keeps theirs). */
  user_id?: string | null;
  /** null: the trip's currency. */
  settle_currency?: string | null;
}

export const TRAVELERS_FOLLOW_PEOPLE =
  'This trip names its people, so its travellers are their count: add or remove people instead.';
export const PERSON_REFERENCED = (name: string) =>
  `${name} is named by a cost item or a payment, so they stay on the trip. Change those first.`;

/** The people ids something in the trip refers to: payers, splits and payments (presence is dropped with its person). */
export function referencedPeople(trip: TripRecord): Set<string> {
  const named = new Set<string>();
  for (const window of trip.instances) {
    for (const item of window.items ?? []) {
      if (item.paid_by) named.add(item.paid_by);
      for (const id of peopleNamedBy(item.split)) named.add(id);
    }
  }
  for (const payment of trip.payments ?? []) [payment.from, payment.to].forEach((id) => named.add(id));
  return named;
}

/** Whether a person's settle currency needs a rate: one other than the trip's, new or changed. */
function settleRateNeeded(trip: Pick<TripRecord, 'currency'>, input: PersonInput, stored: Person | undefined): boolean {
  const currency = input.settle_currency ?? undefined;
  if (!currency || !isCurrencyCode(currency) || currency === tripCurrency(trip)) return false;
  return stored?.settle_currency !== currency || !stored.settle_fx;
}

/** Whether replacing the people with `input` needs today's rates (a new settle currency). */
export function peopleNeedRates(trip: TripRecord, input: readonly PersonInput[] | undefined): boolean {
  if (!input) return false;
  const stored = new Map(peopleOf(trip).map((person) => [person._id, person]));
  return input.some((person) => settleRateNeeded(trip, person, person._id ? stored.get(person._id) : undefined));
}

/** A person as stored after the change: their settle currency's rate kept, frozen anew or dropped. */
function settledPerson(
  trip: TripRecord,
  input: PersonInput,
  id: string,
  stored: Person | undefined,
  rates?: RateTable,
): Person {
  const person: Person = { _id: id, name: input.name };
  if (input.user_id) person.user_id = input.user_id;
  const currency = input.settle_currency ?? undefined;
  if (!currency) return person;
  checkCurrency(currency);
  person.settle_currency = currency;
  if (currency === tripCurrency(trip)) return person;
  person.settle_fx = settleRateNeeded(trip, input, stored)
    ? publishedRate(rates, tripCurrency(trip), currency)
    : (stored?.settle_fx ?? null);
  return person;
}

/**
 * The trip's people replaced by `input` (`newIds` name the entries without an _id, in
 * order, so a retried change makes the same people). Stored ids must exist and appear
 * once; a user_id must be a member's and appear once; at most MAX_PEOPLE. Someone
 * left out whom an item or a payment names → 409 and nothing changes; their presence
 * goes with them. Named people make travellers their count.
 */
export function applyPeople(
  trip: TripRecord,
  input: readonly PersonInput[],
  newIds: readonly string[],
  rates?: RateTable,
): TripRecord {
  if (input.length > MAX_PEOPLE)
    throw new AppError(400, `A trip names at most ${MAX_PEOPLE} people.`, 'too_many_people');
  const stored = new Map(peopleOf(trip).map((person) => [person._id, person]));
  const members = new Set(membersOf(trip).map((member) => member.user_id));
  const [seenIds, seenUsers] = [new Set<string>(), new Set<string>()];
  let fresh = 0;
  const people = input.map((entry) => {
    if (entry._id !== undefined && !stored.has(entry._id)) {
      throw new AppError(400, `The trip has no person ${entry._id}.`, 'unknown_person');
    }
    const id = entry._id ?? newIds[fresh++];
    if (seenIds.has(id)) throw new AppError(400, 'Each person is listed once.', 'duplicate_person');
    seenIds.add(id);
    if (entry.user_id) {
      if (!members.has(entry.user_id) && stored.get(id)?.user_id !== entry.user_id) {
        throw new AppError(400, 'A person’s user_id must be one of the trip’s members.', 'not_a_member');
      }
      if (seenUsers.has(entry.user_id)) {
        throw new AppError(400, 'A member is one person: their user_id is listed once.', 'duplicate_member');
      }
      seenUsers.add(entry.user_id);
    }
    return settledPerson(trip, entry, id, stored.get(id), rates);
  });
  const referenced = referencedPeople(trip);
  const removed = peopleOf(trip).find((person) => !seenIds.has(person._id) && referenced.has(person._id));
  if (removed) throw new AppError(409, PERSON_REFERENCED(removed.name), 'person_referenced');
  const instances = trip.instances.map((window) => withoutPresenceOf(window, seenIds));
  return {
    ...trip,
    people,
    instances,
    ...(people.length > 0 ? { travelers: people.length } : {}),
  };
}

/** A window's presence keeping only the people still on the trip. */
function withoutPresenceOf(window: InstanceRecord, kept: ReadonlySet<string>): InstanceRecord {
  if (!window.presence) return window;
  const entries = Object.entries(window.presence).filter(([id]) => kept.has(id));
  if (entries.length === Object.keys(window.presence).length) return window;
  return { ...window, presence: Object.fromEntries(entries) };
}

/**
 * A deleted account's person stays on the trip (their payments and the items they paid
 * keep their meaning) as "A former member", without the account: nothing of the account
 * is kept. The very same trip when no person was theirs.
 */
export function applyFormerMember(trip: TripRecord, userId: string, now: string): TripRecord {
  if (!peopleOf(trip).some((person) => person.user_id === userId)) return trip;
  const people = peopleOf(trip).map((person) => {
    if (person.user_id !== userId) return person;
    const { user_id: _gone, ...kept } = person;
    return { ...kept, name: FORMER_MEMBER };
  });
  return { ...trip, people, updated_at: now };
}

/** A PUT's travellers against the people: once people are named, only their count (400 otherwise). */
export function checkTravellers(trip: TripRecord, travelers: number | undefined): void {
  if (travelers === undefined || peopleOf(trip).length === 0) return;
  if (travelers !== peopleOf(trip).length) throw new AppError(400, TRAVELERS_FOLLOW_PEOPLE, 'travelers_are_people');
}

/**
 * An item's payer and paid tick kept together: naming a payer ticks paid; unticking paid
 * forgets the payer (paid without a payer is "paid, payer not named").
 */
export function withPayer(item: CostItem, sent: { paid?: boolean; paid_by?: string | null }): CostItem {
  if (sent.paid_by) return { ...item, paid_by: sent.paid_by, paid: true };
  if (sent.paid === false) return { ...item, paid: false, paid_by: null };
  return item;
}

/** What an item's payer and split are checked against: not its currency or rate (a new trip currency re-prices every item). */
const itemInputs = (item: CostItem | undefined): string =>
  item ? JSON.stringify([item.paid_by, item.split, item.amount, item.basis, item.seasons, item.quotes]) : '';

/** An item's payer and split refer only to the trip's people; an exact split adds up to its cost in its currency. */
function checkItem(item: CostItem, window: InstanceRecord, trip: TripRecord, known: ReadonlySet<string>): void {
  if (item.paid_by && !known.has(item.paid_by)) {
    throw new AppError(400, `paid_by names ${item.paid_by}, who is not one of the trip’s people.`, 'unknown_person');
  }
  if (!item.split) return;
  const tripDigits = currencyDigits(tripCurrency(trip));
  const digits = itemDigits(item, tripDigits);
  const own = { ...item, fx: null };
  const units = itemCostMinorUnits(own, windowContext(window, trip.travelers ?? 1), digits);
  const problem = splitProblem(item.split, known, { units, digits, currency: item.currency ?? tripCurrency(trip) });
  if (problem) throw new AppError(400, problem, 'invalid_split');
}

/** Presence names only the trip's people, each within the window's dates, never ending before it starts. */
function checkPresence(window: InstanceRecord, known: ReadonlySet<string>): void {
  for (const [id, stay] of Object.entries(window.presence ?? {})) {
    if (!known.has(id))
      throw new AppError(400, `presence names ${id}, who is not one of the trip’s people.`, 'unknown_person');
    const [from, to] = [dayNumber(stay.from), dayNumber(stay.to)];
    if (to < from) throw new AppError(400, 'A presence cannot end before it starts.', 'invalid_presence');
    const inside =
      !!window.trip_start &&
      !!window.trip_end &&
      from >= dayNumber(window.trip_start) &&
      to <= dayNumber(window.trip_end);
    if (!inside) throw new AppError(400, 'A presence must fall within the window’s dates.', 'invalid_presence');
  }
}

/**
 * Every reference to people the change touched, checked as it will be stored: items whose
 * payer, split or price changed, and windows whose presence changed. Unchanged ones are
 * left alone (a later change of dates or price scales an exact split, never refuses it).
 */
export function checkPeopleRefs(before: TripRecord | null, after: TripRecord): void {
  const known = new Set(peopleOf(after).map((person) => person._id));
  const previous = new Map((before?.instances ?? []).map((window) => [window._id, window]));
  for (const window of after.instances) {
    const old = previous.get(window._id);
    // A change copies only what it changes: a window or item it left alone is the very same object.
    if (old === window) continue;
    if (JSON.stringify(old?.presence) !== JSON.stringify(window.presence)) checkPresence(window, known);
    const oldItems = new Map((old?.items ?? []).map((item) => [item._id, item]));
    for (const item of window.items ?? []) {
      const oldItem = oldItems.get(item._id);
      if (oldItem !== item && itemInputs(oldItem) !== itemInputs(item)) checkItem(item, window, after, known);
    }
  }
}
