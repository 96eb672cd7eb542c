import { amountOf, checkListName, checkProfileChange, parseMoney, totalCost, WISHLIST_NAME_MAX } from '../src/domain';

describe('shared domain rules', () => {
  it('when amounts have cents, then the total is exact to the cent', () => {
    expect(totalCost({ stay_expense: 0.1, travel_expense: 0.2, car_expense: 1000.005, other_expense: null })).toBe(
      1000.31,
    );
    expect(totalCost({ stay_expense: '12.50', travel_expense: 'abc' })).toBe(12.5);
    expect(totalCost(undefined)).toBe(0);
  });

  it('when money is parsed, then blanks are 0, text numbers count and out-of-range is refused', () => {
    expect(parseMoney('')).toBe(0);
    expect(parseMoney(null)).toBe(0);
    expect(parseMoney(' 19.999 ')).toBe(20);
    expect(parseMoney(-1)).toBeNull();
    expect(parseMoney(1_000_000_001)).toBeNull();
    expect(parseMoney('1e3')).toBeNull();
    expect(amountOf('x')).toBe(0);
  });

  it('when an amount comes as text, then only a plain decimal is an amount', () => {
    for (const [text, amount] of [
      ['12.50', 12.5],
      ['12', 12],
      ['.5', 0.5],
      ['7.', 7],
      [' 1250000 ', 1_250_000],
    ] as const) {
      expect(parseMoney(text)).toBe(amount);
    }
    // Each of these would be another amount through Number(): 1,250,000, 100,000, 16, 7…
    for (const text of ['12.5e5', '1e5', '0x10', '0b11', '+7', 'Infinity', '1,5', '1 000', '12.5.0', '−3', '1_000']) {
      expect(parseMoney(text)).toBeNull();
    }
    expect(parseMoney('-3')).toBeNull(); // a negative, refused as out of range
  });

  it('when a list name is blank or too long, then it is refused with the message shown to the user', () => {
    expect(checkListName('  Beach  ')).toEqual({ ok: true, list_name: 'Beach', name_key: 'beach' });
    expect(checkListName('   ')).toMatchObject({ ok: false, msg: 'Please enter a list name.' });
    expect(checkListName('x'.repeat(WISHLIST_NAME_MAX + 1))).toMatchObject({ ok: false, code: 'list_name_too_long' });
  });

  it('when a profile breaks several rules, then the first one in order is reported with its field', () => {
    const base = { fname: 'Ann', lname: 'Lee', city: 'Austin', state: 'TX', zip: '78701', birthday: '1990-05-01' };
    expect(checkProfileChange(base, base)).toEqual({
      ok: true,
      value: { ...base, country: 'US', home_currency: 'USD' },
    });
    expect(checkProfileChange({ ...base, zip: '123', state: 'ZZ' }, base)).toEqual({
      ok: false,
      field: 'zip',
      msg: 'Zip code must be exactly 5 digits.',
    });
    expect(checkProfileChange({ ...base, state: 'DC' }, base)).toMatchObject({
      msg: 'Please choose a valid US state.',
    });
  });
});
