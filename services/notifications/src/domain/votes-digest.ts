// Votes, as one digest a day (issue 42): each vote is kept as it arrives (trip.voted),
// and each other member of the trip gets one reminder for the next 09:00 where they are
// (one job per person, trip and day however many votes come), which then tells the
// others' last vote on each window since the digest before.
import type { NotificationStore, StoredVote, TripMemory } from './notification-store';
import type { Preferences } from './preferences';
import { votesDigestAt, votesDigestDay, votesDigestSince, type Reminder, type ReminderScheduler } from './reminders';
import { votesDigestAlert, type Alert } from './rules';

export function votesDigest(deps: {
  store: NotificationStore;
  reminders?: ReminderScheduler;
  preferencesOf(userId: string): Promise<Preferences>;
  /** The one way an alert is stored and released (notifications.ts). */
  keep(alert: Alert, at: Date): Promise<boolean>;
}) {
  return {
    /** A member voted: kept, and each other member's digest of the day waits for their 09:00. */
    async voted(vote: StoredVote, at: Date): Promise<void> {
      await deps.store.recordVote(vote);
      const memory = await deps.store.tripMemory(vote.trip_id);
      if (!deps.reminders || !memory) return;
      for (const userId of Object.keys(memory.access)) {
        if (userId === vote.user_id) continue;
        const { time_zone } = await deps.preferencesOf(userId);
        const start = votesDigestDay(at, time_zone);
        const digest: Reminder = { kind: 'votes', user_id: userId, trip_id: vote.trip_id, instance_id: '', start };
        await deps.reminders.schedule(digest, votesDigestAt(start, time_zone), at);
      }
    },

    /** The digest is due: one alert of the others' votes, to a member still on the trip with the members rule on. */
    async digest(
      memory: TripMemory | null,
      reminder: Reminder,
      preferences: Preferences,
      at: Date,
    ): Promise<'stored' | 'dropped' | 'rescheduled'> {
      if (!memory || !Object.hasOwn(memory.access, reminder.user_id) || !preferences.rules.members) return 'dropped';
      // The person may have moved to a later time zone since: wait for their 09:00.
      const due = votesDigestAt(reminder.start, preferences.time_zone);
      if (due.getTime() - at.getTime() > 60_000) {
        await deps.reminders?.schedule(reminder, due, at);
        return 'rescheduled';
      }
      const since = votesDigestSince(reminder.start, preferences.time_zone).toISOString();
      const votes = await deps.store.votesOn(reminder.trip_id, since, due.toISOString());
      const alert = votesDigestAlert(memory, reminder, votes);
      if (!alert) return 'dropped';
      await deps.keep(alert, at);
      return 'stored';
    },
  };
}
