// The time-driven alerts through the notifications use cases, with a fake clock and the
// real file-backed store: what waits (reminders, releases) is recorded and run by hand
// at its time, as BullMQ would. Each rule fires once, at the right time, for the right
// people (hidden costs: no amounts, no to-pay); quiet hours delay and the digest folds;
// the unread count agrees with the list.
import { newId, type TripAlertState } from '@tripcost/shared';
import { silentLogger, tempDataDir } from '@tripcost/shared/testing';
import type { Message } from '../../src/domain/delivery';
import type { NotificationStore } from '../../src/domain/notification-store';
import { createNotifications, type Notifications } from '../../src/domain/notifications';
import { reminderKey, type Reminder } from '../../src/domain/reminders';
import { openEmbeddedNotificationStore } from '../../src/store/embedded';

const OWNER = newId();
const EDITOR = newId();
const VIEWER = newId();
const TRIP = newId();

let clock: Date;
let store: NotificationStore;
let notifications: Notifications;
let waiting: Array<{ reminder: Reminder; at: Date }>;
let releases: Array<{ userId: string; at: Date }>;
let sent: Message[];
let rechecks: Array<{ tripId: string; at: Date }>;

beforeEach(async () => {
  clock = new Date('2031-04-01T10:00:00Z');
  store = await openEmbeddedNotificationStore(tempDataDir());
  waiting = [];
  releases = [];
  sent = [];
  rechecks = [];
  notifications = createNotifications({
    store,
    logger: silentLogger(),
    now: () => clock,
    reminders: {
      schedule: async (reminder, at) => void waiting.push({ reminder, at }),
      // As the jobs do: the one waiting for `from` now waits for `to`.
      move: async (moves) => {
        let moved = 0;
        for (const { reminder, from, to, switchedOn } of moves) {
          const key = reminderKey(reminder, from);
          const found = waiting.findIndex((job) => reminderKey(job.reminder, job.at) === key);
          if (found < 0 && !switchedOn) continue;
          if (found >= 0) waiting.splice(found, 1);
          waiting.push({ reminder, at: to });
          moved++;
        }
        return moved;
      },
      recheck: async (tripId, at) => void rechecks.push({ tripId, at }),
    },
    releases: { release: async (userId, at) => void releases.push({ userId, at }) },
    channels: { send: async (message) => void sent.push(message) },
  });
});
afterEach(() => store.close());

const state = (over: Partial<TripAlertState> = {}): TripAlertState => ({
  _id: TRIP,
  name: 'Lisbon, Portugal',
  currency: 'EUR',
  version: 1,
  access: { [OWNER]: 'full', [EDITOR]: 'full', [VIEWER]: 'hidden' },
  names: { [OWNER]: 'Ana', [EDITOR]: 'Bo', [VIEWER]: 'Cy' },
  cheapest: { instance_id: 'w1', label: 'May', total: 120_000 },
  committed: null,
  over_budget_by: null,
  actor_id: OWNER,
  considering: [],
  ...over,
});

/** As if a channel beyond in-app were set up (the channels' own routes do it): alerts are released to it. */
async function withPush(userId: string, change: Parameters<Notifications['changePreferences']>[1]) {
  const preferences = await notifications.changePreferences(userId, change);
  await store.savePreferences({
    _id: userId,
    ...preferences,
    channels: { ...preferences.channels, push: true },
    updated_at: '',
  });
}

const bodies = async (userId: string) => (await notifications.list(userId, { limit: 50 })).items.map((n) => n.body);
const unread = async (userId: string) => (await notifications.list(userId, { limit: 50 })).unread;
/** Runs every reminder due by the clock, as the reminders queue would. */
async function runDue() {
  const due = waiting.filter(({ at }) => at <= clock);
  waiting = waiting.filter(({ at }) => at > clock);
  for (const { reminder } of due) await notifications.remind(reminder, clock);
}

