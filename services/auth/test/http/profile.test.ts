import type { RunningAuth } from '../../src/server';
import { bootAuth, client } from '../helpers';

const validProfile = {
  fname: 'Grace',
  lname: 'Hopper',
  birthday: '1985-03-04',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
};

describe('profiles', () => {
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    auth = await bootAuth();
    api = client(auth.url);
  });
  afterAll(() => auth.stop());

  // Who sees which field of a profile: the owner everything, another logged-in user
  // only the public part, nobody anything without a token.
  const FIELD_MATRIX: Array<[field: string, owner: boolean, other: boolean]> = [
    ['_id', true, true],
    ['fname', true, true],
    ['lname', true, true],
    ['city', true, true],
    ['state', true, true],
    ['country', true, true],
    ['birthday', true, false],
    ['zip', true, false],
    ['home_currency', true, false],
    ['email', false, false],
    ['role', false, false],
    ['passwordHash', false, false],
  ];

  it.each(FIELD_MATRIX)(
    'profile field %s: owner sees it %s, another user %s, anonymous never',
    async (field, forOwner, forOther) => {
      const owner = await api.signUp({ birthday: '1990-12-10T00:00:00.000Z' });
      const other = await api.signUp();
      const own = await api.getProfile(owner.id, owner.accessToken);
      const theirs = await api.getProfile(owner.id, other.accessToken);
      const anonymous = await api.getProfile(owner.id);
      expect([own.status, theirs.status, anonymous.status]).toEqual([200, 200, 401]);
      expect(field in own.body).toBe(forOwner);
      expect(field in theirs.body).toBe(forOther);
      expect(field in anonymous.body).toBe(false);
    },
  );

  it('when the owner reads their profile, then every field comes back, birthday as YYYY-MM-DD; another user gets the public part', async () => {
    const owner = await api.signUp({ birthday: '1990-12-10T00:00:00.000Z' });
    const reader = await api.signUp();
    const { fname, lname, city, state, zip } = owner.registration;
    const own = await api.getProfile(owner.id, owner.accessToken);
    expect(own.body).toEqual({
      _id: owner.id,
      fname,
      lname,
      birthday: '1990-12-10',
      city,
      state,
      zip,
      country: 'US',
      home_currency: 'USD',
    });
    const theirs = await api.getProfile(owner.id, reader.accessToken);
    expect(theirs.body).toEqual({ _id: owner.id, fname, lname, city, state, country: 'US' });
  });

  it('when the OpenAPI document describes the profile route, then it says which fields only the owner gets', async () => {
    const doc = await (await fetch(`${auth.url}/openapi.json`)).json();
    const operation = doc.paths['/api/user/profile/{id}'].get;
    expect(operation.summary).toMatch(/owner gets every field/);
    expect(operation.summary).toMatch(/never birthday or zip/);
  });

  it('when reading a profile without a token, with a malformed id, or of nobody, then 401, 400, 404 with {msg}', async () => {
    const { id, accessToken } = await api.signUp();
    expect((await api.getProfile(id)).status).toBe(401);
    const malformed = await api.getProfile('not-an-id', accessToken);
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('The user id is not a valid id.');
    const nobody = await api.getProfile('0123456789abcdef01234567', accessToken);
    expect(nobody.status).toBe(404);
    expect(nobody.body.msg).toBe('User not found.');
  });

  it('when the owner saves a valid profile, then it is stored and returned; email, role and password cannot change', async () => {
    const owner = await api.signUp();
    const res = await api.putProfile(
      owner.id,
      { ...validProfile, state: 'va', email: 'hijack@example.test', role: 1, password: 'new password!' },
      owner.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: owner.id, ...validProfile, country: 'US', home_currency: 'USD' });
    expect((await api.getProfile(owner.id, owner.accessToken)).body).toEqual({
      _id: owner.id,
      ...validProfile,
      country: 'US',
      home_currency: 'USD',
    });
    const info = await api.infor(owner.accessToken);
    expect(info.body).toMatchObject({ email: owner.registration.email, role: 0, fname: 'Grace' });
    expect((await api.login(owner.registration.email, owner.registration.password)).status).toBe(200);
    expect((await api.login('hijack@example.test', 'new password!')).status).toBe(400);
  });

  it('when the owner sets a home currency, then it is stored upper case and read back; other fields left out keep theirs', async () => {
    const owner = await api.signUp();
    const res = await api.putProfile(owner.id, { home_currency: 'eur' }, owner.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ home_currency: 'EUR', fname: owner.registration.fname, country: 'US' });
    expect((await api.getProfile(owner.id, owner.accessToken)).body.home_currency).toBe('EUR');
    // A later change that leaves it out keeps it.
    expect((await api.putProfile(owner.id, { city: 'Dallas' }, owner.accessToken)).body.home_currency).toBe('EUR');
  });

  it('when a traveller registers with a home currency, then it is stored; an unknown one refuses the registration', async () => {
    const owner = await api.signUp({ home_currency: 'chf' });
    expect((await api.getProfile(owner.id, owner.accessToken)).body.home_currency).toBe('CHF');
    const refused = await api.register({ ...owner.registration, email: 'other@example.test', home_currency: 'ABC' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Please choose a valid currency (a 3-letter ISO 4217 code such as USD or EUR).');
  });

  it('when the home currency is not an ISO 4217 code, then 400 {msg} and the stored one stays', async () => {
    const owner = await api.signUp();
    await api.putProfile(owner.id, { home_currency: 'JPY' }, owner.accessToken);
    for (const home_currency of ['ABC', 'EURO', 'XXX', '$', 42]) {
      const res = await api.putProfile(owner.id, { home_currency }, owner.accessToken);
      expect({ home_currency, status: res.status }).toEqual({ home_currency, status: 400 });
      expect(typeof res.body.msg).toBe('string');
    }
    expect((await api.putProfile(owner.id, { home_currency: 'ABC' }, owner.accessToken)).body.msg).toBe(
      'Please choose a valid currency (a 3-letter ISO 4217 code such as USD or EUR).',
    );
    expect((await api.getProfile(owner.id, owner.accessToken)).body.home_currency).toBe('JPY');
  });

  it('when another user sets someone’s home currency, then 403; another user never sees it', async () => {
    const owner = await api.signUp();
    const other = await api.signUp();
    await api.putProfile(owner.id, { home_currency: 'GBP' }, owner.accessToken);
    expect((await api.putProfile(owner.id, { home_currency: 'EUR' }, other.accessToken)).status).toBe(403);
    const seen = await api.getProfile(owner.id, other.accessToken);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('home_currency');
    expect((await api.getProfile(owner.id, owner.accessToken)).body.home_currency).toBe('GBP');
  });

  it('when the birthday is left out, then the stored one is kept', async () => {
    const owner = await api.signUp({ birthday: '1970-01-02' });
    const { birthday: _omitted, ...withoutBirthday } = validProfile;
    const res = await api.putProfile(owner.id, withoutBirthday, owner.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.birthday).toBe('1970-01-02');
  });

  it('when another user saves someone’s profile, then 403 and nothing changes; a missing profile is 404', async () => {
    const owner = await api.signUp();
    const intruder = await api.signUp();
    const res = await api.putProfile(owner.id, validProfile, intruder.accessToken);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You can only edit your own profile.');
    expect((await api.getProfile(owner.id, intruder.accessToken)).body.fname).toBe(owner.registration.fname);
    expect((await api.putProfile('0123456789abcdef01234567', validProfile, intruder.accessToken)).status).toBe(404);
    expect((await api.putProfile(owner.id, validProfile)).status).toBe(401);
    expect((await api.putProfile('nope', validProfile, intruder.accessToken)).status).toBe(400);
  });

  it('when a profile breaks the rules, then 400 with the first failing message in the spec’s order', async () => {
    const owner = await api.signUp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ city: '   ' }, 'All fields are required.'],
      [{ zip: '', fname: 'B4d' }, 'All fields are required.'],
      [{ fname: 'B4d', lname: 'N4me', zip: '1' }, 'First name must contain only letters.'],
      [{ lname: 'O’Brien2', zip: '1' }, 'Last name must contain only letters.'],
      [{ zip: '1234a', state: 'XX' }, 'Zip code must be exactly 5 digits.'],
      [{ state: 'XX' }, 'Please choose a valid US state.'],
      [{ state: 'DC' }, 'Please choose a valid US state.'],
      [{ birthday: 'yesterday' }, 'Please enter a valid date of birth.'],
      [{ birthday: '2999-12-31' }, 'Date of birth cannot be in the future.'],
      [{ city: 'x'.repeat(101) }, 'City must be at most 100 characters.'],
      [{ fname: { $ne: null } }, 'First name must be text.'],
    ];
    for (const [change, msg] of cases) {
      const res = await api.putProfile(owner.id, { ...validProfile, ...change }, owner.accessToken);
      expect({ change, status: res.status, msg: res.body.msg }).toEqual({ change, status: 400, msg });
    }
    expect((await api.getProfile(owner.id, owner.accessToken)).body.fname).toBe(owner.registration.fname);
  });
});
