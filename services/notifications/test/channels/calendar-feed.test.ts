// The calendar feed end to end (issue 42): trip states arrive through the real inbox
// (Redis, BullMQ), the feed is fetched over HTTP without a login and read with ical.js,
// a real iCalendar parser. What a calendar app notices: one event per plan with a UID
// that never changes, a SEQUENCE that goes up when the plan changes, a cancelled event
// when the plan is cleared or the trip deleted, pay-by reminders and amounts only for
// those who may see costs, and a link that stops working when renewed or revoked.
import { Queue } from 'bullmq';
import ICAL from 'ical.js';
import { randomUUID } from 'node:crypto';
import {
  bullConnectionOptions,
  EVENT_JOB_OPTIONS,
  inboxQueueName,
  type AuthUser,
  type TripAlertState,
} from '@tripcost/shared';
import { eventually, silentLogger, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { configFrom, startNotifications, type RunningNotifications } from '../../src';
import { DELIVERIES_QUEUE } from '../../src/jobs/deliveries';
import { REMINDERS_QUEUE } from '../../src/jobs/reminders';

const env = testServiceEnv({ PUBLIC_BASE_URL: 'https://tripcost.example' });
let service: RunningNotifications;
const inbox = new Queue(inboxQueueName('notifications'), {
  connection: bullConnectionOptions(env.REDIS_URL),
  prefix: env.QUEUE_PREFIX,
});

beforeAll(async () => {
  service = await startNotifications(configFrom(env), silentLogger());
});
afterAll(async () => {
  await service.stop();
  for (const name of [inboxQueueName('notifications'), REMINDERS_QUEUE, DELIVERIES_QUEUE]) {
    const queue = new Queue(name, { connection: bullConnectionOptions(env.REDIS_URL), prefix: env.QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await inbox.close();
});

const owner = testUser({ name: 'Ana' });
const viewer = testUser({ name: 'Cy' });
const tripId = 'c'.repeat(24);

async function send(type: string, payload: unknown) {
  const id = randomUUID();
  await inbox.add(
    type,
    { id, type, occurredAt: new Date().toISOString(), payload },
    { ...EVENT_JOB_OPTIONS, jobId: id },
  );
}
const state = (version: number, committed: TripAlertState['committed']): TripAlertState => ({
  _id: tripId,
  name: 'Lisbon, Portugal',
  currency: 'EUR',
  version,
  access: { [owner.id]: 'full', [viewer.id]: 'hidden' },
  names: {},
  cheapest: null,
  committed,
  over_budget_by: null,
  actor_id: owner.id,
});
const may = { instance_id: 'w1', label: 'May', start: '2031-05-10', end: '2031-05-14', total: 1234_56, to_pay: 400_00 };

async function feedLink(user: AuthUser): Promise<string> {
  const res = await fetch(`${service.url}/api/notifications/calendar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenFor(user)}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}
/** The feed as its path is served here (the link names the public address). */
const fetchFeed = (url: string) => fetch(`${service.url}${new URL(url).pathname}`);

interface Event {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  description: string;
  start: string;
  end: string;
}
async function eventsOf(url: string): Promise<Event[]> {
  const res = await fetchFeed(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
    };
  });
}

let ownerFeed = '';
let viewerFeed = '';

it('when a plan is committed, then it is an all-day event; the pay-by reminder and amounts only for who may see costs', async () => {
  ownerFeed = await feedLink(owner);
  viewerFeed = await feedLink(viewer);
  expect(ownerFeed).toMatch(/^https:\/\/tripcost\.example\/api\/notifications\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await send('trip.alert-state', { trip: state(1, may) });
  await eventually(async () => expect(await eventsOf(ownerFeed)).toHaveLength(2));
  const [trip, payBy] = await eventsOf(ownerFeed);
  expect(trip).toEqual({
    uid: `plan-${tripId}@tripcost`,
    sequence: 0,
    status: 'CONFIRMED',
    summary: 'Trip to Lisbon, Portugal',
    description: expect.stringContaining('Total: 1234.56 EUR'),
    start: '2031-05-10',
    // iCalendar's all-day end is the day after the last day.
    end: '2031-05-15',
  });
  expect(payBy).toEqual(
    expect.objectContaining({
      uid: `pay-${tripId}@tripcost`,
      status: 'CONFIRMED',
      summary: 'Pay what is left for Lisbon, Portugal',
      description: expect.stringContaining('Still to pay: 400.00 EUR'),
      start: '2031-05-03',
    }),
  );
  const seen = await eventsOf(viewerFeed);
  expect(seen).toEqual([expect.objectContaining({ uid: `plan-${tripId}@tripcost`, start: '2031-05-10' })]);
  expect(seen[0].description).not.toMatch(/EUR|Total/);
});

it('when the plan changes, then the same UID comes with a higher SEQUENCE; nothing changed, nothing goes up', async () => {
  await send('trip.alert-state', { trip: state(2, { ...may, start: '2031-05-11' }) });
  await eventually(async () => expect((await eventsOf(ownerFeed))[0].start).toBe('2031-05-11'));
  expect((await eventsOf(ownerFeed))[0]).toEqual(
    expect.objectContaining({ uid: `plan-${tripId}@tripcost`, sequence: 1 }),
  );
  // A later state that says the same (another change elsewhere in the trip) and an old one come again.
  await send('trip.alert-state', { trip: state(3, { ...may, start: '2031-05-11' }) });
  await send('trip.alert-state', { trip: state(1, may) });
  await eventually(async () => expect(await inboxDone()).toBe(true));
  expect((await eventsOf(ownerFeed)).map((event) => [event.sequence, event.start])).toEqual([
    [1, '2031-05-11'],
    [1, '2031-05-04'],
  ]);
});

it('when the plan is cleared, then its event is cancelled with a higher SEQUENCE; committed again, it is back', async () => {
  await send('trip.alert-state', { trip: state(4, null) });
  await eventually(async () => expect((await eventsOf(ownerFeed))[0].status).toBe('CANCELLED'));
  expect((await eventsOf(ownerFeed)).map((event) => [event.status, event.sequence])).toEqual([
    ['CANCELLED', 2],
    ['CANCELLED', 2],
  ]);
  await send('trip.alert-state', { trip: state(5, may) });
  await eventually(async () =>
    expect((await eventsOf(ownerFeed))[0]).toEqual(expect.objectContaining({ status: 'CONFIRMED', sequence: 3 })),
  );
});

it('when the trip is deleted, then its event is cancelled for everyone who had it', async () => {
  await send('trip.deleted', { tripId, userId: owner.id });
  await eventually(async () => expect((await eventsOf(viewerFeed))[0].status).toBe('CANCELLED'));
  expect((await eventsOf(viewerFeed))[0].sequence).toBe(4);
  // A late state of the deleted trip does not bring it back.
  await send('trip.alert-state', { trip: state(6, may) });
  await eventually(async () => expect(await inboxDone()).toBe(true));
  expect((await eventsOf(ownerFeed))[0].status).toBe('CANCELLED');
});

it('when the link is renewed or revoked, then the old one answers 404; nobody else can revoke it; the feed needs no login', async () => {
  const renewed = await feedLink(owner);
  expect(renewed).not.toBe(ownerFeed);
  expect((await fetchFeed(ownerFeed)).status).toBe(404);
  expect((await fetchFeed(renewed)).status).toBe(200);
  const revoke = (user: AuthUser) =>
    fetch(`${service.url}/api/notifications/calendar`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokenFor(user)}` },
    });
  expect((await revoke(testUser())).status).toBe(404);
  expect((await fetchFeed(renewed)).status).toBe(200);
  const status = async () =>
    (
      await fetch(`${service.url}/api/notifications/calendar`, {
        headers: { authorization: `Bearer ${tokenFor(owner)}` },
      })
    ).json();
  expect(await status()).toEqual({ active: true, created_at: expect.any(String) });
  expect((await revoke(owner)).status).toBe(204);
  expect(await status()).toEqual({ active: false, created_at: null });
  const gone = await fetchFeed(renewed);
  expect(gone.status).toBe(404);
  expect(await gone.json()).toEqual({ msg: 'No such calendar feed.', code: 'not_found' });
  expect((await fetch(`${service.url}/api/notifications/calendar/not-a-token.ics`)).status).toBe(404);
  expect((await fetch(`${service.url}/api/notifications/calendar`, { method: 'POST' })).status).toBe(401);
});

async function inboxDone(): Promise<boolean> {
  const counts = await inbox.getJobCounts('waiting', 'active', 'delayed');
  return counts.waiting + counts.active + counts.delayed === 0;
}
