// When "starts in 3 days" is due: 09:00 on the third day before, where the person is; and
// which waiting reminders a change of preferences moves, from when to when.
import { defaultPreferences } from '../../src/domain/preferences';
import { movesReminders, reminderMoves } from '../../src/domain/reminder-moves';
import { hasStarted, startsSoonAt, type Reminder } from '../../src/domain/reminders';

describe('the starts-soon time', () => {
  it.each([
    ['Europe/Lisbon', '2031-05-10', '2031-05-07T08:00:00.000Z'],
    ['America/New_York', '2031-05-10', '2031-05-07T13:00:00.000Z'],
    ['Asia/Tokyo', '2031-05-10', '2031-05-07T00:00:00.000Z'],
    // The US clocks go forward on 2031-03-09: 09:00 that day is already summer time.
    ['America/New_York', '2031-03-12', '2031-03-09T13:00:00.000Z'],
    ['UTC', '2031-01-01', '2030-12-29T09:00:00.000Z'],
  ])('when a person in %s has a plan starting on %s, then they are told at %s', (zone, start, at) => {
    expect(startsSoonAt(start, zone).toISOString()).toBe(at);
  });

  it('when the first day has begun where the person is, then it is too late', () => {
    const now = new Date('2031-05-09T23:30:00Z');
    expect(hasStarted('2031-05-10', 'Europe/Lisbon', now)).toBe(true);
    expect(hasStarted('2031-05-10', 'America/New_York', now)).toBe(false);
  });
});

describe('which reminders a change of preferences moves', () => {
  const base = defaultPreferences();
  const price = (start: string): Reminder => ({
    kind: 'stale_price',
    user_id: 'u',
    trip_id: 't',
    instance_id: 'w',
    start,
    price: { item_id: 'i', seen_on: '2031-04-01', total: 100 },
  });
  const plan: Reminder = { kind: 'starts_soon', user_id: 'u', trip_id: 't', instance_id: 'w', start: '2031-05-10' };
  const now = new Date('2031-04-05T12:00:00Z');
  const moves = (after: Partial<typeof base>, before = base, wanted = [price('2031-05-10'), plan]) =>
    reminderMoves(wanted, before, { ...base, ...after }, now).map(({ reminder, from, to, switchedOn }) => [
      reminder.kind,
      from.toISOString(),
      to.toISOString(),
      switchedOn,
    ]);

  it('when stale_days changes, then only the stale-price reminders move, from the old day to the new', () => {
    expect(moves({ stale_days: 7 })).toEqual([
      ['stale_price', '2031-04-16T09:00:00.000Z', '2031-04-09T09:00:00.000Z', false],
    ]);
  });

  it('when the time zone changes, then every reminder moves to 09:00 in the new one', () => {
    expect(moves({ time_zone: 'Asia/Tokyo' })).toEqual([
      ['stale_price', '2031-04-16T09:00:00.000Z', '2031-04-16T00:00:00.000Z', false],
      ['starts_soon', '2031-05-07T09:00:00.000Z', '2031-05-07T00:00:00.000Z', false],
    ]);
  });

  it('when a rule is off, then its reminders stay where they are (they fire and are dropped by the rule)', () => {
    expect(moves({ stale_days: 7, rules: { ...base.rules, stale_price: false } })).toEqual([]);
  });

  it('when a rule is switched on, then its reminders are wanted at their time even if unchanged', () => {
    const off = { ...base, rules: { ...base.rules, stale_price: false } };
    expect(moves({}, off)).toEqual([['stale_price', '2031-04-16T09:00:00.000Z', '2031-04-16T09:00:00.000Z', true]]);
    expect(movesReminders(off, base)).toBe(true);
  });

  it('when a window has begun, or nothing that times a reminder changed, then nothing moves', () => {
    expect(moves({ time_zone: 'Asia/Tokyo' }, base, [price('2031-04-05')])).toEqual([]);
    expect(movesReminders(base, { ...base, quiet_hours: { from: '22:00', to: '07:00' }, digest: true })).toBe(false);
  });
});
