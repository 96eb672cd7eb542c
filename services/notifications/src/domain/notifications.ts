// The notifications use cases: taking in trip states (rules.ts) and keeping each
// person's alerts; reading, marking read, preferences; forgetting a trip or a person.
import { newId, notFound, snapshotAccessFor, type Logger, type TripAlertState } from '@tripcost/shared';
import type { ListQuery, NotificationStore, StoredNotification, StoredVote } from './notification-store';
import { changedPreferences, defaultPreferences, type Preferences, type PreferencesChange } from './preferences';
import { inAppOnly, messagesOf, type Channels, type ReleaseScheduler } from './delivery';
import { deliveryTime } from './delivery-time';
import { moveReminders } from './reminder-moves';
import { dueAt, hasStarted, type Reminder, type ReminderScheduler } from './reminders';
import { cheapestRecheck, evaluate, MONEY_KINDS, newReminders, reminderAlert, stillHolds, type Alert } from './rules';
import { votesDigest } from './votes-digest';

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
  /** A member voted: kept for the day's digest, which waits for each other member's 09:00. */
  voted(vote: StoredVote, now?: Date): Promise<void>;
  /** A reminder's time came: stores it when it still holds (same plan or price, still a member, rule on). */
  remind(reminder: Reminder, now?: Date): Promise<'stored' | 'dropped' | 'rescheduled'>;
  /**
   * The hour after a trip's cheapest alert ended: tells the cheapest now if it flipped
   * meanwhile; how many stored. The alerts are stored before the memory says so: a crash
   * in between runs the job again, with the same keys.
   */
  recheckCheapest(tripId: string, now?: Date): Promise<number>;
  /** Hands the user's alerts due by `now` to the channels beyond in-app (delivery.ts); how many. */
  release(userId: string, now?: Date): Promise<number>;
  list(userId: string, query: Omit<ListQuery, 'visibleAt'>): Promise<{ items: NotificationView[]; unread: number }>;
  markRead(userId: string, id: string): Promise<void>;
  markAllRead(userId: string): Promise<number>;
  preferences(userId: string): Promise<Preferences>;
  changePreferences(userId: string, change: PreferencesChange): Promise<Preferences>;
  /** The browser's time zone, kept only while the person has never set one (their first visit). */
  defaultTimeZone(userId: string, timeZone: string): Promise<Preferences>;
  forgetUser(userId: string): Promise<number>;
  /** Everything kept of the user, for the account export. */
  exportOf(userId: string): Promise<{ notifications: NotificationView[]; preferences: Preferences }>;
}

/** What the notifications' use cases are made of. */
export interface NotificationsDeps {
  store: NotificationStore;
  logger: Logger;
  now?: () => Date;
  /** Where reminders wait; none: no reminders (tests of other rules). */
  reminders?: ReminderScheduler;
  /** Where releases wait; none: alerts are only shown in-app (tests of the rules). */
  releases?: ReleaseScheduler;
  /** The channels beyond in-app; none: in-app only. */
  channels?: Channels;
  /** Which channels have somewhere to send (channels/channels.ts); none: push and webhook stay off. */
  channelsSetUp?: (userId: string) => Promise<{ push: boolean; webhook: boolean }>;
}

