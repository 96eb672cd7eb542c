// Reminders follow a change of preferences (issue 42), through the real service, real
// Redis (BullMQ delayed jobs) and a fake clock (the service's `now`; nothing waits: a
// due job is promoted by hand, as in reminders.test.ts). Lowering stale_days tells a
// price at the new 09:00, raising it fires nothing at the old one, a new time zone (set,
// or the browser's on a first visit) moves "starts in 3 days" and "to pay", and a rule
// switched off and on tells nothing twice.
import { Queue, type Job } from 'bullmq';
import {
  bullConnectionOptions,
  inboxQueueName,
  newId,
  type AlertWindow,
  type AuthUser,
  type TripAlertState,
} from '@tripcost/shared';
import { eventually, silentLogger, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { configFrom, startNotifications, type RunningNotifications } from '../src';
import { announceAlertState, notificationsOf, obliterateQueues, putPreferences } from './support/service-calls';
import { REMINDERS_QUEUE } from '../src/jobs/reminders';

const env = testServiceEnv();
let clock = new Date('2031-04-01T10:00:00Z');
let service: RunningNotifications;
const inbox = new Queue(inboxQueueName('notifications'), {
  connection: bullConnectionOptions(env.REDIS_URL),
  prefix: env.QUEUE_PREFIX,
});

beforeAll(async () => {
  service = await startNotifications(configFrom(env), silentLogger(), { now: () => clock });
});
afterAll(async () => {
  await service.stop();
  await obliterateQueues(env.REDIS_URL, env.QUEUE_PREFIX, inbox, [inboxQueueName('notifications'), REMINDERS_QUEUE]);
});
beforeEach(() => {
  clock = new Date('2031-04-01T10:00:00Z');
});

/** A trip's alert state: `members` with full access, a plan or windows still considered. */
const tripState = (
  members: AuthUser[],
  over: { committed?: TripAlertState['committed']; considering?: AlertWindow[] },
): TripAlertState => ({
  _id: newId(),
  name: 'Lisbon, Portugal',
  currency: 'EUR',
  version: 1,
  access: Object.fromEntries(members.map((member) => [member.id, 'full'])),
  names: {},
  cheapest: null,
  committed: over.committed ?? null,
  considering: over.considering ?? [],
  over_budget_by: null,
  actor_id: null,
});

/** A window starting on 2031-05-10 (within 60 days of April) with one dated price per `seen_on`. */
const mayWindow = (...seenOn: string[]): AlertWindow[] => [
  {
    instance_id: 'w1',
    label: 'May',
    start: '2031-05-10',
    prices: seenOn.map((seen_on, i) => ({ item_id: `i${i}`, name: `Hotel ${i}`, seen_on, total: 45_000 })),
  },
];

const announce = (trip: TripAlertState) => announceAlertState(inbox, clock, trip);
const put = (user: AuthUser, body: unknown) => putPreferences(service.url, user, body);
const listOf = (user: AuthUser) => notificationsOf(service.url, user);

/** The user's reminder jobs in `states`, by kind and due time. */
async function jobsOf(user: AuthUser, states: Array<'delayed' | 'wait' | 'active' | 'completed'>): Promise<Job[]> {
  return (await service.reminders.getJobs(states)).filter((job) => job.data.user_id === user.id);
}
const waitingFor = async (user: AuthUser) =>
  (await jobsOf(user, ['delayed', 'wait', 'active']))
    .map((job) => ({ kind: job.data.kind as string, due: job.data.due as string }))
    .sort((a, b) => a.due.localeCompare(b.due));

/** Runs the user's job waiting for `due` now (the fake clock is there), and waits until it ran. */
async function fire(user: AuthUser, due: string) {
  const [job] = (await jobsOf(user, ['delayed'])).filter((j) => j.data.due === due);
  expect(job).toBeDefined();
  await job.promote();
  await eventually(async () => expect(await job.getState()).toBe('completed'));
}

/** Waits until the user's job for `due` has run (one due at once on a change runs by itself). */
const ran = (user: AuthUser, due: string) =>
  eventually(async () => expect((await jobsOf(user, ['completed'])).some((job) => job.data.due === due)).toBe(true));

it('when a member lowers stale_days, then the waiting reminder moves earlier and they are told once at the new 09:00 where they are', async () => {
  const ana = testUser();
  await put(ana, { time_zone: 'Europe/Lisbon' });
  await announce(tripState([ana], { considering: mayWindow('2031-04-01') }));
  // 14 days: 09:00 in Lisbon (08:00 UTC) on 16 April.
  await eventually(async () =>
    expect(await waitingFor(ana)).toEqual([{ kind: 'stale_price', due: '2031-04-16T08:00:00.000Z' }]),
  );

  clock = new Date('2031-04-05T12:00:00Z');
  await put(ana, { stale_days: 7 });
  expect(await waitingFor(ana)).toEqual([{ kind: 'stale_price', due: '2031-04-09T08:00:00.000Z' }]);
  const [moved] = await jobsOf(ana, ['delayed']);
  expect(moved.opts.delay).toBe(Date.parse('2031-04-09T08:00:00Z') - clock.getTime());

  clock = new Date('2031-04-09T08:00:00Z');
  await fire(ana, '2031-04-09T08:00:00.000Z');
  expect(await listOf(ana)).toEqual([
    expect.objectContaining({
      kind: 'stale_price',
      body: 'The price of “Hotel 0” in “May” (Lisbon, Portugal), 450.00 EUR, was seen on 2031-04-01: worth checking again.',
    }),
  ]);
  expect(await waitingFor(ana)).toEqual([]);
});

it('when stale_days goes down past a price’s day, then it is due at once, still after the member’s quiet hours, and told once', async () => {
  const ben = testUser();
  await put(ben, { time_zone: 'Europe/Lisbon', quiet_hours: { from: '10:00', to: '14:00' } });
  await announce(tripState([ben], { considering: mayWindow('2031-03-25') }));
  await eventually(async () =>
    expect(await waitingFor(ben)).toEqual([{ kind: 'stale_price', due: '2031-04-09T08:00:00.000Z' }]),
  );

  // 13:00 in Lisbon, in ben's quiet hours: at 7 days the price was stale on 2 April.
  clock = new Date('2031-04-05T12:00:00Z');
  await put(ben, { stale_days: 7 });
  await ran(ben, '2031-04-02T08:00:00.000Z');
  expect(await waitingFor(ben)).toEqual([]);
  expect(await listOf(ben)).toEqual([]);
  clock = new Date('2031-04-05T13:00:00Z'); // 14:00 in Lisbon: the quiet hours are over
  expect((await listOf(ben)).map((n) => n.kind)).toEqual(['stale_price']);

  // Lower again: it was told, nothing waits to move, and it is not told again.
  await put(ben, { stale_days: 5 });
  expect(await waitingFor(ben)).toEqual([]);
  expect((await listOf(ben)).map((n) => n.kind)).toEqual(['stale_price']);
});

it('when a member raises stale_days, then the reminder moves later and nothing fires at the old time', async () => {
  const cy = testUser();
  await put(cy, { time_zone: 'America/New_York' });
  await announce(tripState([cy], { considering: mayWindow('2031-04-01') }));
  await eventually(async () =>
    expect(await waitingFor(cy)).toEqual([{ kind: 'stale_price', due: '2031-04-16T13:00:00.000Z' }]),
  );

  clock = new Date('2031-04-02T12:00:00Z');
  await put(cy, { stale_days: 30 });
  expect(await waitingFor(cy)).toEqual([{ kind: 'stale_price', due: '2031-05-02T13:00:00.000Z' }]);

  clock = new Date('2031-04-16T13:00:00Z');
  expect(await jobsOf(cy, ['delayed', 'wait', 'active', 'completed'])).toHaveLength(1);
  expect(await listOf(cy)).toEqual([]);

  clock = new Date('2031-05-02T13:00:00Z');
  await fire(cy, '2031-05-02T13:00:00.000Z');
  expect((await listOf(cy)).map((n) => n.kind)).toEqual(['stale_price']);
});

it('when a member moves to another time zone, then "starts in 3 days" and "to pay" wait for 09:00 in the new one', async () => {
  const dee = testUser();
  await put(dee, { time_zone: 'Europe/Lisbon' });
  const plan = {
    instance_id: 'w1',
    label: 'May',
    start: '2031-05-10',
    end: '2031-05-14',
    total: 90_000,
    to_pay: 30_000,
  };
  await announce(tripState([dee], { committed: plan }));
  await eventually(async () =>
    expect(await waitingFor(dee)).toEqual([
      { kind: 'to_pay', due: '2031-05-03T08:00:00.000Z' },
      { kind: 'starts_soon', due: '2031-05-07T08:00:00.000Z' },
    ]),
  );

  await put(dee, { time_zone: 'Asia/Tokyo' });
  expect(await waitingFor(dee)).toEqual([
    { kind: 'to_pay', due: '2031-05-03T00:00:00.000Z' },
    { kind: 'starts_soon', due: '2031-05-07T00:00:00.000Z' },
  ]);

  clock = new Date('2031-05-07T00:00:00Z');
  await fire(dee, '2031-05-07T00:00:00.000Z');
  expect(await listOf(dee)).toEqual([
    expect.objectContaining({ kind: 'starts_soon', body: 'Your trip to Lisbon, Portugal starts on 2031-05-10.' }),
  ]);
});

it('when the browser gives a first-time member their time zone, then their reminders move to 09:00 there', async () => {
  const hal = testUser();
  const plan = { instance_id: 'w1', label: 'May', start: '2031-05-10', end: '2031-05-14', total: 1 };
  await announce(tripState([hal], { committed: plan }));
  await eventually(async () =>
    expect(await waitingFor(hal)).toEqual([{ kind: 'starts_soon', due: '2031-05-07T09:00:00.000Z' }]),
  );
  const res = await fetch(`${service.url}/api/notifications/preferences/default-time-zone`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${tokenFor(hal)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ time_zone: 'America/New_York' }),
  });
  expect(res.status).toBe(200);
  expect(await waitingFor(hal)).toEqual([{ kind: 'starts_soon', due: '2031-05-07T13:00:00.000Z' }]);
});

