// Travellers from anywhere (docs/adr/0025-travellers-from-anywhere.md): names of any
// script, a country on every profile, regions and postal codes outside the US, and
// profile changes validated as they will be stored. Over HTTP against the real service.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddedDir, openEmbeddedCollection } from '@tripcost/shared';
import { tempDataDir } from '@tripcost/shared/testing';
import type { RunningAuth } from '../../src/server';
import { bootAuth, client, newRegistration } from '../helpers';

const FRENCH = { fname: 'Anaïs', lname: "O'Neil", city: 'Paris', state: 'Île-de-France', zip: '75001', country: 'FR' };

describe('travellers from anywhere', () => {
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    auth = await bootAuth();
    api = client(auth.url);
  });
  afterAll(() => auth.stop());

  it.each([
    ['Anaïs', 'Smith-Jones'],
    ['Ana Maria', "O'Neil"],
    ['José', 'O’Neil'],
    ['Zoë', 'Nguyễn'],
    ['李', '小龍'],
    ['Владимир', 'Набоков'],
    ['محمد', 'عبد الله'],
    ['Jose\u0301', 'Łukasiewicz'],
  ])('when %p %p registers, then the account is created and the profile shows the name', async (fname, lname) => {
    const user = await api.signUp({ fname, lname });
    const profile = await api.getProfile(user.id, user.accessToken);
    expect(profile.body).toMatchObject({ fname: fname.normalize('NFC'), lname, country: 'US' });
    expect((await api.infor(user.accessToken)).body).toMatchObject({ fname: fname.normalize('NFC'), lname });
  });

  it.each(['Ada1', 'Ada!', 'R2-D2', '-Ada', "Ada'", 'Ada  Lovelace', 'Ada😀', '$Ada', 'Ada.'])(
    'when a name is %p, then 400 with the spec’s message, verbatim, on register and on profile change',
    async (name) => {
      const first = await api.register(newRegistration({ fname: name }));
      const last = await api.register(newRegistration({ lname: name }));
      expect([first.status, first.body.msg]).toEqual([400, 'First name must contain only letters.']);
      expect([last.status, last.body.msg]).toEqual([400, 'Last name must contain only letters.']);
      const owner = await api.signUp();
      const change = await api.putProfile(owner.id, { fname: name }, owner.accessToken);
      expect([change.status, change.body.msg]).toEqual([400, 'First name must contain only letters.']);
    },
  );

  it('when a traveller from France registers with a region and postal code, then they are stored with the country and its currency', async () => {
    const user = await api.signUp(FRENCH);
    const own = await api.getProfile(user.id, user.accessToken);
    // No home currency sent: a new traveller's is their country's (ADR 0063).
    expect(own.body).toEqual({ _id: user.id, ...FRENCH, birthday: '1990-12-10', home_currency: 'EUR' });
    const reader = await api.signUp();
    const theirs = await api.getProfile(user.id, reader.accessToken);
    expect(theirs.body).toEqual({
      _id: user.id,
      fname: 'Anaïs',
      lname: "O'Neil",
      city: 'Paris',
      state: 'Île-de-France',
      country: 'FR',
    });
    // The traveller's own answer carries the country too: the web app reads typed amounts in its locale.
    expect((await api.infor(user.accessToken)).body).toMatchObject({ _id: user.id, country: 'FR' });
    expect(
      (await api.putProfile(user.id, { country: 'CH', state: 'Vaud', zip: '1003' }, user.accessToken)).status,
    ).toBe(200);
    expect((await api.infor(user.accessToken)).body).toMatchObject({ country: 'CH' });
  });

  it('when a Swiss traveller registers, then their home currency is CHF; moving to France later keeps it', async () => {
    const swiss = { ...FRENCH, city: 'Zürich', state: 'Zürich', zip: '8001', country: 'CH' };
    const user = await api.signUp(swiss);
    expect((await api.getProfile(user.id, user.accessToken)).body).toMatchObject({
      country: 'CH',
      home_currency: 'CHF',
    });
    const moved = await api.putProfile(user.id, FRENCH, user.accessToken);
    expect(moved.body).toMatchObject({ country: 'FR', home_currency: 'CHF' });
  });

  it('when a country is lower case it is stored upper case; when it is not an ISO 3166-1 code, then 400', async () => {
    const lower = await api.signUp({ ...FRENCH, country: 'fr' });
    expect((await api.getProfile(lower.id, lower.accessToken)).body.country).toBe('FR');
    const cases: Array<[unknown, string]> = [
      ['UK', 'Please choose a valid country.'],
      ['France', 'Please choose a valid country.'],
      ['EU', 'Please choose a valid country.'],
      ['F', 'Please choose a valid country.'],
      [{ $ne: null }, 'Country must be text.'],
      [42, 'Country must be text.'],
    ];
    for (const [country, msg] of cases) {
      const res = await api.register({ ...newRegistration(FRENCH), country });
      expect({ country, status: res.status, msg: res.body.msg }).toEqual({ country, status: 400, msg });
    }
  });

  it('when the country is the US, then only the 50 states and 5-digit zips pass, with the spec’s messages', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ state: 'Île-de-France', zip: '75001', country: 'US' }, 'Please choose a valid US state.'],
      [{ state: 'NY', zip: 'SW1A 1AA', country: 'US' }, 'Zip code must be exactly 5 digits.'],
      [{ state: 'Ontario', zip: '12345' }, 'Please choose a valid US state.'],
    ];
    for (const [change, msg] of cases) {
      const res = await api.register(newRegistration(change));
      expect({ change, status: res.status, msg: res.body.msg }).toEqual({ change, status: 400, msg });
    }
  });

  it('when a region or postal code outside the US breaks its rule, then 400 with the rule’s message', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ state: 'R'.repeat(61) }, 'Region must be at most 60 characters.'],
      [{ state: 'Zone 9' }, 'Region must contain only letters, spaces, hyphens, apostrophes and periods.'],
      [{ state: '<script>' }, 'Region must contain only letters, spaces, hyphens, apostrophes and periods.'],
      [{ zip: '1234567890123' }, 'Postal code must be at most 12 letters, digits, spaces or hyphens.'],
      [{ zip: '75001;' }, 'Postal code must be at most 12 letters, digits, spaces or hyphens.'],
      [{ zip: '' }, 'All fields are required.'],
    ];
    for (const [change, msg] of cases) {
      const res = await api.register(newRegistration({ ...FRENCH, ...change }));
      expect({ change, status: res.status, msg: res.body.msg }).toEqual({ change, status: 400, msg });
    }
    const british = await api.signUp({ country: 'GB', state: "Hawke's St. Mary-le-Bow", zip: 'SW1A 1AA' });
    expect((await api.getProfile(british.id, british.accessToken)).body).toMatchObject({
      state: "Hawke's St. Mary-le-Bow",
      zip: 'SW1A 1AA',
    });
  });

  describe('a partial profile change is validated as it will be stored', () => {
    it('when only the zip is sent, then it is checked against the stored country', async () => {
      const american = await api.signUp();
      const refused = await api.putProfile(american.id, { zip: 'SW1A 1AA' }, american.accessToken);
      expect([refused.status, refused.body.msg]).toEqual([400, 'Zip code must be exactly 5 digits.']);
      const french = await api.signUp(FRENCH);
      const accepted = await api.putProfile(french.id, { zip: '75002' }, french.accessToken);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ ...FRENCH, zip: '75002' });
    });

    it('when only the country changes to the US while a region is stored, then 400 and nothing changes', async () => {
      const french = await api.signUp(FRENCH);
      const refused = await api.putProfile(french.id, { country: 'US' }, french.accessToken);
      expect([refused.status, refused.body.msg]).toEqual([400, 'Please choose a valid US state.']);
      expect((await api.getProfile(french.id, french.accessToken)).body).toMatchObject(FRENCH);
      const moved = await api.putProfile(french.id, { country: 'US', state: 'NY', zip: '10001' }, french.accessToken);
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ country: 'US', state: 'NY', zip: '10001', city: 'Paris', fname: 'Anaïs' });
    });

    it('when only the country changes away from the US, then the stored state and zip are checked as a region and postal code', async () => {
      const american = await api.signUp();
      const moved = await api.putProfile(
        american.id,
        { country: 'CA', state: 'Ontario', zip: 'K1A 0B6' },
        american.accessToken,
      );
      expect(moved.body).toMatchObject({ country: 'CA', state: 'Ontario', zip: 'K1A 0B6', city: 'Boston' });
      const refused = await api.putProfile(american.id, { state: 'Ontario 2' }, american.accessToken);
      expect(refused.body.msg).toBe('Region must contain only letters, spaces, hyphens, apostrophes and periods.');
    });

    it('when a required field is emptied, then all fields are required; a field left out is kept', async () => {
      const owner = await api.signUp(FRENCH);
      for (const change of [{ state: '' }, { city: '  ' }, { zip: null }]) {
        const res = await api.putProfile(owner.id, change, owner.accessToken);
        expect({ change, status: res.status, msg: res.body.msg }).toEqual({
          change,
          status: 400,
          msg: 'All fields are required.',
        });
      }
      const renamed = await api.putProfile(owner.id, { lname: 'Smith-Jones' }, owner.accessToken);
      expect(renamed.body).toEqual({
        _id: owner.id,
        ...FRENCH,
        lname: 'Smith-Jones',
        birthday: '1990-12-10',
        home_currency: 'EUR',
      });
    });
  });
});

