// The trip list as the API sends it, assembled from one serialized view per trip,
// remembered by (trip id, version). A trip's view changes only when its version does
// (every change bumps it, on any replica), so a list costs one small query for the
// ids and versions of the page plus the JSON of the trips that changed since they
// were last served. The list's ETag is a digest of those ids and versions: a client
// that already holds the list gets 304 without a single trip being read.
import { createHash } from 'node:crypto';
import { utcDay, versionOf } from '@tripcost/shared';
import { roleOf, type Role, type TripListOptions, type TripRecord, type TripStore, type TripVersion } from '../../trip';
import { summaryForRole, tripForRole, type VoteTally } from './sharing';

/** Views kept per process (≈ 2 kB each for a trip with 5 instances). */
const MAX_REMEMBERED_TRIPS = 5_000;

export interface SerializedTripList {
  etag: string;
  /** The JSON array, UTF-8; absent when the client's If-None-Match already names this list. */
  json?: Buffer;
}

/** full: every trip as GET /api/trips/getaway/:id answers it; summary: as its card shows it. */
export type TripListView = 'full' | 'summary';

export interface TripListViews {
  list(userId: string, page: TripListOptions, ifNoneMatch?: string, view?: TripListView): Promise<SerializedTripList>;
}

export function createTripListViews(
  store: TripStore,
  /** How each reader sees the votes (votes/: windowVotes). */
  tally: VoteTally,
  maxRemembered = MAX_REMEMBERED_TRIPS,
  now: () => Date = () => new Date(),
): TripListViews {
  // Insertion order is recency: a hit is moved to the end, the oldest is dropped.
  // Kept as UTF-8 bytes: a list is then one copy of its parts, with no string
  // concatenation and no re-encoding of ~400 kB per answer.
  // A view also depends on the day: its prices' freshness (stale_items) moves with it.
  // Keyed by view and trip id: a summary and a full view of one trip are two entries.
  const views = new Map<string, { version: string; day: string; json: Buffer }>();
  const remember = (key: string, version: string, day: string, json: Buffer) => {
    views.delete(key);
    views.set(key, { version, day, json });
    if (views.size > maxRemembered) views.delete(views.keys().next().value!);
  };
  // Each trip as the caller sees it (sharing.ts): their role's view, with their own votes.
  const serialize = (record: TripRecord, userId: string, role: Role, day: string, view: TripListView) => {
    const full = tripForRole(record, role, userId, { today: day, tally });
    return Buffer.from(JSON.stringify(view === 'summary' ? summaryForRole(full) : full));
  };

  return {
    async list(userId, page, ifNoneMatch, view = 'full') {
      const refs = await store.listVersions(userId, page);
      const day = utcDay(now());
      // A view is kept per member: a shared trip is each member's role's view, with their own vote.
      const keyOf = (id: string, role: Role = roles.get(id) ?? 'owner') =>
        view === 'full' && role === 'owner' ? id : `${view}:${role}:${userId}:${id}`;
      const roles = new Map(refs.map((ref) => [ref._id, ref.role]));
      const etag = listEtag(refs, page, day, view);
      if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return { etag };

      const parts: Array<Buffer | undefined> = new Array(refs.length);
      const missing: number[] = [];
      refs.forEach((ref, i) => {
        const known = views.get(keyOf(ref._id));
        if (known !== undefined && known.version === stamp(ref) && known.day === day) {
          remember(keyOf(ref._id), known.version, day, known.json);
          parts[i] = known.json;
        } else missing.push(i);
      });
      const served = refs.slice();
      if (missing.length > 0) {
        const records = new Map(
          (await store.findByIds(missing.map((i) => refs[i]!._id))).map((record) => [record._id, record]),
        );
        for (const i of missing) {
          const record = records.get(refs[i]!._id);
          const role = record === undefined ? null : roleOf(record, userId);
          if (record === undefined || role === null) continue; // deleted or left meanwhile
          const json = serialize(record, userId, role, day, view);
          // The trip may have changed since the page was read: tag what is sent.
          served[i] = { _id: record._id, version: versionOf(record), role, votes_version: record.votes_version ?? 0 };
          remember(keyOf(record._id, role), stamp(served[i]!), day, json);
          parts[i] = json;
        }
      }
      const sent = served.filter((_, i) => parts[i] !== undefined);
      return { etag: listEtag(sent, page, day, view), json: jsonArray(parts.filter((part) => part !== undefined)) };
    },
  };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

function jsonArray(items: Buffer[]): Buffer {
  const pieces: Buffer[] = [OPEN];
  for (const [i, item] of items.entries()) {
    if (i > 0) pieces.push(COMMA);
    pieces.push(item);
  }
  pieces.push(CLOSE);
  return Buffer.concat(pieces);
}

/** What a kept view was made from: the trip's version and, once anyone voted, its votes' count. */
const stamp = (ref: TripVersion): string =>
  ref.votes_version ? `${ref.version}.${ref.votes_version}` : `${ref.version}`;

function listEtag(refs: TripVersion[], page: TripListOptions, day: string, view: TripListView): string {
  const digest = createHash('sha1');
  // The full view's tag is as it always was, so clients holding one still get their 304.
  const viewPart = view === 'full' ? '' : `:${view}`;
  digest.update(`${page.favoritesOnly ? 'f' : 'a'}:${page.offset}:${page.limit}:${day}${viewPart}|`);
  for (const ref of refs) digest.update(`${ref._id}:${stamp(ref)},`);
  return `W/"${digest.digest('base64url')}"`;
}

/** If-None-Match compares weakly: `W/"x"` and `"x"` name the same list; `*` names any. */
export function etagMatches(header: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}
