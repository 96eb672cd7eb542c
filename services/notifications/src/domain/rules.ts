// The alert rules over trip states (issue 42): a trip's new alert state is compared with
// the one last seen, and each change that matters becomes one alert per member who may
// read it. The visibility rule of trips is applied here and again on reading
// (notifications.ts): a member with hidden costs gets no amount and no money alert.
import { currencyDigits, isCurrencyCode, moneyText, type TripAlertState } from '@tripcost/shared';
import type { NotificationKind, StoredVote, TripMemory } from './notification-store';
import { reminderSubject, STARTS_SOON_DAYS, type Reminder } from './reminders';

/** A cheapest window that flips back and forth alerts at most once in this time per trip. */
export const CHEAPEST_QUIET_MS = 60 * 60 * 1000;

/** Kinds that are about money: never sent to, nor shown to, a member who may not see costs. */
export const MONEY_KINDS: ReadonlySet<NotificationKind> = new Set(['over_budget', 'to_pay']);

export interface Alert {
  user_id: string;
  kind: NotificationKind;
  trip_id: string;
  instance_id: string | null;
  title: string;
  body: string;
  amount_body: string | null;
  dedupe_key: string;
}

export const amount = (units: number, currency: string) =>
  moneyText(units, isCurrencyCode(currency) ? currencyDigits(currency) : 2, currency);

/** The memory a first state leaves: nothing is alerted for a trip seen for the first time. */
export function firstMemory(state: TripAlertState): TripMemory {
  return {
    _id: state._id,
    version: state.version,
    access: state.access,
    cheapest_id: state.cheapest?.instance_id ?? null,
    cheapest_alerted_id: state.cheapest?.instance_id ?? null,
    cheapest_alerted_at: null,
    over_budget: (state.over_budget_by ?? 0) > 0,
    committed_id: state.committed?.instance_id ?? null,
    committed_start: state.committed?.start ?? null,
    name: state.name,
    currency: state.currency,
    committed_to_pay: state.committed?.to_pay ?? 0,
    considering: state.considering ?? [],
    cheapest_label: state.cheapest?.label ?? null,
    cheapest_total: state.cheapest?.total ?? null,
    actor_id: state.actor_id,
  };
}

/**
 * The alerts of going from `memory` to `state` at `now`, and the memory to keep. A state
 * not newer than the memory changes nothing (events may arrive again or out of order).
 */
export function evaluate(
  memory: TripMemory | null,
  state: TripAlertState,
  now: Date,
): { memory: TripMemory; alerts: Alert[]; recheckAt?: Date } {
  if (!memory) return { memory: firstMemory(state), alerts: [] };
  if (state.version <= memory.version) return { memory, alerts: [] };
  const next: TripMemory = {
    ...firstMemory(state),
    cheapest_alerted_id: memory.cheapest_alerted_id,
    cheapest_alerted_at: memory.cheapest_alerted_at,
  };
  const alerts: Alert[] = [];
  // Keys name the change from the memory's version, not the new state's: after a crash
  // between storing alerts and saving the memory, a newer state may be compared with the
  // same memory first (BullMQ retries the cut-off job later) and finds the same changes,
  // which must get the same keys to be stored once.
  const since = memory.version;
  const members = Object.entries(state.access);
  let recheckAt: Date | undefined;

  const cheapest = state.cheapest;
  const quiet =
    memory.cheapest_alerted_at !== null && now.getTime() - Date.parse(memory.cheapest_alerted_at) < CHEAPEST_QUIET_MS;
  // A first window becoming the cheapest is no change of the cheapest: nothing to tell.
  const changed = cheapest !== null && memory.cheapest_id !== null && cheapest.instance_id !== memory.cheapest_id;
  if (!memory.cheapest_id && cheapest) next.cheapest_alerted_id = cheapest.instance_id;
  if (cheapest && changed && cheapest.instance_id !== memory.cheapest_alerted_id) {
    if (quiet) {
      // Within the hour: told when it ends, if the cheapest is still not the one told (cheapestRecheck).
      recheckAt = new Date(Date.parse(memory.cheapest_alerted_at!) + CHEAPEST_QUIET_MS);
    } else {
      next.cheapest_alerted_id = cheapest.instance_id;
      next.cheapest_alerted_at = now.toISOString();
      alerts.push(...cheapestAlerts(next, since));
    }
  }

  if (next.over_budget && !memory.over_budget && state.committed) {
    const body = `The plan for ${state.name} went over the trip’s budget.`;
    for (const [userId, access] of members)
      if (access === 'full')
        alerts.push({
          user_id: userId,
          kind: 'over_budget',
          trip_id: state._id,
          instance_id: state.committed.instance_id,
          title: 'Over budget',
          body,
          amount_body: `The plan for ${state.name} is ${amount(state.over_budget_by!, state.currency)} over the trip’s budget.`,
          dedupe_key: `over_budget:${state._id}:${since}`,
        });
  }

  alerts.push(...memberAlerts(memory, state));
  return { memory: next, alerts, ...(recheckAt ? { recheckAt } : {}) };
}

