// Account deletion in the history of the trips a person shared: their entries stay (the
// trip's story is the other members' too), but their name becomes "A former member" in
// the actor, the target and every value that named them, and their id leaves the entries
// and the fields that held it. Their own trips' history goes with their trips.
import { FORMER_MEMBER, type FieldChange, type HistoryEntry, type HistoryStore, type HistoryValue } from '../../trip';

/** Stands for the former member's id in a field's path (`members.former-member.role`). */
const FORMER_MEMBER_KEY = 'former-member';
const NAME_KEYS = new Set(['name', 'inviter_name']);

function withoutName(value: HistoryValue, names: ReadonlySet<string>, userId: string): HistoryValue {
  if (Array.isArray(value)) return value.map((inner) => withoutName(inner, names, userId));
  if (typeof value !== 'object' || value === null) return value;
  const out: { [key: string]: HistoryValue } = {};
  for (const [key, inner] of Object.entries(value)) {
    const outKey = key === userId ? FORMER_MEMBER_KEY : key;
    out[outKey] =
      NAME_KEYS.has(key) && typeof inner === 'string' && names.has(inner)
        ? FORMER_MEMBER
        : key === 'user_id' && inner === userId
          ? null
          : withoutName(inner, names, userId);
  }
  return out;
}

/** The entry without the person (null when it never named them). */
export function entryWithoutPerson(
  entry: HistoryEntry,
  userId: string,
  names: ReadonlySet<string>,
): HistoryEntry | null {
  const text = JSON.stringify(entry);
  if (!text.includes(userId) && ![...names].some((name) => text.includes(JSON.stringify(name)))) return null;
  const changes: FieldChange[] = entry.changes.map((change) => ({
    ...change,
    field: change.field
      .split('.')
      .map((key) => (key === userId ? FORMER_MEMBER_KEY : key))
      .join('.'),
    from: withoutName(change.from, names, userId),
    to: withoutName(change.to, names, userId),
  }));
  const byThem = entry.actor.user_id === userId;
  const aboutThem = entry.target.kind === 'member' && entry.target.id === userId;
  return {
    ...entry,
    actor: byThem ? { user_id: null, name: FORMER_MEMBER } : entry.actor,
    target: aboutThem ? { kind: 'member', id: FORMER_MEMBER_KEY, name: FORMER_MEMBER } : entry.target,
    changes,
  };
}

/** Rewrites the history of `tripIds` without the person whose account is deleted. */
export async function forgetInHistory(
  history: HistoryStore,
  tripIds: readonly string[],
  userId: string,
): Promise<void> {
  for (const tripId of tripIds) {
    const entries: HistoryEntry[] = [];
    let before: HistoryEntry['seq'] | undefined;
    for (;;) {
      const page = await history.page(tripId, 100, before);
      entries.push(...page.entries);
      if (!page.more) break;
      before = page.entries[page.entries.length - 1].seq;
    }
    // The names they were shown under in this trip: as an actor, or as a member.
    const names = new Set<string>();
    for (const entry of entries) {
      if (entry.actor.user_id === userId) names.add(entry.actor.name);
      if (entry.target.kind === 'member' && entry.target.id === userId) names.add(entry.target.name);
    }
    for (const entry of entries) {
      const rewritten = entryWithoutPerson(entry, userId, names);
      if (rewritten) await history.rewrite(rewritten);
    }
  }
}
