// The notifications use cases: taking in trip states (rules.ts) and keeping each
// person's alerts; reading, marking read, preferences; forgetting a trip or a person.
import { newId, notFound, snapshotAccessFor, type Logger, type TripAlertState } from '@tripcost/shared';
import type { NotificationStore, StoredNotification, ListQuery } from './notification-store';
import { changedPreferences, defaultPreferences, type Preferences, type PreferencesChange } from './preferences';
import { evaluate, MONEY_KINDS } from './rules';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
export const PAGE = { default: 20, max: 100 } as const;

/** A notification as its reader gets it (the visibility rule applied on reading). */
export interface NotificationView {
  _id: string;
  kind: StoredNotification['kind'];
  trip_id: string;
  instance_id?: string;
  title: string;
  body: string;
  created_at: string;
  read: boolean;
}

export interface Notifications {
  /** Takes in a trip's alert state: stores each alert its members should get, once. */
  tripChanged(state: TripAlertState, now?: Date): Promise<number>;
  tripDeleted(tripId: string): Promise<void>;
  list(userId: string, query: ListQuery): Promise<{ items: NotificationView[]; unread: number }>;
  markRead(userId: string, id: string): Promise<void>;
  markAllRead(userId: string): Promise<number>;
  preferences(userId: string): Promise<Preferences>;
  changePreferences(userId: string, change: PreferencesChange): Promise<Preferences>;
  forgetUser(userId: string): Promise<number>;
  /** Everything kept of the user, for the account export. */
  exportOf(userId: string): Promise<{ notifications: NotificationView[]; preferences: Preferences }>;
}

export function createNotifications(deps: {
  store: NotificationStore;
  logger: Logger;
  now?: () => Date;
}): Notifications {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const preferencesOf = async (userId: string): Promise<Preferences> => {
    const stored = await store.preferencesOf(userId);
    if (!stored) return defaultPreferences();
    const { _id, updated_at: _updatedAt, ...preferences } = stored;
    return preferences;
  };

  /** What `userId` may read of a stored alert now: the trip's latest access, not the access it was made under. */
  async function views(userId: string, stored: StoredNotification[]): Promise<NotificationView[]> {
    const access = new Map<string, string>();
    for (const tripId of new Set(stored.map((n) => n.trip_id))) {
      const memory = await store.tripMemory(tripId);
      access.set(tripId, memory ? snapshotAccessFor({ user_id: '', access: memory.access }, userId) : 'none');
    }
    return stored.flatMap((n) => {
      const full = access.get(n.trip_id) === 'full';
      if (!full && MONEY_KINDS.has(n.kind)) return [];
      return [
        {
          _id: n._id,
          kind: n.kind,
          trip_id: n.trip_id,
          ...(n.instance_id ? { instance_id: n.instance_id } : {}),
          title: n.title,
          body: full && n.amount_body ? n.amount_body : n.body,
          created_at: n.created_at,
          read: n.read,
        },
      ];
    });
  }

  return {
    async tripChanged(state, at = now()) {
      const { memory, alerts } = evaluate(await store.tripMemory(state._id), state, at);
      let stored = 0;
      for (const alert of alerts) {
        const preferences = await preferencesOf(alert.user_id);
        if (!preferences.rules[alert.kind] || !preferences.channels.in_app) continue;
        const fresh = await store.insertOnce({ _id: newId(), ...alert, created_at: at.toISOString(), read: false });
        if (fresh) stored += 1;
      }
      // Kept after the alerts: a crash in between sees the same state again, whose alerts
      // have the same dedupe keys, so none is stored twice.
      await store.saveTripMemory(memory);
      deps.logger.debug({ tripId: state._id, version: state.version, stored }, 'trip state taken in');
      return stored;
    },
    tripDeleted: (tripId) => store.forgetTrip(tripId),
    async list(userId, query) {
      const [items, unread] = await Promise.all([store.list(userId, query), store.unreadCount(userId)]);
      return { items: await views(userId, items), unread };
    },
    async markRead(userId, id) {
      if (!(await store.markRead(userId, id))) throw notFound(NOTIFICATION_NOT_FOUND);
    },
    markAllRead: (userId) => store.markAllRead(userId),
    preferences: preferencesOf,
    async changePreferences(userId, change) {
      const next = changedPreferences(await preferencesOf(userId), change);
      await store.savePreferences({ _id: userId, ...next, updated_at: now().toISOString() });
      return next;
    },
    forgetUser: (userId) => store.forgetUser(userId),
    async exportOf(userId) {
      const all = await store.list(userId, { limit: 100_000 });
      return { notifications: await views(userId, all), preferences: await preferencesOf(userId) };
    },
  };
}
