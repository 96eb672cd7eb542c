// The TripStore contract both adapters implement. Stores keep documents and nothing
// else: every rule (commit, edit, remove a window, favourites) is a pure function in
// the domain, applied to the stored trip and written back with `replace`, a
// compare-and-swap on the trip's version. So the rules exist once, and both adapters
// are proven alike by one contract suite.
import type { OutboxEvent, OutboxStore } from '@tripcost/shared';
import type { HistoryStore } from './history-record';
import type { BinStore } from './bin-record';
import type { TripRecord } from './trip';
import type { Role, Vote } from './members';

export interface TripListOptions {
  favoritesOnly?: boolean;
  limit: number;
  offset: number;
}

/**
 * Deleted trips (with `deleted_at`) are tombstones kept only until their outbox is
 * published: no read below returns them, and `markSent` purges them once empty.
 */
export interface TripVersion {
  _id: string;
  /** 0 for a trip stored before versions existed. */
  version: number;
  /** The caller's role on the trip (roleOf): which view of it the list serves. */
  role: Role;
  /** Counts the votes cast on the trip (they change its answers, not its version). */
  votes_version: number;
}

export interface TripStore extends OutboxStore {
  /** The trips' history entries, beside the trips (history/). */
  readonly history: HistoryStore;
  /** What was deleted from trips, restorable for 30 days (history/domain/bin.ts). */
  readonly bin: BinStore;
  insert(trip: TripRecord): Promise<TripRecord>;
  /** The trip, with its pending outbox; null when missing or deleted. */
  findById(tripId: string): Promise<TripRecord | null>;
  /**
   * The user's trips — owned, and shared with them (`members.user_id`) — by trip_start ascending, trips without dates last, then by
   * creation. Fresh copies the caller owns and may change (the list views are made in
   * place), never objects the store keeps.
   */
  listByUser(userId: string, options: TripListOptions): Promise<TripRecord[]>;
  /**
   * The same page as `listByUser`, only each trip's id and version: what the list
   * answer is assembled from (cached views per trip and version), and its ETag.
   */
  listVersions(userId: string, options: TripListOptions): Promise<TripVersion[]>;
  /** The live trip holding an invitation with this token hash (sha256 hex); null when none. */
  findByInviteHash(tokenHash: string): Promise<TripRecord | null>;
  /** The trips with these ids that still exist, in any order. */
  findByIds(tripIds: string[]): Promise<TripRecord[]>;
  /** Ids of all the user's own trips (for changes that touch every trip of a user). */
  idsByUser(userId: string): Promise<string[]>;
  /** Ids of the live trips shared with the user (a member, not the owner). */
  idsSharedWith(userId: string): Promise<string[]>;
  /** Ids of the live trips that name the user as one of their people (`people.user_id`), theirs or not. */
  idsNamingUser(userId: string): Promise<string[]>;
  /**
   * Writes `next` in place of the stored trip with the same id, only if the stored
   * one still has `expectedVersion` (a trip stored before versions existed counts as
   * version 0). false when it changed meanwhile or is gone; nothing is written then.
   */
  replace(next: TripRecord, expectedVersion: number): Promise<boolean>;
  /**
   * Sets (null: removes) one user's vote on one window of a live trip, and counts it in
   * `votes_version`; the trip's `version` stays. `event` (trip.voted) goes into the
   * trip's outbox in the same write. false when the trip is gone.
   */
  setVote(tripId: string, instanceId: string, userId: string, vote: Vote | null, event?: OutboxEvent): Promise<boolean>;
  /**
   * Forgets the trip's pending history entries with these ids, once they are in the
   * history collection (history/). Bookkeeping: the trip's version stays.
   */
  settleHistory(tripId: string, entryIds: string[]): Promise<void>;
  /**
   * Deleted trips in their owner's bin (`in_bin`: deleted by hand, kept 30 days), of one
   * owner and/or deleted before a time (ISO); newest first. Tombstones otherwise: no
   * other read returns them.
   */
  binnedTrips(query: { ownerId?: string; before?: string }): Promise<TripRecord[]>;
  /** A trip in the bin, by id; null when it is not there. */
  findBinned(tripId: string): Promise<TripRecord | null>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
