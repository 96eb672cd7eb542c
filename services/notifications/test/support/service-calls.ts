// What the reminder suites do to the running service, as trips and a traveller would:
// announce a trip's alert state into the notifications inbox (at the suite's fake
// clock), set a traveller's preferences, and read their in-app list.
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { bullConnectionOptions, EVENT_JOB_OPTIONS, type AuthUser, type TripAlertState } from '@tripcost/shared';
import { tokenFor } from '@tripcost/shared/testing';

/** trip.alert-state for `trip`, as trips' outbox sends it, occurring at `at`. */
export async function announceAlertState(inbox: Queue, at: Date, trip: TripAlertState): Promise<void> {
  const id = randomUUID();
  const event = { id, type: 'trip.alert-state', occurredAt: at.toISOString(), payload: { trip } };
  await inbox.add('trip.alert-state', event, { ...EVENT_JOB_OPTIONS, jobId: id });
}

/** PUT /api/notifications/preferences as `user`; the change must be taken (200). */
export async function putPreferences(url: string, user: AuthUser, body: unknown): Promise<void> {
  const res = await fetch(`${url}/api/notifications/preferences`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${tokenFor(user)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The first page of `user`'s in-app notifications. */
export async function notificationsOf(url: string, user: AuthUser): Promise<Array<{ kind: string; body: string }>> {
  const res = await fetch(`${url}/api/notifications`, { headers: { authorization: `Bearer ${tokenFor(user)}` } });
  return (await res.json()).items;
}

/** After a suite: its inbox and reminder queues emptied for good, and the inbox closed. */
export async function obliterateQueues(
  redisUrl: string,
  prefix: string,
  inbox: Queue,
  names: readonly string[],
): Promise<void> {
  for (const name of names) {
    const queue = new Queue(name, { connection: bullConnectionOptions(redisUrl), prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await inbox.close();
}
