// What the channels and the calendar feed keep of each person (issue 42, ADR 0079), and
// the store port their adapters implement (store/embedded-channels.ts, store/mongo-channels.ts).
// Kept apart from the alerts' own collections: the channels only read alerts.
import type { TripAccess } from '@tripcost/shared';

/** One browser's Web Push subscription (what PushSubscription.toJSON() gives). */
export interface StoredPushSubscription {
  /** The endpoint URL: one subscription per browser, unique. */
  _id: string;
  user_id: string;
  keys: { p256dh: string; auth: string };
  created_at: string;
}

/**
 * A person's webhook. The secret is kept as it was given: it must sign every message
 * (HMAC needs the key itself, so it cannot be hashed), and encrypting it with a key kept
 * beside it in the same deployment would protect nothing more (ADR 0079).
 */
export interface StoredWebhook {
  /** The user id: one webhook per person. */
  _id: string;
  url: string;
  secret: string;
  /** Messages in a row that failed every attempt; reset by a delivery that went through. */
  failures: number;
  /** When it was switched off after repeated failures; null while it works. */
  switched_off_at: string | null;
  created_at: string;
}

/** A person's calendar feed token, kept only as its SHA-256 (the link is shown once). */
export interface StoredCalendarToken {
  /** The user id: one feed per person. */
  _id: string;
  token_hash: string;
  created_at: string;
}

/** A committed window as the feed shows it (dates YYYY-MM-DD, amounts in minor units). */
export interface CalendarPlan {
  instance_id: string;
  label: string;
  start: string;
  end: string;
  total: number;
  /** Still to pay on it, when the trip said so. */
  to_pay: number | null;
}

/** What the feed remembers of one trip: its plan, and a SEQUENCE bumped whenever the plan changes. */
export interface CalendarTrip {
  /** The trip id. */
  _id: string;
  version: number;
  name: string;
  currency: string;
  access: Record<string, TripAccess>;
  /** Members and former members: who gets this trip's event (former ones, cancelled). */
  members: string[];
  /** The plan now, or the last one when cleared or deleted (then `cancelled`). */
  plan: CalendarPlan | null;
  cancelled: boolean;
  sequence: number;
  updated_at: string;
  /** Its VEVENTs as each kind of reader gets them, written when it changed (calendar.ts). */
  rendered?: Rendered;
}

/** iCalendar text per reader: a member who may see costs, one who may not, a former member. */
export interface Rendered {
  full: string;
  limited: string;
  former: string;
}

export interface ChannelStore {
  pushSubscriptionsOf(userId: string): Promise<StoredPushSubscription[]>;
  /** Keeps the subscription (an endpoint already kept is replaced: it may move between accounts). */
  savePushSubscription(subscription: StoredPushSubscription): Promise<void>;
  /** False when the user had no such subscription. */
  removePushSubscription(userId: string, endpoint: string): Promise<boolean>;
  webhookOf(userId: string): Promise<StoredWebhook | null>;
  saveWebhook(webhook: StoredWebhook): Promise<void>;
  removeWebhook(userId: string): Promise<boolean>;
  calendarTokenOf(userId: string): Promise<StoredCalendarToken | null>;
  calendarTokenByHash(hash: string): Promise<StoredCalendarToken | null>;
  saveCalendarToken(token: StoredCalendarToken): Promise<void>;
  removeCalendarToken(userId: string): Promise<boolean>;
  calendarTrip(tripId: string): Promise<CalendarTrip | null>;
  /** Keeps `trip` unless a newer version is stored already. */
  saveCalendarTrip(trip: CalendarTrip): Promise<void>;
  /** Every trip whose feed events `userId` gets. */
  calendarTripsOf(userId: string): Promise<CalendarTrip[]>;
  /** Removes a trip's event for good (no member left to show it to). */
  removeCalendarTrip(tripId: string): Promise<void>;
  /** Deletes everything kept of the user (their subscriptions, webhook and feed token); the count removed. */
  forgetUser(userId: string): Promise<number>;
  close(): Promise<void>;
}
