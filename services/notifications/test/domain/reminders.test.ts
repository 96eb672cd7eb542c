// When "starts in 3 days" is due: 09:00 on the third day before, where the person is.
import { hasStarted, startsSoonAt } from '../../src/domain/reminders';

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