describe('accounts made before countries existed', () => {
  it('when an account has no stored country, then it reads as US everywhere and keeps the US rules', async () => {
    const dataDir = tempDataDir('tripcost-auth-legacy-');
    let first = await bootAuth({ DATA_DIR: dataDir });
    const user = await client(first.url).signUp();
    await first.stop();
    // Take the country off the stored record, as an account registered before this change has none.
    const users = await openEmbeddedCollection<{ _id: string }>(embeddedDir(dataDir, 'auth'), 'users');
    await users.db.updateAsync({ _id: user.id }, { $unset: { country: true } }, {});
    expect(await users.db.findOneAsync({ _id: user.id })).not.toHaveProperty('country');
    await users.close();

    // Trips, wishlists and imports stand in as one server with no data, so the export can be gathered.
    const empty = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
    const emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}`;
    first = await bootAuth({
      DATA_DIR: dataDir,
      TRIPS_URL: emptyUrl,
      WISHLISTS_URL: emptyUrl,
      IMPORTS_URL: emptyUrl,
      NOTIFICATIONS_URL: emptyUrl,
    });
    try {
      const api = client(first.url);
      const login = await api.login(user.registration.email, user.registration.password);
      const token = login.body.accesstoken;
      expect((await api.getProfile(user.id, token)).body).toMatchObject({ state: 'MA', country: 'US' });
      const exported = await api.call('GET', '/api/user/me/export', { token });
      expect(exported.status).toBe(200);
      expect(exported.body.profile).toMatchObject({ state: 'MA', zip: '02118', country: 'US' });
      const refused = await api.putProfile(user.id, { state: 'Île-de-France' }, token);
      expect(refused.body.msg).toBe('Please choose a valid US state.');
      const changed = await api.putProfile(user.id, { city: 'Salem' }, token);
      expect(changed.body).toMatchObject({ city: 'Salem', state: 'MA', country: 'US' });
    } finally {
      await first.stop();
      await new Promise((resolve) => empty.close(resolve));
    }
  });
});
