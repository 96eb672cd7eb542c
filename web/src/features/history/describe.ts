// A history entry in words, as the Activity panel shows it: "Ada changed Hotel Lisboa's
// price from $120.00 to $135.00 — 2 h ago". Amounts are written by the one money
// formatter (lib/format), in the trip's currency; a value the reader may not see
// (`hidden`, the server's visibility rule) is never shown, only that it changed.
import { formatMoney, formatShortDate } from '../../lib/format';
import type { HistoryEntry } from './api';

type Change = HistoryEntry['changes'][number];

/** Fields that hold an amount of the trip's currency. */
const MONEY = new Set([
  'amount',
  'stay_expense',
  'travel_expense',
  'car_expense',
  'other_expense',
  'budget',
  'total_cost',
  'per_person',
]);
const DATES = new Set(['trip_start', 'trip_end', 'date', 'from', 'to']);
const LABELS: Record<string, string> = {
  amount: 'price',
  stay_expense: 'stay',
  travel_expense: 'travel',
  car_expense: 'car',
  other_expense: 'other costs',
  trip_start: 'start date',
  trip_end: 'end date',
  location_address: 'destination',
  travelers: 'travellers',
  label: 'name',
  committedInstanceId: 'plan',
};
const KINDS: Record<HistoryEntry['target']['kind'], string> = {
  trip: 'the trip',
  window: 'window',
  item: 'item',
  member: 'member',
  invite: 'an invitation',
};

const fieldName = (field: string) => field.split('.').at(-1) ?? field;
const labelOf = (field: string) => LABELS[fieldName(field)] ?? fieldName(field).replace(/_/g, ' ');

/** One value as the traveller reads it. */
export function valueText(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  const name = fieldName(field);
  if (typeof value === 'number' && MONEY.has(name)) return formatMoney(value, currency);
  if (typeof value === 'string' && DATES.has(name)) return formatShortDate(value);
  if (typeof value === 'object') return 'a new value';
  return String(value);
}

/** What the entry is about, in a few words: "window Early May", "Hotel Lisboa", "the trip". */
function targetText(entry: HistoryEntry): string {
  const { kind, name } = entry.target;
  if (kind === 'item' && name) return name;
  if (kind === 'trip' || kind === 'invite') return KINDS[kind];
  return name ? `${KINDS[kind]} ${name}` : KINDS[kind];
}

const isThing = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const addsOrRemoves = (change: Change) =>
  (change.from === null && isThing(change.to)) || (change.to === null && isThing(change.from));

/** A thing added or removed, by what it is: "window May week", "Hotel Lisboa", "member Cy". */
function thingText(change: Change): string {
  const value = (isThing(change.to) ? change.to : change.from) as Record<string, unknown>;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  const path = change.field.split('.');
  if (path[0] === 'windows' && path.length === 2) return `window ${text('label') || 'without a name'}`;
  if (path.at(-2) === 'items') return text('name') || 'an item';
  if (path[0] === 'members') return `member ${text('name')}`.trim();
  if (path[0] === 'invites') return 'an invitation';
  return labelOf(change.field);
}

function changeText(entry: HistoryEntry, change: Change, currency: string): string {
  const about = targetText(entry);
  if (change.from === null && isThing(change.to)) return `added ${thingText(change)}`;
  if (change.to === null && isThing(change.from)) return `deleted ${thingText(change)}`;
  const what =
    entry.target.kind === 'trip' ? `the trip’s ${labelOf(change.field)}` : `${about}’s ${labelOf(change.field)}`;
  if (change.hidden) return `changed ${what}`;
  return `changed ${what} from ${valueText(change.field, change.from, currency)} to ${valueText(change.field, change.to, currency)}`;
}

