// Reading a trip's history: any member, newest first, a page at a time (by one person or
// about one window when asked), each entry as the reader may see it now (visibility.ts). Pending entries are settled first, so what
// a change's answer reported is always in the page.
import { badRequest, type AuthUser } from '@tripcost/shared';
import { can, costsHiddenFor, type TripAccess } from '../../sharing';
import type { HistoryEntry, HistoryFilter, HistoryStore } from '../../trip';
import type { HistoryRecorder } from './recorder';
import { entryForReader } from './visibility';

export const MAX_HISTORY_PAGE = 100;
export const DEFAULT_HISTORY_PAGE = 50;
export const BAD_CURSOR = 'before is not a cursor this trip’s history gave.';

export interface HistoryAnswer {
  entries: HistoryEntry[];
  /** The cursor of the next (older) page; null on the last page. */
  next: string | null;
}

/** A page's cursor: the position of its last entry, opaque to clients. */
export const cursorOf = (seq: HistoryEntry['seq']): string => Buffer.from(`${seq[0]}.${seq[1]}`).toString('base64url');

export function seqOfCursor(cursor: string): HistoryEntry['seq'] {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest(BAD_CURSOR, 'bad_cursor');
  return [Number(match[1]), Number(match[2])];
}

export function historyReading(deps: {
  access: Pick<TripAccess, 'tripFor'>;
  history: HistoryStore;
  recorder: Pick<HistoryRecorder, 'settle'>;
}) {
  return async function tripHistory(
    user: AuthUser,
    tripId: string,
    page: { limit?: number; before?: string } & HistoryFilter,
  ): Promise<HistoryAnswer> {
    const before = page.before === undefined ? undefined : seqOfCursor(page.before);
    const { trip, role } = await deps.access.tripFor(user.id, tripId, 'read');
    await deps.recorder.settle(trip);
    const limit = page.limit ?? DEFAULT_HISTORY_PAGE;
    // Filtered in the store, before the limit: a page holds `limit` matching entries, and
    // the cursor (the last one's position) stays valid for the next page of the same filter.
    const filter = { actorId: page.actorId, windowId: page.windowId };
    const found = await deps.history.page(tripId, limit, before, filter);
    const reader = { costsHidden: costsHiddenFor(trip, role), manages: can(role, 'manage') };
    const last = found.entries[found.entries.length - 1];
    return {
      entries: found.entries.map((entry) => entryForReader(entry, reader)),
      next: found.more && last ? cursorOf(last.seq) : null,
    };
  };
}
