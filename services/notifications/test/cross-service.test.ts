// Trips and notifications running in-process (real Redis and BullMQ under one unique
// prefix, embedded stores, real HTTP): a member's change that makes another window the
// cheapest reaches the other members' in-app lists once, with its amount only for those
// who may see costs; the list, read marks, preferences and account deletion as a user
// notices them.
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { bullConnectionOptions, EVENT_JOB_OPTIONS, inboxQueueName, type AuthUser } from '@tripcost/shared';
import { eventually, silentLogger, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { configFrom as tripsConfigFrom, startTrips, type RunningTrips } from '@tripcost/trips';
import { configFrom, startNotifications, type RunningNotifications } from '../src';
import { REMINDERS_QUEUE } from '../src/jobs/reminders';

const env = testServiceEnv();
let trips: RunningTrips;
let notifications: RunningNotifications;
const owner = testUser({ name: 'Ana' });
const editor = testUser({ name: 'Bo' });
const viewer = testUser({ name: 'Cy' });

beforeAll(async () => {
  trips = await startTrips(tripsConfigFrom({ ...env, DATA_DIR: `${env.DATA_DIR}/trips` }), silentLogger());
  notifications = await startNotifications(configFrom(env), silentLogger());
});
afterAll(async () => {
  await notifications?.stop();
  await trips?.stop();
  for (const name of [inboxQueueName('notifications'), REMINDERS_QUEUE]) {
    const queue = new Queue(name, { connection: bullConnectionOptions(env.REDIS_URL), prefix: env.QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
  }
});

async function call(base: string, method: string, path: string, user: AuthUser | null, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(user ? { authorization: `Bearer ${tokenFor(user)}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const tripsCall = (method: string, path: string, user: AuthUser, body?: unknown) =>
  call(trips.url, method, path, user, body);
const mine = async (user: AuthUser, query = '') =>
  (await call(notifications.url, 'GET', `/api/notifications${query}`, user)).body;

let tripId = '';
let cheaperId = '';

describe('a shared trip’s alerts, from the trips outbox to each member’s list', () => {
  beforeAll(async () => {
    tripId = (await tripsCall('POST', '/api/trips/getaway-trip', owner, { location_address: 'Lisbon, Portugal' })).body
      ._id;
    const add = async (stay: number) =>
      (
        await tripsCall('POST', `/api/trips/getaway/${tripId}/instances`, owner, {
          trip_start: '2031-05-01',
          trip_end: '2031-05-04',
          stay_expense: stay,
        })
      ).body;
    await add(300);
    cheaperId = (await add(500))._id;
    for (const [member, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const invite = await tripsCall('POST', `/api/trips/getaway/${tripId}/invites`, owner, { role });
      expect((await tripsCall('POST', `/api/trips/invites/${invite.body.token}/accept`, member)).status).toBe(200);
    }
  });

  it('when members join, then the owner is told who joined', async () => {
    await eventually(async () => {
      const bodies = (await mine(owner)).items.map((n: { body: string }) => n.body);
      expect(bodies).toEqual(expect.arrayContaining(['Bo joined Lisbon, Portugal.', 'Cy joined Lisbon, Portugal.']));
    });
  });

  it('when the editor makes another window the cheapest, then the owner gets the amount, the viewer not, the editor nothing', async () => {
    const edit = await tripsCall('PUT', `/api/trips/getaway/${tripId}`, editor, {
      instances: [{ _id: cheaperId, stay_expense: 120 }],
    });
    expect(edit.status).toBe(200);
    const cheapestOf = async (user: AuthUser) =>
      (await mine(user)).items.filter((n: { kind: string }) => n.kind === 'cheapest');
    await eventually(async () => expect(await cheapestOf(owner)).toHaveLength(1));
    await eventually(async () => expect(await cheapestOf(viewer)).toHaveLength(1));
    const [forOwner] = await cheapestOf(owner);
    expect(forOwner).toMatchObject({ trip_id: tripId, instance_id: cheaperId, read: false });
    expect(forOwner.body).toBe(
      '“2031-05-01 → 2031-05-04” is now the cheapest window of Lisbon, Portugal, at 120.00 USD.',
    );
    const [forViewer] = await cheapestOf(viewer);
    expect(forViewer.body).toBe('“2031-05-01 → 2031-05-04” is now the cheapest window of Lisbon, Portugal.');
    expect(await cheapestOf(editor)).toEqual([]);
  });

  it('when a member votes, then the vote reaches the notifications service and the others’ digest waits for their 09:00', async () => {
    const voted = await tripsCall('PUT', `/api/trips/getaway/${tripId}/instances/${cheaperId}/vote`, viewer, {
      vote: 'yes',
    });
    expect(voted.status).toBe(200);
    const digests = async () =>
      (await notifications.reminders.getDelayed())
        .filter((job) => job.data.kind === 'votes' && job.data.trip_id === tripId)
        .map((job) => job.data.user_id)
        .sort();
    await eventually(async () => expect(await digests()).toEqual([owner.id, editor.id].sort()));
  });

  it('when the owner reads, then the unread count and filter follow, and another’s notification is not found', async () => {
    const page = await mine(owner);
    expect(page.unread).toBe(page.items.length);
    const first = page.items[0]._id;
    expect((await call(notifications.url, 'POST', `/api/notifications/${first}/read`, viewer)).status).toBe(404);
    expect((await call(notifications.url, 'POST', `/api/notifications/${first}/read`, owner)).status).toBe(204);
    expect((await mine(owner, '?unread=true')).items.map((n: { _id: string }) => n._id)).not.toContain(first);
    expect((await call(notifications.url, 'POST', '/api/notifications/read-all', owner)).body.marked).toBe(
      page.items.length - 1,
    );
    expect((await mine(owner)).unread).toBe(0);
    expect((await mine(owner, '?limit=1')).next_before).toEqual(expect.any(String));
  });

  it('when asked without a token or with bad input, then the answer says so', async () => {
    expect((await call(notifications.url, 'GET', '/api/notifications', null)).status).toBe(401);
    const bad = await call(notifications.url, 'GET', '/api/notifications?limit=1000', owner);
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ msg: expect.stringContaining('limit') }) });
    expect((await call(notifications.url, 'POST', '/api/notifications/nope/read', owner)).status).toBe(400);
  });
});

describe('preferences', () => {
  const user = testUser();
  const put = (body: unknown) => call(notifications.url, 'PUT', '/api/notifications/preferences', user, body);

  it('when never set, then every rule is on, stale after 14 days, in-app only, no quiet hours or digest', async () => {
    expect((await call(notifications.url, 'GET', '/api/notifications/preferences', user)).body).toEqual({
      rules: { cheapest: true, stale_price: true, over_budget: true, to_pay: true, starts_soon: true, members: true },
      stale_days: 14,
      time_zone: 'UTC',
      quiet_hours: null,
      digest: false,
      channels: { in_app: true, push: false, webhook: false },
    });
  });

  it('when a part is changed, then the rest is kept and the whole is checked', async () => {
    const changed = await put({
      rules: { members: false },
      time_zone: 'Europe/Lisbon',
      quiet_hours: { from: '22:00', to: '07:00' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      rules: { members: false, cheapest: true },
      time_zone: 'Europe/Lisbon',
      stale_days: 14,
    });
    for (const [body, message] of [
      [{ time_zone: 'Mars/Olympus' }, 'IANA'],
      [{ stale_days: 0 }, 'at least 1'],
      [{ quiet_hours: { from: '25:00', to: '07:00' } }, 'HH:MM'],
      [{ rules: { nope: true } }, ''],
      [{ channels: { push: true } }, 'Web Push is not set up'],
      [{ colour: 'red' }, ''],
    ] as const) {
      const refused = await put(body);
      expect([body, refused.status, refused.body.msg]).toEqual([body, 400, expect.stringContaining(message)]);
    }
    expect((await call(notifications.url, 'GET', '/api/notifications/preferences', user)).body.time_zone).toBe(
      'Europe/Lisbon',
    );
  });
});

describe('the browser’s time zone on a first visit', () => {
  const firstVisit = (user: AuthUser, time_zone: unknown) =>
    call(notifications.url, 'PUT', '/api/notifications/preferences/default-time-zone', user, { time_zone });

  it('when a person has never set a time zone, then the browser’s is kept; once they chose one, it is not replaced', async () => {
    const newcomer = testUser();
    expect(await firstVisit(newcomer, 'Asia/Tokyo')).toMatchObject({ status: 200, body: { time_zone: 'Asia/Tokyo' } });
    // Another device later: the zone was set already (by the first browser).
    expect((await firstVisit(newcomer, 'Europe/Paris')).body.time_zone).toBe('Asia/Tokyo');
    const chooser = testUser();
    await call(notifications.url, 'PUT', '/api/notifications/preferences', chooser, { time_zone: 'UTC' });
    expect((await firstVisit(chooser, 'America/Chicago')).body.time_zone).toBe('UTC');
    const other = testUser();
    await call(notifications.url, 'PUT', '/api/notifications/preferences', other, { digest: true });
    expect((await firstVisit(other, 'America/Chicago')).body).toMatchObject({
      time_zone: 'America/Chicago',
      digest: true,
    });
  });

  it('when the zone is not one, or nobody signed in, then it is refused', async () => {
    const bad = await firstVisit(testUser(), 'Mars/Olympus');
    expect(bad).toMatchObject({ status: 400, body: { msg: expect.stringContaining('IANA') } });
    expect((await firstVisit(testUser(), 42)).status).toBe(400);
    const anonymous = await call(notifications.url, 'PUT', '/api/notifications/preferences/default-time-zone', null, {
      time_zone: 'UTC',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('account deletion', () => {
  it('when user.deleted arrives, then the person’s notifications and preferences are gone', async () => {
    expect((await mine(viewer)).items.length).toBeGreaterThan(0);
    await call(notifications.url, 'PUT', '/api/notifications/preferences', viewer, { digest: true });
    const queue = new Queue(inboxQueueName('notifications'), {
      connection: bullConnectionOptions(env.REDIS_URL),
      prefix: env.QUEUE_PREFIX,
    });
    const id = randomUUID();
    const event = { id, type: 'user.deleted', occurredAt: new Date().toISOString(), payload: { userId: viewer.id } };
    await queue.add('user.deleted', event, { ...EVENT_JOB_OPTIONS, jobId: id });
    await queue.close();
    await eventually(async () => expect((await mine(viewer)).items).toEqual([]));
    expect((await call(notifications.url, 'GET', '/api/notifications/preferences', viewer)).body.digest).toBe(false);
  });
});
