import { RULE_MESSAGES, validateProfileChange, validateRegistration } from '../../src/domain/user-rules';
import { US_STATE_CODES } from '@tripcost/shared';

const registration = {
  fname: ' Ada ',
  lname: 'Lovelace',
  email: ' Ada@Example.TEST ',
  password: ' spaces count ',
  birthday: '1990-12-10T05:00:00.000Z',
  city: ' Boston ',
  state: 'ma',
  zip: '02118',
};

describe('user rules', () => {
  it('when registration is valid, then values come back trimmed and normalised (the password untouched)', () => {
    expect(validateRegistration(registration)).toEqual({
      email: 'ada@example.test',
      password: ' spaces count ',
      profile: {
        fname: 'Ada',
        lname: 'Lovelace',
        birthday: '1990-12-10',
        city: 'Boston',
        state: 'MA',
        zip: '02118',
        country: 'US',
        home_currency: 'USD',
      },
    });
  });

  it('when the birthday is tomorrow in UTC (a user east of UTC), then it is accepted; two days ahead is not', () => {
    const now = new Date('2025-06-01T22:00:00Z');
    expect(validateRegistration({ ...registration, birthday: '2025-06-02' }, now).profile.birthday).toBe('2025-06-02');
    expect(() => validateRegistration({ ...registration, birthday: '2025-06-03' }, now)).toThrow(
      RULE_MESSAGES.birthdayInFuture,
    );
    expect(() => validateRegistration({ ...registration, birthday: '1899-12-31' }, now)).toThrow(
      RULE_MESSAGES.birthdayInvalid,
    );
  });

  it('when several profile rules fail, then the first in spec order is reported', () => {
    const bad = { fname: 'A1', lname: 'B2', city: 'X', state: 'ZZ', zip: '1' };
    const stored = { fname: 'A', lname: 'B', city: 'X', state: 'TX', zip: '12345', birthday: '2000-01-01' };
    expect(() => validateProfileChange({ ...bad, city: '' }, stored)).toThrow(RULE_MESSAGES.allRequired);
    expect(() => validateProfileChange(bad, stored)).toThrow(RULE_MESSAGES.firstNameLetters);
    expect(() => validateProfileChange({ ...bad, fname: 'A' }, stored)).toThrow(RULE_MESSAGES.lastNameLetters);
    expect(() => validateProfileChange({ ...bad, fname: 'A', lname: 'B' }, stored)).toThrow(RULE_MESSAGES.zip);
    expect(() => validateProfileChange({ ...bad, fname: 'A', lname: 'B', zip: '12345' }, stored)).toThrow(
      RULE_MESSAGES.state,
    );
  });

  it('then the state list is exactly the 50 states, AL to WY', () => {
    expect(US_STATE_CODES).toHaveLength(50);
    expect(new Set(US_STATE_CODES).size).toBe(50);
    expect(US_STATE_CODES).not.toContain('DC');
  });
});