describe('a price seen long ago', () => {
  const hotel = { item_id: 'i1', name: 'Hotel', seen_on: '2031-04-01', total: 45_000 };
  const june = (prices = [hotel]) => [{ instance_id: 'w2', label: 'June', start: '2031-06-10', prices }];

  it('when a price in a window still considered goes past 14 days, then every member is told once that day at 09:00, amounts only to who may see costs', async () => {
    await notifications.tripChanged(state({ considering: june() }), clock);
    expect(waiting.map(({ reminder, at }) => [reminder.user_id, at.toISOString()])).toEqual([
      [OWNER, '2031-04-16T09:00:00.000Z'],
      [EDITOR, '2031-04-16T09:00:00.000Z'],
      [VIEWER, '2031-04-16T09:00:00.000Z'],
    ]);
    clock = new Date('2031-04-16T08:59:00Z');
    await runDue();
    expect(await bodies(OWNER)).toEqual([]);
    clock = new Date('2031-04-16T09:00:00Z');
    const [again] = waiting;
    await runDue();
    expect(await bodies(OWNER)).toEqual([
      'The price of “Hotel” in “June” (Lisbon, Portugal), 450.00 EUR, was seen on 2031-04-01: worth checking again.',
    ]);
    expect(await bodies(VIEWER)).toEqual([
      'The price of “Hotel” in “June” (Lisbon, Portugal) was seen on 2031-04-01: worth checking again.',
    ]);
    // A redelivered job, or the same state announced again, tells nobody twice.
    await notifications.remind(again.reminder, clock);
    await notifications.tripChanged(state({ version: 2, considering: june() }), clock);
    expect(waiting).toEqual([]);
    expect(await bodies(OWNER)).toHaveLength(1);
  });

  it('when the price is confirmed before, then the old reminder is dropped and the new one waits 14 days from then', async () => {
    await notifications.tripChanged(state({ considering: june() }), clock);
    clock = new Date('2031-04-10T12:00:00Z');
    await notifications.tripChanged(state({ version: 2, considering: june([{ ...hotel, seen_on: '2031-04-10' }]) }));
    expect(waiting.filter(({ reminder }) => reminder.user_id === OWNER).map(({ at }) => at.toISOString())).toEqual([
      '2031-04-16T09:00:00.000Z',
      '2031-04-25T09:00:00.000Z',
    ]);
    clock = new Date('2031-04-16T09:00:00Z');
    await runDue();
    expect(await bodies(OWNER)).toEqual([]);
    clock = new Date('2031-04-25T09:00:00Z');
    await runDue();
    expect(await bodies(OWNER)).toEqual([expect.stringContaining('was seen on 2031-04-10')]);
  });

  it('when the window starts more than 60 days later, then it waits until 60 days before; a person’s own stale_days counts', async () => {
    await notifications.changePreferences(EDITOR, { stale_days: 30 });
    await notifications.tripChanged(
      state({ considering: [{ instance_id: 'w3', label: 'Autumn', start: '2031-09-01', prices: [hotel] }] }),
    );
    const at = Object.fromEntries(waiting.map(({ reminder, at }) => [reminder.user_id, at.toISOString()]));
    expect(at[OWNER]).toBe('2031-07-03T09:00:00.000Z');
    expect(at[EDITOR]).toBe('2031-07-03T09:00:00.000Z');
    await notifications.tripChanged(state({ version: 2, considering: june() }));
    const forEditor = waiting.filter(({ reminder }) => reminder.user_id === EDITOR && reminder.start === '2031-06-10');
    expect(forEditor.map(({ at }) => at.toISOString())).toEqual(['2031-05-02T09:00:00.000Z']);
  });

  it('when the window is no longer considered (eliminated or committed), then nothing is told', async () => {
    await notifications.tripChanged(state({ considering: june() }), clock);
    await notifications.tripChanged(state({ version: 2, considering: [] }), clock);
    clock = new Date('2031-04-16T09:00:00Z');
    await runDue();
    expect(await bodies(OWNER)).toEqual([]);
  });
});

describe('still to pay 7 days before', () => {
  const plan = { instance_id: 'w1', label: 'May', start: '2031-05-10', end: '2031-05-14', total: 90_000 };

  it('when the plan has costs still to pay, then members who may see costs are told at 09:00 a week before, once; the viewer never', async () => {
    await notifications.tripChanged(state({ committed: { ...plan, to_pay: 30_000 } }), clock);
    const toPay = waiting.filter(({ reminder }) => reminder.kind === 'to_pay');
    expect(toPay.map(({ reminder, at }) => [reminder.user_id, at.toISOString()])).toEqual([
      [OWNER, '2031-05-03T09:00:00.000Z'],
      [EDITOR, '2031-05-03T09:00:00.000Z'],
    ]);
    clock = new Date('2031-05-03T09:00:00Z');
    await runDue();
    expect(await bodies(OWNER)).toEqual([
      'Your trip to Lisbon, Portugal starts on 2031-05-10 and 300.00 EUR is still to pay.',
    ]);
    expect(await bodies(VIEWER)).toEqual([]);
    await notifications.remind(toPay[0].reminder, clock);
    expect(await bodies(OWNER)).toHaveLength(1);
  });

  it('when everything is paid by then, then nothing is told', async () => {
    await notifications.tripChanged(state({ committed: { ...plan, to_pay: 30_000 } }), clock);
    await notifications.tripChanged(state({ version: 2, committed: { ...plan, to_pay: 0 } }), clock);
    clock = new Date('2031-05-03T09:00:00Z');
    await runDue();
    expect((await bodies(OWNER)).filter((body) => body.includes('to pay'))).toEqual([]);
  });
});

