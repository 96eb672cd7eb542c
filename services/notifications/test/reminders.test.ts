// Reminders as BullMQ delayed jobs with a fake clock (the service's `now`; nothing waits:
// a due job is promoted): scheduled at 09:00 in each member's time zone, kept once, kept
// across a restart, and dropped when the plan changed before its time.
import { Queue } from 'bullmq';
import { bullConnectionOptions, inboxQueueName, type AuthUser, type TripAlertState } from '@tripcost/shared';
import { eventually, silentLogger, testServiceEnv, testUser } from '@tripcost/shared/testing';
import { configFrom, startNotifications, type RunningNotifications } from '../src';
import { announceAlertState, notificationsOf, obliterateQueues, putPreferences } from './support/service-calls';
import { REMINDERS_QUEUE } from '../src/jobs/reminders';

const env = testServiceEnv();
let clock = new Date('2031-04-20T12:00:00Z');
let service: RunningNotifications;
const inbox = new Queue(inboxQueueName('notifications'), {
  connection: bullConnectionOptions(env.REDIS_URL),
  prefix: env.QUEUE_PREFIX,
});
const start = () => startNotifications(configFrom(env), silentLogger(), { now: () => clock });

beforeAll(async () => {
  service = await start();
});
afterAll(async () => {
  await service.stop();
  await obliterateQueues(env.REDIS_URL, env.QUEUE_PREFIX, inbox, [inboxQueueName('notifications'), REMINDERS_QUEUE]);
});

const lisbon = testUser();
const newYork = testUser();
const tripId = 'f'.repeat(24);

const state = (version: number, committed: TripAlertState['committed']): TripAlertState => ({
  _id: tripId,
  name: 'Lisbon, Portugal',
  currency: 'EUR',
  version,
  access: { [lisbon.id]: 'full', [newYork.id]: 'hidden' },
  names: {},
  cheapest: null,
  committed,
  over_budget_by: null,
  actor_id: lisbon.id,
});

const announce = (trip: TripAlertState) => announceAlertState(inbox, clock, trip);
const put = (user: AuthUser, body: unknown) => putPreferences(service.url, user, body);
const listOf = (user: AuthUser) => notificationsOf(service.url, user);

const delayed = async () =>
  (await service.reminders.getDelayed()).map((job) => ({ user: job.data.user_id, due: job.data.due }));

const plan = { instance_id: 'w1', label: 'May', start: '2031-05-10', end: '2031-05-14', total: 1 };

it('when a plan is committed, then each member’s reminder waits for 09:00 where they are, once', async () => {
  await put(lisbon, { time_zone: 'Europe/Lisbon' });
  await put(newYork, { time_zone: 'America/New_York' });
  await announce(state(1, null));
  await announce(state(2, plan));
  await announce(state(3, plan)); // announced again (another change): still one job each
  await eventually(async () =>
    expect((await delayed()).sort((a, b) => a.due.localeCompare(b.due))).toEqual([
      { user: lisbon.id, due: '2031-05-07T08:00:00.000Z' },
      { user: newYork.id, due: '2031-05-07T13:00:00.000Z' },
    ]),
  );
  // The wait counts from the service's clock: 16 days and 20 hours for Lisbon.
  const [first] = (await service.reminders.getDelayed()).filter((job) => job.data.user_id === lisbon.id);
  expect(first.opts.delay).toBe(Date.parse('2031-05-07T08:00:00Z') - clock.getTime());
});

it('when the service restarts, then the reminders are still waiting; at their time each member is told once', async () => {
  await service.stop();
  service = await start();
  expect(await delayed()).toHaveLength(2);
  clock = new Date('2031-05-07T08:00:00Z');
  const [forLisbon] = (await service.reminders.getDelayed()).filter((job) => job.data.user_id === lisbon.id);
  await forLisbon.promote();
  await eventually(async () =>
    expect(await listOf(lisbon)).toEqual([
      expect.objectContaining({ kind: 'starts_soon', body: 'Your trip to Lisbon, Portugal starts on 2031-05-10.' }),
    ]),
  );
  expect(await listOf(newYork)).toEqual([]);
});

it('when the plan changed before the reminder’s time, then it is dropped', async () => {
  await announce(state(4, { ...plan, instance_id: 'w2', start: '2031-06-01' }));
  await eventually(async () => expect((await delayed()).length).toBe(3));
  clock = new Date('2031-05-07T13:00:00Z');
  const [old] = (await service.reminders.getDelayed()).filter(
    (job) => job.data.user_id === newYork.id && job.data.start === '2031-05-10',
  );
  await old.promote();
  await eventually(async () => expect(await old.getState()).toBe('completed'));
  expect(await listOf(newYork)).toEqual([]);
});

it('when the cheapest flips again within the hour, then a re-check waits in Redis for the hour’s end and tells the window it ended on', async () => {
  const trip = 'e'.repeat(24);
  const flip = (version: number, id: string): TripAlertState => ({
    ...state(version, null),
    _id: trip,
    name: 'Porto, Portugal',
    actor_id: null,
    cheapest: { instance_id: id, label: id, total: 100 },
  });
  clock = new Date('2031-06-01T10:00:00Z');
  await announce(flip(1, 'May'));
  await announce(flip(2, 'June'));
  const porto = async () => (await listOf(lisbon)).filter((n) => n.body.includes('Porto')).map((n) => n.body);
  await eventually(async () => expect(await porto()).toHaveLength(1)); // told at 10:00 by the service's clock
  clock = new Date('2031-06-01T10:30:00Z');
  await announce(flip(3, 'July'));
  const recheck = async () =>
    (await service.reminders.getDelayed()).find((job) => job.name === 'cheapest-recheck' && job.data.trip_id === trip);
  await eventually(async () => expect(await recheck()).toBeDefined());
  expect(await porto()).toEqual(['“June” is now the cheapest window of Porto, Portugal, at 1.00 EUR.']);
  clock = new Date('2031-06-01T11:00:00Z');
  await (await recheck())!.promote();
  await eventually(async () =>
    expect(await porto()).toEqual([
      '“July” is now the cheapest window of Porto, Portugal, at 1.00 EUR.',
      '“June” is now the cheapest window of Porto, Portugal, at 1.00 EUR.',
    ]),
  );
});
