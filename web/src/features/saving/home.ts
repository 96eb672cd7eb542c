// The store's save home: what a save needs beyond the network, handed to every RTK
// Query endpoint as the thunk's extra argument (app/store.ts creates one per store).
// Today that is the offline keeper: FullApp connects it when the offline chunk has
// loaded (installOfflineSync); a store without one (most component tests) fails a save
// that finds no network, as before. Nothing here is module-level: two stores (two
// tests) never share a keeper.
import type { BaseQueryApi, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Trip } from '../../lib/types';
import type { Instance } from '../../lib/types';
import type { OfflineRequest, OfflineWindowCreate, OfflineWindowRemove } from '../../lib/offline/changeQueue';
import type { Fields, MergePlan } from '../../lib/merge';

export type BaseQuery = (
  args: FetchArgs,
) => PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }> | { data?: unknown; error?: FetchBaseQueryError };

/** A change of fields sent with If-Match and merged by field on a 412 (mergeSave.ts). */
export interface MergingSave {
  tripId: string;
  /** The trip version the edit started from (If-Match). Without one the change is sent unconditionally. */
  version?: number;
  /** The edited fields' values when the edit started (keyed as merge.ts keys them). */
  base: Fields;
  /** This tab's changes, keyed. */
  mine: Fields;
  /** The request that sends `fields` (a subset of `mine`, or all of it). */
  request: (fields: Fields) => FetchArgs;
  /** A further look at the plan against the trip as stored now (e.g. a window itemised meanwhile). */
  adjust?: (plan: MergePlan, current: Trip) => MergePlan;
  /** Without a network the change is kept to be sent later ('queue', the default), or fails ('fail': the replay itself). */
  offline?: 'queue' | 'fail';
}

/** What a window deleted offline answers meanwhile: the trip as shown. */
export interface KeptRemoval {
  msg: string;
  trip: Trip;
}

/**
 * Keeps a change the network could not carry (ADR 0038) and answers what the page shows
 * meanwhile; each answers null when it cannot be kept (then the change fails as before).
 */
export interface OfflineKeeper {
  /** An edit of fields (a trip's, a window's, an item's, the plan), merged by field when replayed. */
  keepEdit(save: MergingSave & { answerOf?: (current: Trip) => unknown }): Promise<{ data: unknown } | null>;
  /** Any other request (an item added, a vote…): the trip as shown, true when no trip shows it, or null. */
  keepRequest(kept: OfflineRequest): Promise<Trip | true | null>;
  keepWindowCreate(create: OfflineWindowCreate): Promise<{ data: Instance } | null>;
  keepWindowRemove(remove: OfflineWindowRemove): Promise<{ data: KeptRemoval } | null>;
}

export class SaveHome {
  private keeper: OfflineKeeper | null = null;

  /** Connects the offline keeper (FullApp, once its chunk loaded); answers how to disconnect it. */
  connect(keeper: OfflineKeeper): () => void {
    this.keeper = keeper;
    return () => {
      if (this.keeper === keeper) this.keeper = null;
    };
  }

  get offline(): OfflineKeeper | null {
    return this.keeper;
  }
}

/** What a save sends with: RTK Query's base query, and the store's keeper (none outside the app). */
export interface Sender {
  baseQuery: BaseQuery;
  keeper: OfflineKeeper | null;
}

/** The sender of a queryFn: its base query and its store's save home (the thunk's extra argument). */
export function senderOf(api: Pick<BaseQueryApi, 'extra'>, baseQuery: BaseQuery): Sender {
  return { baseQuery, keeper: api.extra instanceof SaveHome ? api.extra.offline : null };
}