describe('quiet hours and the daily digest', () => {
  const cheaper = (version: number, id: string) =>
    state({ version, actor_id: EDITOR, cheapest: { instance_id: id, label: id, total: 1 } });

  it('when an alert comes in someone’s quiet hours, then it is shown and sent when they end, not before, and never lost', async () => {
    await withPush(OWNER, { time_zone: 'Europe/Lisbon', quiet_hours: { from: '22:00', to: '07:00' } });
    await notifications.tripChanged(state(), clock);
    clock = new Date('2031-04-01T22:30:00Z'); // 23:30 in Lisbon (summer time)
    await notifications.tripChanged(cheaper(2, 'June'));
    expect(await bodies(OWNER)).toEqual([]);
    expect(await unread(OWNER)).toBe(0);
    expect(await bodies(VIEWER)).toHaveLength(1); // no quiet hours: at once
    expect(releases.filter((r) => r.userId === OWNER).map((r) => r.at.toISOString())).toEqual([
      '2031-04-02T06:00:00.000Z',
    ]);
    expect(await notifications.release(OWNER)).toBe(0);
    clock = new Date('2031-04-02T06:00:00Z');
    expect(await notifications.release(OWNER)).toBe(1);
    expect(await bodies(OWNER)).toEqual(['“June” is now the cheapest window of Lisbon, Portugal, at 0.01 EUR.']);
    expect(await unread(OWNER)).toBe(1);
    expect(sent.filter((m) => m.user_id === OWNER)).toEqual([
      {
        user_id: OWNER,
        digest: false,
        notifications: [expect.objectContaining({ kind: 'cheapest' })],
        stored: [expect.objectContaining({ kind: 'cheapest', deliver_at: '2031-04-02T06:00:00.000Z' })],
      },
    ]);
    // Released once: a second run of the same release sends nothing more.
    expect(await notifications.release(OWNER)).toBe(0);
    // Who has no channel beyond in-app needs no release.
    expect(releases.filter((r) => r.userId !== OWNER)).toEqual([]);
  });

  it('when someone chose the digest, then the day’s alerts are shown together at 09:00 and sent as one message', async () => {
    await withPush(OWNER, { digest: true, time_zone: 'America/New_York' });
    await notifications.tripChanged(state(), clock);
    clock = new Date('2031-04-01T14:00:00Z');
    await notifications.tripChanged(cheaper(2, 'June'));
    clock = new Date('2031-04-01T16:00:00Z');
    const joined = { ...cheaper(3, 'June'), access: { ...state().access, [newId()]: 'full' as const } };
    await notifications.tripChanged(joined);
    clock = new Date('2031-04-01T18:00:00Z');
    await notifications.tripChanged({ ...cheaper(4, 'July'), access: joined.access });
    expect(await bodies(OWNER)).toEqual([]);
    expect(new Set(releases.filter((r) => r.userId === OWNER).map((r) => r.at.toISOString()))).toEqual(
      new Set(['2031-04-02T13:00:00.000Z']),
    );
    clock = new Date('2031-04-02T13:00:00Z');
    await notifications.release(OWNER);
    expect(await bodies(OWNER)).toHaveLength(3);
    const forOwner = sent.filter((m) => m.user_id === OWNER);
    expect(forOwner).toHaveLength(1);
    expect(forOwner[0]).toMatchObject({ digest: true });
    expect(forOwner[0].notifications.map((n) => n.kind).sort()).toEqual(['cheapest', 'cheapest', 'members']);
  });
});

