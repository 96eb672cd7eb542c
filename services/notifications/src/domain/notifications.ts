// The notifications use cases: taking in trip states (rules.ts) and keeping each
// person's alerts; reading, marking read, preferences; forgetting a trip or a person.
import { newId, notFound, snapshotAccessFor, type Logger, type TripAlertState } from '@tripcost/shared';
import type { NotificationStore, StoredNotification, ListQuery } from './notification-store';
import { changedPreferences, defaultPreferences, type Preferences, type PreferencesChange } from './preferences';
import { hasStarted, startsSoonAt, STARTS_SOON_DAYS, type Reminder, type ReminderScheduler } from './reminders';
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
  /** A reminder's time came: stores it when it still holds (same plan, still a member, rule on). */
  remind(reminder: Reminder, now?: Date): Promise<'stored' | 'dropped' | 'rescheduled'>;
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
  /** Where reminders wait; none: no reminders (tests of other rules). */
  reminders?: ReminderScheduler;
  /** Which channels have somewhere to send (channels/channels.ts); none: push and webhook stay off. */
  channelsSetUp?: (userId: string) => Promise<{ push: boolean; webhook: boolean }>;
}): Notifications {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const preferencesOf = async (userId: string): Promise<Preferences> => {
    const stored = await store.preferencesOf(userId);
    if (!stored) return defaultPreferences();
    const { _id, updated_at: _updatedAt, ...preferences } = stored;
    return preferences;
  };

  /** Each member's reminder of the plan's start, at 09:00 in their time zone (kept once per time). */
  async function scheduleStartsSoon(state: TripAlertState, at: Date): Promise<void> {
    const start = state.committed?.start;
    if (!deps.reminders || !state.committed || !start) return;
    for (const userId of Object.keys(state.access)) {
      const preferences = await preferencesOf(userId);
      if (!preferences.rules.starts_soon || hasStarted(start, preferences.time_zone, at)) continue;
      const reminder: Reminder = {
        kind: 'starts_soon',
        user_id: userId,
        trip_id: state._id,
        instance_id: state.committed.instance_id,
        start,
      };
      await deps.reminders.schedule(reminder, startsSoonAt(start, preferences.time_zone), at);
    }
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
      await scheduleStartsSoon(state, at);
      deps.logger.debug({ tripId: state._id, version: state.version, stored }, 'trip state taken in');
      return stored;
    },
    async remind(reminder, at = now()) {
      const memory = await store.tripMemory(reminder.trip_id);
      const holds =
        memory !== null &&
        memory.committed_id === reminder.instance_id &&
        memory.committed_start === reminder.start &&
        Object.hasOwn(memory.access, reminder.user_id);
      const preferences = await preferencesOf(reminder.user_id);
      if (!holds || !preferences.rules.starts_soon || !preferences.channels.in_app) return 'dropped';
      // The person may have moved to another time zone since it was scheduled: wait for their 09:00.
      const due = startsSoonAt(reminder.start, preferences.time_zone);
      if (due.getTime() - at.getTime() > 60_000) {
        await deps.reminders?.schedule(reminder, due, at);
        return 'rescheduled';
      }
      if (hasStarted(reminder.start, preferences.time_zone, at)) return 'dropped';
      await store.insertOnce({
        _id: newId(),
        user_id: reminder.user_id,
        kind: 'starts_soon',
        trip_id: reminder.trip_id,
        instance_id: reminder.instance_id,
        title: `Starts in ${STARTS_SOON_DAYS} days`,
        body: `Your trip to ${memory!.name ?? 'your getaway'} starts on ${reminder.start}.`,
        amount_body: null,
        created_at: at.toISOString(),
        read: false,
        dedupe_key: `starts_soon:${reminder.trip_id}:${reminder.instance_id}:${reminder.start}`,
      });
      return 'stored';
    },
    tripDeleted: (tripId) => store.forgetTrip(tripId),
    async list(userId, query) {
      const [items, unread] = await Promise.all([store.list(userId, query), store.unreadCount(userId)]);
      return { items: await readAs(store, userId, items), unread };
    },
    async markRead(userId, id) {
      if (!(await store.markRead(userId, id))) throw notFound(NOTIFICATION_NOT_FOUND);
    },
    markAllRead: (userId) => store.markAllRead(userId),
    preferences: preferencesOf,
    async changePreferences(userId, change) {
      const next = changedPreferences(await preferencesOf(userId), change, await deps.channelsSetUp?.(userId));
      await store.savePreferences({ _id: userId, ...next, updated_at: now().toISOString() });
      return next;
    },
    forgetUser: (userId) => store.forgetUser(userId),
    async exportOf(userId) {
      const all = await store.list(userId, { limit: 100_000 });
      return { notifications: await readAs(store, userId, all), preferences: await preferencesOf(userId) };
    },
  };
}

/** What `userId` may read of a stored alert now: the trip's latest access, not the access it was made under. */
export async function readAs(
  store: NotificationStore,
  userId: string,
  stored: StoredNotification[],
): Promise<NotificationView[]> {
  const access = new Map<string, string>();
  for (const tripId of new Set(stored.map((n) => n.trip_id))) {
    const memory = await store.tripMemory(tripId);
    access.set(tripId, memory ? snapshotAccessFor({ user_id: '', access: memory.access }, userId) : 'none');
  }
  return stored.flatMap((n) => {
    const full = access.get(n.trip_id) === 'full';
    if (!full && (MONEY_KINDS as ReadonlySet<string>).has(n.kind)) return [];
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
