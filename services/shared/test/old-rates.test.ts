// A rate older than a week is said to be old wherever it is shown (docs/adr/0064).
import { isOldRate, RATE_OLD_AFTER_DAYS } from '../src/domain';

describe('old rates', () => {
  it('when a rate is up to 7 days before today, then it is not old; from the 8th day it is', () => {
    expect(RATE_OLD_AFTER_DAYS).toBe(7);
    expect(isOldRate('2026-11-21', '2026-11-28')).toBe(false);
    expect(isOldRate('2026-11-20', '2026-11-28')).toBe(true);
    expect(isOldRate('2026-09-29', '2026-11-28')).toBe(true);
  });

  it('when a rate has no readable date, then it is not said to be old', () => {
    expect(isOldRate(null, '2026-11-28')).toBe(false);
    expect(isOldRate('', '2026-11-28')).toBe(false);
    expect(isOldRate('yesterday', '2026-11-28')).toBe(false);
  });

  it('when the month or year turns, then days are counted on the calendar', () => {
    expect(isOldRate('2026-12-25', '2027-01-01')).toBe(false);
    expect(isOldRate('2026-12-24', '2027-01-01')).toBe(true);
  });
});
