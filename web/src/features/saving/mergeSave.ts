// Sends a change with If-Match and, on 412, merges by field (merge.ts, ADR 0026):
// fetches the trip as stored now, re-sends this tab's changes on the new version when
// nothing it changed was changed there too, and otherwise answers a 412 whose data
// carries the conflicts for the page to show.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { tripPath, versionTag } from '../../lib/api';
import { isTrip, type Trip } from '../../lib/types';
import type { MergingSave, Sender } from './home';

export type { MergingSave };
import { mergesCleanly, planMerge, tripFields, type Conflict, type Fields, type FieldKey } from '../../lib/merge';

type SaveResult<T> = { data: T } | { error: FetchBaseQueryError };

/** What a 412 that could not be merged carries (error.data.merge). */
export interface MergeConflict {
  conflicts: Conflict[];
  gone: FieldKey[];
  /** This tab's changes that did not collide: they are sent with whichever side the user picks. */
  resend: Fields;
  /** The trip as stored now; the next save goes against its version. */
  trip: Trip;
}

export const CONFLICT_MESSAGE = 'This trip changed elsewhere: choose which value to keep.';
export const GONE_MESSAGE = 'What you edited was deleted elsewhere; your view was refreshed.';
export const KEEPS_CHANGING = 'The trip keeps changing; please try again.';

/** A save whose answer is not the trip: how to make that answer from the trip as stored. */
export interface MergingSaveOf<T> extends MergingSave {
  /**
   * The answer to give when nothing is left to send; undefined when what was edited is
   * gone from the trip as stored (then the page is told so).
   */
  answerOf: (current: Trip) => T | undefined;
}

export function conflictOf(error: unknown): MergeConflict | null {
  if (!error || typeof error !== 'object' || (error as { status?: unknown }).status !== 412) return null;
  const data = (error as { data?: { merge?: MergeConflict } }).data;
  return data?.merge ?? null;
}

/**
 * The save's answer. Its type is the route's generated answer type (the mutation's), as for
 * every RTK Query endpoint: the wire's JSON is trusted to be what the route declares.
 */
export function saveMerging(sender: Sender, save: MergingSave): Promise<SaveResult<Trip>>;
export function saveMerging<T>(sender: Sender, save: MergingSaveOf<T>): Promise<SaveResult<T>>;
export async function saveMerging<T>(
  { baseQuery, keeper }: Sender,
  save: MergingSave & { answerOf?: (current: Trip) => T | undefined },
): Promise<SaveResult<T | Trip>> {
  let version = save.version;
  let pending = save.mine;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const args = save.request(pending);
    const put = await baseQuery(
      version === undefined
        ? args
        : { ...args, headers: { ...(args.headers as Record<string, string>), 'If-Match': versionTag(version) } },
    );
    if (!put.error) return { data: put.data as T | Trip };
    if (put.error.status === 'FETCH_ERROR' && attempt === 0 && save.offline !== 'fail' && keeper) {
      const kept = await keeper.keepEdit({ ...save, version, mine: pending });
      if (kept) return kept as { data: T | Trip };
    }
    if (put.error.status !== 412) return { error: put.error };
    const fresh = await baseQuery({ url: tripPath(save.tripId), method: 'GET' });
    if (fresh.error || !isTrip(fresh.data)) return { error: put.error };
    // A save is made by an owner or editor, who always get the trip with its costs.
    const trip = fresh.data;
    let plan = planMerge(save.base, save.mine, tripFields(trip));
    if (save.adjust) plan = save.adjust(plan, trip);
    if (!mergesCleanly(plan)) {
      const merge: MergeConflict = { conflicts: plan.conflicts, gone: plan.gone, resend: plan.resend, trip };
      const msg = plan.conflicts.length > 0 ? CONFLICT_MESSAGE : GONE_MESSAGE;
      return { error: { status: 412, data: { msg, merge } } as FetchBaseQueryError };
    }
    // Everything this tab changed is stored already (the other side typed the same).
    if (Object.keys(plan.resend).length === 0) {
      if (!save.answerOf) return { data: trip };
      const answer = save.answerOf(trip);
      if (answer !== undefined) return { data: answer };
      // What was edited is gone from the trip as stored: say so, as for any edit of something deleted.
      const merge: MergeConflict = { conflicts: [], gone: Object.keys(save.mine), resend: {}, trip };
      return { error: { status: 412, data: { msg: GONE_MESSAGE, merge } } };
    }
    pending = plan.resend;
    version = trip.version;
  }
  return { error: { status: 412, data: { msg: KEEPS_CHANGING } } as FetchBaseQueryError };
}
