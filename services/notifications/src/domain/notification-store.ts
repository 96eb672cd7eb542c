// The notifications service's entities and the store port its adapters implement
// (store/embedded.ts, store/mongo.ts).
import type { OutboxStore, TripAccess } from '@tripcost/shared';

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
}

export interface ListQuery {
  unread?: boolean;
  /** The id of the last notification of the previous page: the next page is older. */
  before?: string;
  limit: number;
}

export interface NotificationStore extends OutboxStore {
  /** Stores the notification unless the user already has one with its dedupe_key; true when stored. */
  insertOnce(notification: StoredNotification): Promise<boolean>;
  /** Newest first. */
  list(userId: string, query: ListQuery): Promise<StoredNotification[]>;
  unreadCount(userId: string): Promise<number>;
  /** False when the user has no such notification. */
  markRead(userId: string, id: string): Promise<boolean>;
  markAllRead(userId: string): Promise<number>;
  preferencesOf(userId: string): Promise<StoredPreferences | null>;
  savePreferences(preferences: StoredPreferences): Promise<void>;
  tripMemory(tripId: string): Promise<TripMemory | null>;
  /** Keeps `memory` unless a newer version is stored already. */
  saveTripMemory(memory: TripMemory): Promise<void>;
  forgetTrip(tripId: string): Promise<void>;
  /** Deletes every notification and the preferences of the user; the count of documents removed. */
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
  updated_at: string;
}