/** The entry as one sentence, without its time. */
export function describeEntry(entry: HistoryEntry, currency: string): string {
  const who = entry.actor.name;
  const own = entry.changes.filter((change) => !change.derived);
  switch (entry.action) {
    case 'create':
      return `${who} created the trip`;
    case 'history_began':
      return 'History began: the trip as it was';
    case 'restore':
      return `${who} restored ${targetText(entry)}`;
    case 'undo':
      return `${who} undid a change to ${targetText(entry)}`;
    case 'deleted':
      return `${who} deleted the trip`;
    case 'join':
      return `${who} joined the trip`;
    case 'vote':
      return voteText(who, own);
    case 'import': {
      // One import's apply is one entry however many bookings it added (each an item added whole).
      const added = own.filter(
        (change) => change.from === null && isThing(change.to) && /\.items\.[^.]+$/.test(change.field),
      );
      return `${who} imported ${added.length} booking${added.length === 1 ? '' : 's'}`;
    }
  }
  // What was added or removed says most about a change (its sums follow): it comes first.
  const first = own.find(addsOrRemoves) ?? own[0] ?? entry.changes[0];
  if (!first) return `${who} changed ${targetText(entry)}`;
  const more = own.length > 1 ? ` (and ${own.length - 1} more)` : '';
  return `${who} ${changeText(entry, first, currency)}${more}`;
}

/** "Cy voted yes", "Cy withdrew their vote": a vote's value is a string somewhere in what it set. */
function voteText(who: string, own: Change[]): string {
  const found = (value: unknown): string | null =>
    typeof value === 'string' ? value : isThing(value) ? (Object.values(value).map(found).find(Boolean) ?? null) : null;
  const vote = own.map((change) => found(change.to)).find(Boolean);
  return vote ? `${who} voted ${vote}` : `${who} withdrew their vote`;
}

/** Every own change of the entry, one line each (shown under the sentence). */
export function changeLines(entry: HistoryEntry, currency: string): string[] {
  // A trip's creation (or what it was when history began) is the whole trip: one line says it.
  if (entry.action === 'create' || entry.action === 'history_began') return [];
  return entry.changes.filter((change) => !change.derived).map((change) => changeText(entry, change, currency));
}

const RELATIVE: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "2 hours ago", "just now", in the traveller's own language. */
export function timeAgo(at: string, now = Date.now(), locale?: string): string {
  const elapsed = now - Date.parse(at);
  if (!Number.isFinite(elapsed) || elapsed < 60_000) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

/** Entries that record no change anyone could put back. */
export const undoable = (entry: HistoryEntry) =>
  !['create', 'history_began', 'deleted'].includes(entry.action) &&
  entry.changes.some((change) => !change.derived && change.field !== 'deleted_at');

/**
 * Activity's filters: one person (by user id), one window (by id); '' for any. The server
 * applies them before paging (`?actor=`, `?instance=`), so a filter finds entries not
 * loaded yet.
 */
export interface ActivityFilter {
  actorId: string;
  windowId: string;
}

/** The history query's filter parameters ('' is left out). */
export const filterParams = (filter: ActivityFilter): { actor?: string; instance?: string } => ({
  ...(filter.actorId ? { actor: filter.actorId } : {}),
  ...(filter.windowId ? { instance: filter.windowId } : {}),
});

interface PeopleSource {
  user_id?: string;
  owner_name?: string;
  members?: { user_id: string; name: string }[];
}

/**
 * Whom Activity can be filtered by: the trip's owner and members, then anyone else the
 * loaded entries name with an account (someone who left); each once, by user id.
 */
export function activityPeople(trip: PeopleSource, entries: HistoryEntry[]): { id: string; name: string }[] {
  const people = new Map<string, string>();
  if (trip.user_id) people.set(trip.user_id, trip.owner_name || 'The owner');
  for (const member of trip.members ?? []) if (!people.has(member.user_id)) people.set(member.user_id, member.name);
  for (const { actor } of entries)
    if (actor.user_id && !people.has(actor.user_id)) people.set(actor.user_id, actor.name);
  return [...people].map(([id, name]) => ({ id, name }));
}