it('when a member switches the stale-price rule off and on, then the price is told once, at its time or at once if that passed while off', async () => {
  const eve = testUser();
  await announce(tripState([eve], { considering: mayWindow('2031-04-01') }));
  const due = '2031-04-16T09:00:00.000Z'; // 09:00 UTC, the default zone
  await eventually(async () => expect(await waitingFor(eve)).toEqual([{ kind: 'stale_price', due }]));

  // Off and on before its time: the same one job still waits.
  await put(eve, { rules: { stale_price: false } });
  expect(await waitingFor(eve)).toEqual([{ kind: 'stale_price', due }]);
  await put(eve, { rules: { stale_price: true } });
  expect(await waitingFor(eve)).toEqual([{ kind: 'stale_price', due }]);

  // Off when its time comes: it fires and is dropped by the rule.
  await put(eve, { rules: { stale_price: false } });
  clock = new Date(due);
  await fire(eve, due);
  expect(await listOf(eve)).toEqual([]);

  // On again after its time: due at once, told once.
  clock = new Date('2031-04-17T10:00:00Z');
  const [first] = await jobsOf(eve, ['completed']);
  await put(eve, { rules: { stale_price: true } });
  await eventually(async () => {
    const [again] = await jobsOf(eve, ['completed']);
    expect(again?.finishedOn).toBeGreaterThan(first.finishedOn!);
  });
  expect((await listOf(eve)).map((n) => n.kind)).toEqual(['stale_price']);

  // Off and on once more: its job runs again, and finds it told.
  const [second] = await jobsOf(eve, ['completed']);
  await put(eve, { rules: { stale_price: false } });
  await put(eve, { rules: { stale_price: true } });
  await eventually(async () => {
    const [third] = await jobsOf(eve, ['completed']);
    expect(third?.finishedOn).toBeGreaterThan(second.finishedOn!);
  });
  expect((await listOf(eve)).map((n) => n.kind)).toEqual(['stale_price']);
});

it('when a member of 50 trips changes time zone, then their 150 reminders move and another member’s stay', async () => {
  const fay = testUser();
  const gus = testUser();
  const plan = { instance_id: 'w0', label: 'Plan', start: '2031-05-20', end: '2031-05-24', total: 1 };
  for (let i = 0; i < 50; i++)
    await announce(tripState([fay, gus], { committed: plan, considering: mayWindow('2031-04-01', '2031-04-02') }));
  await eventually(async () => expect(await waitingFor(fay)).toHaveLength(150), { timeoutMs: 60_000 });
  await eventually(async () => expect(await waitingFor(gus)).toHaveLength(150), { timeoutMs: 60_000 });
  const gusBefore = await waitingFor(gus);

  await put(fay, { time_zone: 'Asia/Tokyo' });
  const dues = new Set((await waitingFor(fay)).map((job) => `${job.kind} ${job.due}`));
  expect([...dues].sort()).toEqual([
    'stale_price 2031-04-16T00:00:00.000Z',
    'stale_price 2031-04-17T00:00:00.000Z',
    'starts_soon 2031-05-17T00:00:00.000Z',
  ]);
  expect(await waitingFor(fay)).toHaveLength(150);
  expect(await waitingFor(gus)).toEqual(gusBefore);
});
