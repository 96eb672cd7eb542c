// What history records of a trip: its "shape", the stored record with every collection
// of things that have ids (windows, their items, members, invitations) as objects keyed
// by id, in their stored order, and without what is not the trip's content (its ids and
// owner, timestamps, version counters, the outbox, history's own bookkeeping; a trip's
// deletion, `deleted_at`, is content, so deleting and restoring it are entries) or must
// never be repeated (an invitation's token hash). A change is the difference of two
// shapes (diff.ts); replaying every change from the first rebuilds the shape as stored,
// and undoing one applies it backwards (apply.ts). Anything a later capability adds to
// the record (people, payments) is in the shape without a line here: only what is left
// out is named.
import type { HistoryValue, InstanceRecord, TripRecord } from '../../trip';

export type Value = HistoryValue;
export type Shape = { [key: string]: Value };

/** Record fields that are bookkeeping, not content: never in history. */
const NOT_CONTENT = new Set([
  '_id',
  'user_id',
  'user_email',
  'created_at',
  'updated_at',
  'version',
  'votes_version',
  'outbox',
  'in_bin',
  'history_pending',
  'history_started',
  // A member's private limit is theirs alone (issue 40): never in anyone's history.
  'limits',
]);

/** The collections history keys by id, and the id each element is keyed by. */
export const KEYED = {
  windows: '_id',
  items: '_id',
  members: 'user_id',
  invites: '_id',
} as const;

/** JSON's view of a value: undefined fields dropped, as stored documents have them. */
function plain(value: unknown): Value {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Value);
}

function keyedBy<T extends object>(list: readonly T[] | undefined, key: string, each: (element: T) => Shape): Shape {
  const out: Shape = {};
  for (const element of list ?? []) out[String((element as Record<string, unknown>)[key])] = each(element);
  return out;
}

function without(record: object, leftOut: ReadonlySet<string>): Shape {
  const out: Shape = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined && value !== null && !leftOut.has(key)) out[key] = plain(value);
  }
  return out;
}

const WINDOW_LEFT_OUT = new Set(['_id', 'created_at', 'items']);
const windowShape = (window: InstanceRecord): Shape => ({
  ...without(window, WINDOW_LEFT_OUT),
  created_at: window.created_at,
  items: keyedBy(window.items, KEYED.items, (item) => without(item, new Set(['_id']))),
});

/** The trip's content as history compares it. */
export function shapeOf(trip: TripRecord): Shape {
  const { instances, members, invites, votes, ...rest } = trip;
  return {
    ...without(rest, NOT_CONTENT),
    windows: keyedBy(instances, KEYED.windows, windowShape),
    members: keyedBy(members, KEYED.members, (member) => without(member, new Set(['user_id']))),
    // An invitation's token hash opens the trip: history never holds it.
    invites: keyedBy(invites, KEYED.invites, (invite) => without(invite, new Set(['_id', 'token_hash']))),
    votes: plain(votes ?? {}),
  };
}

/**
 * The record `shape` describes, on the bookkeeping of `base` (ids, owner, timestamps,
 * counters, outbox): how an undo or a replay turns a shape back into a trip. Invitations
 * keep their stored token hashes (history has none to give back); one history restores
 * without its hash can no longer be opened, as if it had been revoked.
 */
export function recordOf(shape: Shape, base: TripRecord): TripRecord {
  const { windows, members, invites, votes, ...rest } = shape as Record<string, Value>;
  const bookkeeping: Partial<TripRecord> = {};
  for (const key of NOT_CONTENT) {
    const value = (base as unknown as Record<string, unknown>)[key];
    if (value !== undefined) (bookkeeping as Record<string, unknown>)[key] = value;
  }
  const entries = (value: Value) => Object.entries((value ?? {}) as Record<string, Shape>);
  const hashes = new Map((base.invites ?? []).map((invite) => [invite._id, invite.token_hash]));
  // A collection the record did not have stays absent while it is empty (older records).
  const listed = <T>(key: string, list: T[]) =>
    list.length > 0 || (base as unknown as Record<string, unknown>)[key] !== undefined ? { [key]: list } : {};
  const record = {
    ...bookkeeping,
    ...rest,
    instances: entries(windows).map(([id, { items, ...window }]) => {
      const itemList = entries(items).map(([itemId, item]) => ({ ...item, _id: itemId }));
      return { ...window, _id: id, ...(itemList.length > 0 ? { items: itemList } : {}) };
    }),
    ...listed(
      'members',
      entries(members).map(([id, member]) => ({ ...member, user_id: id })),
    ),
    ...listed(
      'invites',
      entries(invites).map(([id, invite]) => ({ ...invite, _id: id, token_hash: hashes.get(id) ?? '' })),
    ),
    ...(Object.keys(votes ?? {}).length > 0 || base.votes !== undefined ? { votes: votes ?? {} } : {}),
  };
  return record as unknown as TripRecord;
}
