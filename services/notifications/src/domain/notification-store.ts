// The notifications service's entities and the store port its adapters implement
// (store/embedded.ts, store/mongo.ts).
import type { AlertWindow, OutboxStore, TripAccess } from '@tripcost/shared';

export const NOTIFICATION_KINDS = [
  'cheapest',
  'stale_price',
  'over_budget',
  'to_pay',
  'starts_soon',
  'members',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notices about the person's own channels (a webhook switched off): no rule, always in-app. */
export const NOTICE_KINDS = ['channel'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** One alert in one person's in-app list. */
export interface StoredNotification {
  _id: string;
  user_id: string;
  kind: NotificationKind | NoticeKind;
  trip_id: string;
  instance_id: string | null;
  title: string;
  /** The text without any amount: what a reader who may not see costs gets. */
  body: string;
  /** The text with its amount, or null when it has none; shown only to a reader who may see costs. */
  amount_body: string | null;
  created_at: string;
  /** From when it is shown and sent: created_at, or later in quiet hours or with the digest (delivery-time.ts). */
  deliver_at: string;
  /** Handed to the channels beyond in-app (delivery.ts); in-app shows it from deliver_at on regardless. */
  delivered: boolean;
  read: boolean;
  /** The state this alert is about; (user_id, dedupe_key) is unique, so an alert is stored once. */
  dedupe_key: string;
}

/** What the service remembers of a trip: the last alert state it saw, to compare the next one with. */
export interface TripMemory {
  _id: string;
  version: number;
  access: Record<string, TripAccess>;
  cheapest_id: string | null;
  /** The window the last cheapest alert named, and when (the hourly hysteresis). */
  cheapest_alerted_id: string | null;
  cheapest_alerted_at: string | null;
  over_budget: boolean;
  /** The plan and its first day (YYYY-MM-DD), which reminders are about; absent in memories kept before them. */
  committed_id?: string | null;
  committed_start?: string | null;
  /** The trip's name as alerts say it. */
  name?: string;
  currency?: string;
  /** What is still to pay of the plan (minor units); absent in memories kept before it. */
  committed_to_pay?: number;
  /** The cheapest window's name and total as the state said them, and who made the last change (the re-check after the hour). */
  cheapest_label?: string | null;
  cheapest_total?: number | null;
  actor_id?: string | null;
  /** The windows still considered and their dated prices (stale-price reminders); absent before them. */
  considering?: AlertWindow[];
}

/** A member's vote as the votes digest reads it (from trip.voted; its _id is the event's). */
export interface StoredVote {
  _id: string;
  trip_id: string;
  instance_id: string;
  /** The window's and the voter's names when they voted. */
  label: string;
  user_id: string;
  name: string;
  vote: 'yes' | 'maybe' | 'no' | null;
  at: string;
}

/**
 * Whether `id` can be a key of a trip memory's `access` read as a field path (user ids are
 * hex): the adapters find a person's trips by it, and anything else is nobody's.
 */
export const isMemberKey = (id: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(id);

export interface ListQuery {
  unread?: boolean;
  /** Only notifications shown by then (deliver_at ≤ visibleAt), ISO. */
  visibleAt: string;
  /** The id of the last notification of the previous page: the next page is older. */
  before?: string;
  limit: number;
}

export interface NotificationStore extends OutboxStore {
  /** Stores the notification unless the user already has one with its dedupe_key; true when stored. */
  insertOnce(notification: StoredNotification): Promise<boolean>;
  /** Newest first. */
  list(userId: string, query: ListQuery): Promise<StoredNotification[]>;
  /** The trip and kind of each unread notification shown by `visibleAt` (the domain counts what the reader may see). */
  unreadKinds(userId: string, visibleAt: string): Promise<Array<Pick<StoredNotification, 'trip_id' | 'kind'>>>;
  /** False when the user has no such notification shown by `visibleAt`. */
  markRead(userId: string, id: string, visibleAt: string): Promise<boolean>;
  markAllRead(userId: string, visibleAt: string): Promise<number>;
  /** The user's notifications due by `at` and not yet handed to the channels, oldest first. */
  undelivered(userId: string, at: string): Promise<StoredNotification[]>;
  markDelivered(userId: string, ids: string[]): Promise<void>;
  preferencesOf(userId: string): Promise<StoredPreferences | null>;
  savePreferences(preferences: StoredPreferences): Promise<void>;
  tripMemory(tripId: string): Promise<TripMemory | null>;
  /** The memories of the trips `userId` is a member of (a key of their `access`): what their reminders are about. */
  tripsOf(userId: string): Promise<TripMemory[]>;
  /** Keeps `memory` unless a newer version is stored already. */
  saveTripMemory(memory: TripMemory): Promise<void>;
  /** Records the cheapest alert of a re-check, only while the memory is still at `version`; false otherwise. */
  markCheapestAlerted(tripId: string, version: number, instanceId: string, at: string): Promise<boolean>;
  /** Keeps a vote once (a redelivered event changes nothing). */
  recordVote(vote: StoredVote): Promise<void>;
  /** The trip's votes cast after `after` and by `upTo` (ISO), oldest first. */
  votesOn(tripId: string, after: string, upTo: string): Promise<StoredVote[]>;
  /** Forgets the trip's state and votes. */
  forgetTrip(tripId: string): Promise<void>;
  /** Deletes every notification, vote and the preferences of the user; the count of documents removed. */
  forgetUser(userId: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A user's preferences as stored (preferences.ts says what is valid). */
export interface StoredPreferences {
  _id: string;
  rules: Record<NotificationKind, boolean>;
  stale_days: number;
  time_zone: string;
  quiet_hours: { from: string; to: string } | null;
  digest: boolean;
  channels: { in_app: boolean; push: boolean; webhook: boolean };
  /** Whether time_zone was set (by the person or their browser); absent: no, it is the default. */
  time_zone_set?: boolean;
  updated_at: string;
}