/** "A new cheapest window" to every member but the one whose change made it, keyed by the remembered version. */
function cheapestAlerts(memory: TripMemory, since: number): Alert[] {
  const name = memory.name ?? 'your getaway';
  const label = memory.cheapest_label ?? 'A window';
  const body = `“${label}” is now the cheapest window of ${name}.`;
  const total = memory.cheapest_total ?? 0;
  return Object.keys(memory.access)
    .filter((userId) => userId !== memory.actor_id)
    .map((userId) => ({
      user_id: userId,
      kind: 'cheapest' as const,
      trip_id: memory._id,
      instance_id: memory.cheapest_id,
      title: 'A new cheapest window',
      body,
      amount_body: `“${label}” is now the cheapest window of ${name}, at ${amount(total, memory.currency ?? 'USD')}.`,
      dedupe_key: `cheapest:${memory._id}:${memory.cheapest_id}:${since}`,
    }));
}

/**
 * The hour after a cheapest alert ended and the cheapest is still another window than the
 * one told (it flipped within the hour): the alert of it now, and the memory's alerted
 * window and time to keep. Null when there is nothing to tell.
 */
export function cheapestRecheck(
  memory: TripMemory | null,
  now: Date,
): { alerts: Alert[]; alertedId: string; alertedAt: string } | null {
  if (!memory?.cheapest_id || !memory.cheapest_alerted_at || memory.cheapest_id === memory.cheapest_alerted_id)
    return null;
  if (now.getTime() - Date.parse(memory.cheapest_alerted_at) < CHEAPEST_QUIET_MS) return null;
  return {
    alerts: cheapestAlerts(memory, memory.version),
    alertedId: memory.cheapest_id,
    alertedAt: now.toISOString(),
  };
}

/** Who joined or left, told to every member but that person. */
function memberAlerts(memory: TripMemory, state: TripAlertState): Alert[] {
  const [before, since] = [memory.access, memory.version];
  const joined = Object.keys(state.access).filter((id) => !Object.hasOwn(before, id));
  const left = Object.keys(before).filter((id) => !Object.hasOwn(state.access, id));
  const alerts: Alert[] = [];
  const tell = (who: string, what: 'joined' | 'left') => {
    const name = state.names[who] ?? 'A member';
    for (const userId of Object.keys(state.access))
      if (userId !== who)
        alerts.push({
          user_id: userId,
          kind: 'members',
          trip_id: state._id,
          instance_id: null,
          title: what === 'joined' ? 'A member joined' : 'A member left',
          body: `${what === 'joined' ? name : 'A member'} ${what} ${state.name}.`,
          amount_body: null,
          dedupe_key: `members:${state._id}:${who}:${what}:${since}`,
        });
  };
  for (const who of joined) tell(who, 'joined');
  for (const who of left) tell(who, 'left');
  return alerts;
}

/**
 * The reminders a trip's memory calls for, per member: "starts in 3 days" for everyone,
 * "still to pay" for who may see costs when something is, and one "price seen long
 * ago" per dated price of a window still considered. Whether each still holds, and the
 * person's rule, are checked again when it is due (notifications.remind). `onlyFor`: that
 * member's alone.
 */
export function wantedReminders(memory: TripMemory | null, onlyFor?: string): Reminder[] {
  if (!memory) return [];
  const reminders: Reminder[] = [];
  const trip = memory._id;
  for (const [userId, access] of Object.entries(memory.access)) {
    if (onlyFor !== undefined && userId !== onlyFor) continue;
    const start = memory.committed_start;
    if (memory.committed_id && start) {
      const plan = { user_id: userId, trip_id: trip, instance_id: memory.committed_id, start };
      reminders.push({ kind: 'starts_soon', ...plan });
      if (access === 'full' && (memory.committed_to_pay ?? 0) > 0) reminders.push({ kind: 'to_pay', ...plan });
    }
    for (const window of memory.considering ?? [])
      for (const { item_id, seen_on, total } of window.prices)
        reminders.push({
          kind: 'stale_price',
          user_id: userId,
          trip_id: trip,
          instance_id: window.instance_id,
          start: window.start,
          price: { item_id, seen_on, total },
        });
  }
  return reminders;
}

