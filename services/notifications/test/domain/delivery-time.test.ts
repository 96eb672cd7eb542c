// When an alert may be shown and sent: at once, at the end of quiet hours (in the
// person's time zone, over midnight too), or at the next digest time out of quiet hours.
import { deliveryTime } from '../../src/domain/delivery-time';

const base = { time_zone: 'Europe/Lisbon', quiet_hours: null, digest: false };

describe('the delivery time', () => {
  it.each([
    // [quiet hours, UTC instant, expected] — Lisbon is UTC+1 in summer time.
    [{ from: '22:00', to: '07:00' }, '2031-07-01T20:59:00Z', '2031-07-01T20:59:00.000Z'],
    [{ from: '22:00', to: '07:00' }, '2031-07-01T21:00:00Z', '2031-07-02T06:00:00.000Z'],
    [{ from: '22:00', to: '07:00' }, '2031-07-02T03:00:00Z', '2031-07-02T06:00:00.000Z'],
    [{ from: '22:00', to: '07:00' }, '2031-07-02T06:00:00Z', '2031-07-02T06:00:00.000Z'],
    [{ from: '12:00', to: '14:00' }, '2031-07-02T11:30:00Z', '2031-07-02T13:00:00.000Z'],
    [{ from: '12:00', to: '14:00' }, '2031-07-02T13:30:00Z', '2031-07-02T13:30:00.000Z'],
  ])('when quiet hours are %o and an alert comes at %s, then it is shown at %s', (quiet, at, expected) => {
    expect(deliveryTime({ ...base, quiet_hours: quiet }, new Date(at)).toISOString()).toBe(expected);
  });

  it('when the clocks go back overnight, then quiet hours still end at 07:00 local time', () => {
    // Lisbon leaves summer time on 2031-10-26: 07:00 that morning is 07:00 UTC.
    const at = new Date('2031-10-25T22:00:00Z');
    expect(deliveryTime({ ...base, quiet_hours: { from: '22:00', to: '07:00' } }, at).toISOString()).toBe(
      '2031-10-26T07:00:00.000Z',
    );
  });

  it('when the digest is on, then alerts wait for the next 09:00, itself moved out of quiet hours', () => {
    const digest = { ...base, digest: true };
    expect(deliveryTime(digest, new Date('2031-07-01T07:59:00Z')).toISOString()).toBe('2031-07-01T08:00:00.000Z');
    expect(deliveryTime(digest, new Date('2031-07-01T08:00:00Z')).toISOString()).toBe('2031-07-02T08:00:00.000Z');
    const late = { ...digest, quiet_hours: { from: '06:00', to: '10:30' } };
    expect(deliveryTime(late, new Date('2031-07-01T12:00:00Z')).toISOString()).toBe('2031-07-02T09:30:00.000Z');
  });
});