export function createNotifications(deps: NotificationsDeps): Notifications {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const channels = deps.channels ?? inAppOnly;
  // A change of preferences moves the reminders waiting for the person (reminder-moves.ts).
  const preferences = preferenceCases(store, now, deps.channelsSetUp, async (userId, before, after) => {
    if (!deps.reminders) return;
    const moved = await moveReminders({ store, scheduler: deps.reminders }, userId, before, after, now());
    if (moved > 0) deps.logger.debug({ userId, moved }, 'reminders moved to their new time');
  });
  const preferencesOf = preferences.of;

  /**
   * The one way an alert reaches its reader: stored once (its dedupe key) with the time
   * it may be shown (quiet hours and the digest only make it later), and a release at
   * that time for the other channels. The release is asked for even when the alert was
   * stored already: a crash between the two must not lose it (releases are kept once).
   */
  async function keep(alert: Alert, at: Date): Promise<boolean> {
    const preferences = await preferencesOf(alert.user_id);
    if (!preferences.rules[alert.kind] || !preferences.channels.in_app) return false;
    const deliverAt = deliveryTime(preferences, at);
    // Only who has a channel beyond in-app needs a release; for anyone else the alert has
    // nowhere else to go, so it is stored as delivered (a channel set up later never
    // receives the backlog).
    const elsewhere = preferences.channels.push || preferences.channels.webhook;
    const fresh = await store.insertOnce({
      _id: newId(),
      ...alert,
      created_at: at.toISOString(),
      deliver_at: deliverAt.toISOString(),
      delivered: !elsewhere,
      read: false,
    });
    if (elsewhere) await deps.releases?.release(alert.user_id, deliverAt, at);
    return fresh;
  }

  const votes = votesDigest({ store, reminders: deps.reminders, preferencesOf, keep });

  return {
    async tripChanged(state, at = now()) {
      const before = await store.tripMemory(state._id);
      const { memory, alerts, recheckAt } = evaluate(before, state, at);
      // Each member's alert is independent of the others': kept side by side.
      const kept = await Promise.all(alerts.map((alert) => keep(alert, at)));
      const stored = kept.filter(Boolean).length;
      await scheduleAll(deps.reminders, preferencesOf, newReminders(before, memory), at);
      if (recheckAt) await deps.reminders?.recheck(state._id, recheckAt, at);
      // Kept after the alerts and reminders: a crash in between sees the same state again,
      // whose alerts have the same dedupe keys and whose reminders the same job ids.
      await store.saveTripMemory(memory);
      deps.logger.debug({ tripId: state._id, version: state.version, stored }, 'trip state taken in');
      return stored;
    },
    voted: (vote, at = now()) => votes.voted(vote, at),
    async recheckCheapest(tripId, at = now()) {
      const memory = await store.tripMemory(tripId);
      const recheck = cheapestRecheck(memory, at);
      if (!recheck) return 0;
      const kept = await Promise.all(recheck.alerts.map((alert) => keep(alert, at)));
      await store.markCheapestAlerted(tripId, memory!.version, recheck.alertedId, recheck.alertedAt);
      return kept.filter(Boolean).length;
    },
    async remind(reminder, at = now()) {
      const memory = await store.tripMemory(reminder.trip_id);
      const preferences = await preferencesOf(reminder.user_id);
      const { kind } = reminder;
      if (kind === 'votes') return votes.digest(memory, reminder, preferences, at);
      if (!stillHolds(memory, reminder) || !preferences.rules[kind]) return 'dropped';
      // The person may have moved to another time zone or changed stale_days since: wait for their time.
      const due = dueAt(reminder, preferences);
      if (due.getTime() - at.getTime() > 60_000) {
        await deps.reminders?.schedule(reminder, due, at);
        return 'rescheduled';
      }
      if (hasStarted(reminder.start, preferences.time_zone, at)) return 'dropped';
      await keep(reminderAlert(memory!, { ...reminder, kind }), at);
      return 'stored';
    },
    async release(userId, at = now()) {
      const due = await store.undelivered(userId, at.toISOString());
      if (due.length === 0) return 0;
      const preferences = await preferencesOf(userId);
      const views = await readAs(store, userId, due);
      for (const message of messagesOf(userId, due, views, preferences.digest))
        await channels.send(message, preferences);
      const ids = due.map((n) => n._id);
      await store.markDelivered(userId, ids);
      return views.length;
    },
    tripDeleted: (tripId) => store.forgetTrip(tripId),
    async list(userId, query) {
      const visibleAt = now().toISOString();
      const [items, unread] = await Promise.all([
        store.list(userId, { ...query, visibleAt }),
        store.unreadKinds(userId, visibleAt),
      ]);
      return { items: await readAs(store, userId, items), unread: await visibleCount(store, userId, unread) };
    },
    async markRead(userId, id) {
      if (!(await store.markRead(userId, id, now().toISOString()))) throw notFound(NOTIFICATION_NOT_FOUND);
    },
    markAllRead: (userId) => store.markAllRead(userId, now().toISOString()),
    preferences: preferencesOf,
    changePreferences: preferences.change,
    defaultTimeZone: preferences.defaultTimeZone,
    forgetUser: (userId) => store.forgetUser(userId),
    async exportOf(userId) {
      // Everything kept, held alerts included: the export is of what is stored.
      const all = await store.list(userId, { limit: 100_000, visibleAt: '9999-12-31T23:59:59.999Z' });
      return { notifications: await readAs(store, userId, all), preferences: await preferencesOf(userId) };
    },
  };
}