describe('a cheapest window that flips within the hour', () => {
  const cheapest = (version: number, id: string) =>
    state({ version, actor_id: EDITOR, cheapest: { instance_id: id, label: id, total: 100 } });

  it('when it flips again within the hour, then the window it ends on is told once when the hour is over, never to whoever changed it', async () => {
    await notifications.tripChanged(state(), clock);
    await notifications.tripChanged(cheapest(2, 'June'), clock);
    clock = new Date('2031-04-01T10:20:00Z');
    await notifications.tripChanged(cheapest(3, 'July'));
    await notifications.tripChanged(cheapest(4, 'August'));
    expect(await bodies(OWNER)).toEqual(['“June” is now the cheapest window of Lisbon, Portugal, at 1.00 EUR.']);
    expect(new Set(rechecks.map((r) => r.at.toISOString()))).toEqual(new Set(['2031-04-01T11:00:00.000Z']));
    expect(await notifications.recheckCheapest(TRIP, new Date('2031-04-01T10:59:00Z'))).toBe(0);
    clock = new Date('2031-04-01T11:00:00Z');
    expect(await notifications.recheckCheapest(TRIP)).toBe(2);
    expect((await bodies(OWNER))[0]).toBe('“August” is now the cheapest window of Lisbon, Portugal, at 1.00 EUR.');
    expect((await bodies(VIEWER))[0]).toBe('“August” is now the cheapest window of Lisbon, Portugal.');
    expect(await bodies(EDITOR)).toEqual([]);
    // Run again (a redelivered job): told already.
    expect(await notifications.recheckCheapest(TRIP)).toBe(0);
    expect(await bodies(OWNER)).toHaveLength(2);
  });

  it('when it flips back to the window told within the hour, then nothing more is told', async () => {
    await notifications.tripChanged(state(), clock);
    await notifications.tripChanged(cheapest(2, 'June'), clock);
    clock = new Date('2031-04-01T10:20:00Z');
    await notifications.tripChanged(cheapest(3, 'July'));
    await notifications.tripChanged(cheapest(4, 'June'));
    clock = new Date('2031-04-01T11:00:00Z');
    expect(await notifications.recheckCheapest(TRIP)).toBe(0);
    expect(await bodies(OWNER)).toHaveLength(1);
  });
});

describe('the votes, as one digest a day', () => {
  const vote = (userId: string, name: string, instance: string, cast: 'yes' | 'no' | null) =>
    notifications.voted({
      _id: newId(),
      trip_id: TRIP,
      instance_id: instance,
      label: instance === 'w1' ? 'May' : 'June',
      user_id: userId,
      name,
      vote: cast,
      at: clock.toISOString(),
    });

  it('when members vote during a day, then each other member gets one message at their 09:00 with each one’s last vote', async () => {
    await notifications.changePreferences(VIEWER, { time_zone: 'Asia/Tokyo' });
    await notifications.tripChanged(state(), clock);
    clock = new Date('2031-04-01T10:00:00Z');
    await vote(EDITOR, 'Bo', 'w1', 'no');
    clock = new Date('2031-04-01T11:00:00Z');
    await vote(OWNER, 'Ana', 'w2', 'yes');
    clock = new Date('2031-04-01T12:00:00Z');
    await vote(EDITOR, 'Bo', 'w1', 'yes');
    const due = (userId: string) =>
      new Set(waiting.filter(({ reminder }) => reminder.user_id === userId).map(({ at }) => at.toISOString()));
    expect(due(OWNER)).toEqual(new Set(['2031-04-02T09:00:00.000Z']));
    expect(due(VIEWER)).toEqual(new Set(['2031-04-02T00:00:00.000Z'])); // 09:00 in Tokyo
    clock = new Date('2031-04-02T09:00:00Z');
    await runDue();
    expect(await bodies(OWNER)).toEqual(['On Lisbon, Portugal: Bo voted yes on “May”.']);
    expect(await bodies(EDITOR)).toEqual(['On Lisbon, Portugal: Ana voted yes on “June”.']);
    expect(await bodies(VIEWER)).toEqual(['On Lisbon, Portugal: Ana voted yes on “June”; Bo voted yes on “May”.']);
  });

  it('when the members rule is off or nobody else voted, then no digest', async () => {
    await notifications.changePreferences(OWNER, { rules: { members: false } });
    await notifications.tripChanged(state(), clock);
    await vote(EDITOR, 'Bo', 'w1', 'no');
    clock = new Date('2031-04-02T09:00:00Z');
    await runDue();
    expect(await bodies(OWNER)).toEqual([]);
    expect(await bodies(EDITOR)).toEqual([]);
  });
});

describe('what the unread count counts', () => {
  it('when a member loses sight of costs after a budget alert, then neither the list nor the count shows it', async () => {
    const committed = { instance_id: 'w1', label: 'May', start: '2031-05-10', end: '2031-05-14', total: 1 };
    await notifications.tripChanged(state({ committed, over_budget_by: -1 }), clock);
    await notifications.tripChanged(state({ version: 2, committed, over_budget_by: 500 }), clock);
    expect(await unread(EDITOR)).toBe(1);
    await notifications.tripChanged(
      state({ version: 3, committed, over_budget_by: 500, access: { ...state().access, [EDITOR]: 'hidden' } }),
      clock,
    );
    expect(await bodies(EDITOR)).toEqual([]);
    expect(await unread(EDITOR)).toBe(0);
    expect(await unread(OWNER)).toBe(1);
  });
});
