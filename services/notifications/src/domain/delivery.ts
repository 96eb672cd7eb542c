// Where stored alerts go once their time has come (issue 42). Every alert — from a rule,
// a reminder or a digest — is stored first (exactly once, in-app) with the time it may
// be shown and sent (delivery-time.ts), and a release is scheduled for that time. When
// the release runs, the alerts due are read as their reader may see them now and handed
// to the channels beyond the in-app list (Web Push, webhooks: at least once, each with
// its stable notification id) — one message per alert, or one for all of them when the
// reader chose the daily digest. The in-app list needs no hand-over: it shows an alert
// from its time on.
import type { StoredNotification } from './notification-store';
import type { NotificationView } from './notifications';
import type { Preferences } from './preferences';

/** One message to one person: a single alert, or the day's alerts folded into one (digest). */
export interface Message {
  user_id: string;
  /** As the reader may see them now. */
  notifications: NotificationView[];
  /** The same alerts as stored, in the same order (a channel re-reads them when it sends). */
  stored: StoredNotification[];
  digest: boolean;
}

/** The channels beyond in-app. Throwing makes the release run again later (at least once). */
export interface Channels {
  send(message: Message, preferences: Preferences): Promise<void>;
}

/** No channel beyond the in-app list. */
export const inAppOnly: Channels = { send: async () => undefined };

/** Where releases wait until their time (jobs/releases.ts). */
export interface ReleaseScheduler {
  /** Releases the user's alerts due at `at` (at once when it has passed); kept once per user and time. */
  release(userId: string, at: Date, now: Date): Promise<void>;
}

/** The messages of a release: one per alert, or one digest. */
export function messagesOf(
  userId: string,
  due: StoredNotification[],
  views: NotificationView[],
  digest: boolean,
): Message[] {
  if (views.length === 0) return [];
  const byId = new Map(due.map((notification) => [notification._id, notification]));
  const storedOf = (shown: NotificationView[]) => shown.map((view) => byId.get(view._id)!);
  if (digest) return [{ user_id: userId, notifications: views, stored: storedOf(views), digest: true }];
  return views.map((view) => ({ user_id: userId, notifications: [view], stored: storedOf([view]), digest: false }));
}