/** The reminders `after` calls for that `before` did not (the others are waiting already). */
export function newReminders(before: TripMemory | null, after: TripMemory): Reminder[] {
  const key = (reminder: Reminder) => `${reminderSubject(reminder)}:${reminder.user_id}`;
  const waiting = new Set(wantedReminders(before).map(key));
  return wantedReminders(after).filter((reminder) => !waiting.has(key(reminder)));
}

/** Whether a due reminder is still about the trip as it is (same plan or price, still a member who may read it). */
export function stillHolds(memory: TripMemory | null, reminder: Reminder): boolean {
  if (!memory) return false;
  return wantedReminders(memory).some(
    (wanted) => wanted.user_id === reminder.user_id && reminderSubject(wanted) === reminderSubject(reminder),
  );
}

type WindowReminderKind = Exclude<Reminder['kind'], 'votes'>;

/** The alert a due reminder becomes, its texts from the trip's memory (which stillHolds checked). */
export function reminderAlert(memory: TripMemory, reminder: Reminder & { kind: WindowReminderKind }): Alert {
  const trip = memory.name ?? 'your getaway';
  const base = {
    user_id: reminder.user_id,
    kind: reminder.kind as WindowReminderKind,
    trip_id: reminder.trip_id,
    instance_id: reminder.instance_id,
    dedupe_key: reminderSubject(reminder),
  };
  const currency = memory.currency ?? 'USD';
  if (reminder.kind === 'starts_soon')
    return {
      ...base,
      title: `Starts in ${STARTS_SOON_DAYS} days`,
      body: `Your trip to ${trip} starts on ${reminder.start}.`,
      amount_body: null,
    };
  if (reminder.kind === 'to_pay') {
    const lead = `Your trip to ${trip} starts on ${reminder.start}`;
    return {
      ...base,
      title: 'Still to pay',
      body: `${lead} and some costs are still to pay.`,
      amount_body: `${lead} and ${amount(memory.committed_to_pay ?? 0, currency)} is still to pay.`,
    };
  }
  const window = memory.considering!.find((w) => w.instance_id === reminder.instance_id)!;
  const price = window.prices.find((p) => p.item_id === reminder.price!.item_id)!;
  const what = `The price of “${price.name}” in “${window.label}” (${trip})`;
  return {
    ...base,
    title: 'A price to check again',
    body: `${what} was seen on ${price.seen_on}: worth checking again.`,
    amount_body: `${what}, ${amount(price.total, currency)}, was seen on ${price.seen_on}: worth checking again.`,
  };
}

const VOTE_WORDS = { yes: 'voted yes on', maybe: 'voted maybe on', no: 'voted no on' } as const;

/**
 * A day's votes on a trip as one alert (kind `members`, the members rule) for `reminder`'s
 * person: each other member's last vote on each window that day, in the order cast.
 * Null when nobody else voted.
 */
export function votesDigestAlert(memory: TripMemory, reminder: Reminder, votes: StoredVote[]): Alert | null {
  const last = new Map<string, StoredVote>();
  for (const vote of votes)
    if (vote.user_id !== reminder.user_id) {
      const key = `${vote.user_id}:${vote.instance_id}`;
      last.delete(key); // re-inserted: the order is of each one's last vote
      last.set(key, vote);
    }
  if (last.size === 0) return null;
  const said = [...last.values()].map(
    (vote) => `${vote.name} ${vote.vote ? VOTE_WORDS[vote.vote] : 'withdrew their vote on'} “${vote.label}”`,
  );
  return {
    user_id: reminder.user_id,
    kind: 'members',
    trip_id: reminder.trip_id,
    instance_id: null,
    title: last.size === 1 ? 'A new vote' : `${last.size} new votes`,
    body: `On ${memory.name ?? 'your getaway'}: ${said.join('; ')}.`,
    amount_body: null,
    dedupe_key: reminderSubject(reminder),
  };
}