/** Schedules reminders side by side (a new trip's prices make many), each person's preferences read once. */
async function scheduleAll(
  scheduler: ReminderScheduler | undefined,
  preferencesOf: (userId: string) => Promise<Preferences>,
  reminders: Reminder[],
  at: Date,
): Promise<void> {
  if (!scheduler || reminders.length === 0) return;
  const people = [...new Set(reminders.map((reminder) => reminder.user_id))];
  const preferences = new Map(await Promise.all(people.map(async (id) => [id, await preferencesOf(id)] as const)));
  await Promise.all(
    reminders.map((reminder) => scheduler.schedule(reminder, dueAt(reminder, preferences.get(reminder.user_id)!), at)),
  );
}

/**
 * Reading and changing a person's preferences (preferences.ts says what is valid).
 * `changed` runs with the old and new preferences once the new are saved (the reminders
 * move: reminder-moves.ts says why after).
 */
function preferenceCases(
  store: NotificationStore,
  now: () => Date,
  channelsSetUp: ((userId: string) => Promise<{ push: boolean; webhook: boolean }>) | undefined,
  changed: (userId: string, before: Preferences, after: Preferences) => Promise<void>,
) {
  const of = async (userId: string): Promise<Preferences> => {
    const stored = await store.preferencesOf(userId);
    if (!stored) return defaultPreferences();
    const { _id, updated_at: _updatedAt, time_zone_set: _set, ...preferences } = stored;
    return preferences;
  };
  const save = (userId: string, preferences: Preferences, timeZoneSet: boolean) =>
    store.savePreferences({ _id: userId, ...preferences, time_zone_set: timeZoneSet, updated_at: now().toISOString() });
  return {
    of,
    async change(userId: string, change: PreferencesChange): Promise<Preferences> {
      const current = await of(userId);
      const next = changedPreferences(current, change, await channelsSetUp?.(userId));
      const wasSet = (await store.preferencesOf(userId))?.time_zone_set ?? false;
      await save(userId, next, wasSet || change.time_zone !== undefined);
      await changed(userId, current, next);
      return next;
    },
    async defaultTimeZone(userId: string, timeZone: string): Promise<Preferences> {
      if ((await store.preferencesOf(userId))?.time_zone_set) return of(userId);
      const current = await of(userId);
      const next = changedPreferences(current, { time_zone: timeZone });
      await save(userId, next, true);
      await changed(userId, current, next);
      return next;
    },
  };
}

/** What `userId` may see of each trip now: the trip's latest access, not the access an alert was made under. */
async function accessTo(store: NotificationStore, userId: string, tripIds: Iterable<string>) {
  const access = new Map<string, string>();
  for (const tripId of new Set(tripIds)) {
    const memory = await store.tripMemory(tripId);
    access.set(tripId, memory ? snapshotAccessFor({ user_id: '', access: memory.access }, userId) : 'none');
  }
  return access;
}

/** Whether `kind` is a money alert (only readers who see costs are shown it); a channel notice is not. */
const isMoney = (kind: StoredNotification['kind']): boolean => (MONEY_KINDS as ReadonlySet<string>).has(kind);

/** Whether a notification of `kind` is shown at all to a reader with `access` (money alerts: full access only). */
const shownTo = (access: string | undefined, kind: StoredNotification['kind']): boolean =>
  access === 'full' || !isMoney(kind);

/** How many of the unread the reader may still see (the list's rule, so the bell and the list agree). */
async function visibleCount(
  store: NotificationStore,
  userId: string,
  unread: Array<Pick<StoredNotification, 'trip_id' | 'kind'>>,
): Promise<number> {
  const access = await accessTo(
    store,
    userId,
    unread.filter((n) => isMoney(n.kind)).map((n) => n.trip_id),
  );
  return unread.filter((n) => !isMoney(n.kind) || shownTo(access.get(n.trip_id), n.kind)).length;
}

/** What `userId` may read of a stored alert now: the trip's latest access, not the access it was made under. */
export async function readAs(
  store: NotificationStore,
  userId: string,
  stored: StoredNotification[],
): Promise<NotificationView[]> {
  const access = await accessTo(
    store,
    userId,
    stored.map((n) => n.trip_id),
  );
  return stored.flatMap((n) => {
    const full = access.get(n.trip_id) === 'full';
    if (!shownTo(access.get(n.trip_id), n.kind)) return [];
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
